/** Every query key of the network area (followers, following, suggestions, member search). */
export const networkKeys = {
  all: ['network'] as const,
  followers: (slug: string, page?: number) =>
    page === undefined ? ([...networkKeys.all, 'followers', slug] as const) : ([...networkKeys.all, 'followers', slug, page] as const),
  following: (slug: string, page?: number) =>
    page === undefined ? ([...networkKeys.all, 'following', slug] as const) : ([...networkKeys.all, 'following', slug, page] as const),
  /** Every "who follows whom" list: a follow or unfollow changes the viewer's own following list too. */
  follows: () => [...networkKeys.all] as const,
  suggestions: (limit?: number) =>
    limit === undefined ? ([...networkKeys.all, 'suggestions'] as const) : ([...networkKeys.all, 'suggestions', limit] as const),
  search: (term: string, page: number) => [...networkKeys.all, 'search', term, page] as const,
};
