import { referenceEndpoints } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { referenceKeys } from './keys';

/**
 * The front page's settings (its preview video): read when a page first shows them and kept for the
 * session. `fresh` reads them again on every mount (the media admin's form, which changes them and
 * refreshes this one copy through `referenceKeys.frontendSettings`).
 */
export const frontendSettingsQueryOptions = (fresh = false) =>
  queryOptions({
    queryKey: referenceKeys.frontendSettings,
    queryFn: async ({ signal }) => (await apiCall(referenceEndpoints.frontendSettings, { signal })).data,
    staleTime: Infinity,
    refetchOnMount: fresh ? 'always' : true,
  });

export function useFrontendSettings(fresh = false) {
  return useQuery(frontendSettingsQueryOptions(fresh));
}
