import { profileEndpoints } from '@legenett/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';

export const publicProfileQueryOptions = (slug: string, locale: string) =>
  queryOptions({
    queryKey: ['profile', 'public', slug, locale] as const,
    queryFn: async ({ signal }) => (await apiCall(profileEndpoints.show, { params: { slug }, signal, silent: true })).data,
  });

export function usePublicProfile(slug: string) {
  return useQuery(publicProfileQueryOptions(slug, useLocale()));
}
