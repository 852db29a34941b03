import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';
import { partnerCompanies } from './companies';
import { users } from './users';

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
  ],
);
