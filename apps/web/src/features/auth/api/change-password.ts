import { authEndpoints, type ChangePasswordInput } from '@legenett/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { storeSession } from './session';

export const changePassword = (body: ChangePasswordInput) => apiCall(authEndpoints.changePassword, { body });

/** Other sessions end; this one continues with the fresh token of the answer. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, onSuccess: storeSession });
}
