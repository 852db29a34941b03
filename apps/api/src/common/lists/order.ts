import { asc, type Column, desc, type SQL } from 'drizzle-orm';

export type OrderKey = readonly [key: Column | SQL, direction: 'asc' | 'desc'];

/**
 * `order by` of a list for repositories, every key reversed when the slice is read from the end
 * (`Slice.fromEnd`). The last key must be unique (the id) so that both directions agree.
 */
export function orderFor(keys: readonly OrderKey[], fromEnd: boolean): SQL[] {
  return keys.map(([key, direction]) => ((direction === 'asc') !== fromEnd ? asc(key) : desc(key)));
}
