import fs from 'node:fs';

/** global-setup writes this run's database info to a file and names the file in this variable. */
export const TEST_DB_ENV = 'LEGENETT_TEST_DB_FILE';

export interface TestDatabaseInfo {
  /** This worker's database (one per jest worker: specs of two workers never share rows). */
  url: string;
  serverUrl: string;
  name: string;
  /** Every worker's database, by worker number - 1 (global-setup and -teardown use all of them). */
  databases: { url: string; name: string }[];
  embedded: boolean;
  /** Random keys of this run (no key of the repository is ever used); every test app gets them. */
  jwtSecret: string;
  twoFactorEncryptionKey: string;
  nationalIdHashKey: string;
}

export function readTestDatabase(): TestDatabaseInfo {
  const file = process.env[TEST_DB_ENV];
  if (!file || !fs.existsSync(file)) throw new Error('No test database: run the tier with `npm run test:int`');
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as TestDatabaseInfo;
  // JEST_WORKER_ID is 1..maxWorkers (1 in band); a recycled worker keeps its number.
  const mine = info.databases[(Number(process.env.JEST_WORKER_ID ?? 1) - 1) % info.databases.length] ?? info.databases[0]!;
  return { ...info, url: mine.url, name: mine.name };
}
