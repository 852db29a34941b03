import { messageEndpoints as ep, type WHO_CAN_MESSAGE_VALUES } from '@legenett/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '@/shared/api/api-client';

export type InboxFilter = 'all' | 'unread' | 'requests' | 'archived';

/** The messages' query keys (docs/how-to/web-feature.md): here, so that a block from a profile refreshes conversations too. */
export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread'] as const,
  inboxes: () => [...messageKeys.all, 'inbox'] as const,
  inbox: (filter: InboxFilter) => [...messageKeys.inboxes(), filter] as const,
  conversation: (id: number) => [...messageKeys.all, 'conversation', id] as const,
  history: (id: number) => [...messageKeys.all, 'history', id] as const,
};

/**
 * The caller's safety settings for messages (issue 37): whom they blocked and who may write to them.
 * Shared: a profile and a conversation block, the settings page lists and unblocks.
 */
export const messagingKeys = {
  all: ['messaging'] as const,
  blocks: () => [...messagingKeys.all, 'blocks'] as const,
  settings: () => [...messagingKeys.all, 'settings'] as const,
};

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
