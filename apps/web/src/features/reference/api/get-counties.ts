import { referenceEndpoints, type Locale } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';

/** Names come localised from the API (X-localization), so the language is part of the key. */
export function getCounties({ signal }: { signal?: AbortSignal } = {}) {
  return apiCall(referenceEndpoints.counties, { signal }).then((res) => res.data);
}

export const countiesQueryOptions = (locale: Locale) =>
  queryOptions({
    queryKey: ['reference', 'counties', locale] as const,
    queryFn: ({ signal }) => getCounties({ signal }),
    staleTime: 60 * 60 * 1000,
  });

export function useCounties() {
  return useQuery(countiesQueryOptions(useLocale()));
}
