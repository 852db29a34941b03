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
