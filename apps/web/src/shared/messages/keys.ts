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
