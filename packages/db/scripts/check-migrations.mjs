#!/usr/bin/env node
// Fails when the Drizzle schema and the committed migrations disagree: runs `drizzle-kit generate`
// against a copy of migrations/ and fails if it writes anything. Run from packages/db.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const pkg = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-migrations-'));
const out = path.join(scratch, 'migrations');
fs.cpSync(path.join(pkg, 'migrations'), out, { recursive: true });
const config = path.join(scratch, 'drizzle.config.json');
fs.writeFileSync(
  config,
  // drizzle-kit reads `out` relative to the working directory, even when it is absolute.
  JSON.stringify({ dialect: 'postgresql', schema: './src/schema/index.ts', out: path.relative(pkg, out), casing: 'snake_case' }),
);

const list = (dir) => fs.readdirSync(dir, { recursive: true }).map(String).sort();
const before = list(out);
const res = spawnSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: pkg, encoding: 'utf8' });
const after = list(out);
const added = after.filter((f) => !before.includes(f));
fs.rmSync(scratch, { recursive: true, force: true });

const output = `${res.stdout}${res.stderr}`;
// drizzle-kit can exit 0 after an error: only its own "nothing to do" line counts as agreement.
// The exit status is what `npm test` counts: non-zero fails the `migrations` check.
if (res.status !== 0 || (added.length === 0 && !/No schema changes/i.test(output))) {
  process.stderr.write(output);
  console.error('drizzle-kit generate failed');
  process.exitCode = 1;
} else if (added.length > 0) {
  console.error(`The schema in packages/db/src/schema differs from the committed migrations: drizzle-kit would write ${added.join(', ')}.`);
  console.error('Run `npm run db:generate` and commit the new migration.');
  process.exitCode = 1;
} else {
  console.log('schema and migrations agree');
}
