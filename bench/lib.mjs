// Shared by the bench scripts: start and stop the built app against a bench database, log in as the
// demo doctor, and load a URL with wrk (50 connections) or, without wrk, a small built-in loader.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** `require` from the workspace root: playwright-core and the like without a package of bench's own. */
export const workspaceRequire = createRequire(path.join(root, 'package.json'));

const cliArgs = process.argv.slice(2);
/** The value after `--name` on the command line, else `fallback`. */
export const cliOption = (name, fallback) => (cliArgs.includes(name) ? cliArgs[cliArgs.indexOf(name) + 1] : fallback);
/** Whether `--name` is on the command line. */
export const cliFlag = (name) => cliArgs.includes(name);
/** `--base`, else the app on PORT (3000). */
export const cliBase = () => cliOption('--base', `http://127.0.0.1:${process.env.PORT ?? 3000}`);
export const JWT_SECRET = 'bench-secret-0123456789abcdef0123456789abcdef';
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

export const dbUrl = (name) => `postgres://postgres@${process.env.PGHOST ?? '127.0.0.1'}:5432/${name}`;

/**
 * Starts `scripts/start.mjs` (no build, no Redis, no housekeeping) on BENCH_PORT (default 3400)
 * against `db` (a URL; default BENCH_DB or perf_bench) and waits for /api/health.
 */
export async function startApi(env = {}, db = process.env.BENCH_DB ?? dbUrl('perf_bench'), nodeFlags = null) {
  const port = Number(process.env.BENCH_PORT ?? 3400);
  if (!fs.existsSync(path.join(root, 'apps/api/dist/main.js')))
    throw new Error('bench: build first (npx turbo run build)');
  const log = `/tmp/bench-api-${port}.log`;
  const out = fs.openSync(log, 'w');
  // With node flags (a CPU profile: node refuses --cpu-prof in NODE_OPTIONS) the API's main.js runs
  // directly, with what the launcher would give it; the database must be migrated and seeded already.
  const args = nodeFlags
    ? [...nodeFlags, path.join(root, 'apps/api/dist/main.js')]
    : [path.join(root, 'scripts/start.mjs')];
  const child = spawn(process.execPath, args, {
    cwd: nodeFlags ? path.join(root, 'apps/api') : root,
    detached: true,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      PORT: String(port),
      DATABASE_URL: db,
      START_SKIP_BUILD: '1',
      DATA_DIR: `/tmp/bench-data-${port}`,
      JWT_SECRET,
      ACCESS_TOKEN_TTL_SECONDS: '3600',
      REDIS_URL: '',
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
      WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
      NODE_ENV: process.env.NODE_ENV ?? 'development',
      ...env,
    },
  });
  const api = { child, url: `http://127.0.0.1:${port}`, log };
  process.on('exit', () => kill(api));
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) break;
    try {
      const r = await fetch(`${api.url}/api/health`);
      if (r.status < 500) return api;
    } catch {
      // not listening yet
    }
    await sleep(500);
  }
  kill(api);
  throw new Error(`bench: the API did not start, see ${log}`);
}

function kill(api) {
  try {
    process.kill(-api.child.pid, 'SIGTERM');
  } catch {
    // already stopped
  }
}

/** SIGTERM to the app's process group, then waits until it is gone (profiles are written at exit). */
export async function stopApi(api) {
  kill(api);
  for (let i = 0; i < 60 && api.child.exitCode === null && api.child.signalCode === null; i++)
    await sleep(250);
  await sleep(500);
}

/**
 * `fetch`, tried again once when the connection was closed under it: after a wrk round the API has
 * closed the idle keep-alive connection that fetch would reuse ("other side closed").
 */
export async function get(url, headers = {}) {
  try {
    return await fetch(url, { headers });
  } catch {
    await sleep(200);
    return fetch(url, { headers });
  }
}

export async function login(base) {
  const res = await fetch(`${base}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'lege@demo.no', password: 'Demo!2026' }),
  });
  const token = (await res.json()).access_token;
  if (!token) throw new Error(`bench: login failed (${res.status})`);
  return token;
}

const hasWrk = spawnSync('wrk', ['--version'], { encoding: 'utf8' }).error === undefined;

/** Loads `url` for `seconds` with CONNECTIONS connections: req/s, p50 and p99 in ms, errors (non-2xx and time-outs). */
export function wrk(url, token, seconds) {
  if (!hasWrk) return loadWithNode(url, token, seconds);
  const out = execFileSync(
    'wrk',
    ['-t1', `-c${CONNECTIONS}`, `-d${seconds}s`, '--latency', '-H', `Authorization: Bearer ${token}`, url],
    {
      encoding: 'utf8',
    },
  );
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0);
  const ms = (label) => {
    const m = new RegExp(`${label}%\\s+([\\d.]+)(us|ms|s)`).exec(out);
    return m ? Number(m[1]) * { us: 0.001, ms: 1, s: 1000 }[m[2]] : NaN;
  };
  const bad =
    Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) +
    Number(/Socket errors:.*timeout (\d+)/.exec(out)?.[1] ?? 0);
  return { rps, p50: ms(' 50'), p99: ms(' 99'), bad };
}

/** Without wrk: a keep-alive loader in a child node process (slower than wrk, so API figures are a floor). */
function loadWithNode(url, token, seconds) {
  const script = `
    const http = require('node:http');
    const [url, token, seconds, conns] = process.argv.slice(1);
    const agent = new http.Agent({ keepAlive: true, maxSockets: Number(conns) });
    const end = Date.now() + Number(seconds) * 1000; const lat = []; let bad = 0; let running = 0;
    const one = () => { if (Date.now() >= end) { if (--running === 0) done(); return; } const t = process.hrtime.bigint();
      http.get(url, { agent, headers: { authorization: 'Bearer ' + token }, timeout: 2000 }, (res) => { res.resume(); res.on('end', () => {
        if (res.statusCode >= 400) bad++; lat.push(Number(process.hrtime.bigint() - t) / 1e6); one(); }); })
        .on('error', () => { bad++; one(); }); };
    const done = () => { lat.sort((a, b) => a - b); const q = (p) => lat[Math.min(lat.length - 1, Math.floor(lat.length * p))] ?? NaN;
      process.stdout.write(JSON.stringify({ rps: lat.length / Number(seconds), p50: q(0.5), p99: q(0.99), bad })); };
    for (let i = 0; i < Number(conns); i++) { running++; one(); }`;
  const out = execFileSync(
    process.execPath,
    ['-e', script, url, token, String(seconds), String(CONNECTIONS)],
    { encoding: 'utf8' },
  );
  return JSON.parse(out);
}

export const median = (a) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)];
export const loadAverage = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

/** The package a profiled function's file belongs to (a `node_modules` package, node core, the API, a workspace package). */
const packageOfUrl = (url) => {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return 'node core';
  if (url.includes('/apps/api/')) return 'api';
  if (url.includes('/packages/')) return '@legenett/' + url.split('/packages/')[1].split('/')[0];
  return url;
};

/**
 * Self time of a V8 `.cpuprofile` (`node --cpu-prof`) over the samples taken at a time `counts(t)`
 * keeps (profile clock, µs): the total, and by function and by package, each a Map to µs.
 */
export function selfTime(profile, counts) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const at = [];
  profile.timeDeltas.reduce((t, d, i) => (at[i] = t + d), profile.startTime);
  const self = new Map();
  profile.samples.forEach((id, i) => {
    if (counts(at[i])) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
  const fn = new Map();
  const pkg = new Map();
  for (const [id, t] of self) {
    const n = byId.get(id);
    const name = n.callFrame.functionName || '(anonymous)';
    const where = idle.has(name) ? name : packageOfUrl(n.callFrame.url);
    const key = `${name}  ${where}${n.callFrame.url && !idle.has(name) ? `:${n.callFrame.lineNumber + 1}` : ''}`;
    fn.set(key, (fn.get(key) ?? 0) + t);
    pkg.set(where, (pkg.get(where) ?? 0) + t);
  }
  return { total: [...self.values()].reduce((a, b) => a + b, 0), fn, pkg };
}

/**
 * The environment of a built API process for a bench (`apps/api/dist/main.js`): its port and role,
 * the bench database, a Redis of the bench's own, the bench's token secret, quiet logs and no
 * housekeeping. `extra` adds to it or overrides.
 */
export const benchApiEnv = ({ port, role, db, redisPort, prefix, dataDir, extra = {} }) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  ROLE: role,
  NODE_ENV: 'development',
  LOG_LEVEL: 'warn',
  DATABASE_URL: dbUrl(db),
  DATABASE_POOL_SIZE: '10',
  MIGRATE_ON_START: 'false',
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
  REDIS_PREFIX: prefix,
  JWT_SECRET,
  ACCESS_TOKEN_TTL_SECONDS: '3600',
  HOUSEKEEPING_INTERVAL_MINUTES: '0',
  DATA_DIR: dataDir,
  ...extra,
});
