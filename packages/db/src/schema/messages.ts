import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  type AnyPgColumn,
  uuid,
} from 'drizzle-orm/pg-core';
import { inList, norwegianSearch, timestamps, tstz, tsvector } from './_shared';
import { partnerCompanies, storedFiles, users } from './accounts';

/** Messages between colleagues (issue 26, docs/messages.md). */
export const CONVERSATION_KINDS = ['direct', 'group'] as const;
/** What a conversation started from is about: a job (applicant to advertiser) or a course (attendee to organiser). */
export const CONVERSATION_TOPIC_TYPES = ['job', 'course'] as const;
/**
 * A participant's state: `active` reads and writes; `request` received a first message from outside
 * their circle and decides (accept, decline, block); `declined` turned it down (hidden; the sender is
 * not told); `left` and `removed` are out of a group.
 */
export const PARTICIPANT_STATES = ['active', 'request', 'declined', 'left', 'removed'] as const;
/** "Who can send me messages": verified health personnel, people I follow who follow me, nobody. */
export const WHO_CAN_MESSAGE = ['health_personnel', 'mutual', 'nobody'] as const;
export const MESSAGE_ATTACHMENT_KINDS = ['image', 'document'] as const;
/** A reported message as the administrators see it: a copy taken when it was reported. */
export interface ReportedMessage {
  id: number;
  seq: number;
  body: string;
  created_at: string;
}

export const MESSAGE_REPORT_STATUSES = ['open', 'dismissed', 'warned', 'suspended'] as const;

export const conversations = pgTable(
  'conversations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind', { enum: CONVERSATION_KINDS }).notNull(),
    /** A group's name; null for direct conversations. */
    title: text('title'),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The two parties of a direct conversation, sorted (`u12:u40`, `c3:u12`): one conversation per
     * pair, so starting one with someone you already talk to opens it. Null for groups.
     */
    direct_key: text('direct_key').unique(),
    topic_type: text('topic_type', { enum: CONVERSATION_TOPIC_TYPES }),
    topic_id: bigint('topic_id', { mode: 'number' }),
    topic_title: text('topic_title'),
    /** The sequence number of the newest message: each message takes the next one under this row's lock. */
    last_seq: bigint('last_seq', { mode: 'number' }).notNull().default(0),
    last_message_at: tstz('last_message_at'),
    ...timestamps,
  },
  (t) => [
    check('conversations_kind_check', inList(t.kind, CONVERSATION_KINDS)),
    check('conversations_topic_type_check', inList(t.topic_type, CONVERSATION_TOPIC_TYPES)),
    check('conversations_topic_check', sql`(${t.topic_type} is null) = (${t.topic_id} is null)`),
    check('conversations_direct_key_check', sql`(${t.kind} = 'direct') = (${t.direct_key} is not null)`),
    index('conversations_created_by_user_id_idx').on(t.created_by_user_id).where(sql`${t.created_by_user_id} is not null`),
  ],
);

/**
 * One row per party in a conversation: a user, or a partner company (its managers read and answer
 * as the company in business mode). The inbox is keyset-paginated per party on
 * (last_activity_at desc, conversation_id desc), copied from the conversation on every message.
 */
export const conversationParticipants = pgTable(
  'conversation_participants',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversation_id: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    partner_company_id: integer('partner_company_id').references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    state: text('state', { enum: PARTICIPANT_STATES }).notNull().default('active'),
    /** The newest message this party has read ("seen" marks, unread counts). */
    last_read_seq: bigint('last_read_seq', { mode: 'number' }).notNull().default(0),
    last_activity_at: tstz('last_activity_at').notNull().defaultNow(),
    archived_at: tstz('archived_at'),
    muted: boolean('muted').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    check('conversation_participants_state_check', inList(t.state, PARTICIPANT_STATES)),
    check('conversation_participants_one_party_check', sql`num_nonnulls(${t.user_id}, ${t.partner_company_id}) = 1`),
    uniqueIndex('conversation_participants_user_idx')
      .on(t.conversation_id, t.user_id)
      .where(sql`${t.user_id} is not null`),
    uniqueIndex('conversation_participants_company_idx')
      .on(t.conversation_id, t.partner_company_id)
      .where(sql`${t.partner_company_id} is not null`),
    // The inbox of a user / a company, newest activity first.
    index('conversation_participants_user_inbox_idx')
      .on(t.user_id, t.last_activity_at.desc(), t.conversation_id.desc())
      .where(sql`${t.user_id} is not null`),
    index('conversation_participants_company_inbox_idx')
      .on(t.partner_company_id, t.last_activity_at.desc(), t.conversation_id.desc())
      .where(sql`${t.partner_company_id} is not null`),
  ],
);

/** Ordered by `seq` within the conversation: the same order for every reader. */
export const messages = pgTable(
  'messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversation_id: bigint('conversation_id', { mode: 'number' })
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    seq: bigint('seq', { mode: 'number' }).notNull(),
    /** The writing user (for company messages: the manager who wrote it); null once erased. */
    sender_user_id: integer('sender_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Set when written as a company (business mode). */
    sender_company_id: integer('sender_company_id').references(() => partnerCompanies.id, { onDelete: 'set null' }),
    body: text('body').notNull().default(''),
    reply_to_id: bigint('reply_to_id', { mode: 'number' }).references((): AnyPgColumn => messages.id, { onDelete: 'set null' }),
    edited_at: tstz('edited_at'),
    /** Deleted for everyone: text and files gone, the row stays as "message deleted". */
    deleted_at: tstz('deleted_at'),
    /**
     * The sender's idempotency key (issue 41): a message written offline and sent again when the
     * connection returns carries the same key, and the second send answers the first message.
     */
    client_key: uuid('client_key'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(norwegianSearch([['body', 'A']])),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('messages_conversation_seq_idx').on(t.conversation_id, t.seq),
    index('messages_sender_user_id_idx').on(t.sender_user_id).where(sql`${t.sender_user_id} is not null`),
    index('messages_reply_to_id_idx').on(t.reply_to_id).where(sql`${t.reply_to_id} is not null`),
    index('messages_search_idx').using('gin', t.search),
    uniqueIndex('messages_client_key_idx').on(t.conversation_id, t.sender_user_id, t.client_key).where(sql`${t.client_key} is not null`),
  ],
);

export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    message_id: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_ATTACHMENT_KINDS }).notNull(),
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    check('message_attachments_kind_check', inList(t.kind, MESSAGE_ATTACHMENT_KINDS)),
    index('message_attachments_file_id_idx').on(t.file_id),
    index('message_attachments_message_id_position_idx').on(t.message_id, t.position),
  ],
);

/** A user's messaging settings; no row means the defaults. */
export const messagingSettings = pgTable(
  'messaging_settings',
  {
    user_id: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    who_can_message: text('who_can_message', { enum: WHO_CAN_MESSAGE }).notNull().default('health_personnel'),
    /** An administrator's decision on a report: no new messages until then. */
    suspended_until: tstz('suspended_until'),
    ...timestamps,
  },
  (t) => [check('messaging_settings_who_check', inList(t.who_can_message, WHO_CAN_MESSAGE))],
);

/** `blocker` no longer receives messages from `blocked`, nor is added to groups by them. */
export const userBlocks = pgTable(
  'user_blocks',
  {
    blocker_user_id: integer('blocker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blocked_user_id: integer('blocked_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.blocker_user_id, t.blocked_user_id] }),
    check('user_blocks_no_self_check', sql`${t.blocker_user_id} <> ${t.blocked_user_id}`),
    index('user_blocks_blocked_idx').on(t.blocked_user_id),
  ],
);

/**
 * A member's block of a company (issue 37): "Blokker" on a company's request. The company (any of its
 * managers, acting as it) can no longer start a conversation with the member or write in theirs.
 */
export const userCompanyBlocks = pgTable(
  'user_company_blocks',
  {
    blocker_user_id: integer('blocker_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blocked_company_id: integer('blocked_company_id')
      .notNull()
      .references(() => partnerCompanies.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [primaryKey({ columns: [t.blocker_user_id, t.blocked_company_id] }), index('user_company_blocks_company_idx').on(t.blocked_company_id)],
);

/**
 * A report of messages to the administrators' moderation queue. It carries a copy of the reported
 * messages (and only those): administrators never read conversations otherwise.
 */
export const messageReports = pgTable(
  'message_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversation_id: bigint('conversation_id', { mode: 'number' }).references(() => conversations.id, { onDelete: 'set null' }),
    reporter_user_id: integer('reporter_user_id').references(() => users.id, { onDelete: 'set null' }),
    reported_user_id: integer('reported_user_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason').notNull().default(''),
    /** `[{ id, seq, body, created_at }]` of the reported messages at the time of the report. */
    messages: jsonb('messages').$type<ReportedMessage[]>().notNull(),
    status: text('status', { enum: MESSAGE_REPORT_STATUSES }).notNull().default('open'),
    decided_by_user_id: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    decided_at: tstz('decided_at'),
    ...timestamps,
  },
  (t) => [
    check('message_reports_status_check', inList(t.status, MESSAGE_REPORT_STATUSES)),
    index('message_reports_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    // The queue's "Alle" tab: every status, newest first (issue 42).
    index('message_reports_created_idx').on(t.created_at.desc(), t.id.desc()),
    index('message_reports_reporter_idx').on(t.reporter_user_id).where(sql`${t.reporter_user_id} is not null`),
    index('message_reports_reported_idx').on(t.reported_user_id).where(sql`${t.reported_user_id} is not null`),
    index('message_reports_decided_by_idx').on(t.decided_by_user_id).where(sql`${t.decided_by_user_id} is not null`),
    index('message_reports_conversation_idx').on(t.conversation_id).where(sql`${t.conversation_id} is not null`),
  ],
);
