/**
 * How long the pages a doctor reads offline (issue 41: the feed, the inbox, the conversations opened)
 * stay in the query cache after leaving them: TanStack's default is five minutes; half an hour keeps
 * "recently opened" readable on a train. Memory only, cleared at logout with the query cache.
 */
export const OFFLINE_READ_GC_MS = 30 * 60 * 1000;
