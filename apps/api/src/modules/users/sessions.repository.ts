import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { and, desc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { InjectDatabase } from '../../database/database.module';

const { refreshTokenFamilies: families, refreshTokens, users } = schema;

export interface RefreshTokenRow {
  tokenId: number;
  familyId: number;
  userId: number;
  expiresAt: Date;
  usedAt: Date | null;
  familyRevokedAt: Date | null;
  familyExpiresAt: Date;
  activeCompanyId: number | null;
  userStatus: string;
  userDeletedAt: Date | null;
}

export interface ActiveSessionRow {
  id: number;
  userAgent: string | null;
  ip: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** Login sessions: refresh-token families and their rotating tokens (only hashes are stored). */
@Injectable()
export class SessionsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async createFamily(input: { userId: number; absoluteExpiresAt: Date; userAgent: string | null; ip: string | null }): Promise<number> {
    const [row] = await this.db
      .insert(families)
      .values({
        user_id: input.userId,
        absolute_expires_at: input.absoluteExpiresAt,
        user_agent: input.userAgent,
        ip: input.ip,
        last_used_at: new Date(),
      })
      .returning({ id: families.id });
    return row!.id;
  }

  async insertToken(familyId: number, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db.insert(refreshTokens).values({ family_id: familyId, token_hash: tokenHash, expires_at: expiresAt });
  }

  async findToken(tokenHash: string): Promise<RefreshTokenRow | null> {
    const [row] = await this.db
      .select({
        tokenId: refreshTokens.id,
        familyId: families.id,
        userId: families.user_id,
        expiresAt: refreshTokens.expires_at,
        usedAt: refreshTokens.used_at,
        familyRevokedAt: families.revoked_at,
        familyExpiresAt: families.absolute_expires_at,
        activeCompanyId: families.active_partner_company_id,
        userStatus: users.status,
        userDeletedAt: users.deleted_at,
      })
      .from(refreshTokens)
      .innerJoin(families, eq(families.id, refreshTokens.family_id))
      .innerJoin(users, eq(users.id, families.user_id))
      .where(eq(refreshTokens.token_hash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /**
   * Rotation in one transaction: spends a token once and stores its successor, so a concurrent
   * refresh that finds the token spent also finds the successor. False when it was already spent.
   */
  async rotateToken(
    spend: { tokenId: number; familyId: number; at: Date },
    successor: { tokenHash: string; expiresAt: Date },
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const spent = await tx
        .update(refreshTokens)
        .set({ used_at: spend.at })
        .where(and(eq(refreshTokens.id, spend.tokenId), isNull(refreshTokens.used_at)))
        .returning({ id: refreshTokens.id });
      if (spent.length === 0) return false;
      await tx
        .insert(refreshTokens)
        .values({ family_id: spend.familyId, token_hash: successor.tokenHash, expires_at: successor.expiresAt });
      await tx.update(families).set({ last_used_at: spend.at }).where(eq(families.id, spend.familyId));
      return true;
    });
  }

  /** Family id of a token, spent or not (logout by cookie). */
  async familyOfToken(tokenHash: string): Promise<{ familyId: number; userId: number } | null> {
    const [row] = await this.db
      .select({ familyId: refreshTokens.family_id, userId: families.user_id })
      .from(refreshTokens)
      .innerJoin(families, eq(families.id, refreshTokens.family_id))
      .where(eq(refreshTokens.token_hash, tokenHash))
      .limit(1);
    return row ?? null;
  }

  /** A user's sessions that are neither revoked nor past their lifetime, most recently used first. */
  async listActive(userId: number, now: Date): Promise<ActiveSessionRow[]> {
    return this.db
      .select({
        id: families.id,
        userAgent: families.user_agent,
        ip: families.ip,
        createdAt: families.created_at,
        lastUsedAt: families.last_used_at,
      })
      .from(families)
      .where(and(eq(families.user_id, userId), isNull(families.revoked_at), gt(families.absolute_expires_at, now)))
      .orderBy(sql`${families.last_used_at} desc nulls last`, desc(families.id));
  }

  /** Revokes one active session of `userId`; false when there is none such (another user's, or ended). */
  async revokeOwnFamily(userId: number, familyId: number, reason: string): Promise<boolean> {
    const rows = await this.db
      .update(families)
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where(and(eq(families.id, familyId), eq(families.user_id, userId), isNull(families.revoked_at)))
      .returning({ id: families.id });
    return rows.length > 0;
  }

  async revokeFamily(familyId: number, reason: string): Promise<void> {
    await this.db
      .update(families)
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where(and(eq(families.id, familyId), isNull(families.revoked_at)));
  }

  /** Ends every session of a user, except `keepFamilyId` when given. */
  async revokeAllFamilies(userId: number, reason: string, keepFamilyId?: number): Promise<number> {
    const conditions = [eq(families.user_id, userId), isNull(families.revoked_at)];
    if (keepFamilyId !== undefined) conditions.push(ne(families.id, keepFamilyId));
    const rows = await this.db
      .update(families)
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where(and(...conditions))
      .returning({ id: families.id });
    return rows.length;
  }

  async setActiveCompany(familyId: number, userId: number, companyId: number | null): Promise<void> {
    await this.db
      .update(families)
      .set({ active_partner_company_id: companyId })
      .where(and(eq(families.id, familyId), eq(families.user_id, userId)));
  }

  async activeCompanyOf(familyId: number): Promise<number | null> {
    const [row] = await this.db
      .select({ id: families.active_partner_company_id })
      .from(families)
      .where(eq(families.id, familyId))
      .limit(1);
    return row?.id ?? null;
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Every session ends: tokens deleted, families revoked and stripped of user agent and IP (kept as the audit of when). */
  async eraseAccount(tx: AccountTx, userId: number, now: Date): Promise<void> {
    const own = tx.select({ id: families.id }).from(families).where(eq(families.user_id, userId));
    await tx.delete(refreshTokens).where(inArray(refreshTokens.family_id, own));
    await tx
      .update(families)
      .set({ revoked_at: now, revoked_reason: 'account_deleted', user_agent: null, ip: null })
      .where(and(eq(families.user_id, userId), isNull(families.revoked_at)));
    await tx
      .update(families)
      .set({ user_agent: null, ip: null })
      .where(and(eq(families.user_id, userId), isNotNull(families.revoked_at)));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { sessions: await this.db.select().from(families).where(eq(families.user_id, userId)) };
  }
}
