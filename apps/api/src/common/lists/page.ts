import { type PageMeta, pageMeta, roundTotalToTen } from '@legenett/contracts';

/** `page` and `per_page` of a list query, as `PageQuerySchema` parses them (per_page 10 by default, at most 50). */
export interface PageRequest {
  page: number;
  per_page: number;
}

/**
 * Which rows of an ordered list a repository reads: `limit` rows after skipping `offset`, counted
 * from the start of the list or, with `fromEnd`, from its end (then read in the reverse order).
 * Reading from the nearer end keeps the skipped part at most half the list, and the last pages
 * (`show_old`) as cheap as the first.
 */
export interface Slice {
  offset: number;
  limit: number;
  fromEnd: boolean;
  /**
   * The order keys of the row just before the slice (in the reading direction), as text: read the
   * rows after it (`keysetAfter`) and skip only `offset` more. Set by `ListCounts.keyset` for deep
   * slices, from a cached bookmark.
   */
  after?: readonly string[];
}

/** Reads one slice: `order by <keys>` (every key reversed when `fromEnd`) `limit` / `offset`. */
export type ReadSlice<T> = (slice: Slice) => Promise<T[]>;

export interface ListPage<T> {
  rows: T[];
  meta: PageMeta;
}

/** The slice holding rows [offset, offset + limit) of a list of `total` rows, from its nearer end. */
export function sliceOf(total: number, offset: number, limit: number): Slice {
  const n = Math.max(0, Math.min(limit, total - offset));
  const fromEndOffset = total - offset - n;
  return fromEndOffset < offset
    ? { offset: fromEndOffset, limit: n, fromEnd: true }
    : { offset, limit: n, fromEnd: false };
}

/** Reads a slice and answers its rows in list order. */
export async function readSlice<T>(slice: Slice, read: ReadSlice<T>): Promise<T[]> {
  if (slice.limit <= 0) return [];
  const rows = await read(slice);
  return slice.fromEnd ? rows.reverse() : rows;
}

export interface PageSource<T> {
  /** The exact number of rows of the list: `ListCounts.cached(...)` for lists over a whole table. */
  count: () => Promise<number>;
  read: ReadSlice<T>;
  /**
   * The reader honours `Slice.fromEnd`. Then the count comes first and pages past the middle are
   * read from the end; without it the count and the page are read at the same time (lists of one
   * owner, which stay short).
   */
  fromEnd?: boolean;
}

/** One page of a list with one order, and its meta (`api-conventions.md`: pages start at 1). */
export async function readPage<T>(q: PageRequest, source: PageSource<T>): Promise<ListPage<T>> {
  const offset = (q.page - 1) * q.per_page;
  if (!source.fromEnd) {
    const [total, rows] = await Promise.all([
      source.count(),
      source.read({ offset, limit: q.per_page, fromEnd: false }),
    ]);
    return { rows, meta: pageMeta(total, q.page, q.per_page) };
  }
  const total = await source.count();
  const rows = await readSlice(sliceOf(total, offset, q.per_page), source.read);
  return { rows, meta: pageMeta(total, q.page, q.per_page) };
}

export interface CurrentAndArchivedCounts {
  current: number;
  archived: number;
}

export interface CurrentThenArchivedSource<T> {
  counts: () => Promise<CurrentAndArchivedCounts>;
  /** Reads of the two parts, each in its own order; both honour `Slice.fromEnd`. */
  current: ReadSlice<T>;
  archived: ReadSlice<T>;
  /** Courses and jobs: `meta.total` is rounded up to a multiple of 10 (spec point 9). */
  roundToTen: boolean;
}

/**
 * The spec's list of courses and jobs: current items first, archived items appended; `show_old`
 * answers the last page. The page may straddle both parts; each part is read from its nearer end.
 */
export async function readCurrentThenArchived<T>(
  q: PageRequest & { show_old?: boolean },
  source: CurrentThenArchivedSource<T>,
): Promise<ListPage<T>> {
  const counts = await source.counts();
  const real = counts.current + counts.archived;
  const page = q.show_old ? Math.max(1, Math.ceil(real / q.per_page)) : q.page;
  const offset = (page - 1) * q.per_page;
  const current = sliceOf(counts.current, offset, q.per_page);
  const archived = sliceOf(counts.archived, Math.max(0, offset - counts.current), q.per_page - current.limit);
  const [a, b] = await Promise.all([
    readSlice(current, source.current),
    readSlice(archived, source.archived),
  ]);
  return {
    rows: [...a, ...b],
    meta: pageMeta(source.roundToTen ? roundTotalToTen(real) : real, page, q.per_page),
  };
}
