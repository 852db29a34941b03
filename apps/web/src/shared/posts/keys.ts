/**
 * Every cached post list lives under `postKeys.all`, so liking, editing or deleting a post anywhere
 * refreshes each list that may hold it; features build their post keys here, never from strings.
 */
export const postKeys = {
  all: ['posts'] as const,
  feeds: () => [...postKeys.all, 'feed'] as const,
  feed: (locale: string) => [...postKeys.feeds(), locale] as const,
  userPosts: (slug: string, locale: string) => [...postKeys.feeds(), 'user', slug, locale] as const,
  archived: (slug: string, page: number, locale: string) =>
    [...postKeys.all, 'archived', slug, page, locale] as const,
  one: (id: number, locale?: string) =>
    locale ? ([...postKeys.all, 'one', id, locale] as const) : ([...postKeys.all, 'one', id] as const),
  comments: (id: number, page?: number, locale?: string) =>
    page === undefined
      ? ([...postKeys.all, 'comments', id] as const)
      : ([...postKeys.all, 'comments', id, page, locale] as const),
  company: (slug: string, search: string, page: number) =>
    [...postKeys.all, 'company', slug, search, page] as const,
};

/** People to mention by name (`mention-textarea.tsx`). */
export const mentionKeys = {
  people: (term: string) => ['mentions', 'people', term] as const,
};
