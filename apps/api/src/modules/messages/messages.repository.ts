import { Injectable } from '@nestjs/common';
import { type VerifiedAs } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { approvedMemberSql, verifiedAsSql } from '../../common/access';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { fileKey, variantKey } from '../../common/files/files.repository';
import { orderFor, type PageSource, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';

const {
  conversations,
  conversationParticipants: participants,
  messages,
  messageAttachments,
  messagingSettings,
  userBlocks,
  userCompanyBlocks,
  messageReports,
  users,
  userInfo,
  userFollows,
  partnerCompanies,
  storedFiles,
  jobs,
  courses,
} = schema;

/** Who speaks in a conversation: a member, or a company (its managers in business mode). */
export type Party = { kind: 'user'; id: number } | { kind: 'company'; id: number };
export type ParticipantState = (typeof schema.PARTICIPANT_STATES)[number];
export type WhoCanMessage = (typeof schema.WHO_CAN_MESSAGE)[number];

export const partyKey = (p: Party): string => `${p.kind === 'user' ? 'u' : 'c'}${p.id}`;
/** One direct conversation per pair of parties, whichever of them starts it. */
export const directKey = (a: Party, b: Party): string => [partyKey(a), partyKey(b)].sort().join(':');

/** The participant row of `party`, as a SQL condition on `conversation_participants`. */
const isParty = (p: Party): SQL =>
  p.kind === 'user' ? eq(participants.user_id, p.id) : eq(participants.partner_company_id, p.id);

/** A conversation as one party stands in it: the access function's answer. */
export interface Membership {
  conversation_id: number;
  kind: 'direct' | 'group';
  title: string | null;
  created_by_user_id: number | null;
  topic_type: 'job' | 'course' | null;
  topic_id: number | null;
  topic_title: string | null;
  last_seq: number;
  last_message_at: Date | null;
  participant_id: number;
  state: ParticipantState;
  last_read_seq: number;
  last_activity_at: Date;
  archived_at: Date | null;
  muted: boolean;
}

export interface PartyRow {
  conversation_id: number;
  user_id: number | null;
  partner_company_id: number | null;
  state: ParticipantState;
  last_read_seq: number;
  slug: string | null;
  name: string | null;
  avatar_key: string | null;
  verified_as: VerifiedAs;
}

export interface MessageRow {
  id: number;
  conversation_id: number;
  seq: number;
  sender_user_id: number | null;
  sender_company_id: number | null;
  sender_slug: string | null;
  sender_name: string | null;
  sender_avatar_key: string | null;
  sender_verified_as: VerifiedAs;
  body: string;
  reply_to_id: number | null;
  edited_at: Date | null;
  deleted_at: Date | null;
  created_at: Date;
}

export interface AttachmentRow {
  id: number;
  message_id: number;
  kind: 'image' | 'document';
  storage_key: string;
  preview_key: string | null;
  original_name: string | null;
  mime: string;
}

export interface NewMessage {
  sender: Party;
  /** The writing user (a company's manager for company messages). */
  sender_user_id: number;
  body: string;
  reply_to_id: number | null;
  attachments: { kind: 'image' | 'document'; file_id: number }[];
  /** The sender's idempotency key (`SendMessageInput.client_key`). */
  client_key?: string | null;
}

export interface ReportRow {
  id: number;
  status: (typeof schema.MESSAGE_REPORT_STATUSES)[number];
  reason: string;
  reporter: { id: number; name: string } | null;
  reported: { id: number; slug: string; name: string } | null;
  messages: schema.ReportedMessage[];
  created_at: Date;
  decided_at: Date | null;
  decided_by: { id: number; name: string } | null;
}

export type InboxFilter = 'all' | 'unread' | 'requests' | 'archived';

/** Inbox order, as the participants' inbox indexes hold it. */
const INBOX_ORDER = [
  [participants.last_activity_at, 'desc', 'last'],
  [participants.conversation_id, 'desc', 'last'],
] as const;

const partyName = sql<string | null>`coalesce(${users.first_name} || ' ' || ${users.last_name}, ${partnerCompanies.name})`;

/** Conversations, messages, requests, blocks and reports; the only messages file that speaks SQL. */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // ---------- access ----------

  /**
   * The one access question (docs/messages.md, "Access"): how `party` stands in the conversation,
   * or null when it is not (or no longer) a participant, or the conversation does not exist. The
   * service decides read and write from the state; a future `common/access` kind wraps this.
   */
  async membership(conversationId: number, party: Party, tx?: Transaction): Promise<Membership | null> {
    const [row] = await (tx ?? this.db)
      .select({
        conversation_id: conversations.id,
        kind: conversations.kind,
        title: conversations.title,
        created_by_user_id: conversations.created_by_user_id,
        topic_type: conversations.topic_type,
        topic_id: conversations.topic_id,
        topic_title: conversations.topic_title,
        last_seq: conversations.last_seq,
        last_message_at: conversations.last_message_at,
        participant_id: participants.id,
        state: participants.state,
        last_read_seq: participants.last_read_seq,
        last_activity_at: participants.last_activity_at,
        archived_at: participants.archived_at,
        muted: participants.muted,
      })
      .from(participants)
      .innerJoin(conversations, eq(conversations.id, participants.conversation_id))
      .where(and(eq(participants.conversation_id, conversationId), isParty(party)))
      .limit(1);
    return row ?? null;
  }

  async findDirect(key: string): Promise<number | null> {
    const [row] = await this.db.select({ id: conversations.id }).from(conversations).where(eq(conversations.direct_key, key)).limit(1);
    return row?.id ?? null;
  }

  // ---------- who may write to whom ----------

  /** An approved, live member by id (a recipient). */
  async recipient(userId: number): Promise<{ id: number; approved_hrp: number } | null> {
    const [row] = await this.db
      .select({ id: users.id, approved_hrp: sql<number>`coalesce(${userInfo.approved_hrp}, 0)::int` })
      .from(users)
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(and(eq(users.id, userId), approvedMemberSql()))
      .limit(1);
    return row ?? null;
  }

  /** Approved, live members among `ids`. */
  async recipients(ids: number[]): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, ids), approvedMemberSql()));
    return rows.map((r) => r.id);
  }

  async approvedHrp(userId: number): Promise<number> {
    const [row] = await this.db.select({ v: userInfo.approved_hrp }).from(userInfo).where(eq(userInfo.user_id, userId)).limit(1);
    return row?.v ?? 0;
  }

  /** A live, published company by id. */
  async liveCompany(companyId: number): Promise<{ id: number; name: string } | null> {
    const [row] = await this.db
      .select({ id: partnerCompanies.id, name: partnerCompanies.name })
      .from(partnerCompanies)
      .where(and(eq(partnerCompanies.id, companyId), isNull(partnerCompanies.deleted_at), eq(partnerCompanies.is_published, true)))
      .limit(1);
    return row ?? null;
  }

  /** Who answers a job or a course, and its title: its company, else its author. */
  async topic(type: 'job' | 'course', id: number): Promise<{ title: string; user_id: number | null; company_id: number | null } | null> {
    const table = type === 'job' ? jobs : courses;
    const [row] = await this.db
      .select({ title: table.title, user_id: table.user_id, company_id: table.partner_company_id })
      .from(table)
      .where(eq(table.id, id))
      .limit(1);
    return row ?? null;
  }

  async whoCanMessage(userId: number): Promise<WhoCanMessage> {
    const [row] = await this.db
      .select({ who: messagingSettings.who_can_message })
      .from(messagingSettings)
      .where(eq(messagingSettings.user_id, userId))
      .limit(1);
    return row?.who ?? 'health_personnel';
  }

  async settings(userId: number): Promise<{ who_can_message: WhoCanMessage; suspended_until: Date | null }> {
    const [row] = await this.db
      .select({ who_can_message: messagingSettings.who_can_message, suspended_until: messagingSettings.suspended_until })
      .from(messagingSettings)
      .where(eq(messagingSettings.user_id, userId))
      .limit(1);
    return row ?? { who_can_message: 'health_personnel', suspended_until: null };
  }

  async setWhoCanMessage(userId: number, who: WhoCanMessage): Promise<void> {
    await this.db
      .insert(messagingSettings)
      .values({ user_id: userId, who_can_message: who })
      .onConflictDoUpdate({ target: messagingSettings.user_id, set: { who_can_message: who, updated_at: sql`now()` } });
  }

  async suspend(userId: number, until: Date, tx: Transaction): Promise<void> {
    await tx
      .insert(messagingSettings)
      .values({ user_id: userId, suspended_until: until })
      .onConflictDoUpdate({ target: messagingSettings.user_id, set: { suspended_until: until, updated_at: sql`now()` } });
  }

  /** Whether `blocker` blocked `blocked`. */
  async isBlocked(blocker: number, blocked: number): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(userBlocks)
      .where(and(eq(userBlocks.blocker_user_id, blocker), eq(userBlocks.blocked_user_id, blocked)))
      .limit(1);
    return row !== undefined;
  }

  /** Of `ids`, those who blocked `userId`. */
  async blockedBy(ids: number[], userId: number): Promise<number[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .select({ id: userBlocks.blocker_user_id })
      .from(userBlocks)
      .where(and(inArray(userBlocks.blocker_user_id, ids), eq(userBlocks.blocked_user_id, userId)));
    return rows.map((r) => r.id);
  }

  /** Whether both follow each other. */
  async mutualFollow(a: number, b: number): Promise<boolean> {
    const rows = await this.db
      .select({ one: sql<number>`1` })
      .from(userFollows)
      .where(
        or(
          and(eq(userFollows.follower_id, a), eq(userFollows.followed_user_id, b)),
          and(eq(userFollows.follower_id, b), eq(userFollows.followed_user_id, a)),
        ),
      );
    return rows.length === 2;
  }

  async block(blocker: number, blocked: number, tx?: Transaction): Promise<void> {
    await (tx ?? this.db).insert(userBlocks).values({ blocker_user_id: blocker, blocked_user_id: blocked }).onConflictDoNothing();
  }

  async unblock(blocker: number, blocked: number): Promise<void> {
    await this.db.delete(userBlocks).where(and(eq(userBlocks.blocker_user_id, blocker), eq(userBlocks.blocked_user_id, blocked)));
  }

  /** The people a user blocked, newest first (a short personal list, capped). */
  blocks(blocker: number) {
    return this.db
      .select({ id: users.id, slug: users.slug, first_name: users.first_name, last_name: users.last_name, blocked_at: userBlocks.created_at })
      .from(userBlocks)
      .innerJoin(users, eq(users.id, userBlocks.blocked_user_id))
      .where(eq(userBlocks.blocker_user_id, blocker))
      .orderBy(desc(userBlocks.created_at))
      .limit(500);
  }

  /** Whether member `blocker` blocked company `companyId`. */
  async isCompanyBlocked(blocker: number, companyId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(userCompanyBlocks)
      .where(and(eq(userCompanyBlocks.blocker_user_id, blocker), eq(userCompanyBlocks.blocked_company_id, companyId)))
      .limit(1);
    return row !== undefined;
  }

  async blockCompany(blocker: number, companyId: number, tx?: Transaction): Promise<void> {
    await (tx ?? this.db).insert(userCompanyBlocks).values({ blocker_user_id: blocker, blocked_company_id: companyId }).onConflictDoNothing();
  }

  async unblockCompany(blocker: number, companyId: number): Promise<void> {
    await this.db
      .delete(userCompanyBlocks)
      .where(and(eq(userCompanyBlocks.blocker_user_id, blocker), eq(userCompanyBlocks.blocked_company_id, companyId)));
  }

  /** The companies a user blocked, newest first (capped like `blocks`). */
  companyBlocks(blocker: number) {
    return this.db
      .select({ id: partnerCompanies.id, slug: partnerCompanies.slug, name: partnerCompanies.name, blocked_at: userCompanyBlocks.created_at })
      .from(userCompanyBlocks)
      .innerJoin(partnerCompanies, eq(partnerCompanies.id, userCompanyBlocks.blocked_company_id))
      .where(eq(userCompanyBlocks.blocker_user_id, blocker))
      .orderBy(desc(userCompanyBlocks.created_at))
      .limit(500);
  }

  /** A company's name (acting as it, a manager writes under it), live or not. */
  async companyName(companyId: number): Promise<string | null> {
    const [row] = await this.db.select({ name: partnerCompanies.name }).from(partnerCompanies).where(eq(partnerCompanies.id, companyId)).limit(1);
    return row?.name ?? null;
  }

  /** The other party of a direct conversation (a member or a company); null in a group. */
  async otherParty(conversationId: number, me: Party): Promise<Party | null> {
    const rows = await this.db
      .select({ user_id: participants.user_id, company_id: participants.partner_company_id })
      .from(participants)
      .innerJoin(conversations, eq(conversations.id, participants.conversation_id))
      .where(and(eq(participants.conversation_id, conversationId), eq(conversations.kind, 'direct')));
    const other = rows.find((r) => (me.kind === 'user' ? r.user_id !== me.id : r.company_id !== me.id));
    if (!other) return null;
    if (other.company_id !== null) return { kind: 'company', id: other.company_id };
    return other.user_id !== null ? { kind: 'user', id: other.user_id } : null;
  }

  /** The user id of the other party of a direct conversation (null for a company or a group). */
  async otherUser(conversationId: number, me: Party): Promise<number | null> {
    const rows = await this.db
      .select({ user_id: participants.user_id, company_id: participants.partner_company_id })
      .from(participants)
      .where(eq(participants.conversation_id, conversationId));
    const other = rows.find((r) => (me.kind === 'user' ? r.user_id !== me.id : r.company_id !== me.id));
    return other?.user_id ?? null;
  }

  // ---------- writing ----------

  /** A new conversation with its participants; answers its id. */
  async createConversation(
    tx: Transaction,
    c: { kind: 'direct' | 'group'; title: string | null; created_by_user_id: number; direct_key: string | null; topic: { type: 'job' | 'course'; id: number; title: string } | null },
    members: { party: Party; state: ParticipantState }[],
  ): Promise<number> {
    const [row] = await tx
      .insert(conversations)
      .values({
        kind: c.kind,
        title: c.title,
        created_by_user_id: c.created_by_user_id,
        direct_key: c.direct_key,
        topic_type: c.topic?.type ?? null,
        topic_id: c.topic?.id ?? null,
        topic_title: c.topic?.title ?? null,
      })
      .onConflictDoNothing({ target: conversations.direct_key })
      .returning({ id: conversations.id });
    if (!row) {
      // Two first messages to the same person at once: the other one created it.
      const [existing] = await tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.direct_key, c.direct_key ?? '')).limit(1);
      return existing!.id;
    }
    await this.addMembers(tx, row.id, members);
    return row.id;
  }

  /** A one-to-one conversation continued about another job or course shows that one. */
  async setTopic(conversationId: number, topic: { type: 'job' | 'course'; id: number; title: string }): Promise<void> {
    await this.db
      .update(conversations)
      .set({ topic_type: topic.type, topic_id: topic.id, topic_title: topic.title })
      .where(eq(conversations.id, conversationId));
  }

  /** Adds (or brings back) participants of a group. */
  async addMembers(tx: Transaction, conversationId: number, members: { party: Party; state: ParticipantState }[]): Promise<void> {
    for (const m of members) {
      const values = {
        conversation_id: conversationId,
        user_id: m.party.kind === 'user' ? m.party.id : null,
        partner_company_id: m.party.kind === 'company' ? m.party.id : null,
        state: m.state,
      };
      const updated = await tx
        .update(participants)
        .set({ state: m.state, last_activity_at: sql`now()` })
        .where(and(eq(participants.conversation_id, conversationId), isParty(m.party)))
        .returning({ id: participants.id });
      if (updated.length === 0) await tx.insert(participants).values(values);
    }
  }

  async setState(tx: Transaction | undefined, conversationId: number, party: Party, state: ParticipantState): Promise<void> {
    await (tx ?? this.db)
      .update(participants)
      .set({ state })
      .where(and(eq(participants.conversation_id, conversationId), isParty(party)));
  }

  /**
   * Appends a message: takes the conversation's next sequence number under its row lock (so the
   * order is one for every reader), stores the message and its files, moves the conversation up in
   * every active inbox, and marks it read for the sender.
   */
  async append(tx: Transaction, conversationId: number, m: NewMessage): Promise<{ id: number; seq: number; created_at: Date }> {
    const [c] = await tx
      .update(conversations)
      .set({ last_seq: sql`${conversations.last_seq} + 1`, last_message_at: sql`now()` })
      .where(eq(conversations.id, conversationId))
      .returning({ seq: conversations.last_seq });
    const seq = c!.seq;
    const [row] = await tx
      .insert(messages)
      .values({
        conversation_id: conversationId,
        seq,
        sender_user_id: m.sender_user_id,
        sender_company_id: m.sender.kind === 'company' ? m.sender.id : null,
        body: m.body,
        reply_to_id: m.reply_to_id,
        client_key: m.client_key ?? null,
      })
      .returning({ id: messages.id, created_at: messages.created_at });
    if (m.attachments.length > 0) {
      await tx.insert(messageAttachments).values(m.attachments.map((a, position) => ({ ...a, message_id: row!.id, position })));
    }
    await tx
      .update(participants)
      .set({
        last_activity_at: sql`now()`,
        archived_at: null,
        last_read_seq: sql`case when ${isParty(m.sender)} then ${seq} else ${participants.last_read_seq} end`,
      })
      .where(and(eq(participants.conversation_id, conversationId), inArray(participants.state, ['active', 'request'])));
    return { id: row!.id, seq, created_at: row!.created_at };
  }

  /** The message this sender already sent to the conversation under this idempotency key (index messages_client_key_idx). */
  async byClientKey(conversationId: number, senderUserId: number, clientKey: string): Promise<number | null> {
    const [row] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.conversation_id, conversationId), eq(messages.sender_user_id, senderUserId), eq(messages.client_key, clientKey)));
    return row?.id ?? null;
  }

  /** Those to tell about a new message: active participants other than the sender, and requests. */
  async recipientsOf(
    conversationId: number,
    sender: Party,
    tx?: Transaction,
  ): Promise<{ user_id: number | null; company_id: number | null; state: ParticipantState; muted: boolean; last_read_seq: number }[]> {
    const rows = await (tx ?? this.db)
      .select({
        user_id: participants.user_id,
        company_id: participants.partner_company_id,
        state: participants.state,
        muted: participants.muted,
        last_read_seq: participants.last_read_seq,
      })
      .from(participants)
      .where(and(eq(participants.conversation_id, conversationId), inArray(participants.state, ['active', 'request'])));
    return rows.filter((r) => (sender.kind === 'user' ? r.user_id !== sender.id : r.company_id !== sender.id));
  }

  /** Every party that may read the conversation now (live events). */
  async readers(conversationId: number, tx?: Transaction): Promise<{ user_id: number | null; company_id: number | null; state: ParticipantState }[]> {
    return (tx ?? this.db)
      .select({ user_id: participants.user_id, company_id: participants.partner_company_id, state: participants.state })
      .from(participants)
      .where(and(eq(participants.conversation_id, conversationId), inArray(participants.state, ['active', 'request'])));
  }

  async message(conversationId: number, messageId: number): Promise<MessageRow | null> {
    const [row] = await this.messagesQuery().where(and(eq(messages.conversation_id, conversationId), eq(messages.id, messageId))).limit(1);
    return row ?? null;
  }

  async messagesByIds(conversationId: number, ids: number[]): Promise<MessageRow[]> {
    if (ids.length === 0) return [];
    return this.messagesQuery().where(and(eq(messages.conversation_id, conversationId), inArray(messages.id, ids))).orderBy(asc(messages.seq));
  }

  async editBody(messageId: number, body: string, tx?: Transaction): Promise<void> {
    await (tx ?? this.db).update(messages).set({ body, edited_at: sql`now()` }).where(eq(messages.id, messageId));
  }

  /** Deletes a message for everyone: its text and attachment rows go; answers the file ids to remove. */
  async deleteForEveryone(messageId: number, tx?: Transaction): Promise<number[]> {
    return (tx ?? this.db).transaction(async (inner) => {
      const files = await inner.delete(messageAttachments).where(eq(messageAttachments.message_id, messageId)).returning({ file_id: messageAttachments.file_id });
      await inner.update(messages).set({ body: '', deleted_at: sql`now()` }).where(eq(messages.id, messageId));
      return files.map((f) => f.file_id);
    });
  }

  /** Every member who ever took part in a conversation, in any state (whose bell may quote it). */
  async everyUser(conversationId: number, tx?: Transaction): Promise<number[]> {
    const rows = await (tx ?? this.db)
      .select({ user_id: participants.user_id })
      .from(participants)
      .where(and(eq(participants.conversation_id, conversationId), isNotNull(participants.user_id)));
    return rows.map((r) => r.user_id).filter((id): id is number => id !== null);
  }

  /** Marks read up to `seq` (never back, never past the newest message); answers whether it moved. */
  async markRead(conversationId: number, party: Party, seq: number): Promise<number | null> {
    const rows = await this.db
      .update(participants)
      .set({ last_read_seq: sql`least(${seq}, (select ${conversations.last_seq} from ${conversations} where ${conversations.id} = ${conversationId}))` })
      .where(
        and(
          eq(participants.conversation_id, conversationId),
          isParty(party),
          lt(participants.last_read_seq, seq),
          sql`${participants.last_read_seq} < (select ${conversations.last_seq} from ${conversations} where ${conversations.id} = ${conversationId})`,
        ),
      )
      .returning({ seq: participants.last_read_seq });
    return rows[0]?.seq ?? null;
  }

  async setFlags(conversationId: number, party: Party, flags: { archived?: boolean; muted?: boolean }): Promise<void> {
    await this.db
      .update(participants)
      .set({
        ...(flags.archived === undefined ? {} : { archived_at: flags.archived ? sql`now()` : null }),
        ...(flags.muted === undefined ? {} : { muted: flags.muted }),
      })
      .where(and(eq(participants.conversation_id, conversationId), isParty(party)));
  }

  async activeMemberCount(conversationId: number): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(participants)
      .where(and(eq(participants.conversation_id, conversationId), inArray(participants.state, ['active', 'request'])));
    return row?.n ?? 0;
  }

  // ---------- delivery ----------

  async mailRecipient(userId: number): Promise<{ email: string; first_name: string; locale: 'no' | 'en' } | null> {
    const [row] = await this.db
      .select({ email: users.email, first_name: users.first_name, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  /** Who wrote message `seq` of the conversation (a company's name for company messages). */
  async senderName(conversationId: number, seq: number): Promise<string | null> {
    const [row] = await this.messagesQuery().where(and(eq(messages.conversation_id, conversationId), eq(messages.seq, seq))).limit(1);
    return row?.sender_name ?? null;
  }

  /**
   * A reconnecting tab's catch-up: the messages after message id `afterId` in the party's readable
   * conversations (a member's, or a company's in business mode), oldest first, at most `limit` (the
   * tab reloads the lists when it gets as many).
   */
  /** The newest message id of all (a fresh stream's starting id; the primary key's last entry). */
  async newestMessageId(): Promise<number> {
    const [row] = await this.db.select({ id: messages.id }).from(messages).orderBy(desc(messages.id)).limit(1);
    return row?.id ?? 0;
  }

  messagesSince(party: Party, afterId: number, limit: number): Promise<{ id: number; conversation_id: number; seq: number }[]> {
    return this.db
      .select({ id: messages.id, conversation_id: messages.conversation_id, seq: messages.seq })
      .from(messages)
      .innerJoin(
        participants,
        and(eq(participants.conversation_id, messages.conversation_id), isParty(party), inArray(participants.state, ['active', 'request'])),
      )
      .where(gt(messages.id, afterId))
      .orderBy(asc(messages.id))
      .limit(limit);
  }

  // ---------- reading ----------

  /** One inbox page (keyset on last activity): `take` rows (readKeyset: the page size + 1, the extra one only tells more follow). */
  async inbox(party: Party, filter: InboxFilter, cursor: { at: string; id: number } | null, take: number): Promise<Membership[]> {
    const conditions: SQL[] = [isParty(party)];
    // "all" holds open requests too (marked `is_request`), so the list and the header's count agree.
    if (filter === 'requests') conditions.push(eq(participants.state, 'request'));
    else if (filter === 'all') conditions.push(inArray(participants.state, ['active', 'request']));
    else conditions.push(eq(participants.state, 'active'));
    if (filter === 'archived') conditions.push(isNotNull(participants.archived_at));
    if (filter === 'all' || filter === 'unread') conditions.push(isNull(participants.archived_at));
    if (filter === 'unread') conditions.push(gt(conversations.last_seq, participants.last_read_seq));
    if (cursor) {
      conditions.push(
        sql`(${participants.last_activity_at}, ${participants.conversation_id}) < (${cursor.at}::timestamptz, ${cursor.id})`,
      );
    }
    return this.db
      .select({
        conversation_id: conversations.id,
        kind: conversations.kind,
        title: conversations.title,
        created_by_user_id: conversations.created_by_user_id,
        topic_type: conversations.topic_type,
        topic_id: conversations.topic_id,
        topic_title: conversations.topic_title,
        last_seq: conversations.last_seq,
        last_message_at: conversations.last_message_at,
        participant_id: participants.id,
        state: participants.state,
        last_read_seq: participants.last_read_seq,
        last_activity_at: participants.last_activity_at,
        archived_at: participants.archived_at,
        muted: participants.muted,
      })
      .from(participants)
      .innerJoin(conversations, eq(conversations.id, participants.conversation_id))
      .where(and(...conditions))
      .orderBy(...orderFor(INBOX_ORDER, false))
      .limit(take);
  }

  /** The parties of these conversations, with names and pictures (one query per page). */
  partiesOf(conversationIds: number[]): Promise<PartyRow[]> {
    if (conversationIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        conversation_id: participants.conversation_id,
        user_id: participants.user_id,
        partner_company_id: participants.partner_company_id,
        state: participants.state,
        last_read_seq: participants.last_read_seq,
        slug: sql<string | null>`coalesce(${users.slug}, ${partnerCompanies.slug})`,
        name: partyName,
        avatar_key: sql<string | null>`coalesce(${fileKey(users.avatar_file_id)}, ${fileKey(partnerCompanies.logo_file_id)})`,
        verified_as: sql<VerifiedAs>`case when ${users.id} is null then null else ${verifiedAsSql(users.id)} end`,
      })
      .from(participants)
      .leftJoin(users, and(eq(users.id, participants.user_id), isNull(users.deleted_at)))
      .leftJoin(partnerCompanies, eq(partnerCompanies.id, participants.partner_company_id))
      .where(inArray(participants.conversation_id, conversationIds))
      .orderBy(asc(participants.conversation_id), asc(participants.id));
  }

  /** The newest message of each conversation (by its `last_seq`, through the unique index). */
  lastMessagesOf(pairs: { conversation_id: number; seq: number }[]): Promise<MessageRow[]> {
    const wanted = pairs.filter((p) => p.seq > 0);
    if (wanted.length === 0) return Promise.resolve([]);
    return this.messagesQuery().where(
      or(...wanted.map((p) => and(eq(messages.conversation_id, p.conversation_id), eq(messages.seq, p.seq))))!,
    );
  }

  private messagesQuery() {
    return this.db
      .select({
        id: messages.id,
        conversation_id: messages.conversation_id,
        seq: messages.seq,
        sender_user_id: messages.sender_user_id,
        sender_company_id: messages.sender_company_id,
        sender_slug: sql<string | null>`coalesce(${partnerCompanies.slug}, ${users.slug})`,
        sender_name: sql<string | null>`coalesce(${partnerCompanies.name}, ${users.first_name} || ' ' || ${users.last_name})`,
        sender_avatar_key: sql<string | null>`coalesce(${fileKey(partnerCompanies.logo_file_id)}, ${fileKey(users.avatar_file_id)})`,
        sender_verified_as: sql<VerifiedAs>`case when ${messages.sender_company_id} is null and ${users.id} is not null then ${verifiedAsSql(users.id)} end`,
        body: messages.body,
        reply_to_id: messages.reply_to_id,
        edited_at: messages.edited_at,
        deleted_at: messages.deleted_at,
        created_at: messages.created_at,
      })
      .from(messages)
      .leftJoin(users, and(eq(users.id, messages.sender_user_id), isNull(users.deleted_at)))
      .leftJoin(partnerCompanies, eq(partnerCompanies.id, messages.sender_company_id))
      .$dynamic();
  }

  /**
   * A page of history by sequence, through the (conversation_id, seq) index: the newest `limit`
   * before `before` (or the newest of all), or the oldest `limit` after `after` (catch-up); `limit + 1`
   * rows so the caller knows whether more follow.
   */
  history(conversationId: number, q: { before?: number; after?: number; limit: number }): Promise<MessageRow[]> {
    const conditions: SQL[] = [eq(messages.conversation_id, conversationId)];
    if (q.before !== undefined) conditions.push(lt(messages.seq, q.before));
    if (q.after !== undefined) conditions.push(gt(messages.seq, q.after));
    return this.messagesQuery()
      .where(and(...conditions))
      .orderBy(q.after !== undefined ? asc(messages.seq) : desc(messages.seq))
      .limit(q.limit + 1);
  }

  attachmentsOf(messageIds: number[]): Promise<AttachmentRow[]> {
    if (messageIds.length === 0) return Promise.resolve([]);
    return this.db
      .select({
        id: messageAttachments.id,
        message_id: messageAttachments.message_id,
        kind: messageAttachments.kind,
        storage_key: storedFiles.storage_key,
        preview_key: variantKey(messageAttachments.file_id, 'sm'),
        original_name: storedFiles.original_name,
        mime: storedFiles.content_type,
      })
      .from(messageAttachments)
      .innerJoin(storedFiles, eq(storedFiles.id, messageAttachments.file_id))
      .where(inArray(messageAttachments.message_id, messageIds))
      .orderBy(asc(messageAttachments.message_id), asc(messageAttachments.position));
  }

  /**
   * Unread messages in active, unmuted conversations, and open requests (read or not: a request
   * waits for the caller's answer, not for a look), of one party.
   */
  async unreadSummary(party: Party): Promise<{ unread_total: number; requests: number }> {
    const [row] = await this.db
      .select({
        unread_total: sql<number>`coalesce(sum(${conversations.last_seq} - ${participants.last_read_seq}) filter (where ${participants.state} = 'active' and not ${participants.muted}), 0)::int`,
        requests: sql<number>`(count(*) filter (where ${participants.state} = 'request'))::int`,
      })
      .from(participants)
      .innerJoin(conversations, eq(conversations.id, participants.conversation_id))
      .where(
        and(
          isParty(party),
          or(
            eq(participants.state, 'request'),
            and(eq(participants.state, 'active'), sql`${conversations.last_seq} > ${participants.last_read_seq}`),
          ),
        ),
      );
    return row ?? { unread_total: 0, requests: 0 };
  }

  // ---------- reports ----------

  /**
   * Whether this reporter has an open report holding any of these messages (one open report per
   * reporter and message). Through `message_reports_reporter_idx`: a reporter's reports are few.
   */
  async hasOpenReport(reporterId: number, conversationId: number, messageIds: number[], tx?: Transaction): Promise<boolean> {
    if (messageIds.length === 0) return false;
    const [row] = await (tx ?? this.db)
      .select({ one: sql<number>`1` })
      .from(messageReports)
      .where(
        and(
          eq(messageReports.reporter_user_id, reporterId),
          eq(messageReports.conversation_id, conversationId),
          eq(messageReports.status, 'open'),
          sql`exists (select 1 from jsonb_array_elements(${messageReports.messages}) as m where (m->>'id')::bigint = any(${sql.param(messageIds)}::bigint[]))`,
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Reports of one reporter are made one at a time (a transaction lock), so two at once cannot both pass the check. */
  async lockReporter(tx: Transaction, reporterId: number): Promise<void> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('message-report'), ${reporterId})`);
  }

  async insertReport(
    tx: Transaction,
    r: { conversation_id: number; reporter_user_id: number; reported_user_id: number | null; reason: string; messages: schema.ReportedMessage[] },
  ): Promise<number> {
    const [row] = await tx.insert(messageReports).values(r).returning({ id: messageReports.id });
    return row!.id;
  }

  private reportsQuery() {
    const reporter = sql<{ id: number; name: string } | null>`(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${messageReports.reporter_user_id})`;
    const reported = sql<{ id: number; slug: string; name: string } | null>`(select json_build_object('id', u.id, 'slug', u.slug, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${messageReports.reported_user_id})`;
    const decidedBy = sql<{ id: number; name: string } | null>`(select json_build_object('id', u.id, 'name', u.first_name || ' ' || u.last_name) from users u where u.id = ${messageReports.decided_by_user_id})`;
    return this.db
      .select({
        id: messageReports.id,
        status: messageReports.status,
        reason: messageReports.reason,
        reporter,
        reported,
        messages: messageReports.messages,
        created_at: messageReports.created_at,
        decided_at: messageReports.decided_at,
        decided_by: decidedBy,
      })
      .from(messageReports)
      .$dynamic();
  }

  /** The reports in one status, newest first, through `message_reports_status_created_idx`. */
  reports(status: (typeof schema.MESSAGE_REPORT_STATUSES)[number]): PageSource<ReportRow> {
    return this.reportPage(eq(messageReports.status, status));
  }

  /** Every report, newest first (the queue's "Alle"), through `message_reports_created_idx`. */
  allReports(): PageSource<ReportRow> {
    return this.reportPage(undefined);
  }

  private reportPage(where: SQL | undefined): PageSource<ReportRow> {
    const order = [
      [messageReports.created_at, 'desc', 'last'],
      [messageReports.id, 'desc', 'last'],
    ] as const;
    return {
      count: async () => (await this.db.select({ n: count() }).from(messageReports).where(where))[0]?.n ?? 0,
      read: (slice: Slice) => this.reportsQuery().where(where).orderBy(...orderFor(order, slice.fromEnd)).limit(slice.limit).offset(slice.offset),
    };
  }

  async report(id: number): Promise<ReportRow | null> {
    const [row] = await this.reportsQuery().where(eq(messageReports.id, id)).limit(1);
    return row ?? null;
  }

  async decideReport(tx: Transaction, id: number, status: 'dismissed' | 'warned' | 'suspended', adminId: number): Promise<void> {
    await tx
      .update(messageReports)
      .set({ status, decided_by_user_id: adminId, decided_at: sql`now()` })
      .where(eq(messageReports.id, id));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /**
   * The person's messages lose their text and files (the rows stay, so the others' history keeps its
   * order and shows "deleted user"); their participant rows, settings, blocks and reports go.
   */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    const mine = tx.select({ id: messages.id }).from(messages).where(eq(messages.sender_user_id, userId));
    await tx.delete(messageAttachments).where(inArray(messageAttachments.message_id, mine));
    await tx
      .update(messages)
      .set({ body: '', deleted_at: sql`coalesce(${messages.deleted_at}, now())`, sender_user_id: null })
      .where(eq(messages.sender_user_id, userId));
    await tx.delete(participants).where(eq(participants.user_id, userId));
    await tx.update(conversations).set({ created_by_user_id: null }).where(eq(conversations.created_by_user_id, userId));
    await tx.delete(messagingSettings).where(eq(messagingSettings.user_id, userId));
    await tx.delete(userBlocks).where(or(eq(userBlocks.blocker_user_id, userId), eq(userBlocks.blocked_user_id, userId)));
    await tx.delete(userCompanyBlocks).where(eq(userCompanyBlocks.blocker_user_id, userId));
    await tx.update(messageReports).set({ reporter_user_id: null }).where(eq(messageReports.reporter_user_id, userId));
    await tx.update(messageReports).set({ reported_user_id: null }).where(eq(messageReports.reported_user_id, userId));
    await tx.update(messageReports).set({ decided_by_user_id: null }).where(eq(messageReports.decided_by_user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      messages: await this.db.select().from(messages).where(eq(messages.sender_user_id, userId)).orderBy(asc(messages.id)),
      conversation_participants: await this.db.select().from(participants).where(eq(participants.user_id, userId)),
      messaging_settings: await this.db.select().from(messagingSettings).where(eq(messagingSettings.user_id, userId)),
      user_blocks: await this.db.select().from(userBlocks).where(eq(userBlocks.blocker_user_id, userId)),
      user_company_blocks: await this.db.select().from(userCompanyBlocks).where(eq(userCompanyBlocks.blocker_user_id, userId)),
      message_reports: await this.db.select().from(messageReports).where(eq(messageReports.reporter_user_id, userId)),
    };
  }
}
