import { z } from 'zod';
import { BigIdSchema, dataOf, IdSchema, listOf, pageOf, PageQuerySchema, readable } from './common';
import { decodeTimeIdCursor, encodeTimeIdCursor, timeIdCursorQuery } from './cursor';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './posts';
import { VerifiedAsSchema } from './user';

/** Messages between colleagues (issue 26, docs/messages.md). */
export const MAX_MESSAGE_BODY = 5000;
export const MAX_MESSAGE_FILES = 5;
export const MESSAGE_FILES_FIELD = 'files[]';
/** A message can be edited this long after it was sent. */
export const MESSAGE_EDIT_WINDOW_MS = 15 * 60 * 1000;
/** A group has at most this many people, its creator included. */
export const MAX_GROUP_SIZE = 20;
export const MAX_GROUP_TITLE = 100;
export const INBOX_DEFAULT_LIMIT = 20;
export const INBOX_MAX_LIMIT = 50;
export const HISTORY_DEFAULT_LIMIT = 30;
export const HISTORY_MAX_LIMIT = 100;

export const WHO_CAN_MESSAGE_VALUES = ['health_personnel', 'mutual', 'nobody'] as const;
export const INBOX_FILTERS = ['all', 'unread', 'requests', 'archived'] as const;
export const PARTICIPANT_STATE_VALUES = ['active', 'request', 'declined', 'left', 'removed'] as const;
export const REQUEST_DECISIONS = ['accept', 'decline', 'block'] as const;
export const REPORT_DECISIONS = ['dismiss', 'warn', 'suspend'] as const;
export const REPORT_STATUS_VALUES = ['open', 'dismissed', 'warned', 'suspended'] as const;

const messageText = (min: number) => withoutNationalId(z.string().trim().min(min).max(MAX_MESSAGE_BODY));

/** Who a party of a conversation is: a member, or a partner company (answered by its managers). */
export const PartySchema = z.object({
  type: z.enum(['user', 'company']),
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  avatar: z.string().nullable(),
  verified_as: VerifiedAsSchema,
});
export type Party = z.infer<typeof PartySchema>;

export const ParticipantSchema = PartySchema.extend({
  state: z.enum(PARTICIPANT_STATE_VALUES),
  /** The newest message this participant has seen (for "seen" marks); hidden (0) while they decide a request. */
  last_read_seq: z.number().int(),
  is_me: z.boolean(),
});

export const ConversationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['direct', 'group']),
  /** A group's name, or the other party's name in a direct conversation. */
  title: z.string(),
  topic: z.object({ type: z.enum(['job', 'course']), id: z.number().int(), title: z.string() }).nullable(),
  participants: z.array(ParticipantSchema),
  my_state: z.enum(PARTICIPANT_STATE_VALUES),
  /** An open request waiting for the caller's answer (accept, decline, block); listed under "all" and "requests". */
  is_request: z.boolean(),
  /** Whether the caller started the group (adds and removes people). */
  is_creator: z.boolean(),
  can_write: z.boolean(),
  last_seq: z.number().int(),
  last_read_seq: z.number().int(),
  unread_count: z.number().int().min(0),
  last_message: z
    .object({ seq: z.number().int(), excerpt: z.string(), deleted: z.boolean(), sender_name: z.string().nullable(), created_at: z.string() })
    .nullable(),
  last_activity_at: z.string(),
  archived: z.boolean(),
  muted: z.boolean(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

export const MessageAttachmentSchema = z.object({
  id: z.number().int(),
  kind: z.enum(['image', 'document']),
  url: z.string(),
  thumb_url: z.string().nullable(),
  original_name: z.string().nullable(),
  mime: z.string(),
});

export const MessageSchema = z.object({
  id: z.number().int(),
  conversation_id: z.number().int(),
  seq: z.number().int(),
  /** Null when the sender's account was erased ("deleted user"). */
  sender: PartySchema.nullable(),
  body: z.string(),
  attachments: z.array(MessageAttachmentSchema),
  reply_to: z.object({ id: z.number().int(), seq: z.number().int(), excerpt: z.string(), deleted: z.boolean(), sender_name: z.string().nullable() }).nullable(),
  is_mine: z.boolean(),
  edited: z.boolean(),
  deleted: z.boolean(),
  /** Whether the caller may still edit it (own, not deleted, within 15 minutes). */
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Message = z.infer<typeof MessageSchema>;

/** The position after the last conversation of an inbox page: (last_activity_at, conversation id). */
export function encodeInboxCursor(c: { at: string; id: number }): string {
  return encodeTimeIdCursor(c);
}

export function decodeInboxCursor(raw: string): { at: string; id: number } | null {
  return decodeTimeIdCursor(raw);
}

export const InboxQuery = z.object({
  filter: z.enum(INBOX_FILTERS).default('all'),
  cursor: timeIdCursorQuery(),
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_LIMIT).default(INBOX_DEFAULT_LIMIT),
});
export type InboxQuery = z.infer<typeof InboxQuery>;

/** History by sequence: `before` pages back (newest first within the page), `after` catches up. */
export const HistoryQuery = z
  .object({
    before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
    after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(HISTORY_MAX_LIMIT).default(HISTORY_DEFAULT_LIMIT),
  })
  .refine((q) => q.before === undefined || q.after === undefined, { message: 'validation.invalid', path: ['after'] });
export type HistoryQuery = z.infer<typeof HistoryQuery>;

export const StartConversationInput = z
  .object({
    to_user_id: IdSchema.optional(),
    to_company_id: IdSchema.optional(),
    /** What the conversation is about: a job (to its advertiser) or a course (to its organiser). */
    topic_type: z.enum(['job', 'course']).optional(),
    /** A job's or course's id (int4): 2^31 and more is 422, not a database error. */
    topic_id: IdSchema.optional(),
    body: messageText(1),
  })
  // Exactly one addressee: a member, a company, or a job / course (whose advertiser / organiser answers).
  .refine((v) => [v.to_user_id, v.to_company_id, v.topic_type].filter((x) => x !== undefined).length === 1, {
    message: 'validation.required',
    path: ['to_user_id'],
  })
  .refine((v) => (v.topic_type === undefined) === (v.topic_id === undefined), { message: 'validation.required', path: ['topic_id'] });
export type StartConversationInput = z.infer<typeof StartConversationInput>;

export const CreateGroupInput = z.object({
  // readable() carries the patient-data guard too.
  title: readable(z.string().trim().min(1).max(MAX_GROUP_TITLE)),
  user_ids: z.array(IdSchema).min(1).max(MAX_GROUP_SIZE - 1),
  body: messageText(1),
});
export type CreateGroupInput = z.infer<typeof CreateGroupInput>;

/** Multipart (`body`, `reply_to_id`, `files[]`) or JSON without files. */
export const SendMessageInput = z.object({
  body: messageText(0).default(''),
  reply_to_id: BigIdSchema.optional(),
  /**
   * The sender's idempotency key, a UUID the client makes once per message (issue 41): a message
   * written offline is sent again when the connection returns with the same key, and a send with a
   * key already used in this conversation answers that message instead of making a second one.
   */
  client_key: z.uuid({ message: 'validation.invalid' }).optional(),
});
export type SendMessageInput = z.infer<typeof SendMessageInput>;

export const EditMessageInput = z.object({ body: messageText(1) });

export const ReadInput = z.object({ seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER) });
export const RequestDecisionInput = z.object({ decision: z.enum(REQUEST_DECISIONS) });
export const ConversationSettingsInput = z
  .object({ archived: z.boolean().optional(), muted: z.boolean().optional() })
  .refine((v) => v.archived !== undefined || v.muted !== undefined, { message: 'validation.required', path: ['archived'] });
export const AddParticipantsInput = z.object({ user_ids: z.array(IdSchema).min(1).max(MAX_GROUP_SIZE - 1) });
export const ReportInput = z.object({
  message_ids: z.array(BigIdSchema).min(1).max(20),
  reason: withoutNationalId(z.string().trim().max(1000)).default(''),
});
export const MessagingSettingsSchema = z.object({
  who_can_message: z.enum(WHO_CAN_MESSAGE_VALUES),
  suspended_until: z.string().nullable(),
});
export const MessagingSettingsInput = z.object({ who_can_message: z.enum(WHO_CAN_MESSAGE_VALUES) });
export const UnreadSummarySchema = z.object({
  /** Unread messages in active conversations (the header's count beside the bell). */
  unread_total: z.number().int().min(0),
  /** Conversations waiting for the caller's answer to a request. */
  requests: z.number().int().min(0),
});

export const ConversationParamsSchema = z.object({ id: BigIdSchema });
export const MessageParamsSchema = z.object({ id: BigIdSchema, messageId: BigIdSchema });
export const CompanyIdParamSchema = z.object({ companyId: IdSchema });
export const ParticipantParamsSchema = z.object({ id: BigIdSchema, userId: IdSchema });
export const UserIdParamSchema = z.object({ userId: IdSchema });

/** A block: a member (`type: 'user'`, id a user id) or a company (`type: 'company'`, id a company id; issue 37). */
export const BlockedUserSchema = z.object({
  type: z.enum(['user', 'company']),
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  blocked_at: z.string(),
});

export const MessageReportSchema = z.object({
  id: z.number().int(),
  status: z.enum(REPORT_STATUS_VALUES),
  reason: z.string(),
  reporter: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reported: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  messages: z.array(z.object({ id: z.number().int(), seq: z.number().int(), body: z.string(), created_at: z.string() })),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** The administrator who decided (null while open, or once their account is gone). */
  decided_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
});
/** The queue's filter: one status, or `all` of them (newest first). */
export const REPORT_FILTER_VALUES = [...REPORT_STATUS_VALUES, 'all'] as const;
export type ReportFilter = (typeof REPORT_FILTER_VALUES)[number];
export const ReportListQuery = PageQuerySchema.extend({ status: z.enum(REPORT_FILTER_VALUES).default('open') });
export type ReportListQuery = z.infer<typeof ReportListQuery>;
export type MessageReport = z.infer<typeof MessageReportSchema>;
export const ReportDecisionInput = z.object({ decision: z.enum(REPORT_DECISIONS) });

const InboxPageSchema = z.object({ data: z.array(ConversationSchema), meta: z.object({ next_cursor: z.string().nullable() }) });
const HistoryPageSchema = z.object({
  data: z.array(MessageSchema),
  /** `has_more`: older messages exist before the first of this page (with `before`), or newer after (with `after`). */
  meta: z.object({ has_more: z.boolean(), last_seq: z.number().int() }),
});

const member = { access: 'member' } as const;

export const messageEndpoints = {
  inbox: defineEndpoint({
    method: 'GET',
    path: '/conversations',
    summary: "The caller's conversations (as the company in business mode), latest activity first (keyset: cursor, limit; filter)",
    access: 'user',
    query: InboxQuery,
    response: InboxPageSchema,
  }),
  unread: defineEndpoint({
    method: 'GET',
    path: '/conversations/unread',
    summary: 'Unread messages in total and open requests (the header count beside the bell)',
    access: 'user',
    response: dataOf(UnreadSummarySchema),
  }),
  start: defineEndpoint({
    method: 'POST',
    path: '/conversations',
    summary: 'Write to a member, a company, or about a job or course: opens the existing one-to-one conversation or starts one',
    ...member,
    body: StartConversationInput,
    response: dataOf(z.object({ conversation: ConversationSchema, message: MessageSchema })),
    status: 201,
  }),
  createGroup: defineEndpoint({
    method: 'POST',
    path: '/conversations/groups',
    summary: 'Start a named group (up to 20 people) with a first message',
    ...member,
    personal: true,
    body: CreateGroupInput,
    response: dataOf(z.object({ conversation: ConversationSchema, message: MessageSchema })),
    status: 201,
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/conversations/:id',
    summary: 'One conversation of the caller, with its participants and their seen marks',
    access: 'user',
    params: ConversationParamsSchema,
    response: dataOf(ConversationSchema),
  }),
  history: defineEndpoint({
    method: 'GET',
    path: '/conversations/:id/messages',
    summary: "A conversation's messages by sequence: the newest page, older with `before`, newer with `after` (catch-up)",
    access: 'user',
    params: ConversationParamsSchema,
    query: HistoryQuery,
    response: HistoryPageSchema,
  }),
  send: defineEndpoint({
    method: 'POST',
    path: '/conversations/:id/messages',
    summary: 'Send a message (multipart: body, reply_to_id, files[])',
    ...member,
    multipart: true,
    params: ConversationParamsSchema,
    body: SendMessageInput,
    response: dataOf(MessageSchema),
    status: 201,
  }),
  edit: defineEndpoint({
    method: 'PUT',
    path: '/conversations/:id/messages/:messageId',
    summary: 'Edit an own message within 15 minutes of sending it',
    ...member,
    params: MessageParamsSchema,
    body: EditMessageInput,
    response: dataOf(MessageSchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/conversations/:id/messages/:messageId',
    summary: 'Delete an own message for everyone (it shows as "message deleted")',
    ...member,
    params: MessageParamsSchema,
    response: dataOf(MessageSchema),
  }),
  read: defineEndpoint({
    method: 'PUT',
    path: '/conversations/:id/read',
    summary: 'Mark the conversation read up to a sequence number',
    access: 'user',
    params: ConversationParamsSchema,
    body: ReadInput,
    response: dataOf(UnreadSummarySchema),
  }),
  decide: defineEndpoint({
    method: 'PUT',
    path: '/conversations/:id/request',
    summary: 'Answer a message request: accept (the conversation opens), decline (the sender is not told) or block',
    ...member,
    params: ConversationParamsSchema,
    body: RequestDecisionInput,
    response: dataOf(z.object({ state: z.enum(PARTICIPANT_STATE_VALUES) })),
  }),
  settings: defineEndpoint({
    method: 'PATCH',
    path: '/conversations/:id',
    summary: 'Archive or mute a conversation (for the caller only)',
    ...member,
    params: ConversationParamsSchema,
    body: ConversationSettingsInput,
    response: dataOf(ConversationSchema),
  }),
  addParticipants: defineEndpoint({
    method: 'POST',
    path: '/conversations/:id/participants',
    summary: "Add people to a group (its creator only)",
    ...member,
    personal: true,
    params: ConversationParamsSchema,
    body: AddParticipantsInput,
    response: dataOf(ConversationSchema),
  }),
  removeParticipant: defineEndpoint({
    method: 'DELETE',
    path: '/conversations/:id/participants/:userId',
    summary: 'Remove someone from a group (its creator only)',
    ...member,
    personal: true,
    params: ParticipantParamsSchema,
    response: dataOf(ConversationSchema),
  }),
  leave: defineEndpoint({
    method: 'POST',
    path: '/conversations/:id/leave',
    summary: 'Leave a group',
    ...member,
    personal: true,
    params: ConversationParamsSchema,
    response: null,
    status: 204,
  }),
  report: defineEndpoint({
    method: 'POST',
    path: '/conversations/:id/reports',
    summary: "Report messages of others to the administrators' moderation queue (only those messages)",
    ...member,
    params: ConversationParamsSchema,
    body: ReportInput,
    response: null,
    status: 204,
  }),
  mySettings: defineEndpoint({
    method: 'GET',
    path: '/messaging-settings',
    summary: 'Who can send the caller messages',
    access: 'user',
    personal: true,
    response: dataOf(MessagingSettingsSchema),
  }),
  updateSettings: defineEndpoint({
    method: 'PUT',
    path: '/messaging-settings',
    summary: 'Set who can send the caller messages: verified health personnel, mutual follows, nobody',
    ...member,
    personal: true,
    body: MessagingSettingsInput,
    response: dataOf(MessagingSettingsSchema),
  }),
  blocks: defineEndpoint({
    method: 'GET',
    path: '/user-blocks',
    summary: 'The people and companies the caller has blocked, newest first',
    ...member,
    personal: true,
    response: listOf(BlockedUserSchema),
  }),
  block: defineEndpoint({
    method: 'PUT',
    path: '/user-blocks/:userId',
    summary: 'Block a member: they can no longer write to the caller or add them to a group',
    ...member,
    personal: true,
    params: UserIdParamSchema,
    response: null,
    status: 204,
  }),
  unblock: defineEndpoint({
    method: 'DELETE',
    path: '/user-blocks/:userId',
    summary: 'Unblock a member',
    ...member,
    personal: true,
    params: UserIdParamSchema,
    response: null,
    status: 204,
  }),
  blockCompany: defineEndpoint({
    method: 'PUT',
    path: '/company-blocks/:companyId',
    summary: 'Block a company: acting as it, its managers can no longer start a conversation with the caller or write in one',
    ...member,
    personal: true,
    params: CompanyIdParamSchema,
    response: null,
    status: 204,
  }),
  unblockCompany: defineEndpoint({
    method: 'DELETE',
    path: '/company-blocks/:companyId',
    summary: 'Unblock a company',
    ...member,
    personal: true,
    params: CompanyIdParamSchema,
    response: null,
    status: 204,
  }),
  adminReports: defineEndpoint({
    method: 'GET',
    path: '/admin/reports',
    summary: 'The moderation queue: reported messages (only those), by status, newest first',
    access: 'admin',
    query: ReportListQuery,
    response: pageOf(MessageReportSchema),
  }),
  decideReport: defineEndpoint({
    method: 'PUT',
    path: '/admin/reports/:id',
    summary: "Decide a report: dismiss, warn the sender, or suspend the sender's messaging",
    access: 'admin',
    params: ConversationParamsSchema,
    body: ReportDecisionInput,
    response: dataOf(MessageReportSchema),
  }),
} as const;

/**
 * Events on the notification stream (`event: chat`), for every open tab of each participant. They
 * only say what changed; the tab reads through the API. A `message` event carries the message id as
 * the SSE event id, so a reconnecting tab catches up from it (`Last-Event-ID` / `last_event_id`).
 */
export const CHAT_STREAM_EVENT = 'chat';
export const MessageEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('message'), conversation_id: z.number().int(), seq: z.number().int(), message_id: z.number().int() }),
  z.object({ type: z.literal('changed'), conversation_id: z.number().int(), seq: z.number().int() }),
  z.object({ type: z.literal('read'), conversation_id: z.number().int(), party: z.string(), seq: z.number().int() }),
  z.object({ type: z.literal('request'), conversation_id: z.number().int(), decision: z.enum(['accept']) }),
]);
export type MessageEvent = z.infer<typeof MessageEventSchema>;
