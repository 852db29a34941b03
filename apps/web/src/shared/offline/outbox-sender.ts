import { type Message, MESSAGE_FILES_FIELD, messageEndpoints as ep } from '@legenett/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall } from '@/shared/api/api-client';
import { showApiError } from '@/shared/api/handle-api-error';
import { mayUseMessages } from '@/shared/auth/account-state';
import { useCurrentUser } from '@/shared/auth/auth-store';
import { messageKeys } from '@/shared/messages/keys';
import { flushOutbox, type QueuedMessage } from './outbox';

export interface Outgoing {
  body: string;
  files: File[];
  replyTo: number | null;
  /** The idempotency key made when the message was written: the API answers a repeat with the first message. */
  clientKey: string;
}

/** One send of a message; errors are thrown without a toast (the caller decides: queue it, or show it). */
export async function sendMessage(conversationId: number, { body, files, replyTo, clientKey }: Outgoing): Promise<Message> {
  const form = new FormData();
  form.append('body', body);
  if (replyTo !== null) form.append('reply_to_id', String(replyTo));
  form.append('client_key', clientKey);
  for (const file of files) form.append(MESSAGE_FILES_FIELD, file);
  return (await apiCall(ep.send, { params: { id: conversationId }, body: form, silent: true })).data;
}

/** A queued message, sent with the key it was given when written. */
export const sendQueued = (m: QueuedMessage): Promise<Message> =>
  sendMessage(m.conversation_id, { body: m.body, files: [], replyTo: m.reply_to_id, clientKey: m.client_key });

/** The composer's draft (composer.tsx keeps it under this key): a refused queued message is not lost. */
function restoreDraft(m: QueuedMessage): void {
  const key = `legenett.messages.draft.${m.conversation_id}`;
  try {
    if (!localStorage.getItem(key)) localStorage.setItem(key, m.body);
  } catch {
    /* no storage */
  }
}

/**
 * Sends the logged-in user's offline queue when the app starts and whenever the connection returns
 * (the 'online' event); each sent message's conversation and the inbox are read again. A message
 * the API refuses for good is shown as the error and goes back into its conversation's draft.
 * Here in shared (not in the messages feature) so that the app layout needs no page code at start-up.
 */
export function useOutboxSender(): void {
  const user = useCurrentUser();
  const userId = user && mayUseMessages(user) ? user.id : null;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (userId === null) return;
    const flush = () =>
      void flushOutbox(userId, {
        send: sendQueued,
        onSent: (m) => {
          void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes() });
          void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(m.conversation_id) });
          void queryClient.invalidateQueries({ queryKey: messageKeys.history(m.conversation_id) });
        },
        onRefused: (m, error) => {
          showApiError(error);
          restoreDraft(m);
        },
      });
    flush();
    window.addEventListener('online', flush);
    return () => window.removeEventListener('online', flush);
  }, [userId, queryClient]);
}
