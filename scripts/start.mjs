#!/usr/bin/env node
// `npm start`: build (turbo-cached), start PostgreSQL (embedded unless DATABASE_URL is set), apply
// migrations, seed on first start, then serve the API and the SPA on one port.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadOrCreateSecrets } from './secrets.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const port = Number(process.env.PORT ?? 3000);
// This machine only unless HOST says otherwise: the demo accounts' password is in the README.
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = path.resolve(root, process.env.DATA_DIR ?? '.data');
const log = (msg) => console.log(`[legenett] ${msg}`);

/** Who listens on `port` (from `ss`), for the message when it is taken; null when that cannot be told. */
function holderOf(p) {
  const res = spawnSync('ss', ['-H', '-ltnp', `sport = :${p}`], { encoding: 'utf8' });
  if (res.status !== 0 || !res.stdout.trim()) return null;
  const m = /users:\(\("([^"]+)",pid=(\d+)/.exec(res.stdout);
  return m ? `${m[1]} (process ${m[2]})` : res.stdout.trim().split('\n')[0];
}

/** Stops at once, saying who holds it, when another program already listens on our port. */
async function requireFreePort(p) {
  const inUse = await new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', (err) => resolve(err.code === 'EADDRINUSE' ? true : err));
    server.listen(p, host, () => server.close(() => resolve(false)));
  });
  if (inUse === false) return;
  if (inUse === true) {
    const holder = holderOf(p);
    console.error(`[legenett] port ${p} is already in use${holder ? ` by ${holder}` : ''}. Stop that program, or start on another port: PORT=3001 npm start`);
  } else {
    console.error(`[legenett] cannot listen on ${host}:${p}: ${inUse.message}`);
  }
  process.exit(1);
}
await requireFreePort(port);

/**
 * What the build reads, as a fingerprint: every file and folder under the packages' sources (path,
 * size, modification time), and the root files that steer the build. A later start with the same
 * fingerprint as after the last build skips turbo's cache check (~2 s of a 6 s start on a 2-core
 * machine). An edit, a new or deleted file, a checkout or an install changes it; then turbo decides,
 * as before. (`npm run build` always asks turbo.)
 */
function buildFingerprint() {
  const hash = createHash('sha256');
  const skip = new Set(['node_modules', 'dist', '.turbo', 'coverage', 'test-results', 'playwright-report']);
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (skip.has(entry.name)) continue;
      const full = path.join(dir, entry.name);
      const st = fs.statSync(full);
      hash.update(`${full}\0${st.size}\0${st.mtimeMs}\n`);
      if (entry.isDirectory()) walk(full);
    }
  };
  for (const dir of ['apps/api', 'apps/web', 'packages/contracts', 'packages/db', 'packages/shared', 'seed']) walk(path.join(root, dir));
  for (const file of ['package.json', 'package-lock.json', 'turbo.json', 'tsconfig.base.json']) {
    const st = fs.statSync(path.join(root, file), { throwIfNoEntry: false });
    hash.update(`${file}\0${st?.size}\0${st?.mtimeMs}\n`);
  }
  return hash.digest('hex');
}
const buildOutputs = ['packages/contracts/dist/index.js', 'packages/db/dist/index.js', 'packages/shared/dist/index.js', 'seed/dist/index.js', 'apps/api/dist/main.js', 'apps/web/dist/index.html'];
const stampFile = path.join(root, 'node_modules', '.cache', 'legenett', 'build-fingerprint');

if (process.env.START_SKIP_BUILD !== '1') {
  const fingerprint = buildFingerprint();
  const unchanged =
    fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === fingerprint && buildOutputs.every((f) => fs.existsSync(path.join(root, f)));
  if (unchanged) {
    log('build: no source changed since the last build');
  } else {
    log('building (under a minute the first time on a laptop, cached after) ...');
    // turbo's own report goes to the terminal only when the build fails.
    const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    if (build.status !== 0) {
      process.stdout.write(build.stdout ?? '');
      process.stderr.write(build.stderr ?? '');
      // Nothing is started yet (no PostgreSQL, no API): end the launcher with the build's own exit code.
      process.exit(build.status ?? 1);
    }
    // The fingerprint taken before the build: a file edited while it ran makes the next start ask turbo.
    fs.mkdirSync(path.dirname(stampFile), { recursive: true });
    fs.writeFileSync(stampFile, fingerprint);
  }
}

const { createDatabase, runMigrations, startEmbeddedPostgres, ensureDatabase, withDatabase, freePort } = require(
  path.join(root, 'packages/db/dist/index.js'),
);
const { seedDatabase, DEMO_ACCOUNTS } = require(path.join(root, 'seed/dist/index.js'));

// Secrets the environment does not give: made on first start, kept in DATA_DIR, never defaults.
// Production must be given all of them (the API refuses to start otherwise), so none is made there.
let secrets = {};
if (process.env.NODE_ENV !== 'production') {
  const kept = loadOrCreateSecrets(dataDir);
  secrets = kept.secrets;
  if (kept.generated.length > 0) log(`generated ${kept.generated.join(', ')} into ${kept.file} (mode 0600)`);
}

/** Embedded PostgreSQL runs as the `postgres` system user when we are root: it must reach the folder. */
function clusterDir() {
  const wanted = path.join(dataDir, 'pg');
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) return wanted;
  let dir = path.dirname(wanted);
  while (fs.existsSync(dir) === false) dir = path.dirname(dir);
  for (let d = dir; ; d = path.dirname(d)) {
    if ((fs.statSync(d).mode & 0o001) === 0) {
      const fallback = path.join('/var/tmp/legenett', Buffer.from(wanted).toString('base64url').slice(-40), 'pg');
      log(`${d} is closed to the postgres system user; keeping the database in ${fallback}`);
      fs.mkdirSync(path.dirname(fallback), { recursive: true, mode: 0o755 });
      return fallback;
    }
    if (d === path.dirname(d)) return wanted;
  }
}

let embedded = null;
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  // PORT + 2432 (5432 for the default 3000) unless something already listens there, e.g. a
  // PostgreSQL of the machine's own: then any free port.
  const pgPort = process.env.EMBEDDED_PG_PORT ? Number(process.env.EMBEDDED_PG_PORT) : await freePort(port + 2432);
  fs.mkdirSync(dataDir, { recursive: true });
  log(`starting embedded PostgreSQL on 127.0.0.1:${pgPort} ...`);
  embedded = await startEmbeddedPostgres({ dataDir: clusterDir(), port: pgPort });
  await ensureDatabase(embedded.serverUrl, 'legenett');
  databaseUrl = withDatabase(embedded.serverUrl, 'legenett');
}

// The API's full log (JSON lines, one per request and per start-up step) goes to a file; the seed's
// lines go there first. The terminal gets this launcher's short lines: what the seed made (demo content
// and demo media, or why no media), and from the API only warnings, errors and anything that is not a
// log line (a crash). LEGENETT_VERBOSE=1 shows everything on the terminal as before.
const verbose = process.env.LEGENETT_VERBOSE === '1';
const logFile = path.join(dataDir, 'legenett.log');
fs.mkdirSync(dataDir, { recursive: true });
if (fs.existsSync(logFile)) fs.renameSync(logFile, `${logFile}.1`);
const logStream = fs.createWriteStream(logFile, { flags: 'a', mode: 0o600 });
/** A seed line: to the full log always, to the terminal when it says what the demo got (or verbose). */
const seedLog = (msg) => {
  logStream.write(`${JSON.stringify({ level: 30, time: Date.now(), context: 'seed', msg })}\n`);
  if (verbose || /^demo (content|media):/.test(msg)) log(msg);
};

const mediaBeforeReady = process.env.DEMO_MEDIA_BEFORE_READY === '1';
let firstStart = false;
const handle = createDatabase(databaseUrl, { max: 2 });
try {
  log('applying migrations ...');
  await runMigrations(handle.db);
  const { rows } = await handle.pool.query('select count(*)::int as n from users');
  firstStart = rows[0].n === 0;
  log(firstStart ? 'first start: seeding reference and demo data ...' : 'updating reference data ...');
  await seedDatabase(handle.db, {
    demo: firstStart && process.env.SEED_DEMO !== 'false',
    log: seedLog,
    nationalIdKey: secrets.NATIONAL_ID_HASH_KEY,
    // Demo video and audio files go where the API's local storage reads them (none with S3).
    mediaUploadsDir: process.env.STORAGE_DRIVER === 's3' ? null : path.join(dataDir, 'uploads'),
    // ffmpeg's part (most of the seed) runs after "ready" (demoMedia below); DEMO_MEDIA_BEFORE_READY=1
    // keeps it before, for the e2e tests.
    mediaFiles: mediaBeforeReady ? 'now' : 'later',
  });
} finally {
  await handle.close();
}

const api = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/api/dist/main.js')], {
  cwd: path.join(root, 'apps/api'),
  stdio: verbose ? 'inherit' : ['ignore', 'pipe', 'pipe'],
  env: {
    ...process.env,
    ...secrets,
    PORT: String(port),
    HOST: host,
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(root, 'apps/web/dist'),
    NODE_ENV: process.env.NODE_ENV ?? 'development',
  },
});

/** A terminal colour code (ESC [ ... m), built from its code point so no control character sits in a pattern. */
const ANSI_COLOUR = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/** A pino line at warn (40) or above, as one readable line; null for lower levels. Non-JSON: as it is. */
function forTerminal(line) {
  // Nest's own console format, before the JSON logger takes over: its info lines stay in the file.
  if (/^\[Nest\][^\n]*\s(LOG|DEBUG|VERBOSE)\s/.test(line.replace(ANSI_COLOUR, ''))) return null;
  if (!line.startsWith('{')) return line;
  try {
    const entry = JSON.parse(line);
    if (typeof entry.level !== 'number' || entry.level < 40) return null;
    const what = entry.msg ?? entry.err?.message ?? '';
    return `[legenett] ${entry.level >= 50 ? 'error' : 'warning'}${entry.context ? ` (${entry.context})` : ''}: ${what}`;
  } catch {
    return line;
  }
}
if (!verbose) {
  for (const [stream, out] of [[api.stdout, process.stdout], [api.stderr, process.stderr]]) {
    let rest = '';
    stream.on('data', (chunk) => {
      logStream.write(chunk);
      const lines = (rest + chunk.toString('utf8')).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        const shown = line.trim() ? forTerminal(line) : null;
        if (shown) out.write(`${shown}\n`);
      }
    });
  }
}

let stopping = false;
/** The demo media's process while it runs (demoMedia below); stopped first. */
let mediaChild = null;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (mediaChild) mediaChild.kill('SIGTERM');
  if (api.exitCode === null) {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
  if (embedded) await embedded.stop();
  process.exit(code);
}
// Stop the API first, then PostgreSQL, then exit.
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));
api.on('exit', (code) => void stop(code ?? 1));

/**
 * The demo's videos, audio and product photos, once the server answers (seed/src/media-cli.ts, a
 * process of its own so ffmpeg never holds up this launcher): each item appears when its files exist.
 * On a later start it only checks that nothing is missing.
 */
function demoMedia() {
  if (mediaBeforeReady || process.env.SEED_DEMO === 'false') return;
  if (firstStart) log('making the demo videos, audio and product photos (ffmpeg); they appear on their pages in a few seconds ...');
  const child = (mediaChild = spawn(process.execPath, [path.join(root, 'seed/dist/media-cli.js')], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
  }));
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk.toString('utf8');
    const lines = out.split('\n');
    out = lines.pop() ?? '';
    for (const line of lines) if (line.trim()) seedLog(line);
  });
  child.stderr.on('data', (chunk) => {
    logStream.write(chunk);
    process.stderr.write(chunk);
  });
  child.on('exit', (code) => {
    mediaChild = null;
    if (code !== 0 && !stopping) log(`the demo media could not be made (exit code ${code}); see above`);
  });
}

// Announce once the API answers.
const url = `http://${host === '0.0.0.0' || host === '127.0.0.1' ? 'localhost' : host}:${port}`;
for (let i = 0; i < 120 && !stopping; i++) {
  try {
    const res = await fetch(`http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${port}/api/health`);
    if (res.ok) {
      log(`ready: ${url}  (API ${url}/api, docs ${url}/api/docs)`);
      log('demo accounts (password for all: Demo!2026):');
      for (const a of DEMO_ACCOUNTS) log(`  ${a.email.padEnd(18)} ${a.description}`);
      if (!verbose) log(`full log: ${path.relative(process.cwd(), logFile).startsWith('..') ? logFile : path.relative(process.cwd(), logFile)} (LEGENETT_VERBOSE=1 npm start shows it here)`);
      log('stop with Ctrl+C');
      demoMedia();
      break;
    }
  } catch {
    // not listening yet
  }
  await new Promise((r) => setTimeout(r, 500));
}
