import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, eq, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';
import { type ParticipantState, type Party } from './parties';

const { conversations, conversationParticipants: participants } = schema;

/** The participant row of `party`, as a SQL condition on `conversation_participants` (every messages repository uses it). */
export const isParty = (p: Party): SQL =>
  p.kind === 'user' ? eq(participants.user_id, p.id) : eq(participants.partner_company_id, p.id);

/** A participant who may read the conversation now: whom a new message or an event reaches. */
export interface ReaderRow {
  user_id: number | null;
  company_id: number | null;
  state: ParticipantState;
  muted: boolean;
  last_read_seq: number;
}

/** Who stands in a conversation and how: states, read marks, flags (`conversation_participants`). */
@Injectable()
export class ParticipantsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * Every party that may read the conversation now (`active` or an open `request`), with what a
   * new message needs of each: read once per send, for the live event, the bell and the e-mail.
   */
  async readers(conversationId: number, tx?: Transaction): Promise<ReaderRow[]> {
    return (tx ?? this.db)
      .select({
        user_id: participants.user_id,
        company_id: participants.partner_company_id,
        state: participants.state,
        muted: participants.muted,
        last_read_seq: participants.last_read_seq,
      })
      .from(participants)
      .where(and(eq(participants.conversation_id, conversationId), inArray(participants.state, ['active', 'request'])));
  }


  async setState(tx: Transaction | undefined, conversationId: number, party: Party, state: ParticipantState): Promise<void> {
    await (tx ?? this.db)
      .update(participants)
      .set({ state })
      .where(and(eq(participants.conversation_id, conversationId), isParty(party)));
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
}
