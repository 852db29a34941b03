/** Every query key of the search feature (the only place they are written). */
export const searchKeys = {
  all: ['search'] as const,
  term: (term: string, locale: string) => ['search', term, locale] as const,
};
