import { createDatabase, type Database, runMigrations } from '@legenett/db';
import { seedDatabase } from '../index';

export type BulkLog = (msg: string) => void;

export interface BulkCli {
  /** `node seed/dist/bulk/<script>.js`, for the usage line. */
  script: string;
  /** Positional whole-number arguments, in order, with their defaults. */
  counts: ReadonlyArray<{ name: string; default: number }>;
  run(db: Database, counts: number[], log: BulkLog): Promise<unknown>;
}

/**
 * The command-line part shared by the bulk generators: read DATABASE_URL and the counts, migrate,
 * seed reference and demo data, run the generator, close the pool, set the exit code.
 */
export function runBulkCli(cli: BulkCli): void {
  main(cli).then(
    (code) => {
      process.exitCode = code;
    },
    (err: unknown) => {
      console.error('[bulk] failed:', err instanceof Error ? (err.stack ?? err.message) : err);
      process.exitCode = 1;
    },
  );
}

async function main(cli: BulkCli): Promise<number> {
  const usage = `DATABASE_URL=postgres://postgres@127.0.0.1:5432/scratch node seed/dist/bulk/${cli.script}.js ${cli.counts
    .map((c) => `[${c.name}=${c.default}]`)
    .join(' ')}`;
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(`DATABASE_URL is not set, e.g. ${usage}`);
    return 1;
  }
  const counts = cli.counts.map((c, i) => Number(process.argv[2 + i] ?? c.default));
  if (counts.some((n) => !Number.isInteger(n) || n < 1)) {
    console.error(`counts must be positive whole numbers: ${usage}`);
    return 1;
  }
  const handle = createDatabase(url, { max: 2 });
  const log: BulkLog = (msg) => console.log(`[bulk] ${new Date().toISOString().slice(11, 19)} ${msg}`);
  try {
    await runMigrations(handle.db);
    await seedDatabase(handle.db, { demo: true, log });
    await cli.run(handle.db, counts, log);
    return 0;
  } finally {
    await handle.close();
  }
}

/** Runs `step(from, to)` over 1..count in slices of `batch` (1-based, inclusive), logging progress. */
export async function inBatches(
  label: string,
  count: number,
  batch: number,
  log: BulkLog,
  step: (from: number, to: number) => Promise<unknown>,
): Promise<void> {
  for (let from = 1; from <= count; from += batch) {
    const to = Math.min(count, from + batch - 1);
    await step(from, to);
    log(`${label}: ${to}/${count}`);
  }
}
