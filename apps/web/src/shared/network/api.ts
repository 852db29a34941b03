import { networkEndpoints } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { postKeys } from '@/shared/posts/keys';
import { networkKeys } from './keys';

/**
 * Follow or unfollow a member; follower lists and the feed are refreshed, and `onChanged` lets the
 * page that shows the member update its own cached copy.
 */
export function useFollowMember(slug: string, onChanged?: (following: boolean) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (follow: boolean) =>
      (await apiCall(follow ? networkEndpoints.follow : networkEndpoints.unfollow, { params: { slug }, overlay: false })).data,
    onSuccess: ({ following }) => {
      onChanged?.(following);
      void queryClient.invalidateQueries({ queryKey: networkKeys.follows() });
      void queryClient.invalidateQueries({ queryKey: postKeys.feeds() });
    },
  });
}

/** A member's followers or the members they follow, 20 a page. */
export const followListQueryOptions = (which: 'followers' | 'following', slug: string, page: number, enabled = true) =>
  queryOptions({
    queryKey: networkKeys[which](slug, page),
    queryFn: async ({ signal }) =>
      apiCall(which === 'followers' ? networkEndpoints.followers : networkEndpoints.following, {
        params: { slug },
        query: { page, per_page: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled,
  });

export function useFollowList(which: 'followers' | 'following', slug: string, page: number, enabled = true) {
  return useQuery(followListQueryOptions(which, slug, page, enabled));
}

/** "People you may know" (a few, best first); `enabled` false where the account may not ask (a business profile). */
export const suggestionsQueryOptions = (limit: number, enabled = true) =>
  queryOptions({
    queryKey: networkKeys.suggestions(limit),
    queryFn: async ({ signal }) => (await apiCall(networkEndpoints.suggestions, { query: { limit }, signal, silent: true })).data,
    enabled,
    staleTime: 60_000,
  });

export function useSuggestions(limit: number, enabled = true) {
  return useQuery(suggestionsQueryOptions(limit, enabled));
}

/** Members by name (prefix and fuzzy); waits for two letters. */
export const profileSearchQueryOptions = (term: string, page = 1) =>
  queryOptions({
    queryKey: networkKeys.search(term, page),
    queryFn: async ({ signal }) => apiCall(networkEndpoints.search, { query: { name: term, type: 'user', page, per_page: 8 }, signal, overlay: false }),
    enabled: term.length >= 2,
    placeholderData: keepPreviousData,
  });

export function useProfileSearch(name: string, page = 1) {
  return useQuery(profileSearchQueryOptions(name.trim(), page));
}
