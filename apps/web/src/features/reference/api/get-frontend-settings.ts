import { referenceEndpoints } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { referenceKeys } from '@/shared/reference/reference-lists';

export function getFrontendSettings({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(referenceEndpoints.frontendSettings, { signal }).then((res) => res.data);
}

/** Read when a page first shows them (the front page's video) and kept for the session. */
export const frontendSettingsQueryOptions = () =>
  queryOptions({
    queryKey: referenceKeys.frontendSettings,
    queryFn: ({ signal }) => getFrontendSettings({ signal }),
    staleTime: Infinity,
  });

export function useFrontendSettings() {
  return useQuery(frontendSettingsQueryOptions());
}
