import { type DeleteAccountInput, profileEndpoints } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { profileKeys } from './keys';
import { authStore } from '@/shared/auth/auth-store';
import { storeUser } from './store-user';

export type ImageKind = 'avatar' | 'background';

export function useUploadProfileImage(kind: ImageKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (file: File) => {
      const body = new FormData();
      body.append('image', file);
      const endpoint = kind === 'avatar' ? profileEndpoints.uploadAvatar : profileEndpoints.uploadBackground;
      return (await apiCall(endpoint, { body })).data;
    },
    onSuccess: async (user) => {
      storeUser(user);
      await queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export function useDeleteAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: DeleteAccountInput) => apiCall(profileEndpoints.deleteAccount, { body }),
    onSuccess: () => {
      authStore.clear();
      queryClient.clear();
    },
  });
}

/** Fetches the export and saves it as a file (through the API client, so the session is renewed if needed). */
export async function downloadMyData(): Promise<void> {
  const data = await apiCall(profileEndpoints.exportData, { overlay: true });
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `legenett-${data.user.slug}-${data.exported_at.slice(0, 10)}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
