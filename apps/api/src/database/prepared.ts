import { type Locale } from '@legenett/contracts';
import { type AnyColumn, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type PgTable } from 'drizzle-orm/pg-core';

/*
 * Prepared statements for the hot reads (docs/performance/api-overhead.md). A query that runs on many
 * requests is built once with `sql.placeholder(...)` for its values and `.prepare(name)`: Drizzle then
 * keeps its SQL text, and PostgreSQL parses and plans it once per pooled connection. Names are fixed
 * strings, one per statement text (PostgreSQL refuses a second text under a name it already holds).
 * PostgreSQL plans a prepared statement for its values on each of the first five runs and then
 * keeps a generic plan only when it costs no more: write constants that pick an index (a partial
 * index's predicate, a page's limit: `inSlice`) into the SQL text, and check with
 * `pg_prepared_statements.generic_plans` (docs/performance/api-overhead.md). List pages are prepared
 * per shape (`perShape`, `sliceShape`) when no filter is given, the page everyone opens; queries
 * whose shape follows the caller's filters stay built per request.
 */

/** `column = any($name::int[])`: one statement text for any number of ids (an `in (...)` list is not). */
export const inIdsPlaceholder = (column: AnyColumn, name = 'ids'): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::int[])`;

/** PostgreSQL keeps the first 63 bytes of a statement name: longer names could collide. */
const MAX_STATEMENT_NAME = 63;

/**
 * One prepared statement per shape, built on first use, for a query whose SQL text follows a few
 * bounded choices (the locale, a page's reading direction and size, which part of a list). `key`
 * names a shape in a few characters (it ends the statement name); `build` gets the shape and the
 * statement name to pass to `.prepare()`. Every shape key must stand for one SQL text.
 */
export function perShape<S, T>(
  name: string,
  key: (shape: S) => string,
  build: (shape: S, statement: string) => T,
): (shape: S) => T {
  const built = new Map<string, T>();
  return (shape) => {
    const k = key(shape);
    let query = built.get(k);
    if (query === undefined) {
      const statement = `${name}_${k}`;
      if (statement.length > MAX_STATEMENT_NAME) throw new Error(`prepared statement name too long: ${statement}`);
      query = build(shape, statement);
      built.set(k, query);
    }
    return query;
  };
}

/**
 * One prepared statement per locale, built on first use: localised names read the locale's key in
 * the SQL text. `build` gets the locale and the statement name to pass to `.prepare()`.
 */
export function perLocale<T>(
  name: string,
  build: (locale: Locale, statement: string) => T,
): (locale: Locale) => T {
  return perShape(name, (locale: Locale) => locale, build);
}

/** What decides the SQL text of a page read besides its filters (see `inSlice`). */
export interface SliceShape {
  locale: Locale;
  fromEnd: boolean;
  /** Rows of the slice (1-50): written into the SQL text. */
  limit: number;
  /** A first page has no offset; other pages take it as the `offset` placeholder. */
  first: boolean;
}

/** The shape of a slice read, and its key for `perShape` (`no_e10_1`: locale, from the end, limit, first page). */
export const sliceShape = (locale: Locale, slice: { fromEnd: boolean; limit: number; offset: number }): SliceShape => ({
  locale,
  fromEnd: slice.fromEnd,
  limit: slice.limit,
  first: slice.offset === 0,
});
export const sliceShapeKey = (s: SliceShape): string => `${s.locale}_${s.fromEnd ? 'e' : 's'}${s.limit}_${s.first ? 1 : 0}`;

/**
 * `id in (select id from <table> where ... order by ... limit N offset M)`: the ids of one slice of a
 * list, read first (a walk of the list's index) so that only those rows are joined. The limit is
 * written into the SQL text, not sent as a value: PostgreSQL costs the generic plan of `limit $1`
 * as if a tenth of the table were wanted, so a prepared page read with it is planned again on every
 * run; with the limit in the text (and no offset on a first page) it is planned once per connection
 * after five runs. `offset` is a value or `sql.placeholder('offset')`; 0 leaves it out.
 */
export function inSlice(
  id: AnyColumn,
  table: PgTable,
  where: SQL,
  order: SQL[],
  limit: number,
  offset: number | Placeholder,
): SQL {
  if (!Number.isInteger(limit) || limit < 1) throw new Error(`inSlice: bad limit ${limit}`);
  const skip = offset === 0 ? sql`` : sql` offset ${offset}`;
  return sql`${id} in (select ${id} from ${table} where ${where} order by ${sql.join(order, sql`, `)} limit ${sql.raw(String(limit))}${skip})`;
}
