import { Injectable } from '@nestjs/common';
import { type VerifiedAs } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, eq, gt, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { verifiedAsSql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { orderFor } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { type ParticipantState, type Party } from './parties';
import { isParty } from './participants.repository';

const { conversations, conversationParticipants: participants, users, partnerCompanies } = schema;

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

export type InboxFilter = 'all' | 'unread' | 'requests' | 'archived';

/** Inbox order, as the participants' inbox indexes hold it. */
const INBOX_ORDER = [
  [participants.last_activity_at, 'desc', 'last'],
  [participants.conversation_id, 'desc', 'last'],
] as const;

const partyName = sql<string | null>`coalesce(${users.first_name} || ' ' || ${users.last_name}, ${partnerCompanies.name})`;

/** A conversation as one party stands in it (`Membership`), as selected columns. */
const membershipColumns = {
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
};

/** Conversations: the access question, starting one, its members, the inbox and the unread count. */
@Injectable()
export class ConversationsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * The one access question (docs/messages.md, "Access"): how `party` stands in the conversation,
   * or null when it is not (or no longer) a participant, or the conversation does not exist. The
   * service decides read and write from the state; a future `common/access` kind wraps this.
   */
  async membership(conversationId: number, party: Party, tx?: Transaction): Promise<Membership | null> {
    const [row] = await (tx ?? this.db)
      .select(membershipColumns)
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
      .select(membershipColumns)
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
}
