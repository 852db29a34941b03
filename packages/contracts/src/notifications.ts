import { z } from 'zod';
import { PageQuerySchema, PageMetaSchema } from './common';
import { defineEndpoint } from './endpoint';

/** Also the database's `NOTIFICATION_KINDS` (packages/db/src/schema/notifications.ts), same order: a test ties the two. */
export const NOTIFICATION_KIND_VALUES = [
  'comment',
  'like',
  'new_follower',
  'follow_invitation',
  'new_content',
  'account_decision',
  'chat_message',
  'petition_milestone',
  'petition_answer',
  'petition_co_author',
  'petition_ending',
  'petition_ended',
  'course_decision',
  'course_cancelled',
  'course_seat_offered',
  'course_join_requested',
  'course_join_decided',
  'course_reminder',
  'course_recording',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KIND_VALUES)[number];

/** Job name of the one path that creates notifications (never inside the request that caused them). */
export const NOTIFICATIONS_CREATE_JOB = 'notifications.create';

/** Payload of the `notifications.create` job. */
export interface NotificationJobPayload {
  user_id: number;
  kind: NotificationKind;
  actor_user_id: number | null;
  partner_company_id: number | null;
  entity_type: string | null;
  entity_id: number | null;
  data: Record<string, string | number | null>;
}

export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KIND_VALUES),
  actor: z.object({ id: z.number().int(), slug: z.string(), first_name: z.string(), last_name: z.string() }).nullable(),
  partner_company_id: z.number().int().nullable(),
  entity_type: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

export const UnreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });

export const NotificationsMarkReadBody = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(500),
});

export const NotificationStreamQuery = z.object({
  token: z.string().max(4000).optional(),
  /** The id of the last event the tab has (messages: a message id), when a new EventSource replaces a refused one. */
  last_event_id: z.string().max(40).optional(),
});

export const notificationEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/user-notifications',
    summary: "The caller's notifications, newest first, with the unread count",
    access: 'member',
    personal: true,
    query: PageQuerySchema,
    response: z.object({ data: z.array(NotificationSchema), meta: PageMetaSchema, unreadCount: z.number().int().min(0) }),
  }),
  markRead: defineEndpoint({
    method: 'PUT',
    path: '/user-notifications',
    summary: "Mark the caller's notifications with these ids read",
    access: 'member',
    personal: true,
    body: NotificationsMarkReadBody,
    response: UnreadCountSchema,
  }),
  markAllRead: defineEndpoint({
    method: 'PUT',
    path: '/user-notifications/read-all',
    summary: "Mark all of the caller's notifications read (the notifications page's \"mark all read\")",
    access: 'member',
    personal: true,
    response: UnreadCountSchema,
  }),
  stream: defineEndpoint({
    method: 'GET',
    path: '/user-notifications/stream',
    summary: 'Server-sent events: the unread count at connect and whenever it changes (token may be a query parameter)',
    access: 'public',
    query: NotificationStreamQuery,
    response: null,
    status: 200,
  }),
} as const;
