// The messages bench (issue 26, docs/performance/messages.md): at 1 000 000 messages and 100 000
// conversations, the inbox and a history page answer p95 < 50 ms.
//
//   node bench/messages.mjs            # makes the database if missing, then measures
//   node bench/messages.mjs --explain  # also prints EXPLAIN (ANALYZE, BUFFERS) of the queries
//   node bench/messages.mjs --make-only  # only makes the database
//
// The database (MESSAGES_BENCH_DB, default h_messages_bench on 127.0.0.1:5432) is made once: the
// migrations and the demo seed (`seed/dist/bulk/jobs.js 1`: the bulk CLI migrates and seeds), then
// bench/messages.sql (generate_series). Drop it to rebuild. Then the built API is started on
// BENCH_PORT (3400) against it, lege@demo.no logs in, and each scenario is requested one at a time
// (the latency a reader sees: ROUNDS requests after a warm-up), then by CLIENTS at once.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { cliFlag, dbUrl, loadAverage, login, root, startApi, stopApi, workspaceRequire } from './lib.mjs';

const DB = process.env.MESSAGES_BENCH_DB ?? 'h_messages_bench';
const HOST = process.env.PGHOST ?? '127.0.0.1';
const SIZE = { users: 20_000, conversations: 100_000, messages: 1_000_000, lege: 5_000, big: 50_000 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 8);
const GOAL_P95_MS = 50;

const psql = (args, opts = {}) => execFileSync('psql', ['-h', HOST, '-U', 'postgres', '-X', ...args], { encoding: 'utf8', ...opts });
const exists = psql(['-tAc', `select 1 from pg_database where datname = '${DB}'`]).trim() === '1';

if (!exists) {
  const started = Date.now();
  console.log(`bench: making ${DB} (migrations, demo seed, then bench/messages.sql)`);
  execFileSync('createdb', ['-h', HOST, '-U', 'postgres', DB], { stdio: 'inherit' });
  try {
    // The demo seed hashes national ids with the API's key; a bench database needs no fixed one.
    const NATIONAL_ID_HASH_KEY = process.env.NATIONAL_ID_HASH_KEY ?? randomBytes(48).toString('base64url');
    execFileSync(process.execPath, [path.join(root, 'seed/dist/bulk/jobs.js'), '1'], { stdio: 'inherit', env: { ...process.env, DATABASE_URL: dbUrl(DB), NATIONAL_ID_HASH_KEY } });
    psql(['-d', DB, '-q', ...Object.entries(SIZE).flatMap(([k, v]) => ['-v', `${k}=${v}`]), '-f', path.join(root, 'bench/messages.sql')], { stdio: 'inherit' });
  } catch (error) {
    execFileSync('dropdb', ['-h', HOST, '-U', 'postgres', '--if-exists', DB]);
    throw error;
  }
  console.log(`bench: ${DB} made in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

// `--make-only`: make the database (a heavy job of its own), measure in a later, exclusive run.
// A command-line bench: `--make-only` builds the data set and ends here, before any server starts.
if (cliFlag('--make-only')) process.exit(0);

const pg = workspaceRequire('pg');
const client = new pg.Client({ connectionString: dbUrl(DB) });
await client.connect();
const one = async (text, values = []) => (await client.query(text, values)).rows[0];
const counts = await one(`select (select count(*) from messages)::int as messages, (select count(*) from conversations)::int as conversations,
  (select count(*) from conversation_participants)::int as participants`);
const lege = (await one(`select id from users where email = 'lege@demo.no'`)).id;
const big = await one(
  `select c.id, c.last_seq from conversations c join conversation_participants p on p.conversation_id = c.id and p.user_id = $1 order by c.last_seq desc limit 1`,
  [lege],
);
const small = await one(
  `select c.id, c.last_seq from conversations c join conversation_participants p on p.conversation_id = c.id and p.user_id = $1 and p.state = 'active' and p.archived_at is null
   where c.last_seq between 5 and 40 order by c.id limit 1`,
  [lege],
);
const inboxSize = await one(`select count(*)::int as n from conversation_participants where user_id = $1`, [lege]);
console.log(
  `data: ${counts.messages} messages, ${counts.conversations} conversations, ${counts.participants} participants; ` +
    `lege@demo.no in ${inboxSize.n} conversations, the longest ${big.last_seq} messages`,
);

if (cliFlag('--explain')) {
  // The two statements as the repository sends them (apps/api/sql/conversations.repository.sql, messages.repository.sql), with lege's values.
  const explain = async (label, text, values) => {
    const rows = (await client.query(`explain (analyze, buffers) ${text}`, values)).rows.map((r) => r['QUERY PLAN']);
    console.log(`\n-- ${label}\n${rows.join('\n')}`);
  };
  await explain(
    'inbox, first page (ConversationsRepository.inbox, filter all)',
    `select c.id, c.kind, c.title, c.last_seq, c.last_message_at, p.id, p.state, p.last_read_seq, p.last_activity_at, p.archived_at, p.muted
     from conversation_participants p join conversations c on c.id = p.conversation_id
     where p.user_id = $1 and p.state = 'active' and p.archived_at is null
     order by p.last_activity_at desc, p.conversation_id desc limit 21`,
    [lege],
  );
  await explain(
    'inbox, unread filter',
    `select c.id, p.last_read_seq from conversation_participants p join conversations c on c.id = p.conversation_id
     where p.user_id = $1 and p.state = 'active' and p.archived_at is null and c.last_seq > p.last_read_seq
     order by p.last_activity_at desc, p.conversation_id desc limit 21`,
    [lege],
  );
  await explain(
    'history, a page in the middle of the longest conversation (MessagesRepository.history, before)',
    `select m.id, m.seq, m.body, m.created_at, u.first_name from messages m left join users u on u.id = m.sender_user_id and u.deleted_at is null
     where m.conversation_id = $1 and m.seq < $2 order by m.seq desc limit 31`,
    [big.id, Math.floor(big.last_seq / 2)],
  );
  await explain(
    'unread total (ConversationsRepository.unreadSummary)',
    `select coalesce(sum(c.last_seq - p.last_read_seq) filter (where p.state = 'active' and not p.muted and p.archived_at is null), 0) as unread,
       count(*) filter (where p.state = 'request') as requests
     from conversation_participants p join conversations c on c.id = p.conversation_id where p.user_id = $1 and p.state in ('active', 'request')`,
    [lege],
  );
}
await client.end();

const api = await startApi({}, dbUrl(DB));
const failures = [];
try {
  const token = await login(api.url);
  const headers = { authorization: `Bearer ${token}`, 'x-localization': 'en' };
  const get = async (p) => {
    const t0 = performance.now();
    const res = await fetch(`${api.url}/api${p}`, { headers });
    const body = await res.text();
    const ms = performance.now() - t0;
    if (res.status !== 200) throw new Error(`${p}: ${res.status} ${body.slice(0, 200)}`);
    return { ms, json: JSON.parse(body) };
  };
  // A deep inbox cursor: 20 pages in.
  let cursor = '';
  for (let i = 0; i < 20; i++) cursor = (await get(`/conversations${cursor ? `?cursor=${cursor}` : ''}`)).json.meta.next_cursor;
  const scenarios = [
    ['inbox, first page', '/conversations'],
    ['inbox, page 21 (cursor)', `/conversations?cursor=${cursor}`],
    ['inbox, unread', '/conversations?filter=unread'],
    ['unread count (header)', '/conversations/unread'],
    [`history, newest page (${big.last_seq} messages)`, `/conversations/${big.id}/messages`],
    ['history, a page in the middle', `/conversations/${big.id}/messages?before=${Math.floor(big.last_seq / 2)}`],
    [`history, a short conversation (${small.last_seq})`, `/conversations/${small.id}/messages`],
  ];
  const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
  const fmt = (n) => n.toFixed(1);
  console.log(`\nload before: ${loadAverage()}`);
  console.log(`\n| scenario | one at a time: p50 / p95 / p99 ms | ${CLIENTS} at once: p50 / p95 ms, req/s |`);
  console.log('|---|---|---|');
  for (const [label, p] of scenarios) {
    for (let i = 0; i < 20; i++) await get(p);
    const serial = [];
    for (let i = 0; i < ROUNDS; i++) serial.push((await get(p)).ms);
    serial.sort((a, b) => a - b);
    const parallel = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CLIENTS }, async () => {
        for (let i = 0; i < Math.ceil(ROUNDS / CLIENTS) * 2; i++) parallel.push((await get(p)).ms);
      }),
    );
    const rps = parallel.length / ((performance.now() - t0) / 1000);
    parallel.sort((a, b) => a - b);
    const p95 = pct(serial, 95);
    if (p95 >= GOAL_P95_MS) failures.push(`${label}: p95 ${fmt(p95)} ms`);
    console.log(`| ${label} | ${fmt(pct(serial, 50))} / ${fmt(p95)} / ${fmt(pct(serial, 99))} | ${fmt(pct(parallel, 50))} / ${fmt(pct(parallel, 95))}, ${rps.toFixed(0)} |`);
  }
  console.log(`\nload after: ${loadAverage()}`);
} finally {
  await stopApi(api);
}
if (failures.length > 0) {
  console.log(`\ngoal (p95 < ${GOAL_P95_MS} ms one at a time) missed: ${failures.join('; ')}`);
  process.exitCode = 1;
} else console.log(`\ngoal met: every scenario p95 < ${GOAL_P95_MS} ms one at a time`);
