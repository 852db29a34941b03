import { type ListedTable } from './list-versions.repository';
import { type CurrentAndArchivedCounts, type ListPage, type PageRequest, type ReadSlice, readCurrentThenArchived, readPage, type Slice } from './page';

/**
 * What a board module says about its rows (the jobs board, the course catalogue): the reads of one
 * part (`current`, `archived`, a course tab's `upcoming` ...) and the order keys at a position. The
 * board does the rest: the keyset reads from cached bookmarks, the cached counts, current first
 * and archived appended.
 */
export interface BoardSource<P extends string, T> {
  /** Names the board's cached counts and bookmarks: `jobs` gives `jobs.current`, `jobs.archived`. */
  name: string;
  /** Every listed table the board reads (their versions key the cache). */
  tables: readonly ListedTable[];
  /** Everything the rows depend on: the filters and the day or time. */
  filter: Record<string, unknown>;
  read: (part: P, slice: Slice) => Promise<T[]>;
  /** The order keys (as text) of the row at `position` of a part, from its start or end; null past the end. */
  keyAt: (part: P, position: number, fromEnd: boolean) => Promise<string[] | null>;
}

/** A cached count of a board: its list name (`jobs.board`), what it depends on beyond the board's filter, and the query. */
export interface BoardCount<C> {
  list: string;
  filter?: Record<string, unknown>;
  compute: () => Promise<C>;
}

/** A list reader that can also name the order keys of the row at a position (a bookmark). */
export interface KeysetSource<T> {
  read: ReadSlice<T>;
  /** The order keys (as text) of the row at `position` counted from the start or the end; null past the end. */
  keyAt: (position: number, fromEnd: boolean) => Promise<string[] | null>;
}

/**
 * What a board reads through: the count cache (`ListCounts`, which makes boards). Named here so that
 * the cache and the board do not import each other.
 */
export interface BoardCache {
  cached<C>(list: string, tables: readonly ListedTable[], filter: Record<string, unknown>, compute: () => Promise<C>): Promise<C>;
  keyset<T>(list: string, tables: readonly ListedTable[], filter: Record<string, unknown>, source: KeysetSource<T>): ReadSlice<T>;
}

/**
 * A board of parts shown one after the other (spec point 9): current items first, archived ones
 * appended, the total rounded up to ten, `show_old` answering the last page; and one part alone
 * (the archive), read from its nearer end. Made by `ListCounts.board`.
 */
export class Board<P extends string, T> {
  constructor(
    private readonly counts: BoardCache,
    private readonly source: BoardSource<P, T>,
  ) {}

  /** The reads of one part: keyset from cached bookmarks on deep pages. */
  part(part: P): ReadSlice<T> {
    const { name, tables, filter, read, keyAt } = this.source;
    return this.counts.keyset(`${name}.${part}`, tables, filter, {
      read: (slice) => read(part, slice),
      keyAt: (position, fromEnd) => keyAt(part, position, fromEnd),
    });
  }

  /** A page of `current` then `archived` (none when null: the part is all archive). */
  currentThenArchived(
    q: PageRequest & { show_old?: boolean },
    parts: { current: P; archived: P | null },
    count: BoardCount<CurrentAndArchivedCounts>,
  ): Promise<ListPage<T>> {
    const { archived } = parts;
    return readCurrentThenArchived(q, {
      counts: () => this.cachedCount(count),
      current: this.part(parts.current),
      archived: archived ? this.part(archived) : () => Promise.resolve([]),
      roundToTen: true,
    });
  }

  /** A page of one part alone (the archive), read from its nearer end. */
  onePart(q: PageRequest, part: P, count: BoardCount<number>): Promise<ListPage<T>> {
    return readPage(q, { count: () => this.cachedCount(count), read: this.part(part), fromEnd: true });
  }

  private cachedCount<C>(count: BoardCount<C>): Promise<C> {
    return this.counts.cached(count.list, this.source.tables, { ...this.source.filter, ...count.filter }, count.compute);
  }
}
