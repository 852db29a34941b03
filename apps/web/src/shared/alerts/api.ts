import { type AlertInput, alertEndpoints } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { alertKeys } from './keys';

/** The caller's alerts, newest first. */
export const myAlertsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: alertKeys.list(page),
    queryFn: async ({ signal }) => apiCall(alertEndpoints.list, { query: { page }, signal }),
    placeholderData: keepPreviousData,
  });

export function useMyAlerts(page: number) {
  return useQuery(myAlertsQueryOptions(page));
}

/** Create an alert, or replace one (`id`). */
export function useSaveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AlertInput }) =>
      id === undefined ? apiCall(alertEndpoints.create, { body: input }) : apiCall(alertEndpoints.update, { params: { id }, body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => apiCall(alertEndpoints.remove, { params: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
