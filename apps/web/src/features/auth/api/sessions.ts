import { authEndpoints } from '@legenett/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { authStore } from '@/shared/auth/auth-store';
import { forgetUsersOnDevice } from '@/shared/offline/device-data';
import { authKeys } from './keys';

export const sessionsQueryOptions = () =>
  queryOptions({ queryKey: authKeys.sessions(), queryFn: ({ signal }) => apiCall(authEndpoints.sessions, { signal }) });

export function useSessions() {
  return useQuery(sessionsQueryOptions());
}

export const revokeSession = (id: number) => apiCall(authEndpoints.revokeSession, { params: { id } });

/** Ends every session, this one too; the browser forgets it afterwards. */
export async function logOutEverywhere(): Promise<void> {
  await apiCall(authEndpoints.revokeSessions, { query: { scope: 'all' } });
  authStore.clear();
  await forgetUsersOnDevice();
}

export function useRevokeSession() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: revokeSession, onSettled: () => queryClient.invalidateQueries({ queryKey: authKeys.sessions() }) });
}

export function useLogOutEverywhere() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logOutEverywhere, onSuccess: () => queryClient.clear() });
}
