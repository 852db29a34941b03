#!/usr/bin/env node
// The app as Playwright drives it: the built product (`npm start` without the build step) on a fresh
// database. With DATABASE_URL (a server) it recreates `legenett_e2e_<port>` there; without it, embedded
// PostgreSQL in a new temporary data folder.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const { recreateDatabase, withDatabase } = require(path.join(root, 'packages/db/dist/index.js'));

// Its own Redis namespace, so rate-limit counters of earlier runs or other tiers never leak in.
// The demo media before "ready" (npm start makes them after): the tests open them at once.
const env = { ...process.env, START_SKIP_BUILD: '1', NODE_ENV: 'test', REDIS_PREFIX: `e2e-${process.pid}-${Date.now()}`, DEMO_MEDIA_BEFORE_READY: '1' };
let tempDir = null;
if (process.env.DATABASE_URL) {
  // One database per port, so two runs side by side never share one.
  const name = `legenett_e2e_${process.env.PORT ?? 'default'}`;
  await recreateDatabase(process.env.DATABASE_URL, name);
  env.DATABASE_URL = withDatabase(process.env.DATABASE_URL, name);
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-e2e-files-'));
  env.DATA_DIR = tempDir;
} else {
  tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-e2e-'));
  fs.chmodSync(tempDir, 0o755);
  env.DATA_DIR = tempDir;
}

const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], { cwd: root, stdio: 'inherit', env });
const forward = (signal) => child.kill(signal);
process.on('SIGINT', forward);
process.on('SIGTERM', forward);
child.on('exit', (code) => {
  if (tempDir) fs.rmSync(tempDir, { recursive: true, force: true });
  process.exit(code ?? 0);
});
