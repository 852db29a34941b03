import { messageEndpoints, type REPORT_DECISIONS, type REPORT_STATUS_VALUES, type ReportFilter } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { adminKeys } from './keys';

export type ReportStatus = (typeof REPORT_STATUS_VALUES)[number];
export type ReportDecision = (typeof REPORT_DECISIONS)[number];

/** Reported messages in one status (or all), newest first (only the reported messages, never the conversation). */
export const messageReportsQueryOptions = (status: ReportFilter, page: number) =>
  queryOptions({
    queryKey: adminKeys.reportList(status, page),
    queryFn: ({ signal }) => apiCall(messageEndpoints.adminReports, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export function useMessageReports(status: ReportFilter, page: number) {
  return useQuery(messageReportsQueryOptions(status, page));
}

/** Dismiss, warn or suspend; every report list is read again afterwards. */
export function useDecideReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number; decision: ReportDecision }) =>
      apiCall(messageEndpoints.decideReport, { params: { id }, body: { decision } }).then((res) => res.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.reports() }),
  });
}
