import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { InjectDatabase } from '../../database/database.module';

const {
  petitions,
  petitionSignatures,
  petitionBookmarks,
  petitionCoAuthors,
  petitionAttachments,
  petitionPressReleases,
} = schema;

/**
 * Petitions. So far only what account erasure and export need: the tables exist before the
 * petition endpoints, and a person's rows in them must still be erased. The petitions feature
 * grows this repository; it keeps these two methods.
 */
@Injectable()
export class PetitionsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    // Draft petitions go with their attachment rows (the files step then deletes the unused files);
    // published ones carry other people's signatures and stay, anonymised.
    await tx.delete(petitions).where(and(eq(petitions.user_id, userId), eq(petitions.status, 'draft')));
    // A signature tells a political or professional opinion: erased, not anonymised.
    await tx.delete(petitionSignatures).where(eq(petitionSignatures.user_id, userId));
    await tx.delete(petitionBookmarks).where(eq(petitionBookmarks.user_id, userId));
    await tx.update(petitionCoAuthors).set({ user_id: null }).where(eq(petitionCoAuthors.user_id, userId));
    await tx
      .update(petitionAttachments)
      .set({ uploaded_by_user_id: null })
      .where(eq(petitionAttachments.uploaded_by_user_id, userId));
    await tx
      .update(petitionPressReleases)
      .set({ sent_by_user_id: null })
      .where(eq(petitionPressReleases.sent_by_user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      petitions: await this.db.select().from(petitions).where(eq(petitions.user_id, userId)),
      petition_signatures: await this.db
        .select()
        .from(petitionSignatures)
        .where(eq(petitionSignatures.user_id, userId)),
      petition_bookmarks: await this.db
        .select()
        .from(petitionBookmarks)
        .where(eq(petitionBookmarks.user_id, userId)),
    };
  }
}
