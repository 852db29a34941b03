// The bare server of the live-stream bench (issue 40): `node:http`, `pg` and one Redis subscriber, no
// framework, holding the same event streams as the API and delivering the same events, so that
// bench/live.mjs measures both side by side. What it does per request is what the API does at least:
//
// - GET  /api/user-notifications/stream?token=  checks the access token (HS256, the same claims),
//   writes a `retry:` drawn per stream, the unread count (`event: unread`), on a `Last-Event-ID` the
//   caller's messages after it (`event: chat`, id = message id, each id once), ': open' once it
//   listens, and a heartbeat comment every 25 s from one timer for all streams.
// - POST /api/conversations/:id/messages  stores the message (next sequence number in the same
//   statement), reads the readers and publishes one event for all of them through Redis; answers
//   201 { data: { id } }.
// - POST /api/posts/:id/like  stores the like, reads the author's unread count and publishes it
//   (the API goes through its outbox and a worker: that hop is the difference measured).
//
//   node bench/live-raw.mjs <port>   (env: DATABASE_URL, REDIS_URL, JWT_SECRET)
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'package.json'));
const pg = require('pg');
const Redis = require('ioredis');

const port = Number(process.argv[2]);
const secret = process.env.JWT_SECRET;
const db = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const redis = new Redis(process.env.REDIS_URL);
const sub = new Redis(process.env.REDIS_URL);
const CHANNEL = 'live-raw:events';
const CATCH_UP_LIMIT = 200;

/** userId -> the writers of its open streams */
const streams = new Map();
let open = 0;

function verify(token) {
  const parts = String(token ?? '').split('.');
  if (parts.length !== 3) return null;
  const mac = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  const given = Buffer.from(parts[2], 'base64url');
  if (given.length !== mac.length || !timingSafeEqual(given, mac)) return null;
  let claims;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (claims.typ !== 'access' || claims.aud !== 'legenett-api' || claims.iss !== 'legenett' || claims.exp * 1000 <= Date.now()) return null;
  return Number(claims.sub);
}

sub.subscribe(CHANNEL);
sub.on('message', (_channel, raw) => {
  const { to, name, id, data } = JSON.parse(raw);
  const text = `${id === undefined ? '' : `id: ${id}\n`}event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  for (const userId of to) for (const write of streams.get(userId) ?? []) write(text, id);
});

const unreadCount = async (userId) =>
  (await db.query('select count(*)::int as n from notifications where user_id = $1 and read_at is null', [userId])).rows[0].n;

async function stream(req, res, url) {
  const userId = verify(url.searchParams.get('token'));
  if (!userId) return answer(res, 401, { error: 'unauthenticated' });
  res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache, no-transform', connection: 'keep-alive' });
  res.write(`retry: ${1000 + Math.floor(Math.random() * 7001)}\n\n`);
  const lastId = req.headers['last-event-id'];
  let written = typeof lastId === 'string' && /^\d{1,15}$/.test(lastId) ? new Set() : null;
  let beats = 0;
  // As the API: the `id:` line only above the highest written, so the browser's last id is the highest.
  let highest = written ? Number(lastId) : 0;
  const write = (text, id) => {
    if (id !== undefined && written) {
      if (written.has(id)) return;
      written.add(id);
    }
    if (id !== undefined) {
      if (id > highest) highest = id;
      else text = text.replace(/^id: .*\n/, '');
    }
    res.write(text);
  };
  write.beat = () => {
    if (written && ++beats >= 2) written = null;
    res.write(': ping\n\n');
  };
  const list = streams.get(userId) ?? [];
  streams.set(userId, list);
  list.push(write);
  open++;
  res.on('close', () => {
    open--;
    const at = list.indexOf(write);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0 && streams.get(userId) === list) streams.delete(userId);
  });
  try {
    res.write(`event: unread\ndata: ${JSON.stringify({ unreadCount: await unreadCount(userId) })}\n\n`);
    if (!written) {
      // As the API: a fresh stream starts at the newest message id (`id:` alone).
      const newest = Number((await db.query('select coalesce(max(id), 0) as id from messages')).rows[0].id);
      if (newest > highest) {
        highest = newest;
        res.write(`id: ${newest}\n\n`);
      }
    } else {
      const { rows } = await db.query(
        `select m.id, m.conversation_id, m.seq from messages m
         join conversation_participants p on p.conversation_id = m.conversation_id and p.user_id = $1
         where m.id > $2 order by m.id limit ${CATCH_UP_LIMIT}`,
        [userId, Number(lastId)],
      );
      for (const m of rows) write(`id: ${m.id}\nevent: chat\ndata: ${JSON.stringify({ type: 'message', conversation_id: Number(m.conversation_id), seq: Number(m.seq), message_id: Number(m.id) })}\n\n`, Number(m.id));
    }
  } catch {
    // the database away: the stream stays, live events still come
  }
  res.write(': open\n\n');
}

async function send(req, res, conversationId, userId) {
  const body = JSON.parse((await readBody(req)) || '{}');
  const { rows } = await db.query(
    `with c as (update conversations set last_seq = last_seq + 1, last_message_at = now() where id = $1 returning id, last_seq)
     insert into messages (conversation_id, seq, sender_user_id, body) select id, last_seq, $2, $3 from c returning id, seq`,
    [conversationId, userId, String(body.body ?? '')],
  );
  if (rows.length === 0) return answer(res, 404, { error: 'not_found' });
  const readers = await db.query(`select user_id from conversation_participants where conversation_id = $1 and state in ('active', 'request') and user_id is not null`, [conversationId]);
  const id = Number(rows[0].id);
  await redis.publish(
    CHANNEL,
    JSON.stringify({ to: readers.rows.map((r) => r.user_id), name: 'chat', id, data: { type: 'message', conversation_id: conversationId, seq: Number(rows[0].seq), message_id: id } }),
  );
  answer(res, 201, { data: { id } });
}

async function like(req, res, postId, userId) {
  await readBody(req);
  const { rows } = await db.query(
    `with l as (insert into post_likes (post_id, user_id) values ($1, $2) on conflict do nothing returning post_id)
     select author_user_id from posts where id = $1`,
    [postId, userId],
  );
  if (rows.length === 0) return answer(res, 404, { error: 'not_found' });
  const author = rows[0].author_user_id;
  await redis.publish(CHANNEL, JSON.stringify({ to: [author], name: 'unread', data: { unreadCount: await unreadCount(author) } }));
  answer(res, 201, { data: { liked: true } });
}

function readBody(req) {
  return new Promise((resolve, reject) => {
    let text = '';
    req.setEncoding('utf8');
    req.on('data', (c) => (text += c));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

function answer(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const server = http.createServer(async (req, res) => {
  const url = new URL(req.url, 'http://x');
  try {
    if (req.method === 'GET' && url.pathname === '/api/user-notifications/stream') return await stream(req, res, url);
    if (req.method === 'GET' && url.pathname.startsWith('/api/health')) return answer(res, 200, { ok: true, open });
    const userId = verify(/^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1]);
    if (!userId) return answer(res, 401, { error: 'unauthenticated' });
    let m;
    if (req.method === 'POST' && (m = /^\/api\/conversations\/(\d+)\/messages$/.exec(url.pathname))) return await send(req, res, Number(m[1]), userId);
    if (req.method === 'POST' && (m = /^\/api\/posts\/(\d+)\/like$/.exec(url.pathname))) return await like(req, res, Number(m[1]), userId);
    answer(res, 404, { error: 'not_found' });
  } catch (error) {
    if (!res.headersSent) answer(res, 500, { error: String(error?.message ?? error) });
    else res.end();
  }
});
server.keepAliveTimeout = 65_000;
// One heartbeat for every stream of the process (as the API's Heartbeat).
setInterval(() => {
  for (const list of streams.values()) for (const write of list) write.beat();
}, 25_000).unref();
server.listen(port, '127.0.0.1', () => console.log(`live-raw on ${port}`));
