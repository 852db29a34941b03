import { Injectable } from '@nestjs/common';
import {
  type Locale,
  type NotificationSettingsInput,
  type ProfileInformation,
  type ProfileInformationInput,
} from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, asc, eq, inArray, isNotNull, isNull, notInArray, or, sql } from 'drizzle-orm';
import { type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { fileKey } from '../../common/files/files.repository';
import { InjectDatabase } from '../../database/database.module';
import { localisedName } from '../reference/reference.repository';

const s = schema;

export type ProfileReferenceTable =
  | 'counties'
  | 'cities'
  | 'workplaceSituations'
  | 'hospitals'
  | 'clinics'
  | 'customWorkplaces';

const REFERENCE = {
  counties: s.counties,
  cities: s.cities,
  workplaceSituations: s.workplaceSituations,
  hospitals: s.hospitals,
  clinics: s.clinics,
  customWorkplaces: s.customWorkplaces,
} as const;

/** Columns that are secrets or keyed hashes: never part of an export. */
const SECRET_COLUMNS = new Set([
  'password_hash',
  'two_factor_secret',
  'two_factor_last_step',
  'national_id_hash',
  'person_national_id_hash',
  'pending_email_token_hash',
  'token_hash',
  'code_hash',
]);

/** One table of the export: a name, the table, and the column that points at the user. */
type ExportSource = [name: string, table: PgTable, column: PgColumn];

const EXPORT_SOURCES: ExportSource[] = [
  ['user_info', s.userInfo, s.userInfo.user_id],
  ['user_specialties', s.userSpecialties, s.userSpecialties.user_id],
  ['user_roles', s.userRoles, s.userRoles.user_id],
  ['professional_experiences', s.professionalExperiences, s.professionalExperiences.user_id],
  ['educations', s.educations, s.educations.user_id],
  ['custom_workplaces', s.customWorkplaces, s.customWorkplaces.created_by_user_id],
  ['sessions', s.refreshTokenFamilies, s.refreshTokenFamilies.user_id],
  ['identity_sessions', s.identitySessions, s.identitySessions.user_id],
  ['account_decisions', s.accountDecisions, s.accountDecisions.user_id],
  ['following', s.userFollows, s.userFollows.follower_id],
  ['followers', s.userFollows, s.userFollows.followed_user_id],
  ['managed_companies', s.partnerCompanyManagers, s.partnerCompanyManagers.user_id],
  ['followed_companies', s.partnerCompanyFollowers, s.partnerCompanyFollowers.user_id],
  ['company_follow_invitations', s.followInvitations, s.followInvitations.invited_user_id],
  ['courses', s.courses, s.courses.user_id],
  ['course_subscriptions', s.courseSubscriptions, s.courseSubscriptions.user_id],
  ['course_views', s.courseViewRecords, s.courseViewRecords.user_id],
  ['jobs', s.jobs, s.jobs.user_id],
  ['job_views', s.jobViews, s.jobViews.user_id],
  ['products', s.products, s.products.user_id],
  ['product_views', s.productViews, s.productViews.user_id],
  ['petitions', s.petitions, s.petitions.user_id],
  ['petition_signatures', s.petitionSignatures, s.petitionSignatures.user_id],
  ['petition_bookmarks', s.petitionBookmarks, s.petitionBookmarks.user_id],
  ['posts', s.posts, s.posts.author_user_id],
  ['post_comments', s.postComments, s.postComments.author_user_id],
  ['post_likes', s.postLikes, s.postLikes.user_id],
  ['notifications', s.notifications, s.notifications.user_id],
  ['uploaded_files', s.storedFiles, s.storedFiles.owner_user_id],
  ['messages_sent_to_you', s.outboxMessages, s.outboxMessages.user_id],
];

const withoutSecrets = (row: Record<string, unknown>): Record<string, unknown> =>
  Object.fromEntries(Object.entries(row).filter(([key]) => !SECRET_COLUMNS.has(key)));

export interface PublicProfileRow {
  id: number;
  slug: string;
  first_name: string;
  last_name: string;
  profile_avatar: string | null;
  profile_background: string | null;
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

  async exists(table: ProfileReferenceTable, id: number): Promise<boolean> {
    const t = REFERENCE[table];
    const rows = await this.db.select({ id: t.id }).from(t).where(eq(t.id, id)).limit(1);
    return rows.length > 0;
  }

  async countyOfCity(cityId: number): Promise<number | null> {
    const [row] = await this.db.select({ id: s.cities.county_id }).from(s.cities).where(eq(s.cities.id, cityId)).limit(1);
    return row?.id ?? null;
  }

  /** Which of these specialty ids exist. */
  async existingSpecialties(ids: readonly number[]): Promise<Set<number>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db
      .select({ id: s.specialties.id })
      .from(s.specialties)
      .where(inArray(s.specialties.id, [...ids]));
    return new Set(rows.map((r) => r.id));
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
    const countyName = localisedName(s.counties.name, locale);
    const cityName = localisedName(s.cities.name, locale);
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
        workplace_name: sql<string | null>`coalesce(${s.customWorkplaces.name}, case when ${s.hospitals.id} is null then null else ${hospitalName} end, case when ${s.clinics.id} is null then null else ${clinicName} end, ${s.userInfo.workplace_name})`,
        position: s.userInfo.position,
        about: s.userInfo.about,
        county: sql<{ id: number; name: string } | null>`case when ${s.counties.id} is null then null else json_build_object('id', ${s.counties.id}, 'name', ${countyName}) end`,
        city: sql<{ id: number; name: string } | null>`case when ${s.cities.id} is null then null else json_build_object('id', ${s.cities.id}, 'name', ${cityName}) end`,
        followers_count: sql<number>`(select count(*)::int from ${s.userFollows} where ${s.userFollows.followed_user_id} = ${s.users.id})`,
        following_count: sql<number>`(select count(*)::int from ${s.userFollows} where ${s.userFollows.follower_id} = ${s.users.id})`,
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
          isNull(s.users.deleted_at),
          notInArray(s.users.status, ['blocked', 'rejected']),
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

  // ---------- export ----------

  async exportRows(userId: number): Promise<{ account: Record<string, unknown>; data: Record<string, Record<string, unknown>[]> }> {
    const [account] = await this.db.select().from(s.users).where(eq(s.users.id, userId)).limit(1);
    const data: Record<string, Record<string, unknown>[]> = {};
    for (const [name, table, column] of EXPORT_SOURCES) {
      const rows = (await this.db.select().from(table).where(eq(column, userId))) as Record<string, unknown>[];
      data[name] = rows.map(withoutSecrets);
    }
    return { account: withoutSecrets(account ?? {}), data };
  }

  // ---------- deletion ----------

  /**
   * Erases an account in one transaction (docs/account-deletion.md): personal rows deleted, the
   * users row kept as an anonymous tombstone so content others rely on keeps a valid author.
   * The files these rows used are the files step's (`FilesService.eraseOwnedBy`, after this commits).
   */
  async eraseAccount(userId: number, reason: string, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.select({ id: s.users.id }).from(s.users).where(eq(s.users.id, userId)).for('update');

      // Own content that only makes sense with its author: removed (its files go in the files step).
      await tx.delete(s.products).where(eq(s.products.user_id, userId));
      await tx.delete(s.posts).where(eq(s.posts.author_user_id, userId));
      await tx.update(s.posts).set({ created_by_user_id: null }).where(eq(s.posts.created_by_user_id, userId));
      await tx.delete(s.postComments).where(eq(s.postComments.author_user_id, userId));
      await tx.delete(s.postLikes).where(eq(s.postLikes.user_id, userId));

      await tx.delete(s.jobs).where(eq(s.jobs.user_id, userId));
      await tx.delete(s.jobViews).where(eq(s.jobViews.user_id, userId));
      await tx.delete(s.productViews).where(eq(s.productViews.user_id, userId));

      // Courses nobody else took part in (not approved) go; approved or cancelled ones stay, anonymised.
      await tx
        .delete(s.courses)
        .where(and(eq(s.courses.user_id, userId), inArray(s.courses.status, ['draft', 'submitted', 'rejected'])));
      await tx.delete(s.courseSubscriptions).where(eq(s.courseSubscriptions.user_id, userId));
      await tx.update(s.courseViewRecords).set({ user_id: null }).where(eq(s.courseViewRecords.user_id, userId));

      // Draft petitions go; published ones carry other people's signatures and stay, anonymised.
      await tx.delete(s.petitions).where(and(eq(s.petitions.user_id, userId), eq(s.petitions.status, 'draft')));
      // A signature tells a political or professional opinion: erased, not anonymised.
      await tx.delete(s.petitionSignatures).where(eq(s.petitionSignatures.user_id, userId));
      await tx.delete(s.petitionBookmarks).where(eq(s.petitionBookmarks.user_id, userId));
      await tx.update(s.petitionCoAuthors).set({ user_id: null }).where(eq(s.petitionCoAuthors.user_id, userId));
      await tx
        .update(s.petitionAttachments)
        .set({ uploaded_by_user_id: null })
        .where(eq(s.petitionAttachments.uploaded_by_user_id, userId));
      await tx
        .update(s.petitionPressReleases)
        .set({ sent_by_user_id: null })
        .where(eq(s.petitionPressReleases.sent_by_user_id, userId));

      // Relations and personal records.
      await tx
        .delete(s.userFollows)
        .where(or(eq(s.userFollows.follower_id, userId), eq(s.userFollows.followed_user_id, userId)));
      await tx.delete(s.partnerCompanyManagers).where(eq(s.partnerCompanyManagers.user_id, userId));
      await tx.delete(s.partnerCompanyFollowers).where(eq(s.partnerCompanyFollowers.user_id, userId));
      await tx.delete(s.followInvitations).where(eq(s.followInvitations.invited_user_id, userId));
      await tx
        .update(s.followInvitations)
        .set({ invited_by_user_id: null })
        .where(eq(s.followInvitations.invited_by_user_id, userId));
      await tx
        .update(s.partnerCompanies)
        .set({ created_by_user_id: null })
        .where(eq(s.partnerCompanies.created_by_user_id, userId));
      await tx.delete(s.notifications).where(eq(s.notifications.user_id, userId));
      await tx.update(s.notifications).set({ actor_user_id: null }).where(eq(s.notifications.actor_user_id, userId));
      await tx
        .update(s.customWorkplaces)
        .set({ created_by_user_id: null })
        .where(eq(s.customWorkplaces.created_by_user_id, userId));
      await tx.delete(s.professionalExperiences).where(eq(s.professionalExperiences.user_id, userId));
      await tx.delete(s.educations).where(eq(s.educations.user_id, userId));
      await tx.delete(s.userSpecialties).where(eq(s.userSpecialties.user_id, userId));
      await tx.delete(s.userRoles).where(eq(s.userRoles.user_id, userId));
      await tx.delete(s.userInfo).where(eq(s.userInfo.user_id, userId));
      await tx.delete(s.identitySessions).where(eq(s.identitySessions.user_id, userId));
      await tx.delete(s.outboxMessages).where(eq(s.outboxMessages.user_id, userId));

      // Credentials and sessions.
      await tx.delete(s.recoveryCodes).where(eq(s.recoveryCodes.user_id, userId));
      await tx.delete(s.passwordResetTokens).where(eq(s.passwordResetTokens.user_id, userId));
      await tx.delete(s.emailVerificationCodes).where(eq(s.emailVerificationCodes.user_id, userId));
      const families = tx
        .select({ id: s.refreshTokenFamilies.id })
        .from(s.refreshTokenFamilies)
        .where(eq(s.refreshTokenFamilies.user_id, userId));
      await tx.delete(s.refreshTokens).where(inArray(s.refreshTokens.family_id, families));
      await tx
        .update(s.refreshTokenFamilies)
        .set({ revoked_at: now, revoked_reason: 'account_deleted', user_agent: null, ip: null })
        .where(and(eq(s.refreshTokenFamilies.user_id, userId), isNull(s.refreshTokenFamilies.revoked_at)));
      await tx
        .update(s.refreshTokenFamilies)
        .set({ user_agent: null, ip: null })
        .where(and(eq(s.refreshTokenFamilies.user_id, userId), isNotNull(s.refreshTokenFamilies.revoked_at)));

      // The tombstone: nothing left that identifies the person.
      await tx
        .update(s.users)
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
        .where(eq(s.users.id, userId));
    });
  }
}
