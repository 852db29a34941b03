import {
  CHAT_STREAM_EVENT,
  type Conversation,
  type Message,
  type MessageEvent as ChatEvent,
  MessageEventSchema,
  messageEndpoints as ep,
} from '@legenett/contracts';
import { type InfiniteData, infiniteQueryOptions, type QueryClient, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { apiCall } from '@/shared/api/api-client';
import { keysetQueryOptions } from '@/shared/api/keyset';
import { NetworkError } from '@/shared/api/api-error';
import { showApiError } from '@/shared/api/handle-api-error';
import { subscribeLiveStream } from '@/shared/api/live-stream';
import { mayUseMessages } from '@/shared/auth/account-state';
import { useAuthSession, useCurrentUser } from '@/shared/auth/auth-store';
import { type InboxFilter, messageKeys } from '@/shared/messages/keys';
import { OFFLINE_READ_GC_MS } from '@/shared/offline/keep';
import { outbox } from '@/shared/offline/outbox';
import { sendMessage } from '@/shared/offline/outbox-sender';

export type { InboxFilter } from '@/shared/messages/keys';

/**
 * The header's count of unread messages: read once, then again on each live event (useLiveRefresh in
 * the header's icon, over the tab's one stream, which catches up on reconnect): no polling beside it.
 */
export const unreadQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: messageKeys.unread(),
    queryFn: async ({ signal }) => (await apiCall(ep.unread, { signal, silent: true })).data,
    enabled,
  });

export function useUnreadMessages(enabled: boolean) {
  return useQuery(unreadQueryOptions(enabled));
}

export const inboxQueryOptions = (filter: InboxFilter) =>
  keysetQueryOptions({
    queryKey: messageKeys.inbox(filter),
    page: (after, signal) => apiCall(ep.inbox, { query: { filter, ...after }, signal }),
    gcTime: OFFLINE_READ_GC_MS,
  });

export function useInbox(filter: InboxFilter) {
  return useInfiniteQuery(inboxQueryOptions(filter));
}

export const conversationQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: messageKeys.conversation(id ?? 0),
    queryFn: async ({ signal }) => (await apiCall(ep.show, { params: { id: id ?? 0 }, signal })).data,
    enabled: id !== null,
    gcTime: OFFLINE_READ_GC_MS,
  });

export function useConversation(id: number | null) {
  return useQuery(conversationQueryOptions(id));
}

const HISTORY_PAGE = 30;

/** A conversation's messages, newest page first; older pages by sequence (`before`). */
export const historyQueryOptions = (id: number | null) =>
  infiniteQueryOptions({
    queryKey: messageKeys.history(id ?? 0),
    enabled: id !== null,
    queryFn: ({ pageParam, signal }) =>
      apiCall(ep.history, { params: { id: id ?? 0 }, query: { limit: HISTORY_PAGE, ...(pageParam > 0 ? { before: pageParam } : {}) }, signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.meta.has_more && last.data[0] ? last.data[0].seq : undefined),
    gcTime: OFFLINE_READ_GC_MS,
  });

export function useHistory(id: number | null) {
  return useInfiniteQuery(historyQueryOptions(id));
}

type HistoryData = InfiniteData<{ data: Message[]; meta: { has_more: boolean; last_seq: number } }, unknown>;

/** A message of the loaded history by its id (the caller's own message that the stream echoes). */
function cachedMessage(data: HistoryData | undefined, id: number): Message | undefined {
  for (const page of data?.pages ?? []) for (const m of page.data) if (m.id === id) return m;
  return undefined;
}

/** The history with a message the caller sent added to its newest page (once). */
function withMessage(data: HistoryData | undefined, message: Message): HistoryData | undefined {
  const [newest, ...older] = data?.pages ?? [];
  if (!data || !newest || cachedMessage(data, message.id)) return data;
  const meta = { ...newest.meta, last_seq: Math.max(newest.meta.last_seq, message.seq) };
  return { ...data, pages: [{ ...newest, data: [...newest.data, message], meta }, ...older] };
}

/** The conversation after the caller's own message: it is the last, and read by the caller up to it. */
function afterOwnMessage(conversation: Conversation | undefined, seq: number): Conversation | undefined {
  if (!conversation) return conversation;
  const last = Math.max(conversation.last_seq, seq);
  return {
    ...conversation,
    last_seq: last,
    last_read_seq: last,
    participants: conversation.participants.map((p) => (p.is_me ? { ...p, last_read_seq: last } : p)),
  };
}

/** The messages of all loaded pages, oldest first, each sequence number once. */
export function messagesOf(data: HistoryData | undefined): Message[] {
  if (!data) return [];
  const bySeq = new Map<number, Message>();
  for (const page of [...data.pages].reverse()) for (const m of page.data) bySeq.set(m.seq, m);
  return [...bySeq.values()].sort((a, b) => a.seq - b.seq);
}

/** After a change: the lists, the counts and the open conversation read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return (conversationId?: number) => {
    void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes() });
    void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
    if (conversationId !== undefined) {
      void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
      void queryClient.invalidateQueries({ queryKey: messageKeys.history(conversationId) });
    }
  };
}

export type SendResult = { queued: false; message: Message } | { queued: true; clientKey: string };

/**
 * Sends a message, or, without a connection (the browser offline, or the send failing for want of
 * one), keeps a text message in the offline queue to send when the connection returns, with the
 * same key (issue 41). Files are not kept on the device: a message with files needs a connection.
 *
 * A sent message's answer is the message: it goes into the open history and the conversation's read
 * state, so the thread shows it without a read, and the stream's echo of it reads nothing
 * (`useLiveRefresh`). What the answer does not carry is read once: the inbox's order and excerpt, and,
 * when the message answered a request (which makes the conversation active), the conversation and the
 * counts.
 */
export function useSendMessage(conversationId: number) {
  const queryClient = useQueryClient();
  const user = useCurrentUser();
  const userId = user?.id ?? null;
  return useMutation({
    // Runs offline too (TanStack would hold it back), so that it can queue.
    networkMode: 'always',
    mutationFn: async ({ body, files, replyTo }: { body: string; files: File[]; replyTo: number | null }): Promise<SendResult> => {
      const clientKey = crypto.randomUUID();
      const queueable = files.length === 0 && userId !== null;
      const queue = (): SendResult => {
        if (userId === null) throw new Error('No user to queue for');
        outbox.add(userId, { client_key: clientKey, conversation_id: conversationId, body, reply_to_id: replyTo, written_at: new Date().toISOString() });
        return { queued: true, clientKey };
      };
      if (queueable && !navigator.onLine) return queue();
      try {
        return { queued: false, message: await sendMessage(conversationId, { body, files, replyTo, clientKey }) };
      } catch (error) {
        if (queueable && error instanceof NetworkError) return queue();
        showApiError(error);
        throw error;
      }
    },
    onSuccess: (result) => {
      if (result.queued) return;
      const { message } = result;
      const wasRequest = queryClient.getQueryData<Conversation>(messageKeys.conversation(conversationId))?.my_state === 'request';
      queryClient.setQueryData<HistoryData>(messageKeys.history(conversationId), (data) => withMessage(data, message));
      queryClient.setQueryData<Conversation>(messageKeys.conversation(conversationId), (c) => afterOwnMessage(c, message.seq));
      void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes() });
      if (wasRequest) {
        void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(conversationId) });
        void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
      }
    },
  });
}

export function useStartConversation() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { to_user_id?: number; to_company_id?: number; topic_type?: 'job' | 'course'; topic_id?: number; body: string }) =>
      (await apiCall(ep.start, { body: input })).data,
    onSuccess: (data) => refresh(data.conversation.id),
  });
}

export function useEditMessage(conversationId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async ({ id, body }: { id: number; body: string }) =>
      (await apiCall(ep.edit, { params: { id: conversationId, messageId: id }, body: { body } })).data,
    onSuccess: () => refresh(conversationId),
  });
}

export function useDeleteMessage(conversationId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (id: number) => (await apiCall(ep.remove, { params: { id: conversationId, messageId: id } })).data,
    onSuccess: () => refresh(conversationId),
  });
}

export function useReportMessage(conversationId: number) {
  return useMutation({
    mutationFn: (input: { message_ids: number[]; reason: string }) => apiCall(ep.report, { params: { id: conversationId }, body: input }),
  });
}

export function useMarkRead(conversationId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (seq: number) => (await apiCall(ep.read, { params: { id: conversationId }, body: { seq }, silent: true, overlay: false })).data,
    onSuccess: (summary) => {
      queryClient.setQueryData(messageKeys.unread(), summary);
      void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes() });
    },
  });
}

/** After a conversation is closed for the caller (declined, blocked, left): drop it rather than read it again. */
function useForget() {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  return (conversationId: number) => {
    queryClient.removeQueries({ queryKey: messageKeys.conversation(conversationId) });
    queryClient.removeQueries({ queryKey: messageKeys.history(conversationId) });
    refresh();
  };
}

export function useDecideRequest(conversationId: number) {
  const refresh = useRefresh();
  const forget = useForget();
  return useMutation({
    mutationFn: async (decision: 'accept' | 'decline' | 'block') => (await apiCall(ep.decide, { params: { id: conversationId }, body: { decision } })).data,
    onSuccess: (answer) => (answer.state === 'active' ? refresh(conversationId) : forget(conversationId)),
  });
}

export function useConversationFlags(conversationId: number) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (flags: { archived?: boolean; muted?: boolean }) => (await apiCall(ep.settings, { params: { id: conversationId }, body: flags })).data,
    onSuccess: () => refresh(conversationId),
  });
}

export function useLeaveGroup(conversationId: number) {
  const forget = useForget();
  return useMutation({
    mutationFn: () => apiCall(ep.leave, { params: { id: conversationId } }),
    onSuccess: () => forget(conversationId),
  });
}

/** A group's creator adds people; the answer is the conversation as it is now. */
export function useGroupMembers(conversationId: number) {
  const queryClient = useQueryClient();
  const refresh = useRefresh();
  const store = (conversation: Conversation) => {
    queryClient.setQueryData(messageKeys.conversation(conversationId), conversation);
    refresh();
    void queryClient.invalidateQueries({ queryKey: messageKeys.history(conversationId) });
  };
  const add = useMutation({
    mutationFn: async (userIds: number[]) => (await apiCall(ep.addParticipants, { params: { id: conversationId }, body: { user_ids: userIds } })).data,
    onSuccess: store,
  });
  const remove = useMutation({
    mutationFn: async (userId: number) => (await apiCall(ep.removeParticipant, { params: { id: conversationId, userId } })).data,
    onSuccess: store,
  });
  return { add, remove };
}

export function useCreateGroup() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: async (input: { title: string; user_ids: number[]; body: string }) => (await apiCall(ep.createGroup, { body: input })).data,
    onSuccess: (data) => refresh(data.conversation.id),
  });
}

// ---------- live events (the bell's stream, `event: chat`) ----------

type Listener = (event: ChatEvent) => void;

/**
 * Listens to message events (`event: chat`) while mounted, over the tab's one connection to the
 * notification stream (`shared/api/live-stream.ts`), which the bell shares; a reconnect catches up
 * from the last message id it had.
 */
export function useChatEvents(listener: Listener): void {
  const { token } = useAuthSession();
  const user = useCurrentUser();
  // Approved members, in business mode too (the company's conversations); others would be refused again and again.
  const allowed = user !== null && mayUseMessages(user);
  useEffect(() => {
    if (!token || !allowed) return;
    return subscribeLiveStream(token, CHAT_STREAM_EVENT, MessageEventSchema, listener);
  }, [token, allowed, listener]);
}

/** A live message event that is the echo of the caller's own message, already in the cache from the send's answer. */
function isOwnEcho(queryClient: QueryClient, event: ChatEvent): boolean {
  if (event.type !== 'message') return false;
  const history = queryClient.getQueryData<HistoryData>(messageKeys.history(event.conversation_id));
  return cachedMessage(history, event.message_id)?.is_mine === true;
}

/**
 * Live events refresh the counts and the inbox (the header's icon, mounted once for a member): each
 * event reads them again, except the echo of the caller's own message, whose answer the send wrote.
 */
export function useLiveRefresh(): void {
  const queryClient = useQueryClient();
  const listener = useCallback(
    (event: ChatEvent) => {
      if (isOwnEcho(queryClient, event)) return;
      void queryClient.invalidateQueries({ queryKey: messageKeys.unread() });
      void queryClient.invalidateQueries({ queryKey: messageKeys.inboxes() });
    },
    [queryClient],
  );
  useChatEvents(listener);
}

/**
 * Live events of the open conversation (`/messages/:id`) read its messages again, and the conversation
 * itself for what is not a new message; the echo of the caller's own message reads nothing.
 */
export function useLiveConversation(openConversation: number | null): void {
  const queryClient = useQueryClient();
  const listener = useCallback(
    (event: ChatEvent) => {
      if (event.conversation_id !== openConversation || isOwnEcho(queryClient, event)) return;
      void queryClient.invalidateQueries({ queryKey: messageKeys.history(event.conversation_id) });
      if (event.type !== 'message') void queryClient.invalidateQueries({ queryKey: messageKeys.conversation(event.conversation_id) });
    },
    [queryClient, openConversation],
  );
  useChatEvents(listener);
}

export type { Conversation, Message };
