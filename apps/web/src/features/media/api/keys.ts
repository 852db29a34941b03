import { type MediaKind } from '@legenett/contracts';

/** Every query key of the media feature (the only place they are written). */
export const mediaKeys = {
  all: ['media'] as const,
  lists: (kind: MediaKind) => ['media', kind, 'list'] as const,
  list: (kind: MediaKind, filters: MediaFilterValues, page: number, locale: string) =>
    ['media', kind, 'list', filters, page, locale] as const,
  categories: (kind: MediaKind, locale: string) => ['media', kind, 'categories', locale] as const,
  item: (kind: MediaKind, id: number, locale: string) => ['media', kind, 'item', id, locale] as const,
  continues: (kind: MediaKind) => ['media', kind, 'continue'] as const,
  captionSearch: (kind: MediaKind, search: string, locale: string) =>
    ['media', kind, 'captions', search, locale] as const,
  continue: (kind: MediaKind, locale: string) => ['media', kind, 'continue', locale] as const,
  preferences: ['media', 'preferences'] as const,
  podcastFeed: ['media', 'podcast-feed'] as const,
  admin: ['media', 'admin'] as const,
  adminList: (kind: MediaKind, page: number, locale: string) =>
    ['media', 'admin', kind, page, locale] as const,
  adminCategories: (kind: MediaKind) => ['media', 'admin', 'categories', kind] as const,
};

/** The list's filters as they travel in the URL and to the API. */
export interface MediaFilterValues {
  categories: number[];
  search?: string;
  direction: 'recent' | 'oldest';
}
