import { type JobInput, jobEndpoints as ep } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { useLocale } from '@/shared/i18n/use-locale';
import { type JobFilterValues, jobKeys } from './keys';

export const PAGE_SIZE = 10;

export const jobsQueryOptions = (filters: JobFilterValues, page: number, showOld: boolean, locale: string) =>
  queryOptions({
    queryKey: jobKeys.list(filters, page, showOld, locale),
    queryFn: ({ signal }) =>
      apiCall(ep.list, { query: { ...filters, page, per_page: PAGE_SIZE, show_old: showOld ? '1' : undefined }, signal }),
    placeholderData: keepPreviousData,
  });

export function useJobs(filters: JobFilterValues, page: number, showOld: boolean) {
  return useQuery(jobsQueryOptions(filters, page, showOld, useLocale()));
}

export const jobQueryOptions = (id: number, mine: boolean, locale: string) =>
  queryOptions({
    queryKey: jobKeys.one(id, mine, locale),
    queryFn: async ({ signal }) => (await apiCall(mine ? ep.myShow : ep.show, { params: { id }, signal })).data,
    enabled: Number.isInteger(id) && id > 0,
    retry: false,
  });

export function useJob(id: number, mine: boolean) {
  return useQuery(jobQueryOptions(id, mine, useLocale()));
}

export const myJobsQueryOptions = (status: 'current' | 'past', page: number, locale: string) =>
  queryOptions({
    queryKey: jobKeys.my(status, page, locale),
    queryFn: ({ signal }) => apiCall(ep.myList, { query: { status, page, per_page: PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
  });

export function useMyJobs(status: 'current' | 'past', page: number) {
  return useQuery(myJobsQueryOptions(status, page, useLocale()));
}

/** Counts the view once per user; silent, the page works without it. */
export function useMarkAsViewed() {
  return useMutation({ mutationFn: (id: number) => apiCall(ep.markAsViewed, { params: { id }, silent: true, overlay: false }) });
}

function useInvalidateJobs() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
}

export function useSaveJob() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number | null; body: JobInput }) =>
      (id === null ? await apiCall(ep.create, { body }) : await apiCall(ep.update, { params: { id }, body })).data,
    onSuccess: invalidate,
  });
}

export function useCloseJob() {
  const invalidate = useInvalidateJobs();
  return useMutation({ mutationFn: (id: number) => apiCall(ep.close, { params: { id } }), onSuccess: invalidate });
}

export function useJobLogo() {
  const invalidate = useInvalidateJobs();
  return useMutation({
    mutationFn: ({ id, file }: { id: number; file: File | null }) => {
      if (!file) return apiCall(ep.deleteLogo, { params: { id } });
      const form = new FormData();
      form.append('logo', file);
      return apiCall(ep.uploadLogo, { params: { id }, body: form });
    },
    onSuccess: invalidate,
  });
}

