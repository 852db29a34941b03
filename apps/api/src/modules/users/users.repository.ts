import { Injectable } from '@nestjs/common';
import { type Locale, localise, type Role } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { managedCompanyIdsSql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { InjectDatabase } from '../../database/database.module';

const { users, userInfo, userRoles, roles, userSpecialties, specialties, partnerCompanies } = schema;

export type UserRow = typeof users.$inferSelect;
export type UserInfoRow = typeof userInfo.$inferSelect;

export interface CompanyRow {
  id: number;
  slug: string;
  name: string;
  logo: string | null;
}

/** Reads behind the user object (UserObjectService) and the account's own rows. */
@Injectable()
export class UsersRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** The account with its info row and the storage keys of its pictures. */
  async findById(
    userId: number,
  ): Promise<{ user: UserRow; info: UserInfoRow | null; avatar: string | null; background: string | null } | null> {
    const [row] = await this.db
      .select({ user: users, info: userInfo, avatar: fileKey(users.avatar_file_id), background: fileKey(users.background_file_id) })
      .from(users)
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(and(eq(users.id, userId), isNull(users.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  /** A live account by e-mail (citext: case-insensitive). */
  async findByEmail(email: string): Promise<UserRow | null> {
    const [row] = await this.db
      .select()
      .from(users)
      .where(and(eq(users.email, email), isNull(users.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  async roles(userId: number): Promise<Role[]> {
    const rows = await this.db
      .select({ code: roles.code })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.role_id))
      .where(eq(userRoles.user_id, userId))
      .orderBy(asc(roles.code));
    return rows.map((r) => r.code);
  }

  async specialities(userId: number, locale: Locale): Promise<{ id: number; name: string }[]> {
    const rows = await this.db
      .select({ id: specialties.id, name: specialties.name })
      .from(userSpecialties)
      .innerJoin(specialties, eq(specialties.id, userSpecialties.specialty_id))
      .where(eq(userSpecialties.user_id, userId))
      .orderBy(asc(specialties.id));
    return rows.map((r) => ({ id: r.id, name: localise(r.name, locale) })).sort((a, b) => a.name.localeCompare(b.name, locale === 'no' ? 'nb' : 'en'));
  }

  /** Companies the user manages (their business profiles), by name. */
  async managedCompanies(userId: number): Promise<CompanyRow[]> {
    return this.db
      .select({ id: partnerCompanies.id, slug: partnerCompanies.slug, name: partnerCompanies.name, logo: fileKey(partnerCompanies.logo_file_id) })
      .from(partnerCompanies)
      .where(inArray(partnerCompanies.id, managedCompanyIdsSql(userId)))
      .orderBy(asc(partnerCompanies.name), asc(partnerCompanies.id));
  }

  async touchLastLogin(userId: number, at: Date): Promise<void> {
    await this.db.update(users).set({ last_login_date: at }).where(eq(users.id, userId));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** Takes the users row lock before every other erase step (the pictures go with the files step). */
  async lockForErasure(tx: AccountTx, userId: number): Promise<void> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async eraseRoles(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(userRoles).where(eq(userRoles.user_id, userId));
  }

  /** The tombstone: nothing left that identifies the person; the e-mail is free at once. */
  async scrubToTombstone(tx: AccountTx, userId: number, reason: string, now: Date): Promise<void> {
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        password_hash: null,
        first_name: 'Slettet',
        last_name: 'bruker',
        slug: `deleted-${userId}`,
        phone: null,
        private_mobile: null,
        birth_date: null,
        national_id_hash: null,
        two_factor_secret: null,
        two_factor_enabled: false,
        two_factor_last_step: null,
        pending_email: null,
        pending_email_token_hash: null,
        pending_email_expires_at: null,
        avatar_file_id: null,
        background_file_id: null,
        last_login_date: null,
        terms_accepted_at: null,
        no_sensitive_info_accepted_at: null,
        email_verified_at: null,
        sessions_valid_after: now,
        deleted_at: now,
        reason_to_delete: reason,
      })
      .where(eq(users.id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return { user_roles: await this.db.select().from(userRoles).where(eq(userRoles.user_id, userId)) };
  }
}
