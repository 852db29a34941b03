import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { Pool, type PoolConfig } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema>;

export interface DatabaseHandle {
  db: Database;
  pool: Pool;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions extends Omit<PoolConfig, 'connectionString'> {
  /** Errors of idle connections (server restart, admin shutdown); without a listener `pg` crashes the process. */
  onIdleError?: (error: Error) => void;
}

export function createDatabase(url: string, options: CreateDatabaseOptions = {}): DatabaseHandle {
  const { onIdleError, ...poolOptions } = options;
  const pool = new Pool({ connectionString: url, max: 10, ...poolOptions });
  pool.on('error', (error) => {
    if (onIdleError) onIdleError(error);
    else console.error(`PostgreSQL connection lost: ${error.message}`);
  });
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/** Folder of the SQL migrations written by `drizzle-kit generate` (shipped with the package). */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Creates a database if it does not exist (used by test set-up and the launcher). */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const pool = new Pool({ connectionString: serverUrl, max: 1 });
  try {
    const found = await pool.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await pool.query(`create database "${name}"`);
  } finally {
    await pool.end();
  }
}

/** Drops and re-creates a database (tests start from a clean one each run). */
export async function recreateDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const pool = new Pool({ connectionString: serverUrl, max: 1 });
  try {
    await pool.query(`drop database if exists "${name}" with (force)`);
    await pool.query(`create database "${name}"`);
  } finally {
    await pool.end();
  }
}

/** Same server, other database: `postgres://u@h:5432/a` -> `postgres://u@h:5432/b`. */
export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A transaction opened by `db.transaction`; repositories accept it so one unit of work spans several. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
