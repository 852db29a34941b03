import { type GuardFindingDecision, type GuardFindingStatus, guardSweepEndpoints as ep } from '@legenett/contracts';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { adminKeys } from './keys';

/** Identity numbers the sweep found in content written before, in one status, newest first (masked). */
export const guardFindingsQueryOptions = (status: GuardFindingStatus, page: number) =>
  queryOptions({
    queryKey: adminKeys.guardFindings(status, page),
    queryFn: ({ signal }) => apiCall(ep.findings, { query: { status, page }, signal }),
    placeholderData: keepPreviousData,
  });

export function useGuardFindings(status: GuardFindingStatus, page: number) {
  return useQuery(guardFindingsQueryOptions(status, page));
}

/** The latest sweep; read again every few seconds while one is queued or running. */
export const latestGuardSweepQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.guardSweep(),
    queryFn: ({ signal }) => apiCall(ep.latestSweep, { signal }).then((res) => res.data),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status === 'queued' || status === 'running' ? 3000 : false;
    },
  });

export function useLatestGuardSweep() {
  return useQuery(latestGuardSweepQueryOptions());
}

/** Starts a sweep (or answers the one under way); the findings are read again when it ends. */
export function useStartGuardSweep() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ep.startSweep).then((res) => res.data),
    onSuccess: (sweep) => queryClient.setQueryData(adminKeys.guardSweep(), sweep),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.guard() }),
  });
}

/** Marks a finding handled; every finding list is read again afterwards. */
export function useDecideGuardFinding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: number } & GuardFindingDecision) =>
      apiCall(ep.decideFinding, { params: { id }, body: { decision } }).then((res) => res.data),
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.guard() }),
  });
}
