#!/usr/bin/env node
// How fast one api process opens event streams (issue 40, docs/performance/live.md "Opening a
// stream"): one `ROLE=api` process of the built API with its own Redis, N members of bench/live.sql
// each opening one `GET /api/user-notifications/stream` at once (at most --inflight waiting for their
// `: open`), timed from the first request to the last `: open`. Prints opens per second, the open
// latency p50/p99, the statements PostgreSQL ran for the database meanwhile (pg_stat_database's
// transactions: each statement outside a transaction is one; the streams' reads are), per open, and
// the API process's CPU time per open (utime + stime: less dependent on the shared machine's load than
// the rate) and the load average. `--profile`: the API runs under `node --cpu-prof` and its self time during the
// burst is printed per package and function (raw profile in /tmp/open-prof/).
//
//   node bench/stream-open.mjs --streams 2000 [--inflight 500] [--rounds 3] [--profile] [--count-sql]
//
// `--count-sql`: bench/count-sql.mjs is preloaded into the API and the statements it sent during each
// burst are printed by text (the transactions figure also counts what other clients of the database did).
//
// Env: OPEN_BENCH_DB (default open_live; made like bench/live.mjs's database when missing),
// OPEN_BENCH_PORT (default 4501; Redis on the port + 78). Needs the build and redis-server.
import { execFileSync, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { benchApiEnv, cliFlag, cliOption, dbUrl, JWT_SECRET, loadAverage, root, selfTime, workspaceRequire } from './lib.mjs';

const STREAMS = Number(cliOption('--streams', 2000));
const INFLIGHT = Number(cliOption('--inflight', 500));
const ROUNDS = Number(cliOption('--rounds', 3));
const PROFILE = cliFlag('--profile');
const COUNT_SQL = cliFlag('--count-sql');
const COUNT_FILE = '/tmp/open-bench-sql.json';
const DB = process.env.OPEN_BENCH_DB ?? 'open_live';
const PORT = Number(process.env.OPEN_BENCH_PORT ?? 4501);
const REDIS_PORT = PORT + 78;
const HOST = process.env.PGHOST ?? '127.0.0.1';
const PROF_DIR = '/tmp/open-prof';
const AUTHORS = 100;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (...a) => console.log(`[${new Date().toISOString().slice(11, 19)}]`, ...a);
const psql = (args, opts = {}) => execFileSync('psql', ['-h', HOST, '-U', 'postgres', '-X', ...args], { encoding: 'utf8', ...opts });
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

function makeData() {
  if (psql(['-tAc', `select 1 from pg_database where datname = '${DB}'`]).trim() !== '1') {
    log(`making ${DB}: migrations and demo seed`);
    execFileSync('createdb', ['-h', HOST, '-U', 'postgres', DB], { stdio: 'inherit' });
    try {
      execFileSync(process.execPath, [path.join(root, 'seed/dist/bulk/jobs.js'), '1'], {
        stdio: 'inherit',
        env: { ...process.env, DATABASE_URL: dbUrl(DB), NATIONAL_ID_HASH_KEY: randomBytes(48).toString('base64url') },
      });
    } catch (error) {
      execFileSync('dropdb', ['-h', HOST, '-U', 'postgres', '--if-exists', DB]);
      throw error;
    }
  }
  const have = Number(psql(['-d', DB, '-tAc', `select count(*) from users where slug like 'live-%'`]).trim());
  if (have < STREAMS) {
    log(`adding members: ${have} -> ${STREAMS} (bench/live.sql)`);
    const groups = Math.floor((STREAMS - AUTHORS) / 20);
    psql(['-d', DB, '-q', '-v', `users=${STREAMS}`, '-v', `authors=${AUTHORS}`, '-v', `groups=${groups}`, '-f', path.join(root, 'bench/live.sql')], { stdio: 'inherit' });
  }
}

async function members() {
  const pg = workspaceRequire('pg');
  const client = new pg.Client({ connectionString: dbUrl(DB) });
  await client.connect();
  const rows = (
    await client.query(
      `select u.id, f.id as fam from users u join refresh_token_families f on f.user_id = u.id and f.user_agent = 'bench/live'
       where u.slug like 'live-%' and substring(u.slug from 6)::int <= $1 order by substring(u.slug from 6)::int`,
      [STREAMS],
    )
  ).rows;
  await client.end();
  return rows;
}

/** An access token as the API signs it (as bench/live.mjs). */
function token(userId, fam) {
  const b64 = (o) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ typ: 'access', fam: Number(fam), iat, exp: iat + 6 * 3600, aud: 'legenett-api', iss: 'legenett', sub: String(userId), jti: randomUUID() })}`;
  return `${body}.${createHmac('sha256', JWT_SECRET).update(body).digest('base64url')}`;
}

/** CPU time of a process so far (utime + stime, ms): per open it depends little on the machine's load. */
const cpuMs = (pid) => {
  const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10;
};
const transactions = () => Number(psql(['-tAc', `select xact_commit + xact_rollback from pg_stat_database where datname = '${DB}'`]).trim());

const started = [];
process.on('exit', () => {
  for (const c of started) {
    try {
      process.kill(c.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
});
// Ctrl+C or a kill: leave through `exit`, whose handler above stops the API and Redis children.
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => process.exit(130));

/** Opens every stream (at most INFLIGHT waiting); answers the open latencies once all are open. */
function burst(tokens) {
  return new Promise((resolve, reject) => {
    const latencies = [];
    const held = [];
    let next = 0;
    let waiting = 0;
    let failed = 0;
    const start = () => {
      while (waiting < INFLIGHT && next < tokens.length) {
        const t = tokens[next++];
        waiting++;
        const began = performance.now();
        const req = http.get({ host: '127.0.0.1', port: PORT, path: `/api/user-notifications/stream?token=${t}`, agent: false, localAddress: `127.0.0.${20 + (next % 4)}` });
        req.on('error', () => {
          failed++;
          waiting--;
          done();
        });
        req.on('response', (res) => {
          if (res.statusCode !== 200) {
            failed++;
            waiting--;
            res.resume();
            done();
            return;
          }
          res.setEncoding('utf8');
          let text = '';
          let opened = false;
          res.on('data', (c) => {
            if (opened) return;
            text += c;
            if (text.includes(': open\n')) {
              opened = true;
              latencies.push(performance.now() - began);
              held.push(req);
              waiting--;
              done();
            }
          });
        });
      }
    };
    const done = () => {
      if (failed > 0 && latencies.length + failed === tokens.length) reject(new Error(`${failed} streams failed`));
      else if (latencies.length === tokens.length) resolve({ latencies, held });
      else start();
    };
    start();
  });
}

makeData();
const users = await members();
if (users.length < STREAMS) throw new Error(`bench: ${users.length} members, ${STREAMS} asked`);
const tokens = users.map((u) => token(u.id, u.fam));

const redis = spawn('redis-server', ['--port', String(REDIS_PORT), '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
started.push(redis);
fs.rmSync(PROF_DIR, { recursive: true, force: true });
fs.mkdirSync(PROF_DIR, { recursive: true });
const out = fs.openSync(`/tmp/open-bench-api-${PORT}.log`, 'w');
const spawnedAt = performance.now();
const api = spawn(process.execPath, [...(PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${PROF_DIR}`] : []), ...(COUNT_SQL ? ['--import', path.join(root, 'bench/count-sql.mjs')] : []), path.join(root, 'apps/api/dist/main.js')], {
  cwd: path.join(root, 'apps/api'),
  stdio: ['ignore', out, out],
  env: {
    ...process.env,
    ...benchApiEnv({
      port: PORT,
      role: 'api',
      db: DB,
      redisPort: REDIS_PORT,
      prefix: 'open-bench',
      dataDir: `/tmp/open-bench-data-${PORT}`,
      extra: { COUNT_SQL_FILE: COUNT_FILE },
    }),
  },
});
started.push(api);
for (let i = 0; ; i++) {
  if (api.exitCode !== null || i > 480) throw new Error(`bench: the API did not start, see /tmp/open-bench-api-${PORT}.log`);
  try {
    if ((await fetch(`http://127.0.0.1:${PORT}/api/health/ready`)).status === 200) break;
  } catch {
    // not yet
  }
  await sleep(250);
}
// Warm-up: a few streams, closed.
{
  const { held } = await burst(tokens.slice(0, 50));
  for (const r of held) r.destroy();
  await sleep(1000);
}

/** The statements the API sent so far, by text (`--count-sql`). */
async function sqlCounts() {
  await sleep(500);
  return JSON.parse(fs.readFileSync(COUNT_FILE, 'utf8'));
}

const windows = [];
for (let round = 1; round <= ROUNDS; round++) {
  const load = loadAverage();
  const tx0 = transactions();
  const sql0 = COUNT_SQL ? await sqlCounts() : null;
  const cpu0 = cpuMs(api.pid);
  const t0 = performance.now();
  const { latencies, held } = await burst(tokens);
  const cpu = cpuMs(api.pid) - cpu0;
  const seconds = (performance.now() - t0) / 1000;
  windows.push([t0 - spawnedAt, performance.now() - spawnedAt]);
  const tx = transactions() - tx0;
  log(
    `round ${round}: ${STREAMS} streams open in ${seconds.toFixed(2)} s = ${(STREAMS / seconds).toFixed(0)}/s; open p50 ${pct(latencies, 50).toFixed(0)} ms, p99 ${pct(latencies, 99).toFixed(0)} ms; ${tx} statements (${(tx / STREAMS).toFixed(2)} per open); API CPU ${cpu} ms = ${(cpu / STREAMS).toFixed(2)} ms per open; load ${load} -> ${loadAverage()}`,
  );
  if (sql0) {
    const sql1 = await sqlCounts();
    const sent = Object.entries(sql1).map(([text, n]) => [text, n - (sql0[text] ?? 0)]).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]);
    const total = sent.reduce((a, [, n]) => a + n, 0);
    console.log(`  statements sent by the API: ${total} (${(total / STREAMS).toFixed(3)} per open)`);
    for (const [text, n] of sent) console.log(`  ${String(n).padStart(6)}  ${text}`);
  }
  for (const r of held) r.destroy();
  await sleep(3000);
}

if (PROFILE) {
  api.kill('SIGINT');
  await new Promise((r) => api.once('exit', r));
  const files = fs.readdirSync(PROF_DIR).filter((f) => f.endsWith('.cpuprofile'));
  const profile = JSON.parse(fs.readFileSync(path.join(PROF_DIR, files[0]), 'utf8'));
  // The profile starts within a few ms of the spawn: only the bursts' windows count.
  const inBurst = (t) => windows.some(([a, b]) => t >= profile.startTime + a * 1000 && t <= profile.startTime + b * 1000);
  const { total, fn, pkg } = selfTime(profile, inBurst);
  const share = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
  console.log(`\nprofile: ${(total / 1e6).toFixed(1)} s sampled in the bursts\n\nself time by package`);
  for (const [k, t] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`${share(t)}  ${k}`);
  console.log('\nself time by function');
  for (const [k, t] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`${share(t)}  ${k}`);
}
// The API child and the streams' sockets are closed above, but the Redis child (and pg's pool) would
// keep the process up: exit, and the exit handler stops what the bench started.
process.exit(0);
