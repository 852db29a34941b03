import { SEARCH_MIN_LENGTH, searchEndpoints as ep } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { searchKeys } from './keys';

/** Asked only for a term of at least SEARCH_MIN_LENGTH characters. */
export const globalSearchQueryOptions = (term: string, locale: string) =>
  queryOptions({
    queryKey: searchKeys.term(term, locale),
    enabled: term.length >= SEARCH_MIN_LENGTH,
    // Silent: a failed search says so in the list, not in a toast over the header.
    queryFn: ({ signal }) => apiCall(ep.search, { query: { search: term }, signal, silent: true }),
    staleTime: 30_000,
    retry: false,
    placeholderData: keepPreviousData,
  });

/** One `GET /search` per (debounced) term of at least SEARCH_MIN_LENGTH characters. */
export function useGlobalSearch(term: string) {
  return useQuery(globalSearchQueryOptions(term.trim(), useLocale()));
}
