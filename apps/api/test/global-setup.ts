import { randomBytes } from 'node:crypto';
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
  freePort,
  withDatabase,
} from '@legenett/db';
import { TEST_DB_ENV, type TestDatabaseInfo } from './test-database';

declare global {
  var __LEGENETT_EMBEDDED_PG__: EmbeddedPostgres | undefined;
}

interface SeedModule {
  seedDatabase(db: Database, options: { demo: boolean }): Promise<void>;
}

/**
 * The seed's sources, not its build: jest's transform compiles them, so the reference data is
 * always there and always current, whether or not `seed/dist` exists. A path rather than the
 * package name keeps the seed out of the API's compilation (it is not an API dependency).
 */
const SEED_SOURCES = path.resolve(__dirname, '..', '..', '..', 'seed', 'src', 'index.ts');

/** Reference data (roles, counties, specialties, ...); tests still make their own rows. Fails loudly. */
export async function seedReferenceData(db: Database): Promise<void> {
  const seed = (await import(SEED_SOURCES)) as Partial<SeedModule>;
  if (typeof seed.seedDatabase !== 'function') throw new Error(`${SEED_SOURCES} exports no seedDatabase(db, options)`);
  await seed.seedDatabase(db, { demo: false });
}

/**
 * Once per run: a fresh database `legenett_test_<pid>_<random>` on DATABASE_URL's server (or on an
 * embedded PostgreSQL when DATABASE_URL is unset), migrated and seeded; with several workers, one
 * copy of it per worker (`_w2`, `_w3`, ...: `create database ... template`), so no two specs running
 * at once share rows.
 */
export default async function globalSetup(globalConfig?: { maxWorkers?: number }): Promise<void> {
  const started = Date.now();
  let serverUrl = process.env.DATABASE_URL;
  let embedded = false;
  if (!serverUrl) {
    const dataDir = path.resolve(__dirname, '..', '..', '..', '.data', 'test-postgres');
    // 54329 when free, else any free port (another run, or a PostgreSQL of the machine's own).
    const port = process.env.LEGENETT_TEST_PG_PORT ? Number(process.env.LEGENETT_TEST_PG_PORT) : await freePort(54329);
    globalThis.__LEGENETT_EMBEDDED_PG__ = await startEmbeddedPostgres({ dataDir, port });
    serverUrl = globalThis.__LEGENETT_EMBEDDED_PG__.serverUrl;
    embedded = true;
  }
  const name = `legenett_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await recreateDatabase(serverUrl, name);
  const url = withDatabase(serverUrl, name);
  const handle = createDatabase(url, { max: 2 });
  try {
    await runMigrations(handle.db);
    await seedReferenceData(handle.db);
  } finally {
    await handle.close();
  }
  const databases = [{ url, name }];
  const workers = Math.max(1, globalConfig?.maxWorkers ?? 1);
  if (workers > 1) {
    const admin = createDatabase(serverUrl, { max: 1 });
    try {
      for (let i = 2; i <= workers; i += 1) {
        const copy = `${name}_w${i}`;
        await admin.pool.query(`drop database if exists "${copy}"`);
        await admin.pool.query(`create database "${copy}" template "${name}"`);
        databases.push({ url: withDatabase(serverUrl, copy), name: copy });
      }
    } finally {
      await admin.close();
    }
  }
  const key = () => randomBytes(32).toString('base64url');
  const info: TestDatabaseInfo = {
    url,
    serverUrl,
    name,
    databases,
    embedded,
    jwtSecret: key(),
    twoFactorEncryptionKey: key(),
    nationalIdHashKey: key(),
  };
  const file = path.join(os.tmpdir(), `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(info));
  // Test files (in band or in workers started after this) and the teardown read it from here.
  process.env[TEST_DB_ENV] = file;
  process.stdout.write(`\ntest database${databases.length > 1 ? `s ${databases.map((d) => d.name).join(', ')}` : ` ${name}`} ready (migrated, reference data seeded) in ${Date.now() - started} ms\n`);
}
