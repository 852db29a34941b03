import { Injectable } from '@nestjs/common';
import { type Locale, localise, type Role } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { fileKey } from '../../common/files/files.repository';
import { InjectDatabase } from '../../database/database.module';

const { users, userInfo, userRoles, roles, userSpecialties, specialties, partnerCompanies, partnerCompanyManagers } = schema;

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
      .from(partnerCompanyManagers)
      .innerJoin(partnerCompanies, eq(partnerCompanies.id, partnerCompanyManagers.partner_company_id))
      .where(and(eq(partnerCompanyManagers.user_id, userId), isNull(partnerCompanies.deleted_at)))
      .orderBy(asc(partnerCompanies.name), asc(partnerCompanies.id));
  }

  async touchLastLogin(userId: number, at: Date): Promise<void> {
    await this.db.update(users).set({ last_login_date: at }).where(eq(users.id, userId));
  }
}
