import { z } from 'zod';
import { defineEndpoint } from './endpoint';
import { type NotificationKind } from './notifications';

/**
 * The rows of the settings table (`/notification_settings`): what a doctor chooses about, in this
 * order. Several notification kinds share a row (docs/notifications.md, "Preferences").
 */
export const NOTIFICATION_CATEGORY_VALUES = [
  'comments',
  'mentions',
  'messages',
  'likes_follows',
  'alerts',
  'course_reminders',
  'petitions',
  'important_updates',
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORY_VALUES)[number];

/** `push`: a push notification to each device the user turned push on for (docs/push-and-pwa.md). */
export const NOTIFICATION_CHANNEL_VALUES = ['in_app', 'email', 'sms', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNEL_VALUES)[number];

/**
 * Which row each kind belongs to. Total over the kinds: a new kind does not compile until it names
 * its row (a chat message is `messages`, an alert match `alerts`, a mention `mentions`).
 */
export const NOTIFICATION_CATEGORY_OF_KIND: Record<NotificationKind, NotificationCategory> = {
  comment: 'comments',
  like: 'likes_follows',
  share: 'likes_follows',
  new_follower: 'likes_follows',
  follow_invitation: 'likes_follows',
  new_content: 'likes_follows',
  account_decision: 'important_updates',
  chat_message: 'messages',
  petition_milestone: 'petitions',
  petition_answer: 'petitions',
  petition_co_author: 'petitions',
  petition_ending: 'petitions',
  petition_ended: 'petitions',
  course_decision: 'course_reminders',
  course_cancelled: 'course_reminders',
  course_seat_offered: 'course_reminders',
  course_join_requested: 'course_reminders',
  course_join_decided: 'course_reminders',
  course_reminder: 'course_reminders',
  course_recording: 'course_reminders',
  alert_match: 'alerts',
  mention: 'mentions',
};

/**
 * A cell's default and whether the user may change it; a channel missing from a row does not exist
 * for it (SMS only for course reminders, as the spec has it). The three cells the spec named are
 * the `user_info` settings under their old names (sms/email_webinar_reminders, important_updates).
 * Push: on for what a doctor answers (messages, mentions) and what is timely (course reminders,
 * account decisions); off for likes, comments, alert matches and petitions (issue 41).
 */
export const NOTIFICATION_CELL_DEFAULTS: Record<
  NotificationCategory,
  Partial<Record<NotificationChannel, { enabled: boolean; locked?: boolean }>>
> = {
  comments: { in_app: { enabled: true }, email: { enabled: false }, push: { enabled: false } },
  mentions: { in_app: { enabled: true }, email: { enabled: true }, push: { enabled: true } },
  messages: { in_app: { enabled: true }, email: { enabled: true }, push: { enabled: true } },
  likes_follows: { in_app: { enabled: true }, email: { enabled: false }, push: { enabled: false } },
  alerts: { in_app: { enabled: true }, email: { enabled: true }, push: { enabled: false } },
  course_reminders: { in_app: { enabled: true }, email: { enabled: true }, sms: { enabled: false }, push: { enabled: true } },
  petitions: { in_app: { enabled: true }, email: { enabled: false }, push: { enabled: false } },
  // Account decisions and the like always show in the bell.
  important_updates: { in_app: { enabled: true, locked: true }, email: { enabled: true }, push: { enabled: true } },
};

export const DIGEST_FREQUENCY_VALUES = ['daily', 'weekly', 'off'] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCY_VALUES)[number];

const HHMM = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.time' });

export const QuietHoursSchema = z.object({
  enabled: z.boolean(),
  /** Oslo wall clock, `HH:MM`; a window may cross midnight (22:00-07:00). */
  start: HHMM,
  end: HHMM,
});
export type QuietHours = z.infer<typeof QuietHoursSchema>;

/** Quiet hours as set: an enabled window must end at another time than it starts (422 on `end`). */
export const QuietHoursInput = QuietHoursSchema.refine((q) => !q.enabled || q.start !== q.end, {
  path: ['end'],
  message: 'validation.quiet_hours_same',
});

const CellSchema = z.object({ enabled: z.boolean(), locked: z.boolean() });

export const NotificationPreferencesSchema = z.object({
  categories: z.array(
    z.object({
      category: z.enum(NOTIFICATION_CATEGORY_VALUES),
      in_app: CellSchema.nullable(),
      email: CellSchema.nullable(),
      sms: CellSchema.nullable(),
      push: CellSchema.nullable(),
    }),
  ),
  quiet_hours: QuietHoursSchema,
  digest: z.enum(DIGEST_FREQUENCY_VALUES),
  /**
   * The lock screen: off (default), a push says who and what kind ("Ny melding fra Kari Nordby")
   * and never the text; on, it shows the first words of a message too.
   */
  push_preview: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>;

const ChannelChoices = z
  .object({ in_app: z.boolean().optional(), email: z.boolean().optional(), sms: z.boolean().optional(), push: z.boolean().optional() })
  .strict();

/** Only what changes: a cell the row has not, or a locked one, is refused (422). */
export const NotificationPreferencesInput = z.object({
  channels: z.partialRecord(z.enum(NOTIFICATION_CATEGORY_VALUES), ChannelChoices).optional(),
  quiet_hours: QuietHoursInput.optional(),
  digest: z.enum(DIGEST_FREQUENCY_VALUES).optional(),
  push_preview: z.boolean().optional(),
});
export type NotificationPreferencesInput = z.infer<typeof NotificationPreferencesInput>;

/** The signed one-click link of every notification e-mail (RFC 8058), valid without a login. */
export const UnsubscribeQuery = z.object({
  u: z.coerce.number().int().positive().max(2_147_483_647),
  c: z.enum([...NOTIFICATION_CATEGORY_VALUES, 'digest']),
  expires: z.string().max(20),
  signature: z.string().max(200),
});
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

/** RFC 8058: a one-click unsubscribe carries exactly this body (as a form, or as JSON from the web page). */
export const UnsubscribeBody = z.object({ 'List-Unsubscribe': z.literal('One-Click') });
export type UnsubscribeBody = z.infer<typeof UnsubscribeBody>;

export const notificationPreferenceEndpoints = {
  show: defineEndpoint({
    method: 'GET',
    path: '/user/notification-preferences',
    summary: 'My notification settings: each kind x channel, quiet hours, the digest',
    access: 'user',
    personal: true,
    response: z.object({ data: NotificationPreferencesSchema }),
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/user/notification-preferences',
    summary: 'Change some of my notification settings; answers all of them',
    access: 'user',
    personal: true,
    body: NotificationPreferencesInput,
    response: z.object({ data: NotificationPreferencesSchema }),
  }),
  unsubscribe: defineEndpoint({
    method: 'POST',
    path: '/notification-unsubscribe',
    summary: 'One-click unsubscribe from one kind of e-mail (RFC 8058), by the signed link the e-mail carries; no login',
    access: 'public',
    query: UnsubscribeQuery,
    body: UnsubscribeBody,
    form: true,
    response: z.object({ data: z.object({ category: z.string() }) }),
  }),
  unsubscribePage: defineEndpoint({
    method: 'GET',
    path: '/notification-unsubscribe',
    summary: 'A person who opens the unsubscribe link is sent to the page that asks (303); only POST unsubscribes',
    access: 'public',
    query: UnsubscribeQuery,
    response: null,
    status: 303,
  }),
} as const;
