import { authEndpoints } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { storeSession } from './session';

export const actAsCompany = (id: number) => apiCall(authEndpoints.authAs, { params: { id } });
export const backToPersonal = () => apiCall(authEndpoints.leaveBusinessProfile);

/** Switching profile changes what every list shows: drop the cached answers. */
export function useSwitchBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: number | null) => (companyId === null ? backToPersonal() : actAsCompany(companyId)),
    onSuccess: (session) => {
      storeSession(session);
      queryClient.clear();
    },
  });
}
