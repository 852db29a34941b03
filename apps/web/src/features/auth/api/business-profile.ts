import { authEndpoints } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { storeSession } from './session';

export const actAsCompany = (id: number) => apiCall(authEndpoints.authAs, { params: { id } });
export const backToPersonal = () => apiCall(authEndpoints.leaveBusinessProfile);

/**
 * Switching profile changes what every list shows: answers not on screen are dropped; those on screen
 * are read again as the new identity (a company's page the person no longer acts for then answers 404,
 * which is no failure: see `isGoneOnRefetch`), and the page moves on.
 */
export function useSwitchBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: number | null) => (companyId === null ? backToPersonal() : actAsCompany(companyId)),
    onSuccess: (session) => {
      storeSession(session);
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.invalidateQueries({ type: 'active' });
    },
  });
}
