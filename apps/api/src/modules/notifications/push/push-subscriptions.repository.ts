import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../../common/account-data';
import { InjectDatabase } from '../../../database/database.module';

const { pushSubscriptions: subs } = schema;

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  device_browser: string | null;
  device_system: string | null;
  created_at: Date;
  last_used_at: Date | null;
}

/** The devices that receive pushes; the only file of them that speaks SQL. */
@Injectable()
export class PushSubscriptionsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /**
   * Adds the device, or updates it when its endpoint is known (the same browser subscribing again,
   * perhaps under another account: the browser has changed hands, so the row moves with it).
   */
  async upsert(row: Omit<PushSubscriptionRow, 'id' | 'created_at' | 'last_used_at'>): Promise<PushSubscriptionRow> {
    const [saved] = await this.db
      .insert(subs)
      .values(row)
      .onConflictDoUpdate({
        target: subs.endpoint,
        set: {
          user_id: row.user_id,
          p256dh: row.p256dh,
          auth: row.auth,
          device_browser: row.device_browser,
          device_system: row.device_system,
          // Another account's device starts afresh.
          last_used_at: sql`case when ${subs.user_id} = ${row.user_id} then ${subs.last_used_at} end`,
          updated_at: new Date(),
        },
      })
      .returning();
    return saved!;
  }

  /** A user's devices, newest first, a page at a time (index push_subscriptions_user_idx). */
  async page(userId: number, page: number, perPage: number): Promise<{ rows: PushSubscriptionRow[]; total: number }> {
    const [rows, [total]] = await Promise.all([
      this.db
        .select()
        .from(subs)
        .where(eq(subs.user_id, userId))
        .orderBy(desc(subs.id))
        .limit(perPage)
        .offset((page - 1) * perPage),
      this.db.select({ n: count() }).from(subs).where(eq(subs.user_id, userId)),
    ]);
    return { rows, total: total?.n ?? 0 };
  }

  /** Every device of a user (the sender's fan-out; a person has a handful). */
  async ofUser(userId: number, tx?: Transaction): Promise<PushSubscriptionRow[]> {
    return (tx ?? this.db).select().from(subs).where(eq(subs.user_id, userId)).orderBy(subs.id);
  }

  /** The devices of several users in one statement (a notification to many). */
  async ofUsers(userIds: readonly number[], tx?: Transaction): Promise<PushSubscriptionRow[]> {
    if (userIds.length === 0) return [];
    return (tx ?? this.db).select().from(subs).where(inArray(subs.user_id, [...userIds])).orderBy(subs.user_id, subs.id);
  }

  /** The device, when it still belongs to this user (a browser that changed hands moved its row). */
  async findOwn(id: number, userId: number): Promise<PushSubscriptionRow | null> {
    const [row] = await this.db.select().from(subs).where(and(eq(subs.id, id), eq(subs.user_id, userId)));
    return row ?? null;
  }

  /** Deletes one of the user's devices; false when the user has no such device (another's is not theirs to see). */
  async removeOwn(userId: number, id: number): Promise<boolean> {
    const gone = await this.db.delete(subs).where(and(eq(subs.id, id), eq(subs.user_id, userId))).returning({ id: subs.id });
    return gone.length > 0;
  }

  /** The push service said the subscription is gone (404/410), or its address is refused: the device goes. */
  async remove(id: number): Promise<void> {
    await this.db.delete(subs).where(eq(subs.id, id));
  }

  async markUsed(id: number): Promise<void> {
    await this.db.update(subs).set({ last_used_at: new Date() }).where(eq(subs.id, id));
  }

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(subs).where(eq(subs.user_id, userId));
  }

  /** The devices as the person sees them; the endpoint and keys are the push service's credentials, not personal data to hand out. */
  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      push_subscriptions: await this.db
        .select({ id: subs.id, device_browser: subs.device_browser, device_system: subs.device_system, created_at: subs.created_at, last_used_at: subs.last_used_at })
        .from(subs)
        .where(eq(subs.user_id, userId)),
    };
  }
}
