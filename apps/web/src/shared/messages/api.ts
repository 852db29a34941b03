import { messageEndpoints as ep, type WHO_CAN_MESSAGE_VALUES } from '@legenett/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';
import { messageKeys, messagingKeys } from './keys';

export const blocksQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: messagingKeys.blocks(),
    queryFn: async ({ signal }) => (await apiCall(ep.blocks, { signal })).data,
    enabled,
  });

export function useBlocks(enabled = true) {
  return useQuery(blocksQueryOptions(enabled));
}

/** Whom a block is about: a member, or a partner company (a company's message request blocked). */
export interface BlockTarget {
  type: 'user' | 'company';
  id: number;
}

/** Block (true) or unblock (false) a member or a company; the list is read again. */
export function useSetBlocked() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ target, blocked }: { target: BlockTarget; blocked: boolean }) =>
      target.type === 'company'
        ? apiCall(blocked ? ep.blockCompany : ep.unblockCompany, { params: { companyId: target.id } })
        : apiCall(blocked ? ep.block : ep.unblock, { params: { userId: target.id } }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: messagingKeys.blocks() });
      // A conversation's `can_write` follows the block.
      void queryClient.invalidateQueries({ queryKey: messageKeys.all });
    },
  });
}

export const messagingSettingsQueryOptions = () =>
  queryOptions({
    queryKey: messagingKeys.settings(),
    queryFn: async ({ signal }) => (await apiCall(ep.mySettings, { signal })).data,
  });

export function useMessagingSettings() {
  return useQuery(messagingSettingsQueryOptions());
}

export type WhoCanMessage = (typeof WHO_CAN_MESSAGE_VALUES)[number];

export function useUpdateMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (who: WhoCanMessage) => (await apiCall(ep.updateSettings, { body: { who_can_message: who } })).data,
    // The answer is the new state: into the cache, nothing to read again.
    onSuccess: (settings) => queryClient.setQueryData(messagingKeys.settings(), settings),
  });
}
