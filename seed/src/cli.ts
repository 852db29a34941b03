import { createDatabase, runMigrations } from '@legenett/db';
import { seedDatabase } from './index';

/** `npm run seed`: migrate and seed the database at DATABASE_URL (idempotent). */
async function main(): Promise<number> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      'DATABASE_URL is not set. Example: DATABASE_URL=postgres://postgres@127.0.0.1:5432/legenett npm run seed',
    );
    return 1;
  }
  const demo = process.env.SEED_DEMO !== 'false';
  const handle = createDatabase(url, { max: 2 });
  try {
    const log = (msg: string) => console.log(`[seed] ${msg}`);
    log('applying migrations ...');
    await runMigrations(handle.db);
    await seedDatabase(handle.db, { demo, log });
    log('done');
    return 0;
  } finally {
    await handle.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    console.error('[seed] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
    process.exitCode = 1;
  },
);
