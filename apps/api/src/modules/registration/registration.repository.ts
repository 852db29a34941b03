import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, eq, gt, isNull, like, ne, or, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { slugify } from '../../common/text/slugify';
import { InjectDatabase } from '../../database/database.module';
import { isUniqueViolation } from '../../database/database-errors';

const s = schema;

export type IdentitySessionRow = typeof s.identitySessions.$inferSelect;
export type HprRegisterRow = typeof s.hprRegister.$inferSelect;
export type VerificationRow = typeof s.emailVerificationCodes.$inferSelect;
type RoleCode = (typeof s.ROLE_CODES)[number];
type UserStatus = (typeof s.USER_STATUSES)[number];

export interface NewAccount {
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  phone: string;
  birthDate: string | null;
  nationalIdHash: string | null;
  registeredVia: 'identity_provider' | 'hpr_number';
  status: UserStatus;
  locale: 'no' | 'en';
  approvedHrp: 0 | 1 | 2;
  hprNumber: string | null;
  workplaceSituationId: number;
  specialtyIds: number[];
  role: RoleCode;
  /** Identity session to mark as used by this account, atomically. */
  identitySessionId?: string;
}

export interface AccountUser {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  locale: 'no' | 'en';
  password_hash: string | null;
  email_verified_at: Date | null;
}

const accountColumns = {
  id: s.users.id,
  email: s.users.email,
  first_name: s.users.first_name,
  last_name: s.users.last_name,
  locale: s.users.locale,
  password_hash: s.users.password_hash,
  email_verified_at: s.users.email_verified_at,
};

/** Raised inside the account transaction when the identity session was used meanwhile. */
export class SessionAlreadyUsedError extends Error {}
class HprNumberTakenError extends Error {}

@Injectable()
export class RegistrationRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // --- identity sessions -------------------------------------------------------------------

  async createIdentitySession(provider: 'simulator' | 'signicat', expiresAt: Date): Promise<IdentitySessionRow> {
    const [row] = await this.db.insert(s.identitySessions).values({ provider, expires_at: expiresAt }).returning();
    if (!row) throw new Error('identity session insert returned nothing');
    return row;
  }

  async setProviderSessionId(id: string, providerSessionId: string): Promise<void> {
    await this.db.update(s.identitySessions).set({ provider_session_id: providerSessionId }).where(eq(s.identitySessions.id, id));
  }

  async findIdentitySession(id: string): Promise<IdentitySessionRow | undefined> {
    const [row] = await this.db.select().from(s.identitySessions).where(eq(s.identitySessions.id, id));
    return row;
  }

  /** Completes a still pending session; false when it was no longer pending. */
  async completeIdentitySession(
    id: string,
    person: { firstName: string; lastName: string; birthDate: string | null; nationalIdHash: string },
  ): Promise<boolean> {
    const rows = await this.db
      .update(s.identitySessions)
      .set({
        status: 'completed',
        completed_at: new Date(),
        person_first_name: person.firstName,
        person_last_name: person.lastName,
        person_birth_date: person.birthDate,
        person_national_id_hash: person.nationalIdHash,
      })
      .where(and(eq(s.identitySessions.id, id), eq(s.identitySessions.status, 'pending')))
      .returning({ id: s.identitySessions.id });
    return rows.length > 0;
  }

  async endIdentitySession(id: string, status: 'cancelled' | 'expired', error?: string): Promise<void> {
    await this.db
      .update(s.identitySessions)
      .set({ status, error: error ?? null })
      .where(and(eq(s.identitySessions.id, id), eq(s.identitySessions.status, 'pending')));
  }

  // --- register (HPR) and reference checks --------------------------------------------------

  async hprByNumber(hprNumber: string): Promise<HprRegisterRow | undefined> {
    const [row] = await this.db.select().from(s.hprRegister).where(eq(s.hprRegister.hpr_number, hprNumber));
    return row;
  }

  async hprByNationalIdHash(hash: string): Promise<HprRegisterRow | undefined> {
    const [row] = await this.db.select().from(s.hprRegister).where(eq(s.hprRegister.national_id_hash, hash)).limit(1);
    return row;
  }

  async hprRegisterList(): Promise<HprRegisterRow[]> {
    return this.db.select().from(s.hprRegister).orderBy(s.hprRegister.last_name, s.hprRegister.first_name);
  }

  async hprById(id: number): Promise<HprRegisterRow | undefined> {
    const [row] = await this.db.select().from(s.hprRegister).where(eq(s.hprRegister.id, id));
    return row;
  }

  async workplaceSituationCode(id: number): Promise<string | undefined> {
    const [row] = await this.db
      .select({ code: s.workplaceSituations.code })
      .from(s.workplaceSituations)
      .where(eq(s.workplaceSituations.id, id));
    return row?.code;
  }

  // --- accounts -----------------------------------------------------------------------------

  async emailTaken(email: string, exceptUserId?: number): Promise<boolean> {
    const rows = await this.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(eq(s.users.email, email));
    return rows.some((r) => r.id !== exceptUserId);
  }

  async nationalIdRegistered(hash: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(and(eq(s.users.national_id_hash, hash), isNull(s.users.deleted_at)))
      .limit(1);
    return rows.length > 0;
  }

  /**
   * Creates user, user_info, specialities and role in one transaction (and marks the identity
   * session used). Answers 'email_taken' / 'national_id_taken' when a unique index refuses it, and
   * 'hpr_number_taken' when another account (not a rejected one) already gave the HPR number: one
   * person, one account. Sign-ups with the same number wait for each other (an advisory lock on the
   * number), so two at once cannot both pass.
   */
  async createAccount(
    a: NewAccount,
  ): Promise<{ userId: number } | 'email_taken' | 'national_id_taken' | 'session_used' | 'hpr_number_taken'> {
    try {
      return await this.db.transaction(async (tx) => {
        if (a.hprNumber) {
          await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`hpr-number:${a.hprNumber}`}))`);
          const [held] = await tx
            .select({ id: s.userInfo.user_id })
            .from(s.userInfo)
            .innerJoin(s.users, eq(s.users.id, s.userInfo.user_id))
            .where(and(eq(s.userInfo.hpr_number, a.hprNumber), ne(s.users.status, 'rejected')))
            .limit(1);
          if (held) throw new HprNumberTakenError();
        }
        const slug = await this.freeSlug(tx, `${a.firstName} ${a.lastName}`);
        const now = new Date();
        const [user] = await tx
          .insert(s.users)
          .values({
            email: a.email,
            password_hash: a.passwordHash,
            first_name: a.firstName,
            last_name: a.lastName,
            slug,
            phone: a.phone,
            birth_date: a.birthDate,
            national_id_hash: a.nationalIdHash,
            status: a.status,
            locale: a.locale,
            registered_via: a.registeredVia,
            terms_accepted_at: now,
            no_sensitive_info_accepted_at: now,
          })
          .returning({ id: s.users.id });
        if (!user) throw new Error('user insert returned nothing');
        await tx.insert(s.userInfo).values({
          user_id: user.id,
          approved_hrp: a.approvedHrp,
          hpr_number: a.hprNumber,
          hpr_verified: a.approvedHrp === 2,
          hpr_checked_at: now,
          workplace_situation_id: a.workplaceSituationId,
        });
        if (a.specialtyIds.length > 0) {
          await tx.insert(s.userSpecialties).values(a.specialtyIds.map((id) => ({ user_id: user.id, specialty_id: id })));
        }
        const [role] = await tx.select({ id: s.roles.id }).from(s.roles).where(eq(s.roles.code, a.role));
        if (!role) throw new Error(`role ${a.role} is missing (reference data not seeded)`);
        await tx.insert(s.userRoles).values({ user_id: user.id, role_id: role.id });
        if (a.identitySessionId) {
          const used = await tx
            .update(s.identitySessions)
            .set({ user_id: user.id })
            .where(and(eq(s.identitySessions.id, a.identitySessionId), isNull(s.identitySessions.user_id)))
            .returning({ id: s.identitySessions.id });
          if (used.length === 0) throw new SessionAlreadyUsedError();
        }
        return { userId: user.id };
      });
    } catch (err) {
      if (err instanceof HprNumberTakenError) return 'hpr_number_taken';
      if (err instanceof SessionAlreadyUsedError || isUniqueViolation(err, 'identity_sessions_user_id')) return 'session_used';
      if (isUniqueViolation(err, 'users_email')) return 'email_taken';
      if (isUniqueViolation(err, 'users_national_id_hash')) return 'national_id_taken';
      throw err;
    }
  }

  private async freeSlug(tx: Pick<Database, 'select'>, name: string): Promise<string> {
    const base = slugify(name, 'user');
    const rows = await tx
      .select({ slug: s.users.slug })
      .from(s.users)
      .where(or(eq(s.users.slug, base), like(s.users.slug, `${base}-%`)));
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n += 1) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  async userByEmail(email: string): Promise<AccountUser | undefined> {
    const [row] = await this.db
      .select(accountColumns)
      .from(s.users)
      .where(and(eq(s.users.email, email), isNull(s.users.deleted_at)));
    return row;
  }

  async userById(id: number): Promise<AccountUser | undefined> {
    const [row] = await this.db
      .select(accountColumns)
      .from(s.users)
      .where(and(eq(s.users.id, id), isNull(s.users.deleted_at)));
    return row;
  }

  // --- e-mail verification ------------------------------------------------------------------

  async createVerification(userId: number, publicId: string, codeHash: string, expiresAt: Date): Promise<VerificationRow> {
    const [row] = await this.db
      .insert(s.emailVerificationCodes)
      .values({ user_id: userId, public_id: publicId, code_hash: codeHash, expires_at: expiresAt })
      .returning();
    if (!row) throw new Error('verification insert returned nothing');
    return row;
  }

  async findVerification(publicId: string): Promise<VerificationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(s.emailVerificationCodes)
      .where(eq(s.emailVerificationCodes.public_id, publicId));
    return row;
  }

  async renewVerification(id: number, codeHash: string, expiresAt: Date): Promise<VerificationRow> {
    const [row] = await this.db
      .update(s.emailVerificationCodes)
      .set({ code_hash: codeHash, expires_at: expiresAt, attempts: 0 })
      .where(eq(s.emailVerificationCodes.id, id))
      .returning();
    if (!row) throw new Error('verification update returned nothing');
    return row;
  }

  /** Counts a wrong code; answers the attempts made so far. */
  async countVerificationAttempt(id: number): Promise<number> {
    const [row] = await this.db
      .update(s.emailVerificationCodes)
      .set({ attempts: sql`${s.emailVerificationCodes.attempts} + 1` })
      .where(eq(s.emailVerificationCodes.id, id))
      .returning({ attempts: s.emailVerificationCodes.attempts });
    return row?.attempts ?? 0;
  }

  /** Marks the code used and the address verified; false when it was used meanwhile. */
  async completeVerification(id: number, userId: number): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const used = await tx
        .update(s.emailVerificationCodes)
        .set({ used_at: new Date() })
        .where(and(eq(s.emailVerificationCodes.id, id), isNull(s.emailVerificationCodes.used_at)))
        .returning({ id: s.emailVerificationCodes.id });
      if (used.length === 0) return false;
      await tx.update(s.users).set({ email_verified_at: new Date() }).where(eq(s.users.id, userId));
      return true;
    });
  }

  // --- password reset -----------------------------------------------------------------------

  /** A new reset token; earlier unused ones of the user stop working. */
  async createResetToken(userId: number, tokenHash: string, expiresAt: Date, outer?: Transaction): Promise<void> {
    await (outer ?? this.db).transaction(async (tx) => {
      await tx
        .delete(s.passwordResetTokens)
        .where(and(eq(s.passwordResetTokens.user_id, userId), isNull(s.passwordResetTokens.used_at)));
      await tx.insert(s.passwordResetTokens).values({ user_id: userId, token_hash: tokenHash, expires_at: expiresAt });
    });
  }

  /**
   * Spends a valid reset token and sets the password, ending every session; the user id, or
   * undefined when the token is unknown, used or expired.
   */
  async resetPassword(tokenHash: string, passwordHash: string): Promise<number | undefined> {
    return this.db.transaction(async (tx) => {
      const now = new Date();
      const [token] = await tx
        .update(s.passwordResetTokens)
        .set({ used_at: now })
        .where(
          and(
            eq(s.passwordResetTokens.token_hash, tokenHash),
            isNull(s.passwordResetTokens.used_at),
            gt(s.passwordResetTokens.expires_at, now),
          ),
        )
        .returning({ user_id: s.passwordResetTokens.user_id });
      if (!token) return undefined;
      const [user] = await tx
        .update(s.users)
        .set({
          password_hash: passwordHash,
          sessions_valid_after: now,
          // The link reached the mailbox, so the address is proven.
          email_verified_at: sql`coalesce(${s.users.email_verified_at}, now())`,
        })
        .where(and(eq(s.users.id, token.user_id), isNull(s.users.deleted_at)))
        .returning({ id: s.users.id });
      if (!user) return undefined;
      await tx
        .update(s.passwordResetTokens)
        .set({ used_at: now })
        .where(and(eq(s.passwordResetTokens.user_id, user.id), isNull(s.passwordResetTokens.used_at)));
      await this.revokeFamilies(tx, user.id, 'password_reset', now);
      return user.id;
    });
  }

  async passwordResetTokenUsable(tokenHash: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: s.passwordResetTokens.id })
      .from(s.passwordResetTokens)
      .where(
        and(
          eq(s.passwordResetTokens.token_hash, tokenHash),
          isNull(s.passwordResetTokens.used_at),
          gt(s.passwordResetTokens.expires_at, new Date()),
        ),
      );
    return rows.length > 0;
  }

  // --- e-mail change ------------------------------------------------------------------------

  async setPendingEmail(userId: number, email: string, tokenHash: string, expiresAt: Date): Promise<void> {
    await this.db
      .update(s.users)
      .set({ pending_email: email, pending_email_token_hash: tokenHash, pending_email_expires_at: expiresAt })
      .where(eq(s.users.id, userId));
  }

  /**
   * Moves a confirmed pending address into place and ends every session. Answers the user id,
   * 'invalid' for an unknown or expired token, 'email_taken' when the address was taken meanwhile.
   */
  async confirmPendingEmail(tokenHash: string): Promise<number | 'invalid' | 'email_taken'> {
    try {
      return await this.db.transaction(async (tx) => {
        const now = new Date();
        const [user] = await tx
          .select({ id: s.users.id, pending_email: s.users.pending_email })
          .from(s.users)
          .where(
            and(
              eq(s.users.pending_email_token_hash, tokenHash),
              gt(s.users.pending_email_expires_at, now),
              isNull(s.users.deleted_at),
            ),
          )
          .for('update');
        if (!user?.pending_email) return 'invalid' as const;
        await tx
          .update(s.users)
          .set({
            email: user.pending_email,
            pending_email: null,
            pending_email_token_hash: null,
            pending_email_expires_at: null,
            email_verified_at: now,
            sessions_valid_after: now,
          })
          .where(eq(s.users.id, user.id));
        await this.revokeFamilies(tx, user.id, 'email_changed', now);
        return user.id;
      });
    } catch (err) {
      if (isUniqueViolation(err, 'users_email')) return 'email_taken';
      throw err;
    }
  }

  private async revokeFamilies(tx: Pick<Database, 'update'>, userId: number, reason: string, now: Date): Promise<void> {
    await tx
      .update(s.refreshTokenFamilies)
      .set({ revoked_at: now, revoked_reason: reason })
      .where(and(eq(s.refreshTokenFamilies.user_id, userId), isNull(s.refreshTokenFamilies.revoked_at)));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Reset tokens and verification codes are credentials; the identity session holds identity data. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(s.passwordResetTokens).where(eq(s.passwordResetTokens.user_id, userId));
    await tx.delete(s.emailVerificationCodes).where(eq(s.emailVerificationCodes.user_id, userId));
    await tx.delete(s.identitySessions).where(eq(s.identitySessions.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { identity_sessions: await this.db.select().from(s.identitySessions).where(eq(s.identitySessions.user_id, userId)) };
  }
}
