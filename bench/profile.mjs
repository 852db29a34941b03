#!/usr/bin/env node
// CPU profile of the built API under load: starts it with `node --cpu-prof`, loads one path with wrk
// (50 connections), stops it and prints where the main thread's time went, per function and per
// package. Usage, from the project root after a build and `bash bench/make-data.sh`:
//   node bench/profile.mjs /api/user-notifications [seconds]
// Env: BENCH_DB (database URL, default perf_bench on 127.0.0.1), BENCH_PORT (default 3400),
// BENCH_TOP (rows per table, default 25). The raw profile stays in /tmp/bench-prof/ (open it in
// Chrome DevTools or speedscope for the call tree).
import fs from 'node:fs';
import path from 'node:path';
import { login, selfTime, startApi, stopApi, wrk } from './lib.mjs';

const target = process.argv[2] ?? '/api/user-notifications';
const seconds = Number(process.argv[3] ?? 15);
const top = Number(process.env.BENCH_TOP ?? 25);
const dir = '/tmp/bench-prof';
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });

const spawned = Date.now();
const api = await startApi({}, undefined, ['--cpu-prof', `--cpu-prof-dir=${dir}`]);
let loadStarted = 0;
try {
  const token = await login(api.url);
  const jobId = (
    await (
      await fetch(`${api.url}/api/jobs?page=1`, { headers: { authorization: `Bearer ${token}` } })
    ).json()
  ).data?.[0]?.id;
  const url = `${api.url}${target.replace('{job}', String(jobId))}`;
  wrk(url, token, 3);
  loadStarted = Date.now();
  const r = wrk(url, token, seconds);
  console.log(
    `${target}: ${r.rps.toFixed(0)} req/s, p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.bad}`,
  );
} finally {
  await stopApi(api);
}

// The API's profile is the largest (the launcher writes a small one of its own).
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => path.join(dir, f));
if (files.length === 0) throw new Error(`no profile in ${dir}`);
const file = files.sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
const profile = JSON.parse(fs.readFileSync(file, 'utf8'));
// Only the measured run: start-up (module loading), the warm-up and shutdown are left out. The
// profile starts when the process does (`spawned`, give or take a few ms); the run began
// `loadStarted - spawned` ms later and lasted `seconds`.
const from = profile.startTime + (loadStarted - spawned) * 1000;
const to = from + seconds * 1e6;
const { total, fn, pkg } = selfTime(profile, (t) => t >= from && t <= to);
const pct = (t) => `${((100 * t) / total).toFixed(1).padStart(5)} %`;
console.log(`\nprofile ${file}: ${(total / 1e6).toFixed(1)} s sampled\n\nself time by package`);
for (const [k, t] of [...pkg].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
console.log('\nself time by function');
for (const [k, t] of [...fn].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(t)}  ${k}`);
