import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';
import { type WhoCanMessage } from './parties';

const { messagingSettings, userBlocks, userCompanyBlocks, users, partnerCompanies } = schema;

/** Who may write to a member (`messaging_settings`, suspensions) and whom they blocked (people, companies). */
@Injectable()
export class SettingsAndBlocksRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

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
}
