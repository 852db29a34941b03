import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';

/** One page of a keyset list as the API answers it (docs/how-to/paginated-list.md, "Keyset lists"). */
export interface KeysetPage {
  meta: { next_cursor: string | null };
}

/** What a page read adds to its query: nothing on the first page, `{ cursor }` after it. */
export type KeysetAfter = { cursor?: string };

/**
 * The one way the web reads a keyset list (the feed, a profile's posts, the inbox, the notifications
 * page, a petition's signers): the first page without a cursor, each next one with the previous
 * page's `meta.next_cursor`, none after a page whose `next_cursor` is null. The caller gives the key
 * (from its key factory) and reads one page, spreading `after` into its query:
 *
 * ```ts
 * export const feedQueryOptions = (locale: string) =>
 *   keysetQueryOptions({
 *     queryKey: postKeys.feed(locale),
 *     page: (after, signal) => apiCall(postEndpoints.feed, { query: { limit: FEED_DEFAULT_LIMIT, ...after }, signal }),
 *   });
 * ```
 *
 * Read it with `useInfiniteQuery(feedQueryOptions(locale))`; the loaded items are
 * `data.pages.flatMap((p) => p.data)`.
 */
export function keysetQueryOptions<TPage extends KeysetPage, TKey extends QueryKey>(options: {
  queryKey: TKey;
  page: (after: KeysetAfter, signal: AbortSignal) => Promise<TPage>;
  enabled?: boolean;
  /** How long the list stays cached once nothing shows it (lists read offline keep it longer). */
  gcTime?: number;
}) {
  return infiniteQueryOptions({
    queryKey: options.queryKey,
    queryFn: ({ pageParam, signal }) => options.page(pageParam === null ? {} : { cursor: pageParam }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last: TPage) => last.meta.next_cursor,
    enabled: options.enabled ?? true,
    ...(options.gcTime === undefined ? {} : { gcTime: options.gcTime }),
  });
}
