import { adminEndpoints } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { adminKeys, type OutboxFilter } from './keys';

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
