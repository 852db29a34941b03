import { type MediaKind, mediaEndpoints as ep, type SavePositionBody } from '@legenett/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { type MediaFilterValues, mediaKeys } from './keys';

export const PAGE_SIZE = 12;

export function useMediaList(kind: MediaKind, filters: MediaFilterValues, page: number) {
  const locale = useLocale();
  return useQuery({
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
}

export function useMediaCategories(kind: MediaKind) {
  const locale = useLocale();
  return useQuery({
    queryKey: mediaKeys.categories(kind, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(kind === 'video' ? ep.videoCategories : ep.audioCategories, { signal })).data,
  });
}

export function useMediaItem(kind: MediaKind, id: number) {
  const locale = useLocale();
  return useQuery({
    queryKey: mediaKeys.item(kind, id, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(kind === 'video' ? ep.video : ep.audio, { params: { id }, signal, silent: true })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
    // Read afresh on every visit: new signed URLs, and the resume position saved on the last visit.
    gcTime: 0,
  });
}

/** Fetches a fresh detail (new signed URLs) outside React, e.g. when a URL expired mid-play. */
export function fetchMediaItem(kind: MediaKind, id: number) {
  return apiCall(kind === 'video' ? ep.video : ep.audio, { params: { id }, silent: true }).then(
    (r) => r.data,
  );
}

export function useContinueList(kind: MediaKind) {
  const locale = useLocale();
  return useQuery({
    queryKey: mediaKeys.continue(kind, locale),
    queryFn: async ({ signal }) => (await apiCall(ep.continueList, { query: { kind }, signal })).data,
  });
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

export function useMediaPreferences() {
  return useQuery({
    queryKey: mediaKeys.preferences,
    queryFn: async ({ signal }) => (await apiCall(ep.preferences, { signal })).data,
  });
}

export function useSetMediaPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (resume: boolean) => (await apiCall(ep.updatePreferences, { body: { resume } })).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mediaKeys.all }),
  });
}

export function usePodcastFeed() {
  return useQuery({
    queryKey: mediaKeys.podcastFeed,
    queryFn: async ({ signal }) => (await apiCall(ep.podcastFeed, { signal })).data,
  });
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
export function useCaptionSearch(kind: MediaKind, search: string | undefined) {
  const locale = useLocale();
  const text = search?.trim() ?? '';
  return useQuery({
    queryKey: mediaKeys.captionSearch(kind, text, locale),
    queryFn: async ({ signal }) =>
      (await apiCall(ep.captionSearch, { query: { kind, search: text, per_page: 10 }, signal })).data,
    enabled: text.length >= 2,
  });
}
