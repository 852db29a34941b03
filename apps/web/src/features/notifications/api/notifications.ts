import { type Notification, notificationEndpoints as ep, UnreadCountSchema } from '@legenett/contracts';
import { type InfiniteData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { apiCall } from '@/shared/api/api-client';
import { keysetQueryOptions } from '@/shared/api/keyset';
import { subscribeLiveStream } from '@/shared/api/live-stream';
import { notificationKeys } from './keys';

export const NOTIFICATIONS_PAGE_SIZE = 10;
/** One page of the notifications page. */
export const NOTIFICATIONS_PAGE_LIST_SIZE = 20;

type ListPage = { data: Notification[]; unreadCount: number; meta: { next_cursor: string | null } };
const listKey = notificationKeys.list;

/** The newest notifications with the unread count; silent, the header works without it. */
export const notificationsQueryOptions = (enabled: boolean) =>
  queryOptions({
    queryKey: notificationKeys.list,
    queryFn: ({ signal }) => apiCall(ep.list, { query: { limit: NOTIFICATIONS_PAGE_SIZE }, signal, silent: true }),
    enabled,
    retry: false,
  });

export function useNotifications(enabled: boolean) {
  return useQuery(notificationsQueryOptions(enabled));
}

/** Marks the given notifications read; the answer's count and read marks go into the list cache. */
export function useMarkNotificationsRead(onCount: (count: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: number[]) => apiCall(ep.markRead, { body: { ids }, overlay: false }),
    onSuccess: ({ unreadCount }, ids) => {
      onCount(unreadCount);
      const mark = (old: ListPage | undefined) =>
        old ? { ...old, unreadCount, data: old.data.map((n) => (ids.includes(n.id) ? { ...n, unread: false } : n)) } : old;
      queryClient.setQueryData(listKey, mark);
      queryClient.setQueryData(notificationKeys.page, (old: InfiniteData<ListPage, string | null> | undefined) =>
        old ? { ...old, pages: old.pages.map((p) => mark(p)!) } : old,
      );
    },
  });
}

/** All my entries, newest first, a page at a time by cursor (the `/notifications` page). */
export const notificationsPageQueryOptions = () =>
  keysetQueryOptions({
    queryKey: notificationKeys.page,
    page: (after, signal) => apiCall(ep.list, { query: { limit: NOTIFICATIONS_PAGE_LIST_SIZE, ...after }, signal }),
  });

export function useNotificationsPage() {
  return useInfiniteQuery(notificationsPageQueryOptions());
}

/** Who is in a grouped entry (the first page, newest first), read when it is opened. */
export const notificationMembersQueryOptions = (id: number, enabled: boolean) =>
  queryOptions({
    queryKey: notificationKeys.members(id),
    queryFn: ({ signal }) => apiCall(ep.members, { params: { id }, query: { limit: 50 }, signal }),
    enabled,
  });

export function useNotificationMembers(id: number, enabled: boolean) {
  return useQuery(notificationMembersQueryOptions(id, enabled));
}

/** Marks every notification read (not only the loaded ones); every notification list reloads. */
export function useMarkAllNotificationsRead(onCount?: (count: number) => void) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiCall(ep.markAllRead, { overlay: false }),
    onSuccess: ({ unreadCount }) => {
      onCount?.(unreadCount);
      return queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
}

/**
 * The live unread count from `GET /user-notifications/stream` (`event: unread`, data `{ unreadCount }`),
 * over the tab's one connection to it (`shared/api/live-stream.ts`: reconnects, backoff). Closed on
 * unmount and whenever the token changes (logout). `null` until the first event. The server sends an
 * event on every change of the entries, also one that keeps the count (a second like joining an unread
 * entry): `onEvent` hears each, with its count.
 */
export function useUnreadStream(token: string | null, onEvent?: (unreadCount: number) => void) {
  const [count, setCount] = useState<number | null>(null);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  useEffect(() => {
    setCount(null);
    if (!token) return;
    const heard = (data: { unreadCount: number }) => {
      setCount(data.unreadCount);
      onEventRef.current?.(data.unreadCount);
    };
    return subscribeLiveStream(token, 'unread', UnreadCountSchema, heard);
  }, [token]);
  return [count, setCount] as const;
}
