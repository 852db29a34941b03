#!/usr/bin/env node
// `npm test`: lint, typecheck, build, then every test tier. Each tier reports its counts as JSON; the
// last line printed is the total, `N passed, N failed`. Exits non-zero when anything failed.
//
// DATABASE_URL (optional) names a PostgreSQL server the tiers may create their own databases on;
// without it they start embedded PostgreSQL.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-test-'));
const only = process.argv.slice(2); // e.g. `npm test -- api-int web`
const results = [];

function run(name, cmd, args, options = {}) {
  if (only.length > 0 && !only.includes(name)) return null;
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...options, env: { ...process.env, ...options.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { status: res.status ?? 1, seconds };
}

/** A check that is one pass or one fail (lint, typecheck, build). */
function check(name, cmd, args, options) {
  const r = run(name, cmd, args, options);
  if (!r) return;
  results.push({ name, passed: r.status === 0 ? 1 : 0, failed: r.status === 0 ? 0 : 1, seconds: r.seconds });
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** A tier whose runner writes a JSON report; a runner that dies without one counts as one failure. */
function tier(name, cmd, args, parse, reportFile, options) {
  const r = run(name, cmd, args, options);
  if (!r) return;
  const counts = parse(readJson(reportFile));
  if (!counts) {
    results.push({ name, passed: 0, failed: 1, seconds: r.seconds, note: 'no report' });
    return;
  }
  // A runner that fails outside its tests (set-up error) still fails the tier.
  const failed = counts.failed + (r.status !== 0 && counts.failed === 0 ? 1 : 0);
  results.push({ name, passed: counts.passed, failed, seconds: r.seconds, note: counts.note });
}

const jestCounts = (j) => (j ? { passed: j.numPassedTests, failed: j.numFailedTests + (j.numRuntimeErrorTestSuites ?? 0) } : null);
const vitestCounts = (j) => (j ? { passed: j.numPassedTests, failed: j.numFailedTests } : null);
// A test that passed only on its retry counts as passed, and the summary names how many did: a retry
// must never hide a race silently.
const playwrightCounts = (j) =>
  j?.stats
    ? { passed: j.stats.expected + (j.stats.flaky ?? 0), failed: j.stats.unexpected, note: j.stats.flaky ? `${j.stats.flaky} flaky: passed only on retry` : undefined }
    : null;

check('build', 'npx', ['turbo', 'run', 'build', '--output-logs=errors-only']);
check('lint', 'npx', ['turbo', 'run', 'lint', '--output-logs=errors-only']);
check('typecheck', 'npx', ['turbo', 'run', 'typecheck', '--output-logs=errors-only']);
// The Drizzle schema and the committed SQL migrations must agree (drizzle-kit generate writes nothing).
check('migrations', 'node', ['scripts/check-migrations.mjs'], { cwd: path.join(root, 'packages/db') });
check('start-secrets', 'node', ['--test', 'scripts/secrets.test.mjs'], { cwd: root });
// The API import zones of eslint.config.mjs refuse a planted violation of each rule.
check('lint-zones', 'node', ['--test', 'scripts/lint-zones.test.mjs'], { cwd: root });
// The web's one-way rules (query keys and options, PagedList, the form kit's selects) refuse a planted violation.
check('lint-web', 'node', ['--test', 'scripts/lint-web.test.mjs'], { cwd: root });
// Demo media with Node.js only: ffmpeg hidden from PATH, the registry packages' binaries make files that play.
check('media-tools', 'node', ['--test', 'scripts/media-tools.test.mjs'], { cwd: root });
// Every repository query's SQL text is committed in apps/api/sql/ (docs/how-to/sql-in-review.md): `npm run sql` rewrites it.
check('sql', 'npm', ['run', 'sql', '--', '--check']);

const jestReport = (n) => path.join(reports, `${n}.json`);
tier('api-unit', 'npx', ['jest', '-c', 'jest.unit.config.js', '--ci', '--json', `--outputFile=${jestReport('api-unit')}`], jestCounts, jestReport('api-unit'), { cwd: path.join(root, 'apps/api') });
// Two workers, each on a database of its own (test/global-setup.ts copies the migrated one).
tier('api-int', 'npx', ['jest', '-c', 'jest.int.config.js', '--ci', '--maxWorkers=2', '--json', `--outputFile=${jestReport('api-int')}`], jestCounts, jestReport('api-int'), { cwd: path.join(root, 'apps/api') });
// Fault tier: two built API replicas on a PostgreSQL and a Redis of its own, which it stops and starts
// under load (apps/api/test/faults). It runs the built API, so alone (`npm test -- faults`) it builds first.
if (only.includes('faults') && !only.includes('build')) {
  const build = run('faults', 'npx', ['turbo', 'run', 'build', '--filter=@legenett/api...', '--output-logs=errors-only']);
  if (build && build.status !== 0) results.push({ name: 'faults', passed: 0, failed: 1, seconds: build.seconds, note: 'build failed' });
}
if (!results.some((r) => r.name === 'faults')) {
  tier('faults', 'npx', ['jest', '-c', 'jest.faults.config.js', '--ci', '--runInBand', '--json', `--outputFile=${jestReport('faults')}`], jestCounts, jestReport('faults'), {
    cwd: path.join(root, 'apps/api'),
    env: { FAULTS_REPORT: process.env.FAULTS_REPORT ?? path.join(root, 'apps/api/faults-report.json') },
  });
}
// Scale tier: two `api` processes and a worker of the built API behind a small balancer, on a
// PostgreSQL primary, a streaming replica, PgBouncer and Redis of its own (apps/api/test/scale).
if (only.includes('scale') && !only.includes('build')) {
  const build = run('scale', 'npx', ['turbo', 'run', 'build', '--filter=@legenett/api...', '--output-logs=errors-only']);
  if (build && build.status !== 0) results.push({ name: 'scale', passed: 0, failed: 1, seconds: build.seconds, note: 'build failed' });
}
if (!results.some((r) => r.name === 'scale')) {
  tier('scale', 'npx', ['jest', '-c', 'jest.scale.config.js', '--ci', '--runInBand', '--json', `--outputFile=${jestReport('scale')}`], jestCounts, jestReport('scale'), {
    cwd: path.join(root, 'apps/api'),
    env: { SCALE_REPORT: process.env.SCALE_REPORT ?? path.join(root, 'apps/api/scale-report.json') },
  });
}
tier('web', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jestReport('web')}`], vitestCounts, jestReport('web'), { cwd: path.join(root, 'apps/web') });
tier('e2e', 'npx', ['playwright', 'test'], playwrightCounts, jestReport('e2e'), {
  cwd: path.join(root, 'e2e'),
  env: { PLAYWRIGHT_JSON_OUTPUT_NAME: jestReport('e2e') },
});

console.log('\n=== summary');
let passed = 0;
let failed = 0;
for (const r of results) {
  passed += r.passed;
  failed += r.failed;
  console.log(`${r.name.padEnd(10)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed  ${r.seconds}s${r.note ? `  (${r.note})` : ''}`);
}
if (process.env.TEST_SUMMARY_FILE) fs.writeFileSync(process.env.TEST_SUMMARY_FILE, JSON.stringify({ passed, failed, results }, null, 2));
fs.rmSync(reports, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && results.length > 0 ? 0 : 1);
