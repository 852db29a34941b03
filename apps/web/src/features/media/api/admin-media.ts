import {
  type AdminCategoryInput,
  adminMediaEndpoints as ep,
  type MediaInput,
  type MediaKind,
} from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { referenceKeys } from '@/shared/reference/keys';
import { mediaKeys } from './keys';
import { uploadMedia } from './upload-with-progress';

export const ADMIN_PAGE_SIZE = 20;

export const adminMediaQueryOptions = (kind: MediaKind, page: number, locale: string) =>
  queryOptions({
    queryKey: mediaKeys.adminList(kind, page, locale),
    queryFn: ({ signal }) => apiCall(ep.list, { query: { kind, page, per_page: ADMIN_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useAdminMedia(kind: MediaKind, page: number) {
  return useQuery(adminMediaQueryOptions(kind, page, useLocale()));
}

function useInvalidateMedia() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: mediaKeys.all });
}

/** The form's values as multipart fields (the contract reads `1,2` lists and "true"). */
export function formDataOf(values: MediaInput, file: File | null): FormData {
  const body = new FormData();
  body.append('title', values.title);
  body.append('description', values.description);
  if (values.category_id !== null) body.append('category_id', String(values.category_id));
  body.append('access_level', values.access_level);
  if (values.specialty_ids.length > 0) body.append('specialty_ids', values.specialty_ids.join(','));
  if (values.external_url) body.append('external_url', values.external_url);
  if (values.embed_code) body.append('embed_code', values.embed_code);
  if (values.publish) body.append('publish', 'true');
  if (values.publish_at) body.append('publish_at', values.publish_at);
  if (file) body.append('file', file);
  return body;
}

export function useCreateMedia(kind: MediaKind) {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({
      values,
      file,
      onProgress,
    }: {
      values: MediaInput;
      file: File | null;
      onProgress: (p: number) => void;
    }) => uploadMedia(kind, formDataOf(values, file), onProgress),
    onSuccess: invalidate,
  });
}

export function useUpdateMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: async ({ kind, id, values }: { kind: MediaKind; id: number; values: MediaInput }) =>
      (await apiCall(ep.update, { params: { kind, id }, body: values })).data,
    onSuccess: invalidate,
  });
}

export function usePublishMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ kind, id, publish }: { kind: MediaKind; id: number; publish: boolean }) =>
      publish
        ? apiCall(ep.publish, { params: { kind, id }, body: {} })
        : apiCall(ep.unpublish, { params: { kind, id } }),
    onSuccess: invalidate,
  });
}

export function useDeleteMedia() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ kind, id }: { kind: MediaKind; id: number }) =>
      apiCall(ep.remove, { params: { kind, id } }),
    onSuccess: invalidate,
  });
}

export function useUploadCaptions() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ kind, id, file }: { kind: MediaKind; id: number; file: File }) => {
      const body = new FormData();
      body.append('captions', file);
      return apiCall(ep.captions, { params: { kind, id }, body });
    },
    onSuccess: invalidate,
  });
}

/** A poster image for an item (replaces the frame taken at upload); list cards show it. */
export function useUploadPoster() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ kind, id, file }: { kind: MediaKind; id: number; file: File }) => {
      const body = new FormData();
      body.append('poster', file);
      return apiCall(ep.poster, { params: { kind, id }, body });
    },
    onSuccess: invalidate,
  });
}

export const adminCategoriesQueryOptions = (kind: MediaKind) =>
  queryOptions({
    queryKey: mediaKeys.adminCategories(kind),
    queryFn: async ({ signal }) => (await apiCall(ep.categories, { query: { kind }, signal })).data,
  });

export function useAdminCategories(kind: MediaKind) {
  return useQuery(adminCategoriesQueryOptions(kind));
}

export function useSaveCategory() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: AdminCategoryInput }) =>
      id === null
        ? apiCall(ep.createCategory, { body: input })
        : apiCall(ep.updateCategory, { params: { id }, body: { name: input.name } }),
    onSuccess: invalidate,
  });
}

export function useDeleteCategory() {
  const invalidate = useInvalidateMedia();
  return useMutation({
    mutationFn: (id: number) => apiCall(ep.deleteCategory, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useUpdateFrontendSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { prev_image_video_src: string | null; prev_image_video_link: string | null }) =>
      (await apiCall(ep.updateFrontendSettings, { body })).data,
    onSuccess: () => {
      // The one copy (the home page keeps it for the session), owned by @/shared/reference.
      void queryClient.invalidateQueries({ queryKey: referenceKeys.frontendSettings });
    },
  });
}
