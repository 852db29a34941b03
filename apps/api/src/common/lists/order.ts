import { type Column, type SQL, sql } from 'drizzle-orm';

/**
 * One key of a list's order. `nulls` must say what the index serving the list says: Drizzle's
 * `.desc()` index columns are `DESC NULLS LAST`, while a bare `order by x desc` means `NULLS FIRST`,
 * and PostgreSQL then sorts every matching row instead of walking the index (even on NOT NULL
 * columns). Without `nulls`, PostgreSQL's default for the direction.
 */
export type OrderKey = readonly [key: Column | SQL, direction: 'asc' | 'desc', nulls?: 'first' | 'last'];

/**
 * `order by` of a list for repositories, every key reversed (direction and nulls) when the slice is
 * read from the end (`Slice.fromEnd`), so the same index serves both ends. The last key must be
 * unique (the id) so that both directions agree.
 */
export function orderFor(keys: readonly OrderKey[], fromEnd: boolean): SQL[] {
  return keys.map(([key, direction, nulls]) => {
    const placed = nulls ?? (direction === 'asc' ? 'last' : 'first');
    const dir = (direction === 'asc') !== fromEnd ? 'asc' : 'desc';
    const where = (placed === 'last') !== fromEnd ? 'last' : 'first';
    return sql`${key} ${sql.raw(dir)} nulls ${sql.raw(where)}`;
  });
}

/**
 * `(k1, k2, ...) > (v1, v2, ...)` (or `<`): the rows after `after` in the reading direction. The keys
 * must all run the same way (a row comparison), which the list orders here do. The values come as
 * text (timestamps keep their microseconds) and PostgreSQL casts them to the keys' types.
 */
export function keysetAfter(keys: readonly OrderKey[], fromEnd: boolean, after: readonly string[]): SQL {
  const directions = new Set(keys.map(([, direction]) => direction));
  if (directions.size !== 1 || after.length !== keys.length)
    throw new Error('keysetAfter: keys must share one direction');
  const ascending = (keys[0]![1] === 'asc') !== fromEnd;
  const columns = sql.join(
    keys.map(([key]) => sql`${key}`),
    sql`, `,
  );
  const values = sql.join(
    after.map((v) => sql`${v}`),
    sql`, `,
  );
  return ascending ? sql`(${columns}) > (${values})` : sql`(${columns}) < (${values})`;
}

/** The order keys of a row as text, for `keysetAfter` bookmarks. */
export function keysAsText(keys: readonly OrderKey[]): SQL<string[]> {
  return sql<string[]>`array[${sql.join(
    keys.map(([key]) => sql`(${key})::text`),
    sql`, `,
  )}]`;
}
