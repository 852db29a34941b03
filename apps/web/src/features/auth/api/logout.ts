import { authEndpoints } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { authStore } from '@/shared/auth/auth-store';

/** Ends the session on the server (best effort) and everything the browser kept of it. */
export async function logout(): Promise<void> {
  try {
    await apiCall(authEndpoints.logout, { silent: true });
  } finally {
    authStore.clear();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
}
