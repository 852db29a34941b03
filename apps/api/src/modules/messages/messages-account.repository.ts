import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { asc, eq, inArray, or, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
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
} = schema;

/** A member's messages data on erasure and export (docs/how-to/erase-and-export-user-data.md). */
@Injectable()
export class MessagesAccountRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

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
