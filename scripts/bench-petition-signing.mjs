#!/usr/bin/env node
// Load generator for docs/performance/petitions.md: SIGNERS different doctors sign one petition
// through a running, built API, IN_FLIGHT requests at a time, from THIS process (not the API's).
// It makes its own accounts and one active petition in the API's database, signs each account a
// session token with the API's JWT secret (no logins: bcrypt and the login limit are not measured),
// then reports latencies, CPU seconds of the API process and of its PostgreSQL backends, the load
// average, and checks the count and the chain (GET .../signatures/verify).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/h_bench PORT=3521 DATA_DIR=/tmp/bench \
//     START_SKIP_BUILD=1 SEED_DEMO=false setsid node scripts/start.mjs & echo $! > /tmp/bench.pid
//   DATABASE_URL=… DATA_DIR=/tmp/bench API_URL=http://127.0.0.1:3521/api \
//     API_PID=$(ps -o pid= --ppid "$(cat /tmp/bench.pid)") SIGNERS=1000 IN_FLIGHT=1000 node scripts/bench-petition-signing.mjs
//
// JWT_SECRET may be given instead of DATA_DIR. API_PID (the API's node process, a child of
// start.mjs) is optional: without it the API's CPU is not reported.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const jwt = require('jsonwebtoken');
const { Pool } = require('pg');

const env = process.env;
const SIGNERS = Number(env.SIGNERS ?? 1000);
const IN_FLIGHT = Math.min(Number(env.IN_FLIGHT ?? SIGNERS), SIGNERS);
const API_URL = env.API_URL ?? 'http://127.0.0.1:3521/api';
const API_PID = env.API_PID ? Number(env.API_PID) : null;
if (!env.DATABASE_URL) throw new Error('DATABASE_URL: the database of the running API');
const secret =
  env.JWT_SECRET ??
  JSON.parse(fs.readFileSync(path.join(env.DATA_DIR ?? '.data', 'secrets.json'), 'utf8')).JWT_SECRET;

const pool = new Pool({ connectionString: env.DATABASE_URL, max: 2 });
const run = randomUUID().slice(0, 8);
const TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU in 1/100 s on Linux.

/** CPU milliseconds (user + system) a process has used so far; null when it is gone or unreadable. */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

/** CPU ms of every PostgreSQL backend connected to this database now, by pid. */
async function backendsCpu() {
  const { rows } = await pool.query(
    'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
  );
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]).filter(([, ms]) => ms !== null));
}

async function setup() {
  const { rows: users } = await pool.query(
    `insert into users (email, password_hash, first_name, last_name, slug, status, locale, email_verified_at, terms_accepted_at, no_sensitive_info_accepted_at)
     select 'bench-' || $1 || '-' || g || '@bench.test', '!', 'Bench', 'Lege ' || g, 'bench-' || $1 || '-' || g, 'approved', 'no', now(), now(), now()
     from generate_series(1, $2::int) g returning id`,
    [run, SIGNERS + 1],
  );
  const ids = users.map((u) => u.id);
  await pool.query(
    'insert into user_info (user_id, approved_hrp, hpr_verified) select unnest($1::int[]), 2, true',
    [ids],
  );
  await pool.query(
    `insert into user_roles (user_id, role_id) select u, (select id from roles where code = 'doctor') from unnest($1::int[]) u`,
    [ids],
  );
  const { rows: families } = await pool.query(
    `insert into refresh_token_families (user_id, absolute_expires_at, user_agent, ip)
     select u, now() + interval '1 day', 'bench', '127.0.0.1' from unnest($1::int[]) with ordinality as t(u, n) order by n returning id, user_id`,
    [ids],
  );
  const family = new Map(families.map((f) => [f.user_id, Number(f.id)]));
  const token = (userId) =>
    jwt.sign({ typ: 'access', fam: family.get(userId) }, secret, {
      algorithm: 'HS256',
      subject: String(userId),
      jwtid: randomUUID(),
      audience: 'legenett-api',
      issuer: 'legenett',
      expiresIn: 3600,
    });
  const [owner, ...signers] = ids;
  const { rows: petition } = await pool.query(
    `insert into petitions (title, summary, full_text, end_date, status, visibility, user_id, published_at)
     values ($1, 'Sammendrag', 'Tekst', (now() at time zone 'Europe/Oslo')::date + 10, 'active', 'open', $2, now()) returning id`,
    [`Benk ${run}`, owner],
  );
  return { petitionId: petition[0].id, ownerToken: token(owner), tokens: signers.map(token) };
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];

async function main() {
  const { petitionId, ownerToken, tokens } = await setup();
  const url = `${API_URL}/petitions/${petitionId}`;
  // Warm up the API (JIT, its connection pool) with reads, 20 at a time.
  await Promise.all(
    Array.from({ length: 20 }, async () => {
      for (let i = 0; i < 10; i++)
        await (await fetch(url, { headers: { authorization: `Bearer ${ownerToken}` } })).arrayBuffer();
    }),
  );

  const load = os.loadavg();
  const apiBefore = API_PID ? cpuMs(API_PID) : null;
  const pgBefore = await backendsCpu();
  const queue = [...tokens];
  const results = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      for (let t = queue.shift(); t !== undefined; t = queue.shift()) {
        const t0 = performance.now();
        let status = 0;
        let position = 0;
        try {
          const res = await fetch(`${url}/signatures`, {
            method: 'POST',
            headers: { authorization: `Bearer ${t}`, 'content-type': 'application/json' },
            body: '{}',
          });
          status = res.status;
          position = (await res.json())?.data?.position ?? 0;
        } catch {
          status = -1;
        }
        results.push({ status, ms: performance.now() - t0, position });
      }
    }),
  );
  const wall = performance.now() - started;
  const apiCpu = API_PID && apiBefore !== null ? cpuMs(API_PID) - apiBefore : null;
  const pgAfter = await backendsCpu();
  let pgCpu = 0;
  for (const [pid, ms] of pgAfter) pgCpu += ms - (pgBefore.get(pid) ?? 0);
  const loadAfter = os.loadavg();

  const ms = results.map((r) => r.ms).sort((a, b) => a - b);
  const statuses = {};
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1;
  const positions = new Set(results.filter((r) => r.status === 201).map((r) => r.position));
  const { rows } = await pool.query('select signatures_count, chain_length from petitions where id = $1', [
    petitionId,
  ]);
  const verify = await (await fetch(`${url}/signatures/verify`)).json();
  const f = (n) => n.toFixed(0);
  const report = {
    petition: petitionId,
    signers: SIGNERS,
    in_flight: IN_FLIGHT,
    wall_ms: f(wall),
    per_second: f((SIGNERS / wall) * 1000),
    p50_ms: f(percentile(ms, 50)),
    p95_ms: f(percentile(ms, 95)),
    p99_ms: f(percentile(ms, 99)),
    max_ms: f(ms[ms.length - 1]),
    statuses,
    distinct_positions: positions.size,
    stored: rows[0],
    verify: verify.data,
    api_cpu_ms: apiCpu === null ? null : f(apiCpu),
    api_cpu_ms_per_signature: apiCpu === null ? null : (apiCpu / SIGNERS).toFixed(2),
    postgres_cpu_ms: f(pgCpu),
    postgres_cpu_ms_per_signature: (pgCpu / SIGNERS).toFixed(2),
    load_average_before: load.map((l) => l.toFixed(2)).join(' '),
    load_average_after: loadAfter.map((l) => l.toFixed(2)).join(' '),
  };
  console.log(JSON.stringify(report, null, 2));
  const ok =
    statuses[201] === SIGNERS &&
    positions.size === SIGNERS &&
    rows[0].signatures_count === SIGNERS &&
    verify.data?.intact &&
    verify.data?.count_matches;
  await pool.end();
  process.exitCode = ok ? 0 : 1;
}

await main();
