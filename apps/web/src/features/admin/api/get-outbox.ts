import { adminEndpoints, type OutboxQuery } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { adminKeys } from './keys';

export type OutboxFilter = Pick<OutboxQuery, 'page'> & Partial<Pick<OutboxQuery, 'channel' | 'status'>>;

export function getOutbox(filter: OutboxFilter, { signal }: { signal?: AbortSignal } = {}) {
  return apiCall(adminEndpoints.outbox, { query: filter, signal });
}

export const outboxQueryOptions = (filter: OutboxFilter) =>
  queryOptions({
    queryKey: adminKeys.outbox(filter),
    queryFn: ({ signal }) => getOutbox(filter, { signal }),
    placeholderData: keepPreviousData,
  });

export function useOutbox(filter: OutboxFilter) {
  return useQuery(outboxQueryOptions(filter));
}
