import { Injectable } from '@nestjs/common';
import { type JobInput, type Locale } from '@legenett/contracts';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { AccessRepository, editedBySql } from '../../common/access';
import { fileKey } from '../../common/files/files.repository';
import { keysAsText, keysetAfter, orderFor, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { inIdsPlaceholder, inSlice, perLocale, perShape, type SliceShape, sliceShape, sliceShapeKey } from '../../database/prepared';
import { localisedName, localisedRefOf, qualified } from '../reference';
import { digestRowsByReader, type DigestSectionReader } from '../notifications';

const {
  jobs,
  jobSpecialties,
  jobViews,
  jobCategories,
  specialties,
  hospitals,
  clinics,
  cities,
  counties,
  partnerCompanies,
} = schema;

export interface JobFilters {
  search?: string;
  speciality?: number;
  workplace?: (typeof schema.WORKPLACE_TYPES)[number];
  county?: number;
  category?: number;
}

/** A job row as read, before specialities and the logo URL are added. */
export type JobRow = Awaited<ReturnType<JobsRepository['selectRows']>>[number];

/** Board order: newest first, as jobs_board_idx (and the per-filter indexes) hold it; the id breaks ties. */
const BOARD_ORDER = [
  [jobs.published_at, 'desc', 'last'],
  [jobs.id, 'desc', 'last'],
] as const;

export type JobWrite = Omit<JobInput, 'specialty_ids' | 'published_on'> & { published_at: Date | null };

@Injectable()
export class JobsRepository {
  /** One job as its page shows it: prepared, per locale (database/prepared.ts). */
  private readonly findQuery = perLocale('jobs_find', (locale, name) =>
    this.selectRows(locale, sql`${sql.placeholder('today')}`, sql`${sql.placeholder('userId')}`)
      .where(eq(jobs.id, sql.placeholder('id')))
      .limit(1)
      .prepare(name),
  );

  /** Specialities of a page's jobs: prepared, it runs on every board page (database/prepared.ts). */
  private readonly specialitiesQuery = perLocale('jobs_specialities', (locale, name) =>
    this.db
      .select({
        job_id: jobSpecialties.job_id,
        id: specialties.id,
        name: localisedName(specialties.name, locale),
      })
      .from(jobSpecialties)
      .innerJoin(specialties, eq(specialties.id, jobSpecialties.specialty_id))
      .where(inIdsPlaceholder(jobSpecialties.job_id))
      .orderBy(asc(jobSpecialties.job_id), asc(specialties.id))
      .prepare(name),
  );

  /**
   * The board without filters, one part, prepared per slice shape (database/prepared.ts): one
   * generic plan per connection (a walk of jobs_board_idx) instead of a plan per page.
   */
  private readonly boardPage = perShape(
    'jobs_board',
    (s: SliceShape & { part: 'current' | 'archived' }) => `${s.part[0]}_${sliceShapeKey(s)}`,
    (s, name) => {
      const today = sql`${sql.placeholder('today')}`;
      return this.sliceWhere(
        s.locale,
        today,
        sql`${sql.placeholder('userId')}`,
        JobsRepository.part(s.part, {}, today),
        s,
        s.first ? 0 : sql.placeholder('offset'),
      ).prepare(name);
    },
  );

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly access: AccessRepository,
  ) {}

  /** `today` is the Oslo calendar day: a job is current until its deadline day has passed. */
  private static current(today: string | SQL): SQL {
    return and(eq(jobs.status, 'published'), gte(jobs.application_deadline, today))!;
  }

  private static archived(today: string | SQL): SQL {
    return or(eq(jobs.status, 'closed'), lt(jobs.application_deadline, today))!;
  }

  private static filters(f: JobFilters): SQL[] {
    const where: SQL[] = [lte(jobs.published_at, sql`now()`)];
    if (f.search) where.push(sql`${jobs.search} @@ websearch_to_tsquery('norwegian', ${f.search})`);
    if (f.county !== undefined) where.push(eq(jobs.county_id, f.county));
    if (f.category !== undefined) where.push(eq(jobs.job_category_id, f.category));
    if (f.workplace !== undefined) where.push(eq(jobs.workplace_type, f.workplace));
    if (f.speciality !== undefined) {
      where.push(
        inArray(
          jobs.id,
          sql`(select ${jobSpecialties.job_id} from ${jobSpecialties} where ${jobSpecialties.specialty_id} = ${f.speciality})`,
        ),
      );
    }
    return where;
  }

  /** `today` and `userId` are values, or placeholders in a prepared statement (`findQuery`). */
  private selectRows(locale: Locale, today: string | SQL, userId: number | SQL) {
    return this.db
      .select({
        id: jobs.id,
        title: jobs.title,
        job_category: localisedRefOf(jobCategories, jobs.job_category_id, locale),
        position_type: jobs.position_type,
        description: jobs.description,
        workplace_type: jobs.workplace_type,
        hospital: localisedRefOf(hospitals, jobs.hospital_id, locale),
        clinic: localisedRefOf(clinics, jobs.clinic_id, locale),
        work_address: jobs.work_address,
        address_line: jobs.address_line,
        postal_code: jobs.postal_code,
        city_area: jobs.city_area,
        city: localisedRefOf(cities, jobs.city_id, locale),
        county: localisedRefOf(counties, jobs.county_id, locale),
        contact_person: jobs.contact_person,
        phone: jobs.phone,
        recruiting_link: jobs.recruiting_link,
        application_deadline: jobs.application_deadline,
        hiring_date: jobs.hiring_date,
        published_at: jobs.published_at,
        company_name: jobs.company_name,
        company_logo: qualified(fileKey(jobs.company_logo_file_id)),
        organisation_number: jobs.organisation_number,
        partner_company: qualified(
          sql<{
            id: number;
            slug: string;
            name: string;
          } | null>`(select json_build_object('id', ${partnerCompanies.id}, 'slug', ${partnerCompanies.slug}, 'name', ${partnerCompanies.name}) from ${partnerCompanies} where ${partnerCompanies.id} = ${jobs.partner_company_id})`,
        ),
        status: jobs.status,
        is_archived: qualified(sql<boolean>`(${jobs.status} = 'closed' or ${jobs.application_deadline} < ${today}::date)`),
        closed_at: jobs.closed_at,
        views_count: jobs.views_count,
        can_edit: qualified(editedBySql(jobs, userId)),
        created_at: jobs.created_at,
      })
      // References by primary-key subqueries (localisedRefOf), so one table: fields with columns in SQL are `qualified`.
      .from(jobs);
  }

  private async countWhere(where: SQL): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(jobs).where(where);
    return row?.n ?? 0;
  }

  /**
   * A slice in board order (newest first). The ids are picked first (an index-only walk of
   * jobs_board_idx, from a bookmark on deep pages), then only those rows are joined with their references.
   */
  private sliceWhere(
    locale: Locale,
    today: string | SQL,
    userId: number | SQL,
    where: SQL,
    slice: Pick<Slice, 'fromEnd' | 'limit' | 'after'>,
    offset: number | Placeholder,
  ) {
    const order = orderFor(BOARD_ORDER, slice.fromEnd);
    const from = slice.after ? and(where, keysetAfter(BOARD_ORDER, slice.fromEnd, slice.after))! : where;
    return this.selectRows(locale, today, userId)
      .where(inSlice(jobs.id, jobs, from, order, slice.limit, offset))
      .orderBy(...order);
  }

  /** Counts of current and archived jobs matching the filters, in one pass. */
  async countBoard(f: JobFilters, today: string): Promise<{ current: number; archived: number }> {
    const [row] = await this.db
      .select({
        current: sql<number>`(count(*) filter (where ${JobsRepository.current(today)}))::int`,
        total: count(),
      })
      .from(jobs)
      .where(and(...JobsRepository.filters(f)));
    const current = row?.current ?? 0;
    return { current, archived: (row?.total ?? 0) - current };
  }

  countArchived(f: JobFilters, today: string): Promise<number> {
    return this.countWhere(and(...JobsRepository.filters(f), JobsRepository.archived(today))!);
  }

  private static part(part: 'current' | 'archived', f: JobFilters, today: string | SQL): SQL {
    return and(
      ...JobsRepository.filters(f),
      part === 'current' ? JobsRepository.current(today) : JobsRepository.archived(today),
    )!;
  }

  /**
   * A slice of the current or of the archived part of the board (the board shows current first);
   * without filters and bookmark (the board everyone opens) a prepared statement (`boardPage`).
   */
  async boardSlice(
    part: 'current' | 'archived',
    f: JobFilters,
    today: string,
    userId: number,
    locale: Locale,
    slice: Slice,
  ): Promise<JobRow[]> {
    const filtered = Object.values(f).some((v) => v !== undefined);
    if (!filtered && !slice.after) {
      return this.boardPage({ ...sliceShape(locale, slice), part }).execute({ today, userId, offset: slice.offset });
    }
    return this.sliceWhere(locale, today, userId, JobsRepository.part(part, f, today), slice, slice.offset);
  }

  /** The board-order keys of the job at `position` of a part (a bookmark for deep pages). */
  async boardKeyAt(
    part: 'current' | 'archived',
    f: JobFilters,
    today: string,
    position: number,
    fromEnd: boolean,
  ): Promise<string[] | null> {
    const [row] = await this.db
      .select({ key: keysAsText(BOARD_ORDER) })
      .from(jobs)
      .where(JobsRepository.part(part, f, today))
      .orderBy(...orderFor(BOARD_ORDER, fromEnd))
      .limit(1)
      .offset(position);
    return row?.key ?? null;
  }

  /** The user's own jobs (a short list: count and page are read together). */
  async mine(userId: number, past: boolean, today: string, locale: Locale) {
    const where = and(
      await this.access.ownedOrManagedWhere(jobs, userId),
      past ? JobsRepository.archived(today) : JobsRepository.current(today),
    )!;
    return {
      count: () => this.countWhere(where),
      read: (slice: Slice) =>
        this.selectRows(locale, today, userId)
          .where(where)
          .orderBy(desc(jobs.created_at), desc(jobs.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  async find(
    id: number,
    today: string,
    userId: number,
    locale: Locale,
    editableOnly: boolean,
  ): Promise<JobRow | null> {
    if (!editableOnly) {
      const [found] = await this.findQuery(locale).execute({ id, today, userId });
      return found ?? null;
    }
    const where = and(eq(jobs.id, id), await this.access.ownedOrManagedWhere(jobs, userId))!;
    const [row] = await this.selectRows(locale, today, userId).where(where).limit(1);
    return row ?? null;
  }

  /** Publicly visible: published already (a future publishing date hides it from others). */
  async isVisible(id: number, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, id), or(lte(jobs.published_at, sql`now()`), await this.access.ownedOrManagedWhere(jobs, userId))))
      .limit(1);
    return row !== undefined;
  }

  /** Specialities of many jobs in one query, by job id. */
  async specialitiesOf(
    jobIds: number[],
    locale: Locale,
  ): Promise<Map<number, { id: number; name: string }[]>> {
    const map = new Map<number, { id: number; name: string }[]>();
    if (jobIds.length === 0) return map;
    const rows = await this.specialitiesQuery(locale).execute({ ids: jobIds });
    for (const r of rows) {
      const list = map.get(r.job_id) ?? [];
      list.push({ id: r.id, name: r.name });
      map.set(r.job_id, list);
    }
    return map;
  }

  async insert(userId: number, input: JobWrite, specialtyIds: number[], outer?: Transaction): Promise<number> {
    return (outer ?? this.db).transaction(async (tx) => {
      const { published_at, ...rest } = input;
      const [row] = await tx
        .insert(jobs)
        .values({ ...rest, ...(published_at ? { published_at } : {}), user_id: userId })
        .returning({ id: jobs.id });
      const id = row!.id;
      if (specialtyIds.length > 0) {
        await tx
          .insert(jobSpecialties)
          .values([...new Set(specialtyIds)].map((specialty_id) => ({ job_id: id, specialty_id })));
      }
      return id;
    });
  }

  async update(id: number, input: JobWrite, specialtyIds: number[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      const { published_at, ...rest } = input;
      await tx
        .update(jobs)
        .set({ ...rest, ...(published_at ? { published_at } : {}), updated_at: new Date() })
        .where(eq(jobs.id, id));
      await tx.delete(jobSpecialties).where(eq(jobSpecialties.job_id, id));
      if (specialtyIds.length > 0) {
        await tx
          .insert(jobSpecialties)
          .values([...new Set(specialtyIds)].map((specialty_id) => ({ job_id: id, specialty_id })));
      }
    });
  }

  async close(id: number): Promise<void> {
    await this.db
      .update(jobs)
      .set({ status: 'closed', closed_at: sql`coalesce(${jobs.closed_at}, now())`, updated_at: new Date() })
      .where(eq(jobs.id, id));
  }

  /** Sets the logo (a `stored_files` id, or none); answers the file it replaced. */
  async replaceLogo(id: number, fileId: number | null): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const [prev] = await tx.select({ logo: jobs.company_logo_file_id }).from(jobs).where(eq(jobs.id, id)).for('update');
      await tx.update(jobs).set({ company_logo_file_id: fileId, updated_at: new Date() }).where(eq(jobs.id, id));
      return prev?.logo ?? null;
    });
  }

  /** Counts the view once per user; answers whether it counted and the new count. */
  async markViewed(id: number, userId: number): Promise<{ counted: boolean; views_count: number }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(jobViews)
        .values({ job_id: id, user_id: userId })
        .onConflictDoNothing({ target: [jobViews.job_id, jobViews.user_id] })
        .returning({ id: jobViews.id });
      const counted = inserted.length > 0;
      const [row] = counted
        ? await tx
            .update(jobs)
            .set({ views_count: sql`${jobs.views_count} + 1` })
            .where(eq(jobs.id, id))
            .returning({ views_count: jobs.views_count })
        : await tx.select({ views_count: jobs.views_count }).from(jobs).where(eq(jobs.id, id));
      return { counted, views_count: row?.views_count ?? 0 };
    });
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /** A job without its contact is useless: the person's jobs go (with their views), and their own views. */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(jobs).where(eq(jobs.user_id, userId));
    await tx.delete(jobViews).where(eq(jobViews.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      jobs: await this.db.select().from(jobs).where(eq(jobs.user_id, userId)),
      job_views: await this.db.select().from(jobViews).where(eq(jobViews.user_id, userId)),
    };
  }

  /**
   * The digest's new jobs (`JobsDigestSection`) for a send batch's readers in one statement: per
   * reader the newest five published since their last digest, open for applications, in their county
   * (when they gave one) and in one of their specialties.
   */
  digestMany(readers: readonly DigestSectionReader[]) {
    return digestRowsByReader<{ user_id: number; id: number; title: string; application_deadline: string }>(
      this.db,
      readers,
      (r) => sql`
      select r.user_id, j.id, j.title, j.application_deadline
      from ${r}
      cross join lateral (
        select j.id, j.title, j.application_deadline::text as application_deadline, j.published_at
        from jobs j
        where j.status = 'published' and j.published_at >= r.since and j.application_deadline >= current_date
          and (r.county_id is null or j.county_id = r.county_id)
          and exists (select 1 from job_specialties js join user_specialties us on us.specialty_id = js.specialty_id
                      where js.job_id = j.id and us.user_id = r.user_id)
        order by j.published_at desc, j.id desc
        limit 5) j
      order by r.user_id, j.published_at desc, j.id desc`,
    );
  }
}
