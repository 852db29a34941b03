import { sql, type SQL } from 'drizzle-orm';
import { customType, jsonb, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';

/** A name stored per locale: `{ "no": "...", "en": "..." }`, shown with the spec's fallback rule. */
export type LocalisedText = Record<string, string>;
export const localised = (name: string) => jsonb(name).$type<LocalisedText>();

/** `created_at` / `updated_at` on every table. */
export const timestamps = {
  created_at: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

/** Case-insensitive text (needs the citext extension, created by the first migration). */
export const citext = customType<{ data: string }>({ dataType: () => 'citext' });

/** Full-text vector; only ever a generated column, read through `@@` queries, never written. */
export const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

const literal = (v: string | number) => (typeof v === 'number' ? String(v) : `'${v.replace(/'/g, "''")}'`);

/** `column in ('a', 'b')` for CHECK constraints; values are inlined because DDL takes no parameters. */
export const inList = (column: AnyPgColumn, values: readonly (string | number)[]): SQL =>
  sql`${column} in (${sql.raw(values.map(literal).join(', '))})`;

/**
 * Norwegian full-text expression for a generated column: `[["title", "A"], ["description", "B"]]`.
 * Column names are written raw because a generation expression cannot be table-qualified.
 */
export const norwegianSearch = (
  parts: readonly (readonly [column: string, weight: 'A' | 'B' | 'C' | 'D'])[],
): SQL =>
  sql.raw(
    parts
      .map(([c, w]) => `setweight(to_tsvector('norwegian'::regconfig, coalesce("${c}", '')), '${w}')`)
      .join(' || '),
  );

/** Every point in time is `timestamptz`. */
export const tstz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
