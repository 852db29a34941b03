import { type MediaKind, mediaEndpoints as ep, type SavePositionBody } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { type MediaFilterValues, mediaKeys } from './keys';

export const PAGE_SIZE = 12;

export const mediaListQueryOptions = (kind: MediaKind, filters: MediaFilterValues, page: number, locale: string) =>
  queryOptions({
    queryKey: mediaKeys.list(kind, filters, page, locale),
    queryFn: ({ signal }) =>
      apiCall(kind === 'video' ? ep.videos : ep.audioList, {
        query: {
          page,
          per_page: PAGE_SIZE,
          search: filters.search,
          direction: filters.direction,
          categories: filters.categories.length > 0 ? filters.categories.join(',') : undefined,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useMediaList(kind: MediaKind, filters: MediaFilterValues, page: number) {
  return useQuery(mediaListQueryOptions(kind, filters, page, useLocale()));
}

export const mediaCategoriesQueryOptions = (kind: MediaKind, locale: string) =>
  queryOptions({
    queryKey: mediaKeys.categories(kind, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(kind === 'video' ? ep.videoCategories : ep.audioCategories, { signal })).data,
  });

export function useMediaCategories(kind: MediaKind) {
  return useQuery(mediaCategoriesQueryOptions(kind, useLocale()));
}

export const mediaItemQueryOptions = (kind: MediaKind, id: number, locale: string) =>
  queryOptions({
    queryKey: mediaKeys.item(kind, id, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(kind === 'video' ? ep.video : ep.audio, { params: { id }, signal, silent: true })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // Read afresh on every visit: new signed URLs, and the resume position saved on the last visit.
    gcTime: 0,
  });

export function useMediaItem(kind: MediaKind, id: number) {
  return useQuery(mediaItemQueryOptions(kind, id, useLocale()));
}

/** Fetches a fresh detail (new signed URLs) outside React, e.g. when a URL expired mid-play. */
export function fetchMediaItem(kind: MediaKind, id: number) {
  return apiCall(kind === 'video' ? ep.video : ep.audio, { params: { id }, silent: true }).then(
    (r) => r.data,
  );
}

export const continueListQueryOptions = (kind: MediaKind, locale: string) =>
  queryOptions({
    queryKey: mediaKeys.continue(kind, locale),
    queryFn: async ({ signal }) => (await apiCall(ep.continueList, { query: { kind }, signal })).data,
  });

export function useContinueList(kind: MediaKind) {
  return useQuery(continueListQueryOptions(kind, useLocale()));
}

/** Saves a position quietly (no overlay, no toast): playing goes on whatever happens. */
export function savePosition(body: SavePositionBody) {
  return apiCall(ep.savePosition, { body, silent: true, overlay: false });
}

/** After saving, lists and "continue" rows show the new progress the next time they are read. */
export function useInvalidateProgress() {
  const queryClient = useQueryClient();
  return (kind: MediaKind) => {
    void queryClient.invalidateQueries({ queryKey: mediaKeys.lists(kind) });
    void queryClient.invalidateQueries({ queryKey: mediaKeys.continues(kind) });
  };
}

export const mediaPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: mediaKeys.preferences,
    queryFn: async ({ signal }) => (await apiCall(ep.preferences, { signal })).data,
  });

export function useMediaPreferences() {
  return useQuery(mediaPreferencesQueryOptions());
}

export function useSetMediaPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (resume: boolean) => (await apiCall(ep.updatePreferences, { body: { resume } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export const podcastFeedQueryOptions = () =>
  queryOptions({
    queryKey: mediaKeys.podcastFeed,
    queryFn: async ({ signal }) => (await apiCall(ep.podcastFeed, { signal })).data,
  });

export function usePodcastFeed() {
  return useQuery(podcastFeedQueryOptions());
}

/** A new private feed address (shown once); the previous one stops working. */
export function useCreatePodcastFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiCall(ep.createPodcastFeed)).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.podcastFeed }),
  });
}

export function useRevokePodcastFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ep.revokePodcastFeed),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.podcastFeed }),
  });
}

/** Where the searched words are said in captions (from two characters on). */
export const captionSearchQueryOptions = (kind: MediaKind, search: string | undefined, locale: string) => {
  const text = search?.trim() ?? '';
  return queryOptions({
    queryKey: mediaKeys.captionSearch(kind, text, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(ep.captionSearch, { query: { kind, search: text, per_page: 10 }, signal })).data,
    enabled: text.length >= 2,
  });
};

export function useCaptionSearch(kind: MediaKind, search: string | undefined) {
  return useQuery(captionSearchQueryOptions(kind, search, useLocale()));
}
