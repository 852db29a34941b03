import { withReplicas } from 'drizzle-orm/pg-core';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
export type Database = NodePgDatabase<Schema>;

export interface DatabaseHandle {
  db: Database;
  pool: Pool;
  close(): Promise<void>;
}

export interface CreateDatabaseOptions extends Omit<PoolConfig, 'connectionString'> {
  /**
   * Errors of any connection, idle or checked out (server restart, admin shutdown, network loss).
   * Without a listener `pg` raises them as an unhandled 'error' event, which ends the process.
   */
  onConnectionError?: (error: Error) => void;
  /**
   * Named (server-side) prepared statements, as Drizzle's `.prepare(name)` asks for (default true).
   * False sends the same statements unnamed: for a pooler in transaction mode that cannot keep
   * named ones (PgBouncer before 1.21, or `max_prepared_statements = 0`).
   */
  preparedStatements?: boolean;
}

const logConnectionError = (error: Error): void => console.error(`PostgreSQL connection lost: ${error.message}`);

/**
 * A pool whose every client has an 'error' listener from the moment it connects. pg-pool only
 * listens on idle clients; a client inside a request or transaction that loses its server would
 * otherwise crash the process. The failed query still rejects, and pg-pool drops the broken client
 * on release, so the pool reconnects by itself once the server is back.
 */
function newPool(config: PoolConfig, onError: (error: Error) => void, preparedStatements = true): Pool {
  const pool = new Pool(config);
  pool.on('connect', (client) => {
    client.on('error', onError);
    if (!preparedStatements) forgetStatementNames(client);
  });
  // An idle client's error reaches both its own listener (above, which reports it) and the pool.
  pool.on('error', () => undefined);
  return pool;
}

/**
 * Makes `client` send every statement unnamed: `pg` prepares a named statement once per connection
 * and later only binds it, which a transaction-mode pooler breaks (the next transaction may run on
 * another server connection that never saw it). Unnamed statements are parsed with each run.
 */
function forgetStatementNames(client: PoolClient): void {
  const query = client.query.bind(client) as (config: unknown, ...rest: unknown[]) => unknown;
  const unnamed = (config: unknown, ...rest: unknown[]): unknown =>
    query(typeof config === 'object' && config !== null && 'name' in config ? { ...config, name: undefined } : config, ...rest);
  client.query = unnamed as PoolClient['query'];
}

/** A pool like createDatabase's (every connection's errors reported), for a read replica. */
export function createPool(url: string, options: CreateDatabaseOptions = {}): Pool {
  const { onConnectionError, preparedStatements, ...poolOptions } = options;
  return newPool({ connectionString: url, max: 10, ...poolOptions }, onConnectionError ?? logConnectionError, preparedStatements);
}

export function createDatabase(url: string, options: CreateDatabaseOptions = {}): DatabaseHandle {
  const pool = createPool(url, options);
  const db = drizzle(pool, { schema, casing: 'snake_case' });
  return { db, pool, close: () => pool.end() };
}

/** What reads go through when there are read replicas: anything with `pg`'s `query` (database/replicas.ts in the API). */
export interface ReadClient {
  query: Pool['query'];
}

/**
 * Drizzle's replica support (`withReplicas`): `select`, `$count`, `with` and the relational `query`
 * go to `reader`, everything else (insert, update, delete, execute, transaction, and so every read
 * inside a transaction) to the primary of `handle`. `reader` picks a server per statement.
 */
export function withReader(handle: DatabaseHandle, reader: ReadClient): Database {
  // Drizzle only calls `query` on a reader: transactions never reach it.
  const readDb = drizzle({ client: reader as unknown as Pool, schema, casing: 'snake_case' });
  return withReplicas(handle.db, [readDb], () => readDb);
}

/** Folder of the SQL migrations written by `drizzle-kit generate` (shipped with the package). */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '..', 'migrations');

export async function runMigrations(db: Database): Promise<void> {
  await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
}

/** Creates a database if it does not exist (used by test set-up and the launcher). */
export async function ensureDatabase(serverUrl: string, name: string): Promise<void> {
  if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unsafe database name: ${name}`);
  const pool = newPool({ connectionString: serverUrl, max: 1 }, logConnectionError);
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
  const pool = newPool({ connectionString: serverUrl, max: 1 }, logConnectionError);
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
