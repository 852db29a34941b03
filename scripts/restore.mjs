#!/usr/bin/env node
// Restore of a backup made by scripts/backup.mjs: checks the manifest's checksums, restores the
// database dump (`pg_restore`) and unpacks the upload store.
//
//   DATABASE_URL=postgres://.../legenett_restored DATA_DIR=/srv/legenett-restored \
//     node scripts/restore.mjs backups/legenett-20261123-030000Z
//
// The target database is created when it does not exist. A database that already has tables, or an
// upload store that already has files, is refused unless --force: then the database's objects are
// dropped and recreated from the dump (`pg_restore --clean`) and the old upload folder is moved aside
// to `uploads.before-restore-<time>`. Restore into a new database and folder first to test a backup
// (docs/operations.md, "Backups and restore"); stop the API before restoring over the live one.
// --uploads DIR overrides the upload store (default DATA_DIR/uploads).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { binary, databaseName, describeDatabase, sha256, timestamp, withDatabase } from './backup-lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { Client } = createRequire(path.join(root, 'packages/db/package.json'))('pg');

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    force: { type: 'boolean', default: false },
    uploads: { type: 'string' },
    'database-url': { type: 'string' },
  },
});

const fail = (msg) => {
  console.error(`restore: ${msg}`);
  process.exit(2);
};
const log = (msg) => console.log(`[restore] ${msg}`);

const folder = positionals[0] ? path.resolve(positionals[0]) : fail('name the backup folder: node scripts/restore.mjs <folder>');
const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL ?? fail('DATABASE_URL (or --database-url) is required');
const uploadsDir = values.uploads ? path.resolve(values.uploads) : path.join(path.resolve(process.env.DATA_DIR ?? '.data'), 'uploads');

const manifestFile = path.join(folder, 'manifest.json');
if (!fs.existsSync(manifestFile)) fail(`${manifestFile} not found: not a backup folder`);
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

// 1. Every file is what the backup wrote.
for (const part of [manifest.database, manifest.uploads].filter(Boolean)) {
  const file = path.join(folder, part.file);
  if (!fs.existsSync(file)) fail(`${part.file} is missing`);
  if (sha256(file) !== part.sha256) fail(`${part.file} does not match its checksum: the backup is damaged`);
}
log(`backup of ${manifest.created_at} verified`);

// 2. The database: created when missing; refused when it has tables, unless --force.
const name = databaseName(databaseUrl);
const admin = new Client({ connectionString: withDatabase(databaseUrl, 'postgres') });
await admin.connect();
try {
  const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
  if (rowCount === 0) {
    log(`creating database ${name}`);
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  }
} finally {
  await admin.end();
}
const target = new Client({ connectionString: databaseUrl });
await target.connect();
let tables;
try {
  ({ rows: [{ n: tables }] } = await target.query(`select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`));
} finally {
  await target.end();
}
if (tables > 0 && !values.force) fail(`${describeDatabase(databaseUrl)} already has ${tables} tables: restore into a new database, or pass --force to replace them`);

log(`restoring the database into ${describeDatabase(databaseUrl)} ...`);
const restoreArgs = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', `--dbname=${databaseUrl}`];
if (tables > 0) restoreArgs.push('--clean', '--if-exists');
execFileSync(binary('pg_restore'), [...restoreArgs, path.join(folder, manifest.database.file)], { stdio: ['ignore', 'inherit', 'inherit'] });

// 3. The upload store.
if (manifest.uploads) {
  const hasFiles = fs.existsSync(uploadsDir) && fs.readdirSync(uploadsDir).length > 0;
  if (hasFiles) {
    if (!values.force) fail(`${uploadsDir} already has files: restore into a new DATA_DIR, or pass --force to move them aside`);
    const aside = `${uploadsDir}.before-restore-${timestamp()}`;
    fs.renameSync(uploadsDir, aside);
    log(`moved the old uploads aside to ${aside}`);
  }
  fs.mkdirSync(uploadsDir, { recursive: true });
  log(`unpacking uploads into ${uploadsDir} ...`);
  execFileSync('tar', ['-xzf', path.join(folder, manifest.uploads.file), '-C', uploadsDir, '--no-same-owner'], { stdio: ['ignore', 'inherit', 'inherit'] });
} else {
  log('the backup has no uploads (S3 storage): restore the bucket from its own versioning');
}
log('done');
