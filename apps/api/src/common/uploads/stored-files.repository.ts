import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { type AccountTx, type ErasureContext, type ExportRows } from '../account-data';
import { InjectDatabase } from '../../database/database.module';

const { storedFiles } = schema;

/** `stored_files` rows: files uploaded on their own (`POST /upload-image`). */
@Injectable()
export class StoredFilesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** The person's uploads: rows deleted, their files removed after the commit. */
  async eraseAccount(tx: AccountTx, userId: number, ctx: ErasureContext): Promise<void> {
    const files = await tx
      .delete(storedFiles)
      .where(eq(storedFiles.owner_user_id, userId))
      .returning({ key: storedFiles.storage_key });
    files.forEach((r) => ctx.removeAfterCommit(r.key));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      uploaded_files: await this.db.select().from(storedFiles).where(eq(storedFiles.owner_user_id, userId)),
    };
  }
}
