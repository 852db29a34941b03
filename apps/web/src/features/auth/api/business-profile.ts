import { authEndpoints } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { storeSession } from './session';

export const actAsCompany = (id: number) => apiCall(authEndpoints.authAs, { params: { id } });
export const backToPersonal = () => apiCall(authEndpoints.leaveBusinessProfile);

/**
 * Switching profile changes what every list shows, and the page moves on (user-menu.tsx):
 * - into a company: every answer is dropped, none read again. What is on screen is personal, and read
 *   as the company it would be refused (403) before the page has moved on;
 * - back to the personal profile: answers not on screen are dropped; those on screen are read again
 *   as the person (a company's page the person no longer acts for then answers 404, which is no
 *   failure: see `isGoneOnRefetch`).
 */
export function useSwitchBusinessProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyId: number | null) => (companyId === null ? backToPersonal() : actAsCompany(companyId)),
    onSuccess: (session) => {
      storeSession(session);
      if (session.user.active_business_profile) {
        queryClient.removeQueries();
        return;
      }
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.invalidateQueries({ type: 'active' });
    },
  });
}
