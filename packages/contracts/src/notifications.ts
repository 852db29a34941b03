import { z } from 'zod';
import { BigIdParamSchema, BigIdSchema } from './common';
import { decodeTimeIdCursor, encodeTimeIdCursor, timeIdCursorQuery } from './cursor';
import { defineEndpoint } from './endpoint';
import { webPath, webRoutes } from './web-routes';

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
  'share',
  /** A new job, course, petition or video matched one of the user's immediate alerts. */
  'alert_match',
  /** Someone mentioned the user (`@`) in a post or a comment. */
  'mention',
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

/** The position after the last entry of a page: (latest_at, id), opaque to clients. */
export interface NotificationCursor {
  at: string;
  id: number;
}

export function encodeNotificationCursor(c: NotificationCursor): string {
  return encodeTimeIdCursor(c);
}

export function decodeNotificationCursor(raw: string): NotificationCursor | null {
  return decodeTimeIdCursor(raw);
}

export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 50;

/** Keyset paging: `cursor` is the previous page's `meta.next_cursor`. */
export const NotificationPageQuery = z.object({
  cursor: timeIdCursorQuery(),
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).default(NOTIFICATIONS_DEFAULT_LIMIT),
});
export type NotificationPageQuery = z.infer<typeof NotificationPageQuery>;

const ActorSchema = z.object({ id: z.number().int(), slug: z.string(), first_name: z.string(), last_name: z.string() });

/**
 * One entry of the bell and `/notifications`: a group of notifications (likes, follows and shares of
 * one target within a time bucket; the comments on one post) or a single one (kinds never grouped).
 * `actor` is the latest one; `actor_count` the distinct people ("Kari Nordby og 4 andre").
 */
export const NotificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KIND_VALUES),
  grouped: z.boolean(),
  actor: ActorSchema.nullable(),
  actor_count: z.number().int().min(0),
  notification_count: z.number().int().min(1),
  partner_company_id: z.number().int().nullable(),
  entity_type: z.string().nullable(),
  entity_id: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
  unread: z.boolean(),
  /** When the latest member arrived. */
  created_at: z.string(),
});
export type Notification = z.infer<typeof NotificationSchema>;

/** One member of a group: who did it, when. */
export const NotificationMemberSchema = z.object({
  id: z.number().int(),
  actor: ActorSchema.nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type NotificationMember = z.infer<typeof NotificationMemberSchema>;

const KeysetMetaSchema = z.object({ next_cursor: z.string().nullable() });

export const UnreadCountSchema = z.object({ unreadCount: z.number().int().min(0) });

export const NotificationsMarkReadBody = z.object({
  /** Entry (group) ids, as the list answers them. */
  ids: z.array(BigIdSchema).min(1).max(500),
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
    summary: "The caller's notification entries (grouped), newest first (keyset: cursor, limit), with the unread count of entries",
    access: 'member',
    personal: true,
    query: NotificationPageQuery,
    response: z.object({ data: z.array(NotificationSchema), meta: KeysetMetaSchema, unreadCount: z.number().int().min(0) }),
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/user-notifications/:id/members',
    summary: 'Who is in one of my grouped entries, newest first (keyset: cursor, limit)',
    access: 'member',
    personal: true,
    params: BigIdParamSchema,
    query: NotificationPageQuery,
    response: z.object({ data: z.array(NotificationMemberSchema), meta: KeysetMetaSchema }),
  }),
  markRead: defineEndpoint({
    method: 'PUT',
    path: '/user-notifications',
    summary: "Mark the caller's entries (groups) with these ids read",
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

/**
 * What an entry says, as a catalogue key under `notifications_ui` and its values: the one wording
 * for the bell, the notifications page, the e-mail and the digest. `name` is the latest person's
 * (or `someone`, already translated, when there is none).
 */
export function notificationMessage(
  n: Pick<Notification, 'kind' | 'data' | 'actor_count' | 'notification_count'>,
  name: string,
): { key: string; vars: Record<string, string | number> } {
  const title = typeof n.data.title === 'string' ? n.data.title : '';
  const decision = n.data.decision;
  const others = n.actor_count - 1;
  switch (n.kind) {
    case 'like':
    case 'share':
    case 'new_follower':
    case 'comment':
      if (others === 1) return { key: `grouped.${n.kind}_one`, vars: { name } };
      if (others > 1) return { key: `grouped.${n.kind}`, vars: { name, others } };
      if (n.kind === 'comment' && n.notification_count > 1) return { key: 'grouped.comment_same', vars: { name, count: n.notification_count } };
      return { key: `kinds.${n.kind}`, vars: { name } };
    case 'account_decision':
      if (decision === 'messaging_warned' || decision === 'messaging_suspended')
        return { key: `kinds.account_decision_${decision}`, vars: { days: Number(n.data.days ?? 7) } };
      return { key: decision === 'approved' || decision === 'rejected' ? `kinds.account_decision_${decision}` : 'kinds.account_decision', vars: {} };
    case 'follow_invitation':
      return typeof n.data.company_name === 'string'
        ? { key: 'kinds.follow_invitation_company', vars: { company: n.data.company_name } }
        : { key: 'kinds.follow_invitation', vars: { name } };
    case 'petition_milestone':
      return { key: 'kinds.petition_milestone', vars: { count: Number(n.data.count ?? 0) } };
    case 'course_decision':
      return { key: decision === 'approved' || decision === 'rejected' ? `kinds.course_decision_${decision}` : 'kinds.course_decision', vars: { title } };
    case 'course_join_decided':
      return { key: decision === 'accepted' || decision === 'declined' ? `kinds.course_join_decided_${decision}` : 'kinds.course_join_decided', vars: { title } };
    case 'course_cancelled':
    case 'course_seat_offered':
    case 'course_reminder':
    case 'course_recording':
    case 'course_join_requested':
      return { key: `kinds.${n.kind}`, vars: { title, name } };
    case 'chat_message':
      // A company's message names the company (its managers write as it), not a person.
      return { key: 'kinds.chat_message', vars: { name: typeof n.data.company_name === 'string' ? n.data.company_name : name } };
    case 'alert_match':
      return { key: 'kinds.alert_match', vars: { title, alert: typeof n.data.alert_name === 'string' ? n.data.alert_name : '' } };
    default:
      return { key: `kinds.${n.kind}`, vars: { name } };
  }
}

/**
 * The page an entry opens (the bell's link, a push notification's click): the conversation, the
 * post (a comment's post), the video, job, product, petition or course; a follow the follower's
 * profile; else the actor's profile. Null when there is nothing to open.
 */
export function notificationPath(n: Pick<Notification, 'kind' | 'entity_type' | 'entity_id' | 'data' | 'actor'>): string | null {
  const id = n.entity_id;
  if (n.entity_type === 'conversation' && id) return webPath(webRoutes.messages, { id });
  if (n.entity_type === 'post' && id) return webPath(webRoutes.post, { id });
  // A mention in a comment: the post the comment is under.
  if (n.entity_type === 'post_comment' && typeof n.data.post_id === 'number') return webPath(webRoutes.post, { id: n.data.post_id });
  if (n.entity_type === 'video' && id) return webPath(webRoutes.video, { id });
  if (n.entity_type === 'job' && id) return webPath(webRoutes.jobDetails, { id });
  if (n.entity_type === 'product' && id) return webPath(webRoutes.productDetails, { id });
  if (n.entity_type === 'petition' && id) return webPath(webRoutes.petitionDetails, { id });
  if (n.entity_type === 'course' && id) {
    if (n.kind === 'course_decision' || n.kind === 'course_join_requested') return webPath(webRoutes.myCourse, { id });
    return webPath(webRoutes.webinar, { id, type: typeof n.data.type === 'string' ? n.data.type : 'course' });
  }
  if (n.kind === 'new_follower' && n.actor) return webPath(webRoutes.profileBySlug, { slug: n.actor.slug });
  if (n.kind === 'follow_invitation' && typeof n.data.company_slug === 'string') return webPath(webRoutes.company, { slug: n.data.company_slug });
  // A warning or a suspension after a reported message: the inbox, where the suspension shows.
  if (n.kind === 'account_decision' && (n.data.decision === 'messaging_warned' || n.data.decision === 'messaging_suspended')) return webPath(webRoutes.messages);
  if (n.kind === 'account_decision') return webRoutes.profile;
  if (n.actor) return webPath(webRoutes.profileBySlug, { slug: n.actor.slug });
  return null;
}
