import fs from 'node:fs';
import path from 'node:path';
import { createDatabase, MIGRATIONS_FOLDER, runMigrations } from '@legenett/db';

/** Any constant shared by all API processes: only one of them migrates at a time. */
const MIGRATION_LOCK = 7_301_101;

/**
 * Applies pending migrations before the API starts serving. Replicas starting together wait for
 * each other on an advisory lock; a build without migrations is reported, not fatal.
 */
export async function migrateDatabase(url: string, log: (message: string) => void): Promise<void> {
  if (!fs.existsSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'))) {
    log(`No migrations found in ${MIGRATIONS_FOLDER}; skipping`);
    return;
  }
  const handle = createDatabase(url, { max: 2, application_name: 'legenett-migrate' });
  // One connection holds the lock, the other runs the migrations.
  const client = await handle.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await runMigrations(handle.db);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    client.release();
    await handle.close();
  }
  log('Database migrations applied');
}
