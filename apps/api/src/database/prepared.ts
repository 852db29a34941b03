import { type Locale } from '@legenett/contracts';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

/*
 * Prepared statements for the hot reads (docs/performance/api-overhead.md). A query that runs on many
 * requests is built once with `sql.placeholder(...)` for its values and `.prepare(name)`: Drizzle then
 * keeps its SQL text, and PostgreSQL parses and plans it once per pooled connection. Names are fixed
 * strings, one per statement text (PostgreSQL refuses a second text under a name it already holds).
 * Queries whose shape follows the caller's filters stay built per request.
 */

/** `column = any($name::int[])`: one statement text for any number of ids (an `in (...)` list is not). */
export const inIdsPlaceholder = (column: AnyColumn, name = 'ids'): SQL =>
  sql`${column} = any(${sql.placeholder(name)}::int[])`;

/**
 * One prepared statement per locale, built on first use: localised names read the locale's key in
 * the SQL text. `build` gets the locale and the statement name to pass to `.prepare()`.
 */
export function perLocale<T>(
  name: string,
  build: (locale: Locale, statement: string) => T,
): (locale: Locale) => T {
  const built = new Map<Locale, T>();
  return (locale) => {
    let query = built.get(locale);
    if (query === undefined) {
      query = build(locale, `${name}_${locale}`);
      built.set(locale, query);
    }
    return query;
  };
}
