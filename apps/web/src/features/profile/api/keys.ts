/** The profile feature's query keys; everything under `all` is refreshed when the profile changes. */
export const profileKeys = {
  all: ['profile'] as const,
  information: () => [...profileKeys.all, 'information'] as const,
  experiences: (page?: number, locale?: string) =>
    page === undefined ? ([...profileKeys.all, 'experiences'] as const) : ([...profileKeys.all, 'experiences', page, locale] as const),
  educations: (page?: number, locale?: string) =>
    page === undefined ? ([...profileKeys.all, 'educations'] as const) : ([...profileKeys.all, 'educations', page, locale] as const),
  customWorkplaces: (search?: string) =>
    search === undefined ? ([...profileKeys.all, 'custom-workplaces'] as const) : ([...profileKeys.all, 'custom-workplaces', search] as const),
  publicProfile: (slug: string, locale?: string) =>
    locale ? ([...profileKeys.all, 'public', slug, locale] as const) : ([...profileKeys.all, 'public', slug] as const),
};
