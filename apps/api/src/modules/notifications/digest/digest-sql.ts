import { type Database } from '@legenett/db';
import { type SQL, sql } from 'drizzle-orm';

/** What a section's batch statement needs of each reader (a `DigestReader` has these). */
export interface DigestSectionReader {
  userId: number;
  countyId: number | null;
  since: Date;
}

/** An `int[]` literal (nulls allowed) for one parameter: `{1,NULL,3}`. */
export const intArray = (xs: readonly (number | null)[]): string => `{${xs.map((x) => (x === null ? 'NULL' : String(Math.trunc(x)))).join(',')}}`;
/** A `timestamptz[]` literal for one parameter. */
const timeArray = (xs: readonly Date[]): string => `{${xs.map((x) => `"${x.toISOString()}"`).join(',')}}`;

/**
 * The readers of a section's batch statement as a relation `r(user_id, county_id, since)`, one row
 * per reader, for `from ${digestReaders(readers)} cross join lateral (... limit n)` in the owning
 * module's repository (docs/how-to/notify.md, "A digest section").
 */
export const digestReaders = (readers: readonly DigestSectionReader[]) =>
  sql`unnest(${intArray(readers.map((r) => r.userId))}::int[], ${intArray(readers.map((r) => r.countyId))}::int[], ${timeArray(readers.map((r) => r.since))}::timestamptz[]) as r(user_id, county_id, since)`;

/** Rows of a batch statement (each with its reader's `user_id`), grouped by reader in the statement's order. */
export function rowsByReader<T extends { user_id: number | string }>(rows: readonly T[]): Map<number, Omit<T, 'user_id'>[]> {
  const out = new Map<number, Omit<T, 'user_id'>[]>();
  for (const { user_id, ...rest } of rows) {
    const id = Number(user_id);
    const list = out.get(id);
    if (list) list.push(rest);
    else out.set(id, [rest]);
  }
  return out;
}

/**
 * A section's batch statement for a send batch's readers, its rows grouped by reader: `statement`
 * gets the readers' relation (`digestReaders`) to select `from`, and selects `r.user_id` first.
 * Nothing is sent for no readers.
 */
export async function digestRowsByReader<T extends Record<string, unknown> & { user_id: number | string }>(
  db: Database,
  readers: readonly DigestSectionReader[],
  statement: (readers: SQL) => SQL,
): Promise<Map<number, Omit<T, 'user_id'>[]>> {
  if (readers.length === 0) return new Map();
  const result = await db.execute<T>(statement(digestReaders(readers)));
  return rowsByReader<T>(result.rows as T[]);
}
