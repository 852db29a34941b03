import { Injectable } from '@nestjs/common';
import {
  type Locale,
  type NotificationSettingsInput,
  type ProfileInformation,
  type ProfileInformationInput,
  type VerifiedAs,
} from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { approvedMemberAs, verifiedAsSql, visibleMemberSql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { InjectDatabase } from '../../database/database.module';
import { localisedName, localisedRef } from '../reference';

const s = schema;


export interface PublicProfileRow {
  id: number;
  slug: string;
  first_name: string;
  last_name: string;
  profile_avatar: string | null;
  profile_background: string | null;
  verified_as: VerifiedAs;
  workplace_name: string | null;
  position: string | null;
  about: string | null;
  county: { id: number; name: string } | null;
  city: { id: number; name: string } | null;
  followers_count: number;
  following_count: number;
  is_following: boolean;
}

@Injectable()
export class ProfileRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  async countyOfCity(cityId: number): Promise<number | null> {
    const [row] = await this.db.select({ id: s.cities.county_id }).from(s.cities).where(eq(s.cities.id, cityId)).limit(1);
    return row?.id ?? null;
  }

  /** A live (not deleted) account's password hash; undefined when there is no such account. */
  async passwordHash(userId: number): Promise<string | null | undefined> {
    const [row] = await this.db
      .select({ hash: s.users.password_hash })
      .from(s.users)
      .where(and(eq(s.users.id, userId), isNull(s.users.deleted_at)))
      .limit(1);
    return row ? row.hash : undefined;
  }

  async information(userId: number): Promise<ProfileInformation | null> {
    const [row] = await this.db
      .select({
        first_name: s.users.first_name,
        last_name: s.users.last_name,
        phone: s.users.phone,
        locale: s.users.locale,
        theme: s.users.theme,
        county_id: s.userInfo.county_id,
        city_id: s.userInfo.city_id,
        workplace_situation_id: s.userInfo.workplace_situation_id,
        workplace_name: s.userInfo.workplace_name,
        workplace_hospital_id: s.userInfo.workplace_hospital_id,
        workplace_clinic_id: s.userInfo.workplace_clinic_id,
        workplace_custom_id: s.userInfo.workplace_custom_id,
        position: s.userInfo.position,
        about: s.userInfo.about,
      })
      .from(s.users)
      .leftJoin(s.userInfo, eq(s.userInfo.user_id, s.users.id))
      .where(and(eq(s.users.id, userId), isNull(s.users.deleted_at)))
      .limit(1);
    if (!row) return null;
    const specialities = await this.db
      .select({ id: s.userSpecialties.specialty_id })
      .from(s.userSpecialties)
      .where(eq(s.userSpecialties.user_id, userId))
      .orderBy(asc(s.userSpecialties.created_at), asc(s.userSpecialties.specialty_id));
    return { ...row, specialities: specialities.map((r) => r.id) };
  }

  async updateInformation(userId: number, input: ProfileInformationInput): Promise<void> {
    const info = {
      county_id: input.county_id,
      city_id: input.city_id,
      workplace_situation_id: input.workplace_situation_id,
      workplace_name: input.workplace_name,
      workplace_hospital_id: input.workplace_hospital_id,
      workplace_clinic_id: input.workplace_clinic_id,
      workplace_custom_id: input.workplace_custom_id,
      position: input.position,
      about: input.about,
    };
    await this.db.transaction(async (tx) => {
      await tx
        .update(s.users)
        .set({
          first_name: input.first_name,
          last_name: input.last_name,
          phone: input.phone,
          ...(input.locale ? { locale: input.locale } : {}),
          ...(input.theme ? { theme: input.theme } : {}),
        })
        .where(eq(s.users.id, userId));
      await tx
        .insert(s.userInfo)
        .values({ user_id: userId, ...info })
        .onConflictDoUpdate({ target: s.userInfo.user_id, set: info });
      await tx.delete(s.userSpecialties).where(eq(s.userSpecialties.user_id, userId));
      if (input.specialities.length > 0) {
        await tx
          .insert(s.userSpecialties)
          .values(input.specialities.map((specialty_id) => ({ user_id: userId, specialty_id })));
      }
    });
  }

  async updateNotificationSettings(userId: number, input: NotificationSettingsInput): Promise<void> {
    await this.db
      .insert(s.userInfo)
      .values({ user_id: userId, ...input })
      .onConflictDoUpdate({ target: s.userInfo.user_id, set: input });
  }

  /** Points the profile at a new image (a `stored_files` id); answers the file it replaced. */
  async replaceImage(userId: number, column: 'avatar_file_id' | 'background_file_id', fileId: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ old: s.users[column] })
        .from(s.users)
        .where(eq(s.users.id, userId))
        .for('update')
        .limit(1);
      await tx.update(s.users).set({ [column]: fileId }).where(eq(s.users.id, userId));
      return row?.old ?? null;
    });
  }

  // ---------- public profile ----------

  /** A member's page; the follow figures come from the follows indexes, `is_following` is the viewer's. */
  async publicProfile(slug: string, locale: Locale, viewerId: number): Promise<PublicProfileRow | null> {
    const hospitalName = localisedName(s.hospitals.name, locale);
    const clinicName = localisedName(s.clinics.name, locale);
    const [row] = await this.db
      .select({
        id: s.users.id,
        slug: s.users.slug,
        first_name: s.users.first_name,
        last_name: s.users.last_name,
        profile_avatar: fileKey(s.users.avatar_file_id),
        profile_background: fileKey(s.users.background_file_id),
        verified_as: verifiedAsSql(s.users.id),
        workplace_name: sql<string | null>`coalesce(${s.customWorkplaces.name}, case when ${s.hospitals.id} is null then null else ${hospitalName} end, case when ${s.clinics.id} is null then null else ${clinicName} end, ${s.userInfo.workplace_name})`,
        position: s.userInfo.position,
        about: s.userInfo.about,
        county: localisedRef(s.counties, locale),
        city: localisedRef(s.cities, locale),
        // Counted as the lists show them: approved, live members only.
        followers_count: sql<number>`(select count(*)::int from ${s.userFollows} f join users fu on fu.id = f.follower_id where f.followed_user_id = ${s.users.id} and ${approvedMemberAs('fu')})`,
        following_count: sql<number>`(select count(*)::int from ${s.userFollows} f join users fu on fu.id = f.followed_user_id where f.follower_id = ${s.users.id} and ${approvedMemberAs('fu')})`,
        is_following: sql<boolean>`exists (select 1 from ${s.userFollows} where ${s.userFollows.follower_id} = ${viewerId} and ${s.userFollows.followed_user_id} = ${s.users.id})`,
      })
      .from(s.users)
      .leftJoin(s.userInfo, eq(s.userInfo.user_id, s.users.id))
      .leftJoin(s.counties, eq(s.counties.id, s.userInfo.county_id))
      .leftJoin(s.cities, eq(s.cities.id, s.userInfo.city_id))
      .leftJoin(s.hospitals, eq(s.hospitals.id, s.userInfo.workplace_hospital_id))
      .leftJoin(s.clinics, eq(s.clinics.id, s.userInfo.workplace_clinic_id))
      .leftJoin(s.customWorkplaces, eq(s.customWorkplaces.id, s.userInfo.workplace_custom_id))
      .where(
        and(
          eq(s.users.slug, slug),
          visibleMemberSql(),
        ),
      )
      .limit(1);
    return row ?? null;
  }

  async specialities(userId: number, locale: Locale): Promise<{ id: number; name: string }[]> {
    return this.db
      .select({ id: s.specialties.id, name: localisedName(s.specialties.name, locale) })
      .from(s.userSpecialties)
      .innerJoin(s.specialties, eq(s.specialties.id, s.userSpecialties.specialty_id))
      .where(eq(s.userSpecialties.user_id, userId))
      .orderBy(asc(s.userSpecialties.created_at), asc(s.specialties.id));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    // Shared reference data others may have chosen: kept, no longer linked to the person.
    await tx
      .update(s.customWorkplaces)
      .set({ created_by_user_id: null })
      .where(eq(s.customWorkplaces.created_by_user_id, userId));
    await tx.delete(s.userSpecialties).where(eq(s.userSpecialties.user_id, userId));
    await tx.delete(s.userInfo).where(eq(s.userInfo.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      user_info: await this.db.select().from(s.userInfo).where(eq(s.userInfo.user_id, userId)),
      user_specialties: await this.db.select().from(s.userSpecialties).where(eq(s.userSpecialties.user_id, userId)),
      custom_workplaces: await this.db
        .select()
        .from(s.customWorkplaces)
        .where(eq(s.customWorkplaces.created_by_user_id, userId)),
    };
  }
}
