/** One page of a keyset list (newest first, or any order the repository reads): the rows and the next cursor. */
export interface KeysetPage<R> {
  rows: R[];
  /** Null on the last page. */
  next_cursor: string | null;
}

/**
 * The one way a service reads a keyset list (docs/how-to/paginated-list.md, "Keyset lists"): `read`
 * gets `limit + 1` (the extra row only tells that more follow), the page is the first `limit`, and the
 * cursor is made from its last row by `cursorOf` (the contracts' encoder of that list; their decoder,
 * `timeIdCursorQuery` or the list's own, refuses a bad cursor with 422 before the read).
 */
export async function readKeyset<R>(limit: number, read: (take: number) => Promise<R[]>, cursorOf: (last: R) => string): Promise<KeysetPage<R>> {
  const rows = await read(limit + 1);
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  return { rows: page, next_cursor: rows.length > limit && last !== undefined ? cursorOf(last) : null };
}
