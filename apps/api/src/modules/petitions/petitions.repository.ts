import { Injectable } from '@nestjs/common';
import { type Locale, type PetitionStatusFilter, type SignerProfession } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, count, desc, eq, gt, inArray, isNotNull, lt, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { approvedMemberSql, petitionAuthorSql, petitionInitiatorSql, verifiedAsSql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { orderFor, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { inIdsPlaceholder, inSlice, perLocale, perShape, type SliceShape, sliceShape, sliceShapeKey } from '../../database/prepared';
import { localisedName, localisedRef } from '../reference';
import { PetitionSignaturesRepository } from './petition-signatures.repository';
import { digestRowsByReader, type DigestSectionReader } from '../notifications';

const {
  petitions,
  petitionSpecialties,
  petitionSignatures,
  petitionStatCounts,
  petitionLogCursors,
  petitionBookmarks,
  petitionCoAuthors,
  petitionAttachments,
  petitionPressReleases,
  petitionPressReleaseCoAuthors,
  categories,
  specialties,
  counties,
  users,
  userInfo,
  userSpecialties,
  storedFiles,
  posts,
} = schema;

export interface PetitionFilters {
  search?: string;
  specialties?: number[];
  status?: PetitionStatusFilter;
}

export type PetitionRow = Awaited<ReturnType<PetitionsRepository['rows']>>[number];
export type PetitionState = NonNullable<Awaited<ReturnType<PetitionsRepository['lockState']>>>;

export interface PetitionWrite {
  title?: string;
  summary?: string;
  full_text?: string;
  category_id?: number | null;
  end_date?: string | null;
  signature_goal?: number | null;
  recipient?: string;
  post_on_my_page?: boolean;
  status?: 'draft' | 'active' | 'closed';
  visibility?: 'open' | 'archived';
  published_at?: Date;
  closed_at?: Date;
  archived_at?: Date;
}

/** Published lists: newest first, as petitions_visibility_status_published_at_idx holds it. */
const PUBLISHED_ORDER = [
  [petitions.published_at, 'desc', 'last'],
  [petitions.id, 'desc', 'last'],
] as const;

/** Not a draft, in the SQL text: the predicate of petitions_published_list_idx (a value would not match it). */
const PUBLISHED = sql`${petitions.status} <> 'draft'`;

/** The signature batches of exports and chain checks. */
export const BATCH = 2000;

@Injectable()
export class PetitionsRepository {
  /** Specialties of a page's petitions: prepared, it runs on every list page (database/prepared.ts). */
  private readonly specialtiesQuery = perLocale('petitions_specialties', (locale, name) =>
    this.db
      .select({ petition_id: petitionSpecialties.petition_id, id: specialties.id, name: localisedName(specialties.name, locale) })
      .from(petitionSpecialties)
      .innerJoin(specialties, eq(specialties.id, petitionSpecialties.specialty_id))
      .where(inIdsPlaceholder(petitionSpecialties.petition_id))
      .orderBy(asc(petitionSpecialties.petition_id), asc(specialties.id))
      .prepare(name),
  );

  /**
   * The published list without filters, prepared per slice shape (database/prepared.ts): with the
   * limit and `status <> 'draft'` in the text, PostgreSQL keeps one generic plan per connection
   * (a walk of petitions_published_list_idx) instead of planning every page.
   */
  private readonly publishedPage = perShape('petitions_page', sliceShapeKey, (shape: SliceShape, name) =>
    this.publishedSlice(
      {},
      sql`${sql.placeholder('today')}`,
      sql`${sql.placeholder('viewerId')}`,
      shape.locale,
      shape,
      shape.first ? 0 : sql.placeholder('offset'),
    ).prepare(name),
  );

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly signatures: PetitionSignaturesRepository,
  ) {}

  // ---------- reads ----------

  /** The effective status: an active petition past its end date is finished (no cron). */
  static statusSql(today: string | SQL): SQL<'draft' | 'active' | 'finished' | 'closed'> {
    return sql`(case when ${petitions.status} = 'active' and ${petitions.end_date} < ${today}::date then 'finished' else ${petitions.status} end)`;
  }

  private static filters(f: PetitionFilters, today: string | SQL): SQL[] {
    return [...PetitionsRepository.matching(f), ...PetitionsRepository.inStatus(f.status, today)];
  }

  /** Search and specialties. */
  private static matching(f: PetitionFilters): SQL[] {
    const where: SQL[] = [];
    if (f.search) where.push(sql`${petitions.search} @@ websearch_to_tsquery('norwegian', ${f.search})`);
    if (f.specialties && f.specialties.length > 0) {
      where.push(
        inArray(
          petitions.id,
          sql`(select ${petitionSpecialties.petition_id} from ${petitionSpecialties} where ${inArray(petitionSpecialties.specialty_id, f.specialties)})`,
        ),
      );
    }
    return where;
  }

  /** The `petitionStatus` filter; without one, everything not archived. */
  private static inStatus(status: PetitionStatusFilter | undefined, today: string | SQL): SQL[] {
    const where: SQL[] = [];
    switch (status) {
      case 'archived':
        where.push(eq(petitions.visibility, 'archived'));
        break;
      case 'draft':
        where.push(eq(petitions.status, 'draft'));
        break;
      case 'active':
        where.push(eq(petitions.visibility, 'open'), eq(petitions.status, 'active'), sql`${petitions.end_date} >= ${today}::date`);
        break;
      case 'finished':
        where.push(
          eq(petitions.visibility, 'open'),
          or(eq(petitions.status, 'finished'), and(eq(petitions.status, 'active'), lt(petitions.end_date, today)))!,
        );
        break;
      case 'closed':
        where.push(eq(petitions.visibility, 'open'), eq(petitions.status, 'closed'));
        break;
      default:
        // In the text, not a value: the prepared page's generic plan (slicePublished).
        where.push(sql`${petitions.visibility} = 'open'`);
    }
    return where;
  }

  /** Rows as the lists and the detail show them; `viewerId` 0 for a visitor. */
  private rows(locale: Locale, today: string | SQL, viewerId: number | SQL) {
    return this.db
      .select({
        id: petitions.id,
        title: petitions.title,
        summary: petitions.summary,
        full_text: petitions.full_text,
        category: localisedRef(categories, locale),
        end_date: petitions.end_date,
        status: PetitionsRepository.statusSql(today),
        visibility: petitions.visibility,
        user_id: petitions.user_id,
        initiator: sql<{
          id: number;
          slug: string;
          name: string;
          avatar: string | null;
        }>`json_build_object('id', ${users.id}, 'slug', ${users.slug}, 'name', ${users.first_name} || ' ' || ${users.last_name}, 'avatar', ${fileKey(users.avatar_file_id)})`,
        signatures_count: petitions.signatures_count,
        signature_goal: petitions.signature_goal,
        recipient: petitions.recipient,
        signed: sql<boolean>`exists (select 1 from ${petitionSignatures} s where s.petition_id = ${petitions.id} and s.user_id = ${viewerId})`,
        bookmarked: sql<boolean>`exists (select 1 from ${petitionBookmarks} b where b.petition_id = ${petitions.id} and b.user_id = ${viewerId})`,
        can_edit: petitionAuthorSql(viewerId),
        is_initiator: petitionInitiatorSql(viewerId),
        invited: sql<boolean>`exists (select 1 from ${petitionCoAuthors} pci where pci.petition_id = ${petitions.id} and pci.user_id = ${viewerId} and pci.accepted_at is null)`,
        log_length: petitions.log_length,
        post_on_my_page: petitions.post_on_my_page,
        published_at: petitions.published_at,
        closed_at: petitions.closed_at,
        delivered_at: petitions.delivered_at,
        delivered_count: petitions.delivered_count,
        delivered_tree_size: petitions.delivered_tree_size,
        answer: petitions.answer,
        answered_at: petitions.answered_at,
        created_at: petitions.created_at,
      })
      .from(petitions)
      .innerJoin(users, eq(users.id, petitions.user_id))
      .leftJoin(categories, eq(categories.id, petitions.category_id));
  }

  /** Published petitions (never drafts): a count and a reader of slices. */
  async countPublished(f: PetitionFilters, today: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(petitions)
      .where(and(PUBLISHED, ...PetitionsRepository.filters(f, today)));
    return row?.n ?? 0;
  }

  /** A slice of the published list; without filters (the list everyone opens) a prepared statement. */
  async slicePublished(f: PetitionFilters, today: string, viewerId: number, locale: Locale, slice: Slice): Promise<PetitionRow[]> {
    if (!f.search && !f.specialties?.length && f.status === undefined) {
      return this.publishedPage(sliceShape(locale, slice)).execute({ today, viewerId, offset: slice.offset });
    }
    return this.publishedSlice(f, today, viewerId, locale, slice, slice.offset);
  }

  /** `today`, `viewerId` and `offset` are values, or placeholders in the prepared page (`publishedPage`). */
  private publishedSlice(
    f: PetitionFilters,
    today: string | SQL,
    viewerId: number | SQL,
    locale: Locale,
    slice: Pick<Slice, 'fromEnd' | 'limit'>,
    offset: number | Placeholder,
  ) {
    const where = and(PUBLISHED, ...PetitionsRepository.filters(f, today))!;
    const order = orderFor(PUBLISHED_ORDER, slice.fromEnd);
    return this.rows(locale, today, viewerId)
      .where(inSlice(petitions.id, petitions, where, order, slice.limit, offset))
      .orderBy(...order);
  }

  /** Own and co-authored (accepted) petitions; without a status filter, those published and not archived. */
  mine(userId: number, f: PetitionFilters, today: string, locale: Locale) {
    const where = and(
      petitionAuthorSql(userId),
      ...PetitionsRepository.filters(f, today),
      f.status === undefined ? ne(petitions.status, 'draft') : undefined,
    )!;
    return {
      count: async () => {
        const [row] = await this.db.select({ n: count() }).from(petitions).where(where);
        return row?.n ?? 0;
      },
      read: (slice: Slice) =>
        this.rows(locale, today, userId)
          .where(where)
          .orderBy(desc(petitions.created_at), desc(petitions.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  /** Petitions the user bookmarked (drafts of others never: they cannot be seen). */
  bookmarked(userId: number, f: PetitionFilters, today: string, locale: Locale) {
    const mine = sql`${petitions.id} in (select b.petition_id from ${petitionBookmarks} b where b.user_id = ${userId})`;
    const where = and(mine, ne(petitions.status, 'draft'), ...PetitionsRepository.filters(f, today))!;
    return {
      count: async () => {
        const [row] = await this.db.select({ n: count() }).from(petitions).where(where);
        return row?.n ?? 0;
      },
      read: (slice: Slice) =>
        this.rows(locale, today, userId)
          .innerJoin(petitionBookmarks, and(eq(petitionBookmarks.petition_id, petitions.id), eq(petitionBookmarks.user_id, userId)))
          .where(where)
          .orderBy(desc(petitionBookmarks.created_at), desc(petitions.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  async find(id: number, today: string, viewerId: number, locale: Locale): Promise<PetitionRow | null> {
    const [row] = await this.rows(locale, today, viewerId).where(eq(petitions.id, id)).limit(1);
    return row ?? null;
  }

  /** Published petitions whose title is like `title` (pg_trgm similarity on petitions_title_trgm_idx). */
  similar(title: string, today: string) {
    const term = title.toLowerCase();
    return this.db
      .select({
        id: petitions.id,
        title: petitions.title,
        status: PetitionsRepository.statusSql(today),
        signatures_count: petitions.signatures_count,
      })
      .from(petitions)
      .where(and(ne(petitions.status, 'draft'), eq(petitions.visibility, 'open'), sql`lower(${petitions.title}) % ${term}`))
      .orderBy(sql`similarity(lower(${petitions.title}), ${term}) desc`, desc(petitions.id))
      .limit(5);
  }

  async specialtiesOf(ids: number[], locale: Locale): Promise<Map<number, { id: number; name: string }[]>> {
    const map = new Map<number, { id: number; name: string }[]>();
    if (ids.length === 0) return map;
    const rows = await this.specialtiesQuery(locale).execute({ ids });
    for (const r of rows) map.set(r.petition_id, [...(map.get(r.petition_id) ?? []), { id: r.id, name: r.name }]);
    return map;
  }

  coAuthors(petitionId: number) {
    return this.db
      .select({
        id: petitionCoAuthors.id,
        name: petitionCoAuthors.name,
        title: petitionCoAuthors.title,
        user_id: petitionCoAuthors.user_id,
        user: sql<{
          id: number;
          slug: string;
          name: string;
        } | null>`case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'slug', ${users.slug}, 'name', ${users.first_name} || ' ' || ${users.last_name}) end`,
        accepted_at: petitionCoAuthors.accepted_at,
      })
      .from(petitionCoAuthors)
      .leftJoin(users, eq(users.id, petitionCoAuthors.user_id))
      .where(eq(petitionCoAuthors.petition_id, petitionId))
      .orderBy(asc(petitionCoAuthors.position), asc(petitionCoAuthors.id));
  }

  attachments(petitionId: number) {
    return this.db
      .select({
        id: petitionAttachments.id,
        file_id: petitionAttachments.file_id,
        key: storedFiles.storage_key,
        name: storedFiles.original_name,
        size: storedFiles.size_bytes,
        created_at: petitionAttachments.created_at,
      })
      .from(petitionAttachments)
      .innerJoin(storedFiles, eq(storedFiles.id, petitionAttachments.file_id))
      .where(eq(petitionAttachments.petition_id, petitionId))
      .orderBy(asc(petitionAttachments.id));
  }

  async countAttachments(petitionId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(petitionAttachments).where(eq(petitionAttachments.petition_id, petitionId));
    return row?.n ?? 0;
  }

  async insertAttachments(petitionId: number, userId: number, fileIds: number[]): Promise<void> {
    if (fileIds.length === 0) return;
    await this.db
      .insert(petitionAttachments)
      .values(fileIds.map((file_id) => ({ petition_id: petitionId, file_id, uploaded_by_user_id: userId })));
  }

  /** Deletes an attachment row; answers its file, or null when the petition has no such attachment. */
  async deleteAttachment(petitionId: number, attachmentId: number): Promise<number | null> {
    const [row] = await this.db
      .delete(petitionAttachments)
      .where(and(eq(petitionAttachments.id, attachmentId), eq(petitionAttachments.petition_id, petitionId)))
      .returning({ file_id: petitionAttachments.file_id });
    return row?.file_id ?? null;
  }

  /**
   * The statistics of one petition as the counter job added them up (petition_stat_counts, its
   * primary key): grouped counts, before small groups are hidden. Groups at 0 are left out.
   */
  async statistics(petitionId: number, locale: Locale) {
    const of = (dimension: 'profession' | 'specialty' | 'county' | 'day') =>
      and(eq(petitionStatCounts.petition_id, petitionId), eq(petitionStatCounts.dimension, dimension), sql`${petitionStatCounts.count} > 0`);
    const keyId = sql<number | null>`case when ${petitionStatCounts.key} = 'none' then null else ${petitionStatCounts.key}::int end`;
    const [byProfession, bySpecialty, byCounty, daily] = await Promise.all([
      this.db
        .select({ key: sql<SignerProfession>`${petitionStatCounts.key}`, count: petitionStatCounts.count })
        .from(petitionStatCounts)
        .where(of('profession')),
      this.db
        .select({ id: keyId, name: localisedName(specialties.name, locale), count: petitionStatCounts.count })
        .from(petitionStatCounts)
        .leftJoin(specialties, sql`${specialties.id} = ${keyId}`)
        .where(of('specialty')),
      this.db
        .select({ id: keyId, name: localisedName(counties.name, locale), count: petitionStatCounts.count })
        .from(petitionStatCounts)
        .leftJoin(counties, sql`${counties.id} = ${keyId}`)
        .where(of('county')),
      this.db
        .select({ day: petitionStatCounts.key, count: petitionStatCounts.count })
        .from(petitionStatCounts)
        .where(of('day'))
        .orderBy(asc(petitionStatCounts.key)),
    ]);
    return { byProfession, bySpecialty, byCounty, daily };
  }

  /**
   * Named signers in signing order (anonymous ones are only counted), `limit` after the signature
   * `afterId`: a keyset walk of petition_signatures_petition_id_id_idx, the same cost at any depth.
   */
  signers(petitionId: number, afterId: number | null, limit: number) {
    return this.db
      .select({
        id: petitionSignatures.id,
        name: sql<string>`${users.first_name} || ' ' || ${users.last_name}`,
        slug: users.slug,
        profession: petitionSignatures.profession,
        verified_as: verifiedAsSql(users.id),
        signed_at: petitionSignatures.created_at,
      })
      .from(petitionSignatures)
      .innerJoin(users, eq(users.id, petitionSignatures.user_id))
      .where(
        and(
          eq(petitionSignatures.petition_id, petitionId),
          eq(petitionSignatures.anonymous, false),
          afterId === null ? undefined : gt(petitionSignatures.id, afterId),
        ),
      )
      .orderBy(asc(petitionSignatures.id))
      .limit(limit);
  }

  /** The shown count and how far the counter has added the log up (verify compares them). */
  async countState(petitionId: number) {
    const [row] = await this.db
      .select({
        signatures_count: petitions.signatures_count,
        counted_through: sql<number>`coalesce((select ${petitionLogCursors.position} from ${petitionLogCursors} where ${petitionLogCursors.name} = 'counts'), 0)`.mapWith(Number),
      })
      .from(petitions)
      .where(eq(petitions.id, petitionId));
    return row ?? null;
  }

  /** One batch of the export: signatures after `afterId` with names, profession, specialty, county. */
  exportBatch(petitionId: number, afterId: number, locale: Locale, limit = BATCH) {
    return this.db
      .select({
        id: petitionSignatures.id,
        // An anonymous signature carries no name, specialty or county out of the database: only
        // the signer sees who they are (the export says "Anonymous (verified doctor)").
        name: sql<string | null>`case when ${petitionSignatures.anonymous} then null else ${users.first_name} || ' ' || ${users.last_name} end`,
        profession: petitionSignatures.profession,
        specialty: sql<string | null>`case when ${petitionSignatures.anonymous} then null else ${localisedName(specialties.name, locale)} end`,
        county: sql<string | null>`case when ${petitionSignatures.anonymous} then null else ${localisedName(counties.name, locale)} end`,
        signed_at: petitionSignatures.created_at,
      })
      .from(petitionSignatures)
      .innerJoin(users, eq(users.id, petitionSignatures.user_id))
      .leftJoin(specialties, eq(specialties.id, petitionSignatures.specialty_id))
      .leftJoin(counties, eq(counties.id, petitionSignatures.county_id))
      .where(and(eq(petitionSignatures.petition_id, petitionId), gt(petitionSignatures.id, afterId)))
      .orderBy(asc(petitionSignatures.id))
      .limit(limit);
  }

  // ---------- writes ----------

  async insert(userId: number, input: PetitionWrite, specialtyIds: number[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(petitions)
        .values({ title: input.title ?? '', ...input, status: 'draft', visibility: 'open', user_id: userId })
        .returning({ id: petitions.id });
      await this.setSpecialties(tx, row!.id, specialtyIds);
      return row!.id;
    });
  }

  private async setSpecialties(tx: Transaction, id: number, specialtyIds: number[]): Promise<void> {
    await tx.delete(petitionSpecialties).where(eq(petitionSpecialties.petition_id, id));
    if (specialtyIds.length > 0) {
      await tx.insert(petitionSpecialties).values([...new Set(specialtyIds)].map((specialty_id) => ({ petition_id: id, specialty_id })));
    }
  }

  /**
   * The petition's row, locked (FOR UPDATE) for the rest of `tx`: every change of state passes here.
   * Signing holds the row FOR KEY SHARE (petition-signatures.repository.ts), so this waits for the
   * signatures in flight and new ones wait for it: transitions never interleave with signing.
   */
  async lockState(id: number, tx: Transaction) {
    const [row] = await tx
      .select({
        id: petitions.id,
        user_id: petitions.user_id,
        title: petitions.title,
        summary: petitions.summary,
        full_text: petitions.full_text,
        end_date: petitions.end_date,
        status: petitions.status,
        visibility: petitions.visibility,
        post_on_my_page: petitions.post_on_my_page,
        signatures_count: petitions.signatures_count,
        signature_goal: petitions.signature_goal,
        delivered_at: petitions.delivered_at,
      })
      .from(petitions)
      .where(eq(petitions.id, id))
      .for('update');
    return row ?? null;
  }

  async update(id: number, input: PetitionWrite, specialtyIds: number[] | undefined, tx: Transaction): Promise<void> {
    if (Object.keys(input).length > 0) await tx.update(petitions).set({ ...input, updated_at: new Date() }).where(eq(petitions.id, id));
    if (specialtyIds !== undefined) await this.setSpecialties(tx, id, specialtyIds);
  }

  /** Deletes a draft with its rows; answers the attachment files to remove. */
  async deleteDraft(id: number, tx: Transaction): Promise<number[]> {
    const files = await tx.select({ id: petitionAttachments.file_id }).from(petitionAttachments).where(eq(petitionAttachments.petition_id, id));
    await tx.delete(petitions).where(and(eq(petitions.id, id), eq(petitions.status, 'draft')));
    return files.map((f) => f.id);
  }

  /** A post in the owner's feed linking the petition. */
  async insertPetitionPost(userId: number, petitionId: number, slug: string, body: string, tx: Transaction): Promise<void> {
    await tx.insert(posts).values({ slug, body, author_user_id: userId, created_by_user_id: userId, shared_petition_id: petitionId });
  }

  /**
   * What signing needs to know before it takes the lock (one read, no lock): the petition's state
   * for the 404/409 answers, whether the user signed already, and the signer's first specialty and
   * county for the statistics. Null when there is no such petition.
   */
  async signingContext(petitionId: number, userId: number) {
    const [row] = await this.db
      .select({
        is_initiator: petitionInitiatorSql(userId),
        title: petitions.title,
        status: petitions.status,
        visibility: petitions.visibility,
        end_date: petitions.end_date,
        signatures_count: petitions.signatures_count,
        signed: sql<boolean>`exists (select 1 from ${petitionSignatures} s where s.petition_id = ${petitionId} and s.user_id = ${userId})`,
        specialty_id: sql<number | null>`(select min(${userSpecialties.specialty_id}) from ${userSpecialties} where ${userSpecialties.user_id} = ${userId})`,
        county_id: sql<number | null>`(select ${userInfo.county_id} from ${userInfo} where ${userInfo.user_id} = ${userId})`,
      })
      .from(petitions)
      .where(eq(petitions.id, petitionId));
    return row ?? null;
  }

  /** Freezes the delivered snapshot: the count at the log's tree size `treeSize` (a signed checkpoint). */
  async deliver(id: number, count: number, treeSize: number, tx: Transaction): Promise<void> {
    await tx
      .update(petitions)
      .set({ delivered_at: new Date(), delivered_count: count, delivered_tree_size: treeSize })
      .where(and(eq(petitions.id, id), sql`${petitions.delivered_at} is null`));
  }

  async setAnswer(id: number, answer: string, tx: Transaction): Promise<void> {
    await tx.update(petitions).set({ answer, answered_at: new Date(), updated_at: new Date() }).where(eq(petitions.id, id));
  }

  /** The signers' ids in batches (for notifying them of the answer). */
  signerIds(petitionId: number, afterId: number, tx: Transaction, limit = BATCH) {
    return tx
      .select({ id: petitionSignatures.id, user_id: petitionSignatures.user_id })
      .from(petitionSignatures)
      .where(and(eq(petitionSignatures.petition_id, petitionId), gt(petitionSignatures.id, afterId)))
      .orderBy(asc(petitionSignatures.id))
      .limit(limit);
  }

  /** Marks active petitions ending on `day` as told; answers them (each is claimed once). */
  claimEndingTomorrow(day: string, tx: Transaction) {
    return tx
      .update(petitions)
      .set({ ending_notified_at: new Date() })
      .where(
        and(
          eq(petitions.status, 'active'),
          eq(petitions.visibility, 'open'),
          eq(petitions.end_date, day),
          sql`${petitions.ending_notified_at} is null`,
        ),
      )
      .returning({ id: petitions.id, title: petitions.title, end_date: petitions.end_date });
  }

  /** Marks active petitions whose end date passed (since `since`) as told; answers them. */
  claimEnded(today: string, since: string, tx: Transaction) {
    return tx
      .update(petitions)
      .set({ ended_notified_at: new Date() })
      .where(
        and(
          eq(petitions.status, 'active'),
          lt(petitions.end_date, today),
          sql`${petitions.end_date} >= ${since}::date`,
          sql`${petitions.ended_notified_at} is null`,
        ),
      )
      .returning({ id: petitions.id, user_id: petitions.user_id, title: petitions.title, signatures_count: petitions.signatures_count });
  }

  /** Who bookmarked a petition, in batches by user id. */
  bookmarkers(petitionId: number, afterUserId: number, tx: Transaction, limit = BATCH) {
    return tx
      .select({ user_id: petitionBookmarks.user_id })
      .from(petitionBookmarks)
      .where(and(eq(petitionBookmarks.petition_id, petitionId), gt(petitionBookmarks.user_id, afterUserId)))
      .orderBy(asc(petitionBookmarks.user_id))
      .limit(limit);
  }

  async bookmark(petitionId: number, userId: number): Promise<void> {
    await this.db.insert(petitionBookmarks).values({ petition_id: petitionId, user_id: userId }).onConflictDoNothing();
  }

  async unbookmark(petitionId: number, userId: number): Promise<void> {
    await this.db.delete(petitionBookmarks).where(and(eq(petitionBookmarks.petition_id, petitionId), eq(petitionBookmarks.user_id, userId)));
  }

  // ---------- co-authors ----------

  async insertCoAuthor(petitionId: number, input: { name: string; title: string | null; user_id: number | null }, tx: Transaction) {
    const [pos] = await tx
      .select({ n: sql<number>`coalesce(max(${petitionCoAuthors.position}), -1)::int + 1` })
      .from(petitionCoAuthors)
      .where(eq(petitionCoAuthors.petition_id, petitionId));
    const [row] = await tx
      .insert(petitionCoAuthors)
      .values({ petition_id: petitionId, ...input, position: pos?.n ?? 0 })
      .onConflictDoNothing()
      .returning({ id: petitionCoAuthors.id });
    return row?.id ?? null;
  }

  async coAuthor(petitionId: number, authorId: number) {
    const [row] = await this.db
      .select({ id: petitionCoAuthors.id, user_id: petitionCoAuthors.user_id })
      .from(petitionCoAuthors)
      .where(and(eq(petitionCoAuthors.id, authorId), eq(petitionCoAuthors.petition_id, petitionId)));
    return row ?? null;
  }

  /** Deletes a co-author (and their mention in sent press releases' records: the sent PDF keeps what was sent). */
  async deleteCoAuthor(petitionId: number, authorId: number, tx: Transaction): Promise<void> {
    await tx.delete(petitionCoAuthors).where(and(eq(petitionCoAuthors.id, authorId), eq(petitionCoAuthors.petition_id, petitionId)));
  }

  async acceptCoAuthorship(petitionId: number, userId: number): Promise<number | null> {
    const [row] = await this.db
      .update(petitionCoAuthors)
      .set({ accepted_at: sql`coalesce(${petitionCoAuthors.accepted_at}, now())` })
      .where(and(eq(petitionCoAuthors.petition_id, petitionId), eq(petitionCoAuthors.user_id, userId)))
      .returning({ id: petitionCoAuthors.id });
    return row?.id ?? null;
  }

  async userExists(userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), approvedMemberSql()));
    return row !== undefined;
  }

  // ---------- press releases ----------

  async pressReleases(petitionId: number) {
    return this.db
      .select({ id: petitionPressReleases.id, subject: petitionPressReleases.subject, recipients: petitionPressReleases.recipients, sent_at: petitionPressReleases.sent_at })
      .from(petitionPressReleases)
      .where(and(eq(petitionPressReleases.petition_id, petitionId), isNotNull(petitionPressReleases.sent_at)))
      .orderBy(desc(petitionPressReleases.created_at))
      .limit(50);
  }

  async ownerContact(userId: number) {
    const [row] = await this.db
      .select({ name: sql<string>`${users.first_name} || ' ' || ${users.last_name}`, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async insertPressRelease(
    petitionId: number,
    userId: number,
    input: { subject: string; body: string; contact: string; recipients: string[]; co_author_ids: number[] },
    pdfFileId: number,
    tx: Transaction,
  ): Promise<number> {
    const now = new Date();
    const [row] = await tx
      .insert(petitionPressReleases)
      .values({
        petition_id: petitionId,
        subject: input.subject,
        body: input.body,
        contact: input.contact,
        recipients: input.recipients,
        pdf_file_id: pdfFileId,
        sent_at: now,
        sent_by_user_id: userId,
      })
      .returning({ id: petitionPressReleases.id });
    if (input.co_author_ids.length > 0) {
      await tx
        .insert(petitionPressReleaseCoAuthors)
        .values([...new Set(input.co_author_ids)].map((co_author_id) => ({ press_release_id: row!.id, co_author_id })));
    }
    return row!.id;
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    // Draft petitions go with their attachment rows (the files step then deletes the unused files);
    // published ones carry other people's signatures and stay, anonymised.
    await tx.delete(petitions).where(and(eq(petitions.user_id, userId), eq(petitions.status, 'draft')));
    // A signature tells a political or professional opinion: erased, not anonymised. Each erasure
    // is a withdrawal entry of the signature log (which names no account), and the count drops.
    const signed = await tx
      .select({ petition_id: petitionSignatures.petition_id })
      .from(petitionSignatures)
      .where(eq(petitionSignatures.user_id, userId))
      .orderBy(asc(petitionSignatures.petition_id));
    for (const { petition_id } of signed) await this.signatures.withdraw(petition_id, userId, null, tx);
    await tx.delete(petitionBookmarks).where(eq(petitionBookmarks.user_id, userId));
    await tx.update(petitionCoAuthors).set({ user_id: null }).where(eq(petitionCoAuthors.user_id, userId));
    await tx
      .update(petitionAttachments)
      .set({ uploaded_by_user_id: null })
      .where(eq(petitionAttachments.uploaded_by_user_id, userId));
    await tx
      .update(petitionPressReleases)
      .set({ sent_by_user_id: null })
      .where(eq(petitionPressReleases.sent_by_user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      petitions: await this.db.select().from(petitions).where(eq(petitions.user_id, userId)),
      petition_signatures: await this.db
        .select()
        .from(petitionSignatures)
        .where(eq(petitionSignatures.user_id, userId)),
      petition_bookmarks: await this.db
        .select()
        .from(petitionBookmarks)
        .where(eq(petitionBookmarks.user_id, userId)),
    };
  }

  /**
   * The digest's new petitions (`PetitionsDigestSection`) for a send batch's readers in one
   * statement: per reader the newest five active ones published since their last digest, in one of
   * their specialties.
   */
  digestMany(readers: readonly DigestSectionReader[]) {
    return digestRowsByReader<{ user_id: number; id: number; title: string }>(
      this.db,
      readers,
      (r) => sql`
      select r.user_id, p.id, p.title
      from ${r}
      cross join lateral (
        select p.id, p.title, p.published_at
        from petitions p
        where p.status = 'active' and p.published_at >= r.since
          and exists (select 1 from petition_specialties ps join user_specialties us on us.specialty_id = ps.specialty_id
                      where ps.petition_id = p.id and us.user_id = r.user_id)
        order by p.published_at desc, p.id desc
        limit 5) p
      order by r.user_id, p.published_at desc, p.id desc`,
    );
  }
}
