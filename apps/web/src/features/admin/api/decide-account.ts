import { type AccountAction, adminEndpoints } from '@legenett/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { adminKeys } from './keys';

export interface DecideAccountInput {
  id: number;
  action: AccountAction;
  /** Required by reject and block. */
  reason?: string;
}

export function decideAccount({ id, action, reason }: DecideAccountInput) {
  const params = { id };
  switch (action) {
    case 'approve':
      return apiCall(adminEndpoints.approve, { params }).then((res) => res.data);
    case 'unblock':
      return apiCall(adminEndpoints.unblock, { params }).then((res) => res.data);
    case 'reject':
      return apiCall(adminEndpoints.reject, { params, body: { reason: reason ?? '' } }).then((res) => res.data);
    case 'block':
      return apiCall(adminEndpoints.block, { params, body: { reason: reason ?? '' } }).then((res) => res.data);
  }
}

/** Approve, reject, block or unblock; every admin list and detail is refetched afterwards. */
export function useDecideAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.users() }),
  });
}
