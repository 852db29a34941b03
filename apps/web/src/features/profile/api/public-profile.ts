import { profileEndpoints, type PublicProfile } from '@legenett/contracts';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { profileKeys } from './keys';
import { useLocale } from '@/shared/i18n/use-locale';

export const publicProfileQueryOptions = (slug: string, locale: string) =>
  queryOptions({
    queryKey: profileKeys.publicProfile(slug, locale),
    queryFn: async ({ signal }) => (await apiCall(profileEndpoints.show, { params: { slug }, signal, silent: true })).data,
  });

export function usePublicProfile(slug: string) {
  return useQuery(publicProfileQueryOptions(slug, useLocale()));
}

/** After a follow or unfollow: the shown profile's state and follower count, without a refetch. */
export function useFollowingChanged(slug: string) {
  const queryClient = useQueryClient();
  return (following: boolean) =>
    queryClient.setQueriesData<PublicProfile>({ queryKey: profileKeys.publicProfile(slug) }, (old) =>
      old && old.is_following !== following
        ? { ...old, is_following: following, followers_count: Math.max(0, old.followers_count + (following ? 1 : -1)) }
        : old,
    );
}
