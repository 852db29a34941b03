// Shared by scripts/backup.mjs and scripts/restore.mjs.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** A PostgreSQL client program: from PG_BIN when set, else from PATH. */
export const binary = (name) => (process.env.PG_BIN ? path.join(process.env.PG_BIN, name) : name);

/** `user@host:port/database`, without the password, for logs and the manifest. */
export function describeDatabase(url) {
  const u = new URL(url);
  return `${decodeURIComponent(u.username) || 'postgres'}@${u.hostname}:${u.port || 5432}${u.pathname}`;
}

/** The database name of a connection URL. */
export const databaseName = (url) => decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));

/** The same URL on another database (the server's `postgres` maintenance database, say). */
export function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${encodeURIComponent(name)}`;
  return u.toString();
}

export function sha256(file) {
  const hash = createHash('sha256');
  const fd = fs.openSync(file, 'r');
  const buffer = Buffer.alloc(1 << 20);
  try {
    for (let n; (n = fs.readSync(fd, buffer, 0, buffer.length, null)) > 0; ) hash.update(buffer.subarray(0, n));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** UTC `YYYYMMDD-HHMMSSZ`: sorts by time, no characters a file system or a shell minds. */
export function timestamp(date = new Date()) {
  return `${date.toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}Z`;
}
