import { networkEndpoints, type PublicProfile } from '@legenett/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';

/** Follow or unfollow a member; the profile's figures and follower lists are updated. */
export function useFollowMember(slug: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) =>
      (await apiCall(follow ? networkEndpoints.follow : networkEndpoints.unfollow, { params: { slug }, overlay: false })).data,
    onSuccess: ({ following }) => {
      queryClient.setQueriesData<PublicProfile>({ queryKey: ['profile', 'public', slug] }, (old) =>
        old && old.is_following !== following
          ? { ...old, is_following: following, followers_count: Math.max(0, old.followers_count + (following ? 1 : -1)) }
          : old,
      );
      void queryClient.invalidateQueries({ queryKey: ['network', 'followers', slug] });
      void queryClient.invalidateQueries({ queryKey: ['posts', 'feed'] });
    },
  });
}

export function useFollowers(slug: string, page: number, enabled = true) {
  return useQuery({
    queryKey: ['network', 'followers', slug, page] as const,
    queryFn: async ({ signal }) => apiCall(networkEndpoints.followers, { params: { slug }, query: { page, per_page: 20 }, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Members by name (prefix and fuzzy); waits for two letters. */
export function useProfileSearch(name: string, page = 1) {
  const term = name.trim();
  return useQuery({
    queryKey: ['network', 'search', term, page] as const,
    queryFn: async ({ signal }) => apiCall(networkEndpoints.search, { query: { name: term, type: 'user', page, per_page: 8 }, signal, overlay: false }),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });
}
