#!/usr/bin/env node
// `npm run bench`: the issue 13 measurements of the built API (bench/README.md).
//   node bench/run.mjs            throughput of every scenario on the bench database (50 connections),
//                                 the list goals checked, then API / bare node:http ratios through
//                                 ../shared/tools/bench/ratio.mjs when that tool is present
//   node bench/run.mjs sizes      every list at 10 000 rows (perf_small) against 1 000 000 rows
//                                 (perf_large): throughput ratio, goal <= 1.3
// Env: BENCH_SECONDS (default 8), BENCH_ROUNDS (default 3, the median is shown), BENCH_SCENARIOS
// (name=/api/path,...), BENCH_DB / BENCH_SMALL_DB / BENCH_LARGE_DB (database URLs), BENCH_RATIO=0
// (skip the ratio part), BENCH_PORT (default 3400).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { dbUrl, get, loadAverage, login, median, root, startApi, stopApi, wrk } from './lib.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Every scenario of issue 13; the lists are the ones the size comparison runs. */
export const SCENARIOS =
  'jobs=/api/jobs?page=1,products=/api/products,feed=/api/feed,notifications=/api/user-notifications,job=/api/jobs/{job},courses=/api/courses,petitions=/api/petitions,videos=/api/videos';
const LISTS = ['jobs', 'products', 'courses', 'petitions', 'videos'];
const parse = (s) => s.split(',').map((x) => [x.slice(0, x.indexOf('=')), x.slice(x.indexOf('=') + 1)]);
const scenarios = parse(process.env.BENCH_SCENARIOS ?? SCENARIOS);
const mode = process.argv[2] ?? 'throughput';

function requireDb(url, how) {
  const r = spawnSync('psql', [url, '-tAc', 'select count(*) from jobs'], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.log(`bench: no database at ${url}: ${how}`);
    // A command-line tool: a missing bench database ends the run with a non-zero exit code (nothing started yet).
    process.exit(1);
  }
}

/** Median of ROUNDS rounds per scenario (after one warm-up round) against one running API. */
async function measure(db, names) {
  const api = await startApi({}, db);
  try {
    const token = await login(api.url);
    const auth = { authorization: `Bearer ${token}` };
    const jobId = (await (await get(`${api.url}/api/jobs?page=1`, auth)).json()).data?.[0]?.id;
    const rows = [];
    for (const [name, p] of scenarios.filter(([n]) => !names || names.includes(n))) {
      const url = `${api.url}${p.replace('{job}', String(jobId))}`;
      const check = await get(url, auth);
      if (check.status !== 200)
        throw new Error(`bench: ${name} answered ${check.status}: ${(await check.text()).slice(0, 200)}`);
      wrk(url, token, Math.min(3, SECONDS));
      const runs = [];
      for (let i = 0; i < ROUNDS; i++) runs.push(wrk(url, token, SECONDS));
      rows.push({
        name,
        rps: median(runs.map((r) => r.rps)),
        p50: median(runs.map((r) => r.p50)),
        p99: median(runs.map((r) => r.p99)),
        bad: runs.reduce((s, r) => s + r.bad, 0),
        load: loadAverage(),
      });
    }
    return rows;
  } finally {
    await stopApi(api);
  }
}

const fmt = (n, w, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : '-').padStart(w);

if (mode === 'sizes') {
  const small = process.env.BENCH_SMALL_DB ?? dbUrl('perf_small');
  const large = process.env.BENCH_LARGE_DB ?? dbUrl('perf_large');
  requireDb(small, 'bash bench/make-data.sh perf_small small');
  requireDb(large, 'bash bench/make-data.sh perf_large large');
  console.log(`bench: lists at 10 000 vs 1 000 000 rows, ${ROUNDS} x ${SECONDS} s, load ${loadAverage()}`);
  const a = await measure(small, LISTS);
  const b = await measure(large, LISTS);
  console.log('list           10k req/s  1M req/s  ratio  10k p99 ms  1M p99 ms  load (1M run)');
  let ok = true;
  for (const r of a) {
    const l = b.find((x) => x.name === r.name);
    const ratio = r.rps / l.rps;
    if (!(ratio <= 1.3) || l.bad > 0) ok = false;
    console.log(
      `${r.name.padEnd(14)} ${fmt(r.rps, 9)} ${fmt(l.rps, 9)} ${fmt(ratio, 6, 2)} ${fmt(r.p99, 11, 1)} ${fmt(l.p99, 10, 1)}  ${l.load}`,
    );
  }
  console.log(`bench: every list within 1.3x of its 10 000-row throughput: ${ok ? 'yes' : 'NO'}`);
  // The exit code is the tool's verdict (0 only when the size goal holds), so a script or CI step can gate on it.
  process.exit(ok ? 0 : 1);
}

const db = process.env.BENCH_DB ?? dbUrl('perf_bench');
requireDb(db, 'bash bench/make-data.sh');
console.log(
  `bench: ${scenarios.length} scenarios, ${ROUNDS} x ${SECONDS} s, 50 connections, load ${loadAverage()}`,
);
const rows = await measure(db);
console.log('scenario       req/s   p50 ms   p99 ms  errors  load');
for (const r of rows)
  console.log(
    `${r.name.padEnd(12)} ${fmt(r.rps, 7)} ${fmt(r.p50, 8, 1)} ${fmt(r.p99, 8, 1)} ${fmt(r.bad, 7)}  ${r.load}`,
  );
let ok = true;
for (const name of ['jobs', 'products']) {
  const r = rows.find((x) => x.name === name);
  if (!r) continue;
  const pass = r.rps >= 300 && r.p99 < 300 && r.bad === 0;
  if (!pass) ok = false;
  console.log(`bench: ${name} >= 300 req/s, p99 < 300 ms, no errors: ${pass ? 'yes' : 'NO'}`);
}

// API / bare node:http, side by side (the shared tool runs the bare server from the captured SQL).
const ratio = path.resolve(root, '../shared/tools/bench/ratio.mjs');
if (process.env.BENCH_RATIO !== '0' && fs.existsSync(ratio)) {
  console.log(`\nbench: API / bare node:http (${ratio})`);
  const r = spawnSync(process.execPath, [ratio], {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      MAIN: root,
      PERF_DB: db,
      PERF_SCENARIOS: process.env.BENCH_SCENARIOS ?? SCENARIOS,
      PERF_SECONDS: String(SECONDS),
      PERF_ROUNDS: String(ROUNDS),
    },
  });
  if (r.status !== 0) ok = false;
} else if (process.env.BENCH_RATIO !== '0') {
  console.log('\nbench: ../shared/tools/bench/ratio.mjs not found: API / bare ratios skipped');
}
// The exit code is the tool's verdict (0 only when every throughput goal holds); the API it started is stopped already.
process.exit(ok ? 0 : 1);
