import { authEndpoints } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { authStore } from '@/shared/auth/auth-store';
import { forgetUsersOnDevice } from '@/shared/offline/device-data';

/**
 * Ends the session on the server (best effort) and everything the browser kept of it: the session,
 * the offline message queue and the service worker's runtime caches (the hook clears the query cache).
 */
export async function logout(): Promise<void> {
  try {
    await apiCall(authEndpoints.logout, { silent: true });
  } finally {
    authStore.clear();
    await forgetUsersOnDevice();
  }
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: logout, onSettled: () => queryClient.clear() });
}
