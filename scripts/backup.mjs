#!/usr/bin/env node
// Backup of Legenett: the PostgreSQL database (`pg_dump -Fc`) and the local upload store
// (DATA_DIR/uploads, as a .tar.gz) into one timestamped folder with a manifest of checksums.
//
//   DATABASE_URL=postgres://... DATA_DIR=/srv/legenett node scripts/backup.mjs [--out DIR]
//
// --out (or BACKUP_DIR, default ./backups) is where the `legenett-YYYYMMDD-HHMMSSZ` folder goes.
// --uploads DIR overrides the upload store (default DATA_DIR/uploads). pg_dump comes from PATH or
// PG_BIN, and must be at least the server's major version. The three keys (JWT_SECRET,
// TWO_FACTOR_ENCRYPTION_KEY, NATIONAL_ID_HASH_KEY) are NOT in the backup: keep them in the secret
// store; without NATIONAL_ID_HASH_KEY a restored database cannot find anyone by national id.
// docs/operations.md ("Backups and restore") says how often and how to test a restore.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { binary, describeDatabase, sha256, timestamp } from './backup-lib.mjs';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    uploads: { type: 'string' },
    'database-url': { type: 'string' },
  },
});

const databaseUrl = values['database-url'] ?? process.env.DATABASE_URL;
if (!databaseUrl) {
  console.error('backup: DATABASE_URL (or --database-url) is required');
  process.exit(2);
}
if (process.env.STORAGE_DRIVER === 's3') {
  console.error('backup: STORAGE_DRIVER=s3 keeps uploads in a bucket: back that up with the bucket\'s versioning/replication; this script then only dumps the database (pass --uploads to copy a local folder anyway)');
}
const dataDir = path.resolve(process.env.DATA_DIR ?? '.data');
const uploadsDir = values.uploads ? path.resolve(values.uploads) : process.env.STORAGE_DRIVER === 's3' ? null : path.join(dataDir, 'uploads');
const outRoot = path.resolve(values.out ?? process.env.BACKUP_DIR ?? 'backups');

fs.mkdirSync(outRoot, { recursive: true, mode: 0o700 });
let folder = path.join(outRoot, `legenett-${timestamp()}`);
// Two backups in one second (a test, a retry) get their own folders.
for (let n = 2; fs.existsSync(folder); n++) folder = path.join(outRoot, `legenett-${timestamp()}-${n}`);
fs.mkdirSync(folder, { mode: 0o700 });
const log = (msg) => console.log(`[backup] ${msg}`);

// 1. The database: custom format (compressed, restorable table by table, parallel restore).
const dumpFile = path.join(folder, 'database.dump');
log(`dumping ${describeDatabase(databaseUrl)} ...`);
execFileSync(binary('pg_dump'), ['--format=custom', '--no-owner', '--no-privileges', `--file=${dumpFile}`, `--dbname=${databaseUrl}`], { stdio: ['ignore', 'inherit', 'inherit'] });

// 2. The upload store, files with their relative paths.
let uploads = null;
if (uploadsDir) {
  const tarFile = path.join(folder, 'uploads.tar.gz');
  if (fs.existsSync(uploadsDir)) {
    log(`archiving ${uploadsDir} ...`);
    execFileSync('tar', ['-czf', tarFile, '-C', uploadsDir, '.'], { stdio: ['ignore', 'inherit', 'inherit'] });
  } else {
    // Nothing uploaded yet: an empty archive, so a restore always has one.
    log(`${uploadsDir} does not exist: empty archive`);
    const empty = fs.mkdtempSync(path.join(folder, 'empty-'));
    execFileSync('tar', ['-czf', tarFile, '-C', empty, '.']);
    fs.rmSync(empty, { recursive: true });
  }
  uploads = { file: 'uploads.tar.gz', source: uploadsDir, bytes: fs.statSync(tarFile).size, sha256: sha256(tarFile) };
}

const manifest = {
  format: 1,
  created_at: new Date().toISOString(),
  database: { file: 'database.dump', source: describeDatabase(databaseUrl), bytes: fs.statSync(dumpFile).size, sha256: sha256(dumpFile), pg_dump: execFileSync(binary('pg_dump'), ['--version'], { encoding: 'utf8' }).trim() },
  uploads,
};
fs.writeFileSync(path.join(folder, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
for (const f of fs.readdirSync(folder)) fs.chmodSync(path.join(folder, f), 0o600);
log(`done: ${folder}`);
// The last line is the folder, for scripts: `dir=$(node scripts/backup.mjs | tail -n 1)`.
console.log(folder);
