#!/usr/bin/env node
// The baseline of the burst bench (bench/petition-signing.mjs): a bare node:http + pg server that
// signs the way the API does at its core and nothing more. POST /api/petitions/{id}/signatures with
// a bearer token: checks the token (HS256, like the API), then ONE statement with the same inserts
// the API makes (the log entry and the signature, the same tables, so the same unique index
// `petition_signatures_petition_user_uq`, the same other indexes and triggers), answers 201 with the
// entry, 409 on the unique index. No caller query, no state read, no rate limit, no validation, no
// promise signature: the floor the API is compared with.
//
//   DATABASE_URL=… JWT_SECRET=… POOL=10 node bench/petition-signing-raw.mjs 3411
import crypto from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const { Pool } = require('pg');

const port = Number(process.argv[2] ?? 3411);
const secret = process.env.JWT_SECRET;
const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL ?? 10) });

/** The user id of a valid HS256 bearer token, else null. */
function userOf(auth) {
  const m = /^Bearer ([^.]+)\.([^.]+)\.([^.]+)$/.exec(auth ?? '');
  if (!m) return null;
  const sig = crypto.createHmac('sha256', secret).update(`${m[1]}.${m[2]}`).digest();
  const given = Buffer.from(m[3], 'base64url');
  if (given.length !== sig.length || !crypto.timingSafeEqual(given, sig)) return null;
  const claims = JSON.parse(Buffer.from(m[2], 'base64url').toString());
  return claims.exp * 1000 > Date.now() ? Number(claims.sub) : null;
}

const SIGN = `
  with e as (
    insert into petition_log_pending (petition_id, action, signer, salt, created_at, profession, specialty_id, county_id, signed_day)
    values ($1, 'sign', $3, $4, date_trunc('milliseconds', clock_timestamp()), 'doctor', null, null, (clock_timestamp() at time zone 'Europe/Oslo')::date)
    returning id, signer, created_at
  ),
  s as (
    insert into petition_signatures (petition_id, user_id, anonymous, profession, specialty_id, county_id, log_entry_id, created_at, updated_at)
    select $1, $2, false, 'doctor', null, null, e.id, e.created_at, e.created_at from e
  )
  select id, signer, created_at from e`;

http
  .createServer((req, res) => {
    const m = /^\/api\/petitions\/(\d+)\/signatures$/.exec(req.url ?? '');
    if (req.method !== 'POST' || !m) return void res.writeHead(404).end();
    const userId = userOf(req.headers.authorization);
    if (!userId) return void res.writeHead(401).end('{"status_code":401}');
    req.resume();
    req.on('end', async () => {
      const petitionId = Number(m[1]);
      const salt = crypto.randomBytes(16).toString('hex');
      const signer = crypto.createHash('sha256').update(`${salt}:${petitionId}:${userId}`).digest('hex');
      try {
        const { rows } = await pool.query(SIGN, [petitionId, userId, signer, salt]);
        res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { petition_id: petitionId, entry: rows[0] } }));
      } catch (e) {
        res.writeHead(e.code === '23505' ? 409 : 500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: e.message }));
      }
    });
  })
  .listen(port, '127.0.0.1');
