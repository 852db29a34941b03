import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createDatabase,
  type Database,
  type EmbeddedPostgres,
  recreateDatabase,
  runMigrations,
  startEmbeddedPostgres,
  withDatabase,
} from '@legenett/db';
import { TEST_DB_ENV, type TestDatabaseInfo } from './test-database';

declare global {
  var __LEGENETT_EMBEDDED_PG__: EmbeddedPostgres | undefined;
}

type SeedModule = { seedDatabase?: (db: Database, options: { demo: boolean }) => Promise<void> };

/** Reference data from @legenett/seed when it is built; tests also make their own rows. */
async function seedIfAvailable(db: Database): Promise<string> {
  let seed: SeedModule;
  // Not a dependency of the API: loaded by name so the tests run (and typecheck) without it.
  const seedPackage = '@legenett/seed';
  try {
    seed = (await import(seedPackage)) as SeedModule;
  } catch {
    return 'seed package not built: tests use their own fixtures only';
  }
  if (typeof seed.seedDatabase !== 'function') return 'seed package has no seedDatabase yet';
  await seed.seedDatabase(db, { demo: false });
  return 'reference data seeded';
}

/**
 * Once per run: a fresh database `legenett_test_<pid>_<random>` on DATABASE_URL's server (or on an
 * embedded PostgreSQL when DATABASE_URL is unset), migrated and seeded.
 */
export default async function globalSetup(): Promise<void> {
  const started = Date.now();
  let serverUrl = process.env.DATABASE_URL;
  let embedded = false;
  if (!serverUrl) {
    const dataDir = path.resolve(__dirname, '..', '..', '..', '.data', 'test-postgres');
    const port = Number(process.env.LEGENETT_TEST_PG_PORT ?? 54329);
    globalThis.__LEGENETT_EMBEDDED_PG__ = await startEmbeddedPostgres({ dataDir, port });
    serverUrl = globalThis.__LEGENETT_EMBEDDED_PG__.serverUrl;
    embedded = true;
  }
  const name = `legenett_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await recreateDatabase(serverUrl, name);
  const url = withDatabase(serverUrl, name);
  const handle = createDatabase(url, { max: 2 });
  let seeded: string;
  try {
    await runMigrations(handle.db);
    seeded = await seedIfAvailable(handle.db);
  } finally {
    await handle.close();
  }
  const info: TestDatabaseInfo = { url, serverUrl, name, embedded };
  const file = path.join(os.tmpdir(), `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(info));
  // Test files (in band or in workers started after this) and the teardown read it from here.
  process.env[TEST_DB_ENV] = file;
  process.stdout.write(`\ntest database ${name} ready (${seeded}) in ${Date.now() - started} ms\n`);
}
