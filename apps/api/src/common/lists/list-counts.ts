import { Injectable } from '@nestjs/common';
import { type ListedTable, ListVersionsRepository } from './list-versions.repository';
import { Board, type BoardCache, type BoardSource, type KeysetSource } from './board';
import { type ReadSlice } from './page';

/** A deep slice starts from the cached key of the last row of the block before it: it skips < 1000 rows. */
export const BOOKMARK_EVERY = 1000;

/** Ceiling of the cache: past it the oldest entries go (a Map keeps insertion order). */
const MAX_ENTRIES = 5_000;
/** A safety net only: versions already make a cached count exact; stale entries also age out. */
const TTL_MS = 5 * 60_000;

interface Entry {
  value: unknown;
  expires: number;
}

/** A filter's fields in one stable order, without the ones not given: equal filters give equal keys. */
export function filterKey(filter: Record<string, unknown>): string {
  return JSON.stringify(
    Object.keys(filter)
      .filter((k) => filter[k] !== undefined && filter[k] !== null && filter[k] !== '')
      .sort()
      .map((k) => [k, filter[k]]),
  );
}

/**
 * Exact list counts that cost one primary-key read per request instead of a scan of every matching
 * row. A count is cached under its list, its normalised filter and the versions of the tables it
 * reads; a trigger raises a version on every write that can change a list, so a count is computed
 * once per change (per process), and concurrent requests for a missing count share one query.
 * Why memory and not Redis: docs/decisions/0008-lists-and-counts.md.
 */
@Injectable()
export class ListCounts implements BoardCache {
  private readonly cache = new Map<string, Entry>();
  private readonly running = new Map<string, Promise<unknown>>();

  constructor(private readonly versions: ListVersionsRepository) {}

  /**
   * `list` names the list (`jobs.board`); `tables` are every listed table its count reads; `filter`
   * holds everything the count depends on (filters, the day, the viewer where visibility depends on
   * them). `compute` runs the exact count.
   */
  async cached<C>(
    list: string,
    tables: readonly ListedTable[],
    filter: Record<string, unknown>,
    compute: () => Promise<C>,
  ): Promise<C> {
    const versions = await this.versions.versions(tables);
    const key = `${list}|${versions.join('.')}|${filterKey(filter)}`;
    const now = Date.now();
    const hit = this.cache.get(key);
    if (hit && hit.expires > now) return hit.value as C;
    const pending = this.running.get(key);
    if (pending) return pending as Promise<C>;
    // The version was read before the count: a write that lands in between raises the version, so
    // a count that missed it is stored under a version nobody asks for again.
    const promise = compute().then((value) => {
      this.store(key, value, Date.now() + TTL_MS);
      return value;
    });
    this.running.set(key, promise);
    try {
      return await promise;
    } finally {
      this.running.delete(key);
    }
  }

  /**
   * A reader whose deep slices are keyset reads: the key of the row before the slice's block of
   * `BOOKMARK_EVERY` rows is found once per table version (one walk to it) and cached under the list
   * and filter like a count; every later page of that block skips fewer than `BOOKMARK_EVERY` rows,
   * however large the table.
   */
  keyset<T>(
    list: string,
    tables: readonly ListedTable[],
    filter: Record<string, unknown>,
    source: KeysetSource<T>,
  ): ReadSlice<T> {
    return async (slice) => {
      const block = Math.floor(slice.offset / BOOKMARK_EVERY);
      if (block === 0) return source.read(slice);
      const position = block * BOOKMARK_EVERY - 1;
      const after = await this.cached(
        `${list}@${slice.fromEnd ? 'end' : 'start'}${position}`,
        tables,
        filter,
        () => source.keyAt(position, slice.fromEnd),
      );
      if (!after) return source.read(slice);
      return source.read({ ...slice, offset: slice.offset - position - 1, after });
    };
  }

  /** A board of current-then-archived parts over this cache (the jobs board, the course catalogue): see Board. */
  board<P extends string, T>(source: BoardSource<P, T>): Board<P, T> {
    return new Board(this, source);
  }

  private store(key: string, value: unknown, expires: number): void {
    this.cache.delete(key);
    this.cache.set(key, { value, expires });
    while (this.cache.size > MAX_ENTRIES) {
      const oldest = this.cache.keys().next().value;
      if (oldest === undefined) break;
      this.cache.delete(oldest);
    }
  }
}
