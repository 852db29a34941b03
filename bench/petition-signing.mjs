#!/usr/bin/env node
// The signing goals of issue 28 (docs/performance/petitions.md, "Signing benches"), against the
// built API (`scripts/start.mjs` with START_SKIP_BUILD=1) on a database of its own:
//
//   sustained  RATE (333) signatures per second for SECONDS (60) from distinct verified accounts on
//              one petition, open loop (each request leaves at its scheduled time; its latency counts
//              from that time, so a slow server cannot slow the load down), while the petition's page
//              (GET /api/petitions/{id}) is read at READ_RATE (100) per second. Goals: p99 < 300 ms,
//              0 errors; afterwards the count exact and every entry in a signed checkpoint; merge
//              delay (entry written -> first signed checkpoint that holds it) p99 < 2 s.
//   burst      BURST (1 000) signers at the same moment, on a fresh petition, against the API and
//              against a bare node:http + pg server (bench/petition-signing-raw.mjs: the same inserts,
//              the same unique index, nothing else) side by side, ROUNDS rounds alternating which goes
//              first. Goal: the API's wall time (all 1 000 answered) <= 1.5x the bare server's.
//
//   npx turbo run build
//   node bench/petition-signing.mjs [sustained|burst|all]     # through /work/heavy --exclusive here
//
// Env: BENCH_DB (postgres://postgres@127.0.0.1:5432/h_petlog_bench; created when missing; the API's
// migrations and reference data on first start), BENCH_PORT (3410; the bare server BENCH_PORT + 1),
// RATE, SECONDS, READ_RATE, BURST, ROUNDS, PROCESSES (of each server in the burst, 1), WARMUP (unmeasured bursts of each server before the measured ones, 2), SOCKETS (keep-alive sockets of the sustained load, 256),
// BENCH_REDIS (a Redis URL for the API's rate limits; default none: in-process), API_ENV (extra
// KEY=VALUE,... for the API), BENCH_CPU_PROF (a folder: the API runs as `node --cpu-prof` there, started
// directly rather than by scripts/start.mjs, so the database must have been set up by an earlier run
// on the same BENCH_DB and BENCH_PORT; the profile is written when the API stops). It makes its own accounts (session tokens signed with the API's JWT
// secret: no logins) and petitions, prints a JSON report, and exits 0 only when every goal holds.
import { spawn, execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'apps/api/package.json'));
const jwt = require('jsonwebtoken');
const { Pool } = require('pg');

const env = process.env;
const MODE = process.argv[2] ?? 'all';
const DB = env.BENCH_DB ?? 'postgres://postgres@127.0.0.1:5432/h_petlog_bench';
const API_PORT = Number(env.BENCH_PORT ?? 3410);
const RAW_PORT = API_PORT + 1;
const RATE = Number(env.RATE ?? 333);
const SECONDS = Number(env.SECONDS ?? 60);
const READ_RATE = Number(env.READ_RATE ?? 100);
const BURST = Number(env.BURST ?? 1000);
const ROUNDS = Number(env.ROUNDS ?? 4);
const PROCESSES = Number(env.PROCESSES ?? 1);
const WARMUP = Number(env.WARMUP ?? 2);
const SOCKETS = Number(env.SOCKETS ?? 256);
const POOL = Number(env.DATABASE_POOL_SIZE ?? 10);
const DATA_DIR = `/tmp/petlog-bench-${API_PORT}`;
const TICKS = 100; // USER_HZ: /proc/<pid>/stat counts CPU in 1/100 s.
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.error(`[bench ${new Date().toISOString().slice(11, 19)}]`, ...a);

// ---------- servers ----------

const children = [];
const stopAll = () => {
  for (const c of children) {
    try {
      process.kill(-c.pid, 'SIGTERM');
    } catch {
      // gone already
    }
  }
};
process.on('exit', stopAll);
// Ctrl+C ends the bench at once; the 'exit' handler above stops the servers it started (by pid).
for (const s of ['SIGINT', 'SIGTERM']) process.on(s, () => process.exit(1));

function start(args, extra, logFile) {
  const out = fs.openSync(logFile, 'w');
  const c = spawn(process.execPath, args, { cwd: root, env: { ...env, ...extra }, stdio: ['ignore', out, out], detached: true });
  children.push(c);
  return c;
}
async function waitFor(url, seconds) {
  for (let i = 0; i < seconds * 4; i++) {
    try {
      const r = await fetch(url);
      if (r.status < 500) return;
    } catch {
      // not yet
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${seconds} s`);
}

/** CPU milliseconds (user + system) a process has used so far; null when unreadable. */
function cpuMs(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / TICKS;
  } catch {
    return null;
  }
}

// ---------- database: accounts and petitions ----------

const name = DB.slice(DB.lastIndexOf('/') + 1);
{
  const admin = new Pool({ connectionString: DB.replace(/\/[^/]+$/, '/postgres'), max: 1 });
  if ((await admin.query('select 1 from pg_database where datname = $1', [name])).rows.length === 0) await admin.query(`create database "${name}"`);
  await admin.end();
}
const extraEnv = Object.fromEntries((env.API_ENV ?? '').split(',').filter(Boolean).map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]));
log('starting the API (migrations, reference data) ...');
const CPU_PROF = env.BENCH_CPU_PROF;
const startApi = (port, k) =>
  start(
    CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROF}`, 'apps/api/dist/main.js'] : ['scripts/start.mjs'],
    {
      // What scripts/start.mjs gives the API, when the bench starts it itself (a profile).
      ...(CPU_PROF ? { ...JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8')), NODE_ENV: env.NODE_ENV ?? 'development', WEB_DIST_DIR: path.join(root, 'apps/web/dist') } : {}),
      PORT: String(port),
      DATABASE_URL: DB,
      START_SKIP_BUILD: '1',
      SEED_DEMO: 'false',
      DATA_DIR,
      REDIS_URL: env.BENCH_REDIS ?? '',
      DATABASE_POOL_SIZE: String(POOL),
      ...extraEnv,
    },
    `/tmp/petlog-bench-api${k === 0 ? '' : `-${k}`}.log`,
  );
const pidOf = (launcher) => (CPU_PROF ? launcher.pid : Number(execFileSync('ps', ['-o', 'pid=', '--ppid', String(launcher.pid)], { encoding: 'utf8' }).trim().split('\n')[0]));
// PROCESSES > 1: the burst's API is that many replicas on one database (the first migrates; the
// others start after it), each on its own port (API_PORT + 2k), and the bare server as many
// processes (RAW_PORT + 2k); signer i calls process i mod PROCESSES of each, as a load balancer would.
const apiPorts = Array.from({ length: PROCESSES }, (_, k) => API_PORT + 2 * k);
const rawPorts = Array.from({ length: PROCESSES }, (_, k) => RAW_PORT + 2 * k);
const apiPids = [];
for (const [k, port] of apiPorts.entries()) {
  const launcher = startApi(port, k);
  await waitFor(`http://127.0.0.1:${port}/api/health`, 240);
  apiPids.push(pidOf(launcher));
}
const apiPid = apiPids[0];
const secrets = JSON.parse(fs.readFileSync(path.join(DATA_DIR, 'secrets.json'), 'utf8'));
const JWT_SECRET = secrets.JWT_SECRET;
const pool = new Pool({ connectionString: DB, max: 2 });
const run = randomUUID().slice(0, 8);
// Start from vacuumed tables (the waiting queue petition_log_pending empties after each batch and
// signatures are deleted by withdrawals), as autovacuum keeps live ones, so runs compare.
await pool.query('vacuum analyze petition_log_entries, petition_log_pending, petition_signatures, petitions, users');

/** n verified doctors (approved HPR, the doctor role, a session each) and their access tokens. */
async function accounts(n, label) {
  const { rows: users } = await pool.query(
    `insert into users (email, password_hash, first_name, last_name, slug, status, locale, email_verified_at, terms_accepted_at, no_sensitive_info_accepted_at)
     select 'bench-' || $1 || '-' || g || '@bench.test', '!', 'Bench', 'Lege ' || g, 'bench-' || $1 || '-' || g, 'approved', 'no', now(), now(), now()
     from generate_series(1, $2::int) g returning id`,
    [`${run}-${label}`, n],
  );
  const ids = users.map((u) => u.id);
  await pool.query('insert into user_info (user_id, approved_hrp, hpr_verified) select unnest($1::int[]), 2, true', [ids]);
  await pool.query(`insert into user_roles (user_id, role_id) select u, (select id from roles where code = 'doctor') from unnest($1::int[]) u`, [ids]);
  const { rows: families } = await pool.query(
    `insert into refresh_token_families (user_id, absolute_expires_at, user_agent, ip)
     select u, now() + interval '1 day', 'bench', '127.0.0.1' from unnest($1::int[]) u returning id, user_id`,
    [ids],
  );
  return families.map((f) => ({
    id: f.user_id,
    token: jwt.sign({ typ: 'access', fam: Number(f.id) }, JWT_SECRET, {
      algorithm: 'HS256',
      subject: String(f.user_id),
      jwtid: randomUUID(),
      audience: 'legenett-api',
      issuer: 'legenett',
      expiresIn: 7200,
    }),
  }));
}

async function petition(ownerId, label) {
  const { rows } = await pool.query(
    `insert into petitions (title, summary, full_text, end_date, status, visibility, user_id, published_at)
     values ($1, 'Sammendrag', 'Tekst', (now() at time zone 'Europe/Oslo')::date + 10, 'active', 'open', $2, now()) returning id`,
    [`Benk ${run} ${label}`, ownerId],
  );
  return rows[0].id;
}

// ---------- HTTP ----------

function request(agent, port, method, p, token) {
  return new Promise((resolve) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: p, agent, headers: { authorization: `Bearer ${token}`, ...(method === 'POST' ? { 'content-type': 'application/json', 'content-length': 2 } : {}) } },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks) }));
      },
    );
    // A network error: its code, and whether the call went out on a kept-alive connection (the
    // server closing an idle connection under a call written on it gives ECONNRESET on a reused one).
    req.on('error', (e) => resolve({ status: -1, body: Buffer.from(`${e.code ?? e.message}${req.reusedSocket ? ' (reused connection)' : ''} at ${new Date().toISOString().slice(11, 23)}`) }));
    if (method === 'POST') req.write('{}');
    req.end();
  });
}

const pct = (sorted, q) => (sorted.length === 0 ? null : +sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))].toFixed(1));
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { n: s.length, p50_ms: pct(s, 0.5), p95_ms: pct(s, 0.95), p99_ms: pct(s, 0.99), max_ms: s.length ? +s.at(-1).toFixed(1) : null };
};
const countStatuses = (rs) => rs.reduce((m, r) => ((m[r.status] = (m[r.status] ?? 0) + 1), m), {});

async function backendsCpu() {
  const { rows } = await pool.query('select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()');
  return new Map(rows.map((r) => [r.pid, cpuMs(r.pid)]).filter(([, ms]) => ms !== null));
}
/** CPU of the server's processes `pids`, their PostgreSQL backends and this process while `fn` runs. */
async function cpuWindow(fn, pids = [apiPid]) {
  const serverMs = () => pids.reduce((sum, pid) => sum + cpuMs(pid), 0);
  const api0 = serverMs();
  const pg0 = await backendsCpu();
  const me0 = process.cpuUsage();
  const out = await fn();
  const pg1 = await backendsCpu();
  let pg = 0;
  for (const [pid, ms] of pg1) pg += ms - (pg0.get(pid) ?? 0);
  const me = process.cpuUsage(me0);
  return { out, cpu: { server_ms: Math.round(serverMs() - api0), postgres_ms: Math.round(pg), load_generator_ms: Math.round((me.user + me.system) / 1000) } };
}

// ---------- sustained ----------

async function sustained() {
  const n = RATE * SECONDS;
  log(`sustained: making ${n} accounts ...`);
  const [owner, reader] = await accounts(2, 's-owner');
  const signers = await accounts(n, 's');
  const id = await petition(owner.id, 'sustained');
  const agent = new http.Agent({ keepAlive: true, maxSockets: SOCKETS });
  // Warm-up: reads only (JIT, the pool's connections), not on the measured petition's counts.
  for (let i = 0; i < 200; i += 20) await Promise.all(Array.from({ length: 20 }, () => request(agent, API_PORT, 'GET', `/api/petitions/${id}`, reader.token)));

  log(`sustained: ${RATE}/s signatures for ${SECONDS} s, ${READ_RATE}/s reads ...`);
  const reads = Math.round(READ_RATE * SECONDS);
  const signs = [];
  const seen = [];
  const load = os.loadavg();
  const { out: wall, cpu } = await cpuWindow(async () => {
    const t0 = performance.now() + 50;
    const pending = [];
    let i = 0;
    let j = 0;
    let inFlight = 0;
    let maxInFlight = 0;
    const fire = (at, port, method, p, token, into) => {
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      const sent = performance.now();
      pending.push(
        request(agent, port, method, p, token).then((r) => {
          inFlight -= 1;
          const end = performance.now();
          into.push({ status: r.status, ms: end - at, service_ms: end - sent, body: r.status === 201 || r.status === 200 ? null : r.body.toString().slice(0, 200) });
        }),
      );
    };
    while (i < n || j < reads) {
      const now = performance.now();
      while (i < n && t0 + (i * 1000) / RATE <= now) {
        fire(t0 + (i * 1000) / RATE, API_PORT, 'POST', `/api/petitions/${id}/signatures`, signers[i].token, signs);
        i += 1;
      }
      while (j < reads && t0 + (j * 1000) / READ_RATE <= now) {
        fire(t0 + (j * 1000) / READ_RATE, API_PORT, 'GET', `/api/petitions/${id}`, reader.token, seen);
        j += 1;
      }
      await sleep(1);
    }
    await Promise.all(pending);
    return { ms: performance.now() - t0, maxInFlight };
  });
  const done = performance.now();
  // The count exact and every entry in a checkpoint: how long after the last answer.
  let after = null;
  for (let k = 0; k < 120; k++) {
    const { rows } = await pool.query(
      `select p.signatures_count, (select count(*)::int from petition_log_pending w where w.petition_id = p.id) as waiting,
        (select count(*)::int from petition_log_entries e where e.petition_id = p.id) + (select count(*)::int from petition_log_pending w where w.petition_id = p.id) as entries,
        (select max(tree_size) from petition_log_checkpoints)::bigint as tree_size,
        (select max(leaf_index) from petition_log_entries e where e.petition_id = p.id)::bigint as max_leaf
       from petitions p where p.id = $1`,
      [id],
    );
    after = rows[0];
    if (after.signatures_count === n && after.waiting === 0) break;
    await sleep(250);
  }
  const settledMs = performance.now() - done;
  const verify = JSON.parse((await request(agent, API_PORT, 'GET', `/api/petitions/${id}/signatures/verify`, reader.token)).body.toString()).data;
  const { rows: delays } = await pool.query(
    `select extract(epoch from (c.created_at - e.created_at)) * 1000 as ms
     from petition_log_entries e
     cross join lateral (select created_at from petition_log_checkpoints c where c.tree_size > e.leaf_index order by c.tree_size limit 1) c
     where e.petition_id = $1`,
    [id],
  );
  const { rows: batches } = await pool.query(
    `select count(*)::int as checkpoints from petition_log_checkpoints c where c.created_at between (select min(created_at) from petition_log_entries where petition_id = $1) and (select max(created_at) + interval '3 seconds' from petition_log_entries where petition_id = $1)`,
    [id],
  );
  agent.destroy();
  const errors = signs.filter((r) => r.status !== 201);
  const readErrors = seen.filter((r) => r.status !== 200);
  const s = summary(signs.map((r) => r.ms));
  const merge = summary(delays.map((r) => Number(r.ms)));
  const report = {
    petition: id,
    rate: RATE,
    seconds: SECONDS,
    signatures: n,
    wall_ms: Math.round(wall.ms),
    achieved_per_second: +((n / wall.ms) * 1000).toFixed(1),
    max_in_flight: wall.maxInFlight,
    sign: { ...s, statuses: countStatuses(signs), service_p99_ms: summary(signs.map((r) => r.service_ms)).p99_ms },
    read: { ...summary(seen.map((r) => r.ms)), statuses: countStatuses(seen) },
    first_errors: [...errors, ...readErrors].slice(0, 3).map((r) => `${r.status} ${r.body}`),
    after: { ...after, settled_ms_after_last_answer: Math.round(settledMs) },
    verify: verify && { intact: verify.intact, length: verify.length, count_matches: verify.count_matches, pending: verify.pending, signatures_count: verify.signatures_count },
    merge_delay: merge,
    checkpoints_during_run: batches[0].checkpoints,
    cpu: { ...cpu, api_ms_per_signature: +(cpu.server_ms / n).toFixed(2), postgres_ms_per_signature: +(cpu.postgres_ms / n).toFixed(2) },
    load_average_before: load.map((l) => l.toFixed(2)).join(' '),
    load_average_after: os.loadavg().map((l) => l.toFixed(2)).join(' '),
  };
  report.goals = {
    p99_under_300ms: s.p99_ms < 300,
    no_errors: errors.length === 0 && readErrors.length === 0,
    count_exact: after.signatures_count === n && after.entries === n,
    every_entry_in_a_checkpoint: after.waiting === 0 && Number(after.max_leaf) < Number(after.tree_size),
    verify_intact: !!verify?.intact && !!verify?.count_matches,
    merge_delay_p99_under_2s: merge.p99_ms < 2000,
  };
  return report;
}

// ---------- burst ----------

async function burst() {
  log(`burst: making ${BURST} accounts, the bare server ...`);
  const [owner] = await accounts(1, 'b-owner');
  const signers = await accounts(BURST, 'b');
  const bares = rawPorts.map((port, k) => start(['bench/petition-signing-raw.mjs', String(port)], { DATABASE_URL: DB, JWT_SECRET, POOL: String(POOL), NODE_OPTIONS: '' }, `/tmp/petlog-bench-raw${k === 0 ? '' : `-${k}`}.log`));
  await sleep(500);
  for (const port of rawPorts) {
    for (let i = 0; i < 20; i++) {
      if ((await request(undefined, port, 'GET', '/', '')).status === 404) break;
      await sleep(250);
    }
  }
  const servers = { api: apiPorts, bare: rawPorts };
  const pids = { api: apiPids, bare: bares.map((b) => b.pid) };
  const portFor = (ports, i) => ports[i % ports.length];
  const rounds = [];
  // Between runs, the API's sequencer and counter catch up with what the last run wrote (the bare
  // server's entries too: the same tables), so no run shares the machine with the last one's
  // background work (a fixed 1.5 s pause left the bare server's first run beside the API's sequencer).
  const settle = async () => {
    for (let k = 0; k < 120; k++) {
      const { rows } = await pool.query('select count(*)::int as n from petition_log_pending');
      if (rows[0].n === 0) break;
      await sleep(250);
    }
    await sleep(1000);
  };
  // Warm-up of both (JIT, pool connections, heap): WARMUP (2) unmeasured bursts each, exactly like
  // the measured ones, on petitions of their own, so each server runs as a process that has been
  // serving for a while. With 50 signatures of warm-up, the first one or two measured bursts of each
  // server were 1.5-2.5x slower than the later ones: a cold start, not the design.
  for (const [label, ports] of Object.entries(servers)) {
    for (let w = 0; w < WARMUP; w++) {
      const p = await petition(owner.id, `warm ${label} ${w}`);
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      await Promise.all(signers.map((a, i) => request(agent, portFor(ports, i), 'POST', `/api/petitions/${p}/signatures`, a.token)));
      agent.destroy();
      await settle();
    }
  }
  await settle();
  for (let round = 0; round < ROUNDS; round++) {
    for (const label of round % 2 === 0 ? ['api', 'bare'] : ['bare', 'api']) {
      const id = await petition(owner.id, `burst ${label} ${round}`);
      const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
      const load = os.loadavg()[0];
      const { out, cpu } = await cpuWindow(async () => {
        const t0 = performance.now();
        // (the server's own CPU: the API's process, or the bare server's)
        const results = await Promise.all(
          signers.map(async (a, i) => {
            const r = await request(agent, portFor(servers[label], i), 'POST', `/api/petitions/${id}/signatures`, a.token);
            return { status: r.status, ms: performance.now() - t0, body: r.status === 201 ? null : r.body.toString().slice(0, 200) };
          }),
        );
        return { wall: performance.now() - t0, results };
      }, pids[label]);
      agent.destroy();
      const { rows } = await pool.query('select count(*)::int as n from petition_signatures where petition_id = $1', [id]);
      rounds.push({
        round,
        server: label,
        wall_ms: Math.round(out.wall),
        ...summary(out.results.map((r) => r.ms)),
        statuses: countStatuses(out.results),
        first_error: out.results.find((r) => r.status !== 201)?.body ?? null,
        stored: rows[0].n,
        cpu,
        load_1min: load.toFixed(2),
      });
      log(`burst ${round} ${label}: ${Math.round(out.wall)} ms`);
      await settle();
    }
  }
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor((xs.length - 1) / 2)];
  const apiWall = median(rounds.filter((r) => r.server === 'api').map((r) => r.wall_ms));
  const bareWall = median(rounds.filter((r) => r.server === 'bare').map((r) => r.wall_ms));
  const ratio = +(apiWall / bareWall).toFixed(2);
  return {
    signers: BURST,
    processes: PROCESSES,
    pool: POOL,
    rounds,
    api_wall_ms_median: apiWall,
    bare_wall_ms_median: bareWall,
    ratio,
    goals: { ratio_at_most_1_5: ratio <= 1.5, no_errors: rounds.every((r) => r.statuses[201] === BURST && r.stored === BURST) },
  };
}

const report = { mode: MODE, database: name, api_pool: POOL, uptime_before: execFileSync('uptime', { encoding: 'utf8' }).trim() };
if (MODE === 'sustained' || MODE === 'all') report.sustained = await sustained();
if (MODE === 'burst' || MODE === 'all') report.burst = await burst();
report.uptime_after = execFileSync('uptime', { encoding: 'utf8' }).trim();
console.log(JSON.stringify(report, null, 1));
await pool.end();
const ok = [report.sustained, report.burst].filter(Boolean).every((r) => Object.values(r.goals).every(Boolean));
stopAll();
// A command-line bench: its exit code says whether every goal held (open handles of the load
// generator would otherwise keep it running).
process.exit(ok ? 0 : 1);
