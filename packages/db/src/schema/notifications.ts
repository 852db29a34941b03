import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, jsonb, pgTable, smallint, text, type AnyPgColumn, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';
import { partnerCompanies, users } from './accounts';

/**
 * `chat_message`: one entry per conversation with unread messages (modules/messages). The same list
 * as the contract's `NOTIFICATION_KIND_VALUES`, in the same order
 * (apps/api/src/modules/notifications/notification-kinds.spec.ts fails otherwise): add a kind to
 * both, then `npm run db:generate`.
 */
export const NOTIFICATION_KINDS = [
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
  'alert_match',
  'mention',
] as const;
/** What `entity_id` points at; no foreign key, since it spans tables and may outlive its target. */
export const NOTIFICATION_ENTITY_TYPES = [
  'post',
  'post_comment',
  'petition',
  'course',
  'job',
  'product',
  'partner_company',
  'user',
  'follow_invitation',
  'account_decision',
  'video',
  'conversation',
] as const;

export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    partner_company_id: integer('partner_company_id').references(() => partnerCompanies.id, {
      onDelete: 'set null',
    }),
    entity_type: text('entity_type', { enum: NOTIFICATION_ENTITY_TYPES }),
    entity_id: bigint('entity_id', { mode: 'number' }),
    /** Snapshot for rendering (titles, excerpts, reason) so the list needs no joins. */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    read_at: tstz('read_at'),
    /**
     * The bell entry this notification belongs to (docs/notifications.md, "Grouping"). Every row has
     * one: migration 0020 gave each older row a group of its own.
     */
    group_id: bigint('group_id', { mode: 'number' })
      .notNull()
      .references((): AnyPgColumn => notificationGroups.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    check('notifications_kind_check', inList(t.kind, NOTIFICATION_KINDS)),
    check('notifications_entity_type_check', inList(t.entity_type, NOTIFICATION_ENTITY_TYPES)),
    check('notifications_entity_check', sql`(${t.entity_type} is null) = (${t.entity_id} is null)`),
    index('notifications_user_created_at_idx').on(t.user_id, t.created_at.desc(), t.id.desc()),
    // unreadCount and "mark all read".
    index('notifications_user_unread_idx')
      .on(t.user_id)
      .where(sql`${t.read_at} is null`),
    // "Who": the members of one group, newest first.
    index('notifications_group_created_at_idx').on(t.group_id, t.created_at.desc(), t.id.desc()),
  ],
);

/**
 * One entry of the bell and of `/notifications`: likes, follows and shares of one target within a
 * time bucket, the comments on one post, or a single notification (kinds never grouped). Written
 * with each notification (an upsert on `group_key`), so the list, its keyset paging and the unread
 * count read this table alone.
 */
export const notificationGroups = pgTable(
  'notification_groups',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `like:post:12:2026-11-27`, `comment:post:12`; null for a kind that is never grouped. */
    group_key: text('group_key'),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    entity_type: text('entity_type', { enum: NOTIFICATION_ENTITY_TYPES }),
    entity_id: bigint('entity_id', { mode: 'number' }),
    /** The latest member's actor, company and snapshot: what the entry shows first. */
    actor_user_id: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    partner_company_id: integer('partner_company_id').references(() => partnerCompanies.id, {
      onDelete: 'set null',
    }),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    /** Members in all, and the distinct people among them ("Kari Nordby og 4 andre"). */
    notification_count: integer('notification_count').notNull().default(1),
    actor_count: integer('actor_count').notNull().default(1),
    unread_count: integer('unread_count').notNull().default(1),
    /** When the latest member arrived: the list's order. */
    latest_at: tstz('latest_at').notNull().defaultNow(),
    /** E-mails sent about this group so far; the next e-mail job's dedupe key carries it. */
    mail_round: integer('mail_round').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('notification_groups_kind_check', inList(t.kind, NOTIFICATION_KINDS)),
    check('notification_groups_entity_type_check', inList(t.entity_type, NOTIFICATION_ENTITY_TYPES)),
    uniqueIndex('notification_groups_user_key_key')
      .on(t.user_id, t.group_key)
      .where(sql`${t.group_key} is not null`),
    // The list: keyset on (latest_at, id) per user.
    index('notification_groups_user_latest_idx').on(t.user_id, t.latest_at.desc(), t.id.desc()),
    // The unread count counts groups.
    index('notification_groups_user_unread_idx')
      .on(t.user_id)
      .where(sql`${t.unread_count} > 0`),
    index('notification_groups_actor_user_id_idx').on(t.actor_user_id),
  ],
);

export const DIGEST_FREQUENCIES = ['daily', 'weekly', 'off'] as const;

/**
 * A user's choices beyond the defaults (docs/notifications.md, "Preferences"). No row: every default.
 * `channels` holds only cells the user changed: `{ "comments": { "email": true } }`. The spec's three
 * settings stay in `user_info` (sms/email_webinar_reminders, important_updates) and are read as cells.
 */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    channels: jsonb('channels').$type<Record<string, Record<string, boolean>>>().notNull().default({}),
    quiet_hours_enabled: boolean('quiet_hours_enabled').notNull().default(true),
    /** Minutes after Oslo midnight: 22:00 and 07:00 by default. */
    quiet_start_minute: smallint('quiet_start_minute').notNull().default(1320),
    quiet_end_minute: smallint('quiet_end_minute').notNull().default(420),
    digest: text('digest', { enum: DIGEST_FREQUENCIES }).notNull().default('weekly'),
    /** The lock screen: a push shows the first words of a message only when this is on (issue 41). */
    push_preview: boolean('push_preview').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('notification_preferences_digest_check', inList(t.digest, DIGEST_FREQUENCIES)),
    check(
      'notification_preferences_quiet_minutes_check',
      sql`${t.quiet_start_minute} between 0 and 1439 and ${t.quiet_end_minute} between 0 and 1439`,
    ),
  ],
);

/**
 * One row per user and digest period (`d:2026-11-27`, `w:2026-W48`): the digest sweep inserts it
 * with the send job in one transaction, and the unique key makes a second digest for a period
 * impossible, however often the sweep runs.
 */
export const digestRuns = pgTable(
  'digest_runs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    period_key: text('period_key').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('digest_runs_user_period_key').on(t.user_id, t.period_key),
    index('digest_runs_user_created_at_idx').on(t.user_id, t.created_at.desc()),
  ],
);

/**
 * One device that receives a user's pushes (RFC 8030): the browser's subscription. The endpoint is
 * the push service's address for that browser, unique: subscribing it again (also under another
 * account, the browser changing hands) updates the one row. `last_used_at`: the last push the push
 * service accepted. A 404 or 410 from the push service deletes the row (docs/push-and-pwa.md).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** RFC 8291: the browser's P-256 public key and its authentication secret, base64url. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** Read from the user agent when subscribing ("Chrome", "Android"); the user agent itself is not kept. */
    device_browser: text('device_browser'),
    device_system: text('device_system'),
    last_used_at: tstz('last_used_at'),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint),
    // The settings list (newest first) and the sender's devices of one user.
    index('push_subscriptions_user_idx').on(t.user_id, t.id),
    check('push_subscriptions_endpoint_length_check', sql`length(${t.endpoint}) <= 2048`),
  ],
);
