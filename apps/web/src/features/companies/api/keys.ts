/** The directory's filters as they travel in the URL and to the API. */
export interface CompanyFilters {
  name: string;
  categories: number[];
  page: number;
}

/** Every query key of the companies feature (the only place they are written). */
export const companyKeys = {
  all: ['companies'] as const,
  lists: () => ['companies', 'list'] as const,
  list: ({ name, categories, page }: CompanyFilters, locale: string) => ['companies', 'list', { name, categories, page }, locale] as const,
  /** One company in every language (`one(slug)`) or in one. */
  one: (slug: string, locale?: string) => (locale === undefined ? (['companies', 'one', slug] as const) : (['companies', 'one', slug, locale] as const)),
  followers: (slug: string, page?: number) =>
    page === undefined ? (['companies', 'followers', slug] as const) : (['companies', 'followers', slug, page] as const),
  /** The stored user read again when a managed company is missing from it. */
  reloadUser: (id: number) => ['companies', 'reload-user', id] as const,
};
