import { Injectable } from '@nestjs/common';
import { type CompanyInput, type Locale, type VerifiedAs } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, count, desc, eq, exists, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { approvedMemberSql, companyVisibleToSql, managesCompanySql, verifiedAsSql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { orderFor, type PageSource, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { likePattern, localisedName } from '../reference';

const {
  partnerCompanies: pc,
  partnerCompanyCategories: pcc,
  partnerCompanyManagers: pcm,
  partnerCompanyFollowers: pcf,
  followInvitations,
  categories,
  users,
} = schema;

/** The columns a company's form sets (create and edit). */
const detailsOf = (input: CompanyInput) => ({
  name: input.name,
  description: input.description,
  organisation_number: input.organisation_number,
  email: input.email,
  phone: input.phone,
  website: input.website,
  address: input.address,
  postal_code: input.postal_code,
});

export interface CompanyRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  logo: string | null;
  is_published: boolean;
  followers_count: number;
  organisation_number: string | null;
  email: string | null;
  phone: string | null;
  website: string | null;
  address: string | null;
  postal_code: string | null;
  is_comments_allowed: boolean;
  followed_by_me: boolean;
  is_manager: boolean;
  created_at: Date;
}

export interface CompanySummaryRow {
  id: number;
  slug: string;
  name: string;
  description: string | null;
  logo: string | null;
  is_published: boolean;
  followers_count: number;
}

/** Directory filters: category ids (any of them) and a part of the name. */
export interface DirectoryFilter {
  categories: number[];
  name: string | null;
}

/** Directory order: by name, case-insensitive; the id breaks ties. */
const DIRECTORY_ORDER = [
  [sql`lower(${pc.name})`, 'asc'],
  [pc.id, 'asc'],
] as const;

export interface FollowerRow {
  id: number;
  slug: string;
  first_name: string;
  last_name: string;
  profile_avatar: string | null;
  verified_as: VerifiedAs;
}

export interface PostRow {
  id: number;
  slug: string;
  body: string;
  archived_at: Date | null;
  likes_count: number;
  comments_count: number;
  shares_count: number;
  created_at: Date;
}

/** The columns of a company card (directory row); the full page adds its details to them. */
const summaryColumns = () => ({
  id: pc.id,
  slug: pc.slug,
  name: pc.name,
  description: pc.description,
  logo: fileKey(pc.logo_file_id),
  is_published: pc.is_published,
  followers_count: pc.followers_count,
});

/** Partner companies, their managers, followers, invitations and posts; the only companies file that speaks SQL. */
@Injectable()
export class CompaniesRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** A live (not deleted) company by slug, with the caller's relation to it. */
  async bySlug(slug: string, userId: number): Promise<CompanyRow | null> {
    const [row] = await this.db
      .select({
        ...summaryColumns(),
        organisation_number: pc.organisation_number,
        email: pc.email,
        phone: pc.phone,
        website: pc.website,
        address: pc.address,
        postal_code: pc.postal_code,
        is_comments_allowed: pc.is_comments_allowed,
        followed_by_me: exists(
          sql`(select 1 from ${pcf} where ${pcf.partner_company_id} = ${pc.id} and ${pcf.user_id} = ${userId})`,
        ).mapWith(Boolean),
        is_manager: managesCompanySql(userId, pc.id),
        created_at: pc.created_at,
      })
      .from(pc)
      .where(and(eq(pc.slug, slug), isNull(pc.deleted_at)))
      .limit(1);
    return row ?? null;
  }

  /** Categories of these companies, in one query. */
  async categoriesOf(
    companyIds: number[],
    locale: Locale,
  ): Promise<Map<number, { id: number; name: string }[]>> {
    const map = new Map<number, { id: number; name: string }[]>();
    if (companyIds.length === 0) return map;
    const rows = await this.db
      .select({
        company: pcc.partner_company_id,
        id: categories.id,
        name: localisedName(categories.name, locale),
      })
      .from(pcc)
      .innerJoin(categories, eq(categories.id, pcc.category_id))
      .where(inArray(pcc.partner_company_id, companyIds))
      .orderBy(asc(categories.id));
    for (const r of rows) {
      const list = map.get(r.company) ?? [];
      list.push({ id: r.id, name: r.name });
      map.set(r.company, list);
    }
    return map;
  }

  /** How many of these ids are categories of type `company`. */
  async companyCategoryCount(ids: number[]): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(categories)
      .where(and(inArray(categories.id, ids), eq(categories.type, 'company')));
    return row?.n ?? 0;
  }

  /** The directory's rows for this viewer: published companies and the ones the viewer manages. */
  private static directoryWhere(userId: number, filter: DirectoryFilter): SQL | undefined {
    const conditions: SQL[] = [companyVisibleToSql(userId)];
    if (filter.name) conditions.push(sql`lower(${pc.name}) like ${likePattern(filter.name.toLowerCase())}`);
    if (filter.categories.length > 0) {
      conditions.push(
        exists(
          sql`(select 1 from ${pcc} where ${pcc.partner_company_id} = ${pc.id} and ${inArray(pcc.category_id, filter.categories)})`,
        ),
      );
    }
    return and(...conditions);
  }

  async countDirectory(userId: number, filter: DirectoryFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(pc)
      .where(CompaniesRepository.directoryWhere(userId, filter));
    return row?.n ?? 0;
  }

  /** A slice of the directory, by name. */
  directorySlice(userId: number, filter: DirectoryFilter, slice: Slice): Promise<CompanySummaryRow[]> {
    return this.db
      .select(summaryColumns())
      .from(pc)
      .where(CompaniesRepository.directoryWhere(userId, filter))
      .orderBy(...orderFor(DIRECTORY_ORDER, slice.fromEnd))
      .limit(slice.limit)
      .offset(slice.offset);
  }

  /** Inserts the company with its categories and the creator as manager; null when the slug is taken. */
  async create(input: CompanyInput, slug: string, logoFileId: number | null, userId: number): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(pc)
        .values({
          slug,
          ...detailsOf(input),
          logo_file_id: logoFileId,
          created_by_user_id: userId,
        })
        .onConflictDoNothing({ target: pc.slug })
        .returning({ id: pc.id });
      if (!row) return null;
      await tx
        .insert(pcc)
        .values(
          [...new Set(input.categories)].map((category_id) => ({ partner_company_id: row.id, category_id })),
        );
      await tx.insert(pcm).values({ partner_company_id: row.id, user_id: userId });
      return row.id;
    });
  }

  /** New details (and categories; a new logo file when given) of a company; answers the logo file it replaced. */
  async update(companyId: number, input: CompanyInput, logoFileId: number | undefined): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [previous] = await tx.select({ logo: pc.logo_file_id }).from(pc).where(eq(pc.id, companyId)).for('update');
      await tx
        .update(pc)
        .set({
          ...detailsOf(input),
          ...(logoFileId === undefined ? {} : { logo_file_id: logoFileId }),
          updated_at: new Date(),
        })
        .where(eq(pc.id, companyId));
      await tx.delete(pcc).where(eq(pcc.partner_company_id, companyId));
      await tx.insert(pcc).values([...new Set(input.categories)].map((category_id) => ({ partner_company_id: companyId, category_id })));
      return logoFileId === undefined ? null : (previous?.logo ?? null);
    });
  }

  /** Follow / unfollow, keeping followers_count in step; answers the new count. */
  async setFollow(companyId: number, userId: number, follow: boolean): Promise<number> {
    return this.db.transaction(async (tx) => {
      let delta = 0;
      if (follow) {
        const added = await tx
          .insert(pcf)
          .values({ partner_company_id: companyId, user_id: userId })
          .onConflictDoNothing()
          .returning({ id: pcf.user_id });
        delta = added.length;
      } else {
        const removed = await tx
          .delete(pcf)
          .where(and(eq(pcf.partner_company_id, companyId), eq(pcf.user_id, userId)))
          .returning({ id: pcf.user_id });
        delta = -removed.length;
      }
      const [row] = await tx
        .update(pc)
        .set({ followers_count: sql`greatest(0, ${pc.followers_count} + ${delta})` })
        .where(eq(pc.id, companyId))
        .returning({ n: pc.followers_count });
      return row?.n ?? 0;
    });
  }

  followers(companyId: number): PageSource<FollowerRow> {
    const where = and(eq(pcf.partner_company_id, companyId), approvedMemberSql());
    return {
      count: async () => {
        const [total] = await this.db
          .select({ n: count() })
          .from(pcf)
          .innerJoin(users, eq(users.id, pcf.user_id))
          .where(where);
        return total?.n ?? 0;
      },
      read: (slice) =>
        this.db
          .select({
            id: users.id,
            slug: users.slug,
            first_name: users.first_name,
            last_name: users.last_name,
            profile_avatar: fileKey(users.avatar_file_id),
            verified_as: verifiedAsSql(users.id),
          })
          .from(pcf)
          .innerJoin(users, eq(users.id, pcf.user_id))
          .where(where)
          .orderBy(desc(pcf.created_at), desc(pcf.user_id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  /** New invitations for approved, live members among `userIds`; answers [invitation id, user id] of new ones. */
  async invite(companyId: number, userIds: number[], invitedBy: number, tx?: Transaction): Promise<{ id: number; user_id: number }[]> {
    const db = tx ?? this.db;
    const eligible = await db
      .select({ id: users.id })
      .from(users)
      .where(and(inArray(users.id, userIds), approvedMemberSql()));
    if (eligible.length === 0) return [];
    return db
      .insert(followInvitations)
      .values(
        eligible.map((u) => ({
          partner_company_id: companyId,
          invited_user_id: u.id,
          invited_by_user_id: invitedBy,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: followInvitations.id, user_id: followInvitations.invited_user_id });
  }

  async updateSettings(
    companyId: number,
    patch: { is_published?: boolean; is_comments_allowed?: boolean },
  ): Promise<void> {
    await this.db
      .update(pc)
      .set({ ...patch, updated_at: new Date() })
      .where(eq(pc.id, companyId));
  }

  async softDelete(companyId: number, reason: string): Promise<void> {
    await this.db
      .update(pc)
      .set({ deleted_at: new Date(), reason_to_delete: reason, is_published: false })
      .where(eq(pc.id, companyId));
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** The person's relations to companies go; the companies and what they published stay. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(pcm).where(eq(pcm.user_id, userId));
    await tx.delete(pcf).where(eq(pcf.user_id, userId));
    await tx.delete(followInvitations).where(eq(followInvitations.invited_user_id, userId));
    await tx
      .update(followInvitations)
      .set({ invited_by_user_id: null })
      .where(eq(followInvitations.invited_by_user_id, userId));
    await tx.update(pc).set({ created_by_user_id: null }).where(eq(pc.created_by_user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      managed_companies: await this.db.select().from(pcm).where(eq(pcm.user_id, userId)),
      followed_companies: await this.db.select().from(pcf).where(eq(pcf.user_id, userId)),
      company_follow_invitations: await this.db
        .select()
        .from(followInvitations)
        .where(eq(followInvitations.invited_user_id, userId)),
    };
  }
}
