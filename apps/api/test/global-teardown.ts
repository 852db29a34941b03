import fs from 'node:fs';
import { Pool } from 'pg';
import { readTestDatabase, TEST_DB_ENV } from './test-database';

/** Drops this run's database (and stops the embedded server if global-setup started one). */
export default async function globalTeardown(): Promise<void> {
  const file = process.env[TEST_DB_ENV];
  if (file && fs.existsSync(file)) {
    const info = readTestDatabase();
    const pool = new Pool({ connectionString: info.serverUrl, max: 1 });
    try {
      for (const { name } of info.databases) {
        if (/^legenett_test_[a-z0-9_]+$/.test(name)) await pool.query(`drop database if exists "${name}" with (force)`);
      }
    } finally {
      await pool.end();
    }
    fs.rmSync(file, { force: true });
  }
  await globalThis.__LEGENETT_EMBEDDED_PG__?.stop();
}
