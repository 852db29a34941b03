import { Injectable } from '@nestjs/common';
import { type Locale } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { type AccountTx } from '../../common/account-data';
import { InjectDatabase } from '../../database/database.module';

const { users, recoveryCodes, refreshTokenFamilies } = schema;

export interface Credentials {
  id: number;
  status: (typeof schema.USER_STATUSES)[number];
  passwordHash: string | null;
  twoFactorEnabled: boolean;
  twoFactorSecret: string | null;
  twoFactorLastStep: number | null;
}

const credentialColumns = {
  id: users.id,
  status: users.status,
  passwordHash: users.password_hash,
  twoFactorEnabled: users.two_factor_enabled,
  twoFactorSecret: users.two_factor_secret,
  twoFactorLastStep: users.two_factor_last_step,
};

/** Passwords, two-step secrets, recovery codes and business-profile membership. */
@Injectable()
export class CredentialsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async byEmail(email: string): Promise<Credentials | null> {
    const [row] = await this.db
      .select(credentialColumns)
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  async byId(userId: number): Promise<Credentials | null> {
    const [row] = await this.db
      .select(credentialColumns)
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  async emailOf(userId: number): Promise<string | null> {
    const [row] = await this.db.select({ email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
    return row?.email ?? null;
  }

  /** Whether the account ever had a session opened from `ip` (its "known" addresses). */
  async hadSessionFrom(userId: number, ip: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: refreshTokenFamilies.id })
      .from(refreshTokenFamilies)
      .where(and(eq(refreshTokenFamilies.user_id, userId), eq(refreshTokenFamilies.ip, ip)))
      .limit(1);
    return row !== undefined;
  }

  async contactOf(userId: number): Promise<{ email: string; firstName: string; locale: Locale } | null> {
    const [row] = await this.db
      .select({ email: users.email, firstName: users.first_name, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
      .limit(1);
    return row ?? null;
  }

  /** Accepts a TOTP time step once: false when this or a later step was already used. */
  async acceptTotpStep(userId: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ two_factor_last_step: step })
      .where(and(eq(users.id, userId), or(isNull(users.two_factor_last_step), lt(users.two_factor_last_step, step))))
      .returning({ id: users.id });
    return rows.length === 1;
  }

  async setPendingSecret(userId: number, sealedSecret: string): Promise<void> {
    await this.db
      .update(users)
      .set({ two_factor_secret: sealedSecret, two_factor_enabled: false, two_factor_last_step: null })
      .where(eq(users.id, userId));
  }

  /** Turns two-step on with fresh recovery codes (replacing any old ones), in one transaction. */
  async enableTwoFactor(userId: number, codeHashes: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.update(users).set({ two_factor_enabled: true }).where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
      await tx.insert(recoveryCodes).values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })));
    });
  }

  async replaceRecoveryCodes(userId: number, codeHashes: string[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
      await tx.insert(recoveryCodes).values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })));
    });
  }

  async disableTwoFactor(userId: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ two_factor_enabled: false, two_factor_secret: null, two_factor_last_step: null })
        .where(eq(users.id, userId));
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
    });
  }

  /** Spends an unused recovery code; false when there is none with this hash. */
  async spendRecoveryCode(userId: number, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ used_at: new Date() })
      .where(and(eq(recoveryCodes.user_id, userId), eq(recoveryCodes.code_hash, codeHash), isNull(recoveryCodes.used_at)))
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  }

  async setPassword(userId: number, passwordHash: string, sessionsValidAfter: Date): Promise<void> {
    await this.db
      .update(users)
      .set({ password_hash: passwordHash, sessions_valid_after: sessionsValidAfter })
      .where(eq(users.id, userId));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Two-step recovery codes are credentials: deleted, never exported. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.user_id, userId));
  }
}
