import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../account-data';
import { InjectDatabase } from '../../database/database.module';

const s = schema;

export type OutboxRow = typeof s.outboxMessages.$inferSelect;
export type NewOutboxRow = typeof s.outboxMessages.$inferInsert;

@Injectable()
export class MailRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async insert(row: NewOutboxRow, tx?: Transaction): Promise<OutboxRow> {
    const [created] = await (tx ?? this.db).insert(s.outboxMessages).values(row).returning();
    if (!created) throw new Error('outbox insert returned nothing');
    return created;
  }

  /** Many messages in one multi-row insert; answers their ids in the order of `rows`. */
  async insertMany(rows: readonly NewOutboxRow[], tx: Transaction): Promise<number[]> {
    if (rows.length === 0) return [];
    const created = await tx.insert(s.outboxMessages).values([...rows]).returning({ id: s.outboxMessages.id });
    if (created.length !== rows.length) throw new Error(`outbox insert of ${rows.length} messages returned ${created.length}`);
    // A bigserial fills the rows of one insert in their order, and RETURNING answers them so.
    return created.map((r) => r.id);
  }

  async find(id: number): Promise<OutboxRow | undefined> {
    const [row] = await this.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.id, id));
    return row;
  }

  /** The messages of a delivery batch still `queued` (one sent or failed since, or erased, is left out), by id. */
  async findQueued(ids: readonly number[]): Promise<OutboxRow[]> {
    if (ids.length === 0) return [];
    return this.db
      .select()
      .from(s.outboxMessages)
      .where(and(inArray(s.outboxMessages.id, [...ids]), eq(s.outboxMessages.status, 'queued')))
      .orderBy(asc(s.outboxMessages.id));
  }

  async markSent(id: number, tx?: Transaction): Promise<void> {
    await (tx ?? this.db)
      .update(s.outboxMessages)
      .set({ status: 'sent', sent_at: new Date(), attempts: sql`${s.outboxMessages.attempts} + 1`, last_error: null })
      .where(eq(s.outboxMessages.id, id));
  }

  async markAttemptFailed(id: number, error: string, final: boolean): Promise<void> {
    await this.db
      .update(s.outboxMessages)
      .set({
        attempts: sql`${s.outboxMessages.attempts} + 1`,
        last_error: error.slice(0, 2000),
        ...(final ? { status: 'failed' as const } : {}),
      })
      .where(eq(s.outboxMessages.id, id));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Mail and SMS to the person contain their address and name. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(s.outboxMessages).where(eq(s.outboxMessages.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { messages_sent_to_you: await this.db.select().from(s.outboxMessages).where(eq(s.outboxMessages.user_id, userId)) };
  }
}
