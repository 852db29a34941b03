import type { Database } from '@legenett/db';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgInsertValue, PgTable, PgUpdateSetSource } from 'drizzle-orm/pg-core';

/** The database or an open transaction on it. */
export type Executor = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

type ColumnKey<T extends PgTable> = keyof T['$inferInsert'] & string;

/**
 * The `set` and `setWhere` of an idempotent upsert: on conflict the listed columns take the proposed
 * (`excluded`) values, but only when one of them actually differs, so an unchanged row is not written
 * at all (its `updated_at` stays as it was).
 */
export function updateChanged<T extends PgTable>(
  table: T,
  columns: ReadonlyArray<ColumnKey<T>>,
): { set: PgUpdateSetSource<T>; setWhere: SQL } {
  const all = getTableColumns(table);
  const set: Record<string, SQL> = {};
  const differs: SQL[] = [];
  for (const key of columns) {
    const column = all[key];
    if (!column) throw new Error(`Unknown column ${key}`);
    const proposed = sql.raw(`excluded.${JSON.stringify(column.name)}`);
    set[key] = proposed;
    differs.push(sql`${column} is distinct from ${proposed}`);
  }
  return { set: set as PgUpdateSetSource<T>, setWhere: sql.join(differs, sql` or `) };
}

/** JSON with object keys sorted, so a jsonb value read back compares equal to the one written. */
export function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value instanceof Date) return JSON.stringify(value.toISOString());
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Splits a list into slices small enough for one multi-row insert. */
export function chunks<T>(items: readonly T[], size = 500): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * `insert ... on conflict (key) do update set <columns> where <something differs>` for the rows that
 * are missing or differ from what is stored. Rows already as wanted are not sent at all, so a second
 * run executes no write (and does not even advance the id sequence). Returns how many rows were sent.
 */
export async function upsertByKey<T extends PgTable>(
  db: Executor,
  table: T,
  rows: ReadonlyArray<T['$inferInsert']>,
  key: ReadonlyArray<ColumnKey<T>>,
  columns: ReadonlyArray<ColumnKey<T>>,
): Promise<number> {
  const all = getTableColumns(table);
  const pick = (row: Record<string, unknown>, names: ReadonlyArray<string>) =>
    stableJson(names.map((n) => row[n] ?? null));
  const selection: Record<string, (typeof all)[string]> = {};
  for (const name of [...key, ...columns]) {
    const column = all[name];
    if (!column) throw new Error(`Unknown column ${name}`);
    selection[name] = column;
  }
  const existing = (await db.select(selection).from(table as PgTable)) as Array<Record<string, unknown>>;
  const stored = new Map(existing.map((row) => [pick(row, key), pick(row, columns)]));
  const wanted = rows.filter((row) => {
    const r = row as Record<string, unknown>;
    return stored.get(pick(r, key)) !== pick(r, columns);
  });
  const target = key.map((name) => all[name]).filter((c) => c !== undefined);
  for (const slice of chunks(wanted)) {
    await db
      .insert(table)
      .values(slice as PgInsertValue<T>[])
      .onConflictDoUpdate({ target, ...updateChanged(table, columns) });
  }
  return wanted.length;
}
