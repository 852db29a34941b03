import { type Query, QueryClient, type QueryFunction, type QueryFunctionContext, type QueryKey } from '@tanstack/react-query';
import { NetworkError } from './api-error';

/**
 * The signals of fetches made for queries that already hold an answer: a refetch after a change
 * (a mutation's invalidation, a live event, a poll). When such a fetch answers 404, the thing was
 * there and is gone now, most often because the user's own action removed or closed it (a declined
 * request, a deleted post, a company profile left): that is no failure to report, so `apiCall` does
 * not toast it (`isGoneOnRefetch`), and the query keeps its last answer with the 404 as its error
 * for the screen to act on. A first load's 404 is still shown.
 */
const refetchSignals = new WeakSet<AbortSignal>();

/** True when `error` is a 404 answering a refetch of a query that held an answer (see `refetchSignals`). */
export function isGoneOnRefetch(status: number, signal: AbortSignal | undefined): boolean {
  return status === 404 && signal !== undefined && refetchSignals.has(signal);
}

/**
 * Wraps every query's fetch (TanStack's `persister` option is its one hook that sees the query
 * before its function runs; nothing is persisted): remembers the signal of a refetch.
 */
export function markRefetches<T>(queryFn: QueryFunction<T, QueryKey>, context: QueryFunctionContext<QueryKey>, query: Query): T | Promise<T> {
  if (query.state.data !== undefined) refetchSignals.add(context.signal);
  return queryFn(context);
}

/** Answers with a status are final (the API said no); only lost connections are worth one more try. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        retry: (failureCount, error) => error instanceof NetworkError && failureCount < 1,
        refetchOnWindowFocus: false,
        persister: markRefetches,
      },
      mutations: { retry: false },
    },
  });
}
