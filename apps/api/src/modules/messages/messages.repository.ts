import { Injectable } from '@nestjs/common';
import { type VerifiedAs } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, desc, eq, gt, inArray, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { verifiedAsSql } from '../../common/access';
import { fileKey, variantKey } from '../../common/files/files.repository';
import { InjectDatabase } from '../../database/database.module';
import { type Party } from './parties';
import { isParty } from './participants.repository';

const { conversations, conversationParticipants: participants, messages, messageAttachments, users, partnerCompanies, storedFiles } = schema;

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


/** The messages of conversations: appending under the conversation's lock, reading, editing, deleting. */
@Injectable()
export class MessagesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

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

  /** Who wrote message `seq` of the conversation (a company's name for company messages). */
  async senderName(conversationId: number, seq: number): Promise<string | null> {
    const [row] = await this.messagesQuery().where(and(eq(messages.conversation_id, conversationId), eq(messages.seq, seq))).limit(1);
    return row?.sender_name ?? null;
  }

  /** The newest message id of all (a fresh stream's starting id; the primary key's last entry). */
  async newestMessageId(): Promise<number> {
    const [row] = await this.db.select({ id: messages.id }).from(messages).orderBy(desc(messages.id)).limit(1);
    return row?.id ?? 0;
  }

  /**
   * A reconnecting tab's catch-up: the messages after message id `afterId` in the party's readable
   * conversations (a member's, or a company's in business mode), oldest first, at most `limit` (the
   * tab reloads the lists when it gets as many).
   */
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
}
