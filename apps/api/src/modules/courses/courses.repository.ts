import { Injectable } from '@nestjs/common';
import { type CourseInput, type CourseStatus, type CourseTab, type Locale } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { AccessRepository, editedBySql } from '../../common/access';
import { keysAsText, keysetAfter, type OrderKey, orderFor, type Slice } from '../../common/lists';
import { type Transaction } from '../../database/unit-of-work';
import { InjectDatabase } from '../../database/database.module';
import { inIdsPlaceholder, inSlice, perLocale, perShape, type SliceShape, sliceShape, sliceShapeKey } from '../../database/prepared';
import { localisedName, localisedRefOf, qualified } from '../reference';
import { digestRowsByReader, type DigestSectionReader } from '../notifications';

const {
  courses,
  courseSpecialties,
  courseSubscriptions,
  courseViewRecords,
  courseModerationDecisions,
  categories,
  specialties,
  counties,
  cities,
  hospitals,
  clinics,
  partnerCompanies,
  users,
} = schema;

export interface CourseFilters {
  search?: string;
  specialities: number[];
  counties: number[];
  cities: number[];
  type?: (typeof schema.COURSE_TYPES)[number];
  /** Only events with something to play (the "TV" tab): an uploaded video, a video link or an embed code. */
  playable?: boolean;
}

const NO_FILTERS: CourseFilters = { specialities: [], counties: [], cities: [] };

/** The parts a catalogue tab is made of: what it lists first, and the ended events appended. */
export type CoursePart = 'upcoming' | 'live' | 'ended';

/** Each part's order, as its index holds it (courses_status_start_at_idx, courses_status_ends_at_idx). */
const ORDERS: Record<CoursePart, readonly OrderKey[]> = {
  upcoming: [
    [courses.start_at, 'asc', 'last'],
    [courses.id, 'asc', 'last'],
  ],
  live: [
    [courses.start_at, 'asc', 'last'],
    [courses.id, 'asc', 'last'],
  ],
  // DESC NULLS FIRST is courses_status_ends_at_idx read backwards (the column is never null).
  ended: [
    [courses.ends_at, 'desc', 'first'],
    [courses.id, 'desc', 'first'],
  ],
};

/** The longest event: a live one started less than this long ago (keeps the live tab's index range short). */
const MAX_DURATION_MINUTES = Math.max(...schema.COURSE_DURATIONS);

/** The parts of each tab: current first, then archived (none for the past tab, which is all archive). */
export const TAB_PARTS: Record<CourseTab, { current: CoursePart; archived: CoursePart | null }> = {
  upcoming: { current: 'upcoming', archived: 'ended' },
  live: { current: 'live', archived: 'ended' },
  past: { current: 'ended', archived: null },
};

export type CourseWrite = Omit<CourseInput, 'specialty_ids' | 'start_at' | 'subscription_deadline'> & {
  start_at: Date;
  ends_at: Date;
  subscription_deadline: Date | null;
};

export type CourseRow = Awaited<ReturnType<CoursesRepository['selectRows']>>[number];

@Injectable()
export class CoursesRepository {
  /** Specialities of a page's courses: prepared, it runs on every catalogue page (database/prepared.ts). */
  private readonly specialitiesQuery = perLocale('courses_specialities', (locale, name) =>
    this.db
      .select({
        course_id: courseSpecialties.course_id,
        id: specialties.id,
        name: localisedName(specialties.name, locale),
      })
      .from(courseSpecialties)
      .innerJoin(specialties, eq(specialties.id, courseSpecialties.specialty_id))
      .where(inIdsPlaceholder(courseSpecialties.course_id))
      .orderBy(asc(courseSpecialties.course_id), asc(specialties.id))
      .prepare(name),
  );

  /**
   * The catalogue without filters, one part, prepared per slice shape (database/prepared.ts): one
   * generic plan per connection instead of a plan per page.
   */
  private readonly partPage = perShape(
    'courses_page',
    (s: SliceShape & { part: CoursePart }) => `${s.part[0]}_${sliceShapeKey(s)}`,
    (s, name) => {
      const clock = { now: sql`${sql.placeholder('now')}`, earliest: sql`${sql.placeholder('earliest')}` };
      const where = and(...CoursesRepository.filters(NO_FILTERS), CoursesRepository.partAt(s.part, clock))!;
      const offset = s.first ? 0 : sql.placeholder('offset');
      return this.partQuery(s.part, where, sql`${sql.placeholder('userId')}`, s.locale, s, offset).prepare(name);
    },
  );

  constructor(
    @InjectDatabase() private readonly db: Database,
    private readonly access: AccessRepository,
  ) {}

  // ---------- catalogue ----------

  private static filters(f: CourseFilters): SQL[] {
    const where: SQL[] = [eq(courses.status, 'approved')];
    if (f.search) where.push(sql`${courses.search} @@ websearch_to_tsquery('norwegian', ${f.search})`);
    if (f.type) where.push(eq(courses.type, f.type));
    if (f.playable) where.push(sql`(${courses.video_file_id} is not null or ${courses.video_link} is not null or ${courses.embed_code} is not null)`);
    if (f.counties.length > 0) where.push(inArray(courses.county_id, f.counties));
    if (f.cities.length > 0) where.push(inArray(courses.city_id, f.cities));
    if (f.specialities.length > 0) {
      where.push(
        inArray(
          courses.id,
          sql`(select ${courseSpecialties.course_id} from ${courseSpecialties} where ${inArray(courseSpecialties.specialty_id, f.specialities)})`,
        ),
      );
    }
    return where;
  }

  private static partWhere(part: CoursePart, now: Date): SQL {
    return CoursesRepository.partAt(part, { now, earliest: CoursesRepository.earliestLive(now) });
  }

  /** The earliest start of an event still live at `now`. */
  private static earliestLive(now: Date): Date {
    return new Date(now.getTime() - MAX_DURATION_MINUTES * 60_000);
  }

  /** `partWhere` on a clock of values, or of placeholders (`partPage`). */
  private static partAt(part: CoursePart, clock: { now: Date | SQL; earliest: Date | SQL }): SQL {
    if (part === 'upcoming') return gt(courses.start_at, clock.now);
    if (part === 'live') return and(gt(courses.start_at, clock.earliest), lte(courses.start_at, clock.now), gt(courses.ends_at, clock.now))!;
    return lte(courses.ends_at, clock.now);
  }

  /** Counts of a tab's current part and of the ended events: two index-only counts, one per part's index. */
  async countTab(f: CourseFilters, tab: CourseTab, now: Date): Promise<{ current: number; archived: number }> {
    const parts = TAB_PARTS[tab];
    const [current, archived] = await Promise.all([
      this.countPart(f, parts.current, now),
      parts.archived ? this.countPart(f, parts.archived, now) : Promise.resolve(0),
    ]);
    return { current, archived };
  }

  async countPart(f: CourseFilters, part: CoursePart, now: Date): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(courses)
      .where(and(...CoursesRepository.filters(f), CoursesRepository.partWhere(part, now)));
    return row?.n ?? 0;
  }

  /**
   * A slice of one part: ids first (a walk of the part's index), then only those rows joined;
   * without filters and bookmark (the catalogue everyone opens) a prepared statement (`partPage`).
   */
  async partSlice(part: CoursePart, f: CourseFilters, now: Date, userId: number, locale: Locale, slice: Slice): Promise<CourseRow[]> {
    const filtered = Boolean(f.search || f.type || f.playable) || f.specialities.length + f.counties.length + f.cities.length > 0;
    if (!filtered && !slice.after) {
      // ISO text, as Drizzle sends a timestamp value.
      const clock = { now: now.toISOString(), earliest: CoursesRepository.earliestLive(now).toISOString() };
      return this.partPage({ ...sliceShape(locale, slice), part }).execute({ ...clock, userId, offset: slice.offset });
    }
    const where = and(...CoursesRepository.filters(f), CoursesRepository.partWhere(part, now))!;
    return this.partQuery(part, where, userId, locale, slice, slice.offset);
  }

  /** `userId` and `offset` are values, or placeholders (`partPage`). */
  private partQuery(
    part: CoursePart,
    where: SQL,
    userId: number | SQL,
    locale: Locale,
    slice: Pick<Slice, 'fromEnd' | 'limit' | 'after'>,
    offset: number | Placeholder,
  ) {
    const keys = ORDERS[part];
    const order = orderFor(keys, slice.fromEnd);
    const from = slice.after ? and(where, keysetAfter(keys, slice.fromEnd, slice.after))! : where;
    return this.selectRows(locale, userId)
      .where(inSlice(courses.id, courses, from, order, slice.limit, offset))
      .orderBy(...order);
  }

  async partKeyAt(part: CoursePart, f: CourseFilters, now: Date, position: number, fromEnd: boolean) {
    const keys = ORDERS[part];
    const [row] = await this.db
      .select({ key: keysAsText(keys) })
      .from(courses)
      .where(and(...CoursesRepository.filters(f), CoursesRepository.partWhere(part, now)))
      .orderBy(...orderFor(keys, fromEnd))
      .limit(1)
      .offset(position);
    return row?.key ?? null;
  }

  // ---------- rows ----------

  private selectRows(locale: Locale, userId: number | SQL) {
    const mine = sql`(select s.status from ${courseSubscriptions} s where s.course_id = ${courses.id} and s.user_id = ${userId})`;
    return this.db
      .select({
        id: courses.id,
        type: courses.type,
        title: courses.title,
        description: courses.description,
        target: courses.target,
        category: localisedRefOf(categories, courses.category_id, locale),
        county: localisedRefOf(counties, courses.county_id, locale),
        city: localisedRefOf(cities, courses.city_id, locale),
        address: courses.address,
        workplace_type: courses.workplace_type,
        hospital: localisedRefOf(hospitals, courses.hospital_id, locale),
        clinic: localisedRefOf(clinics, courses.clinic_id, locale),
        start_at: courses.start_at,
        ends_at: courses.ends_at,
        duration_minutes: courses.duration_minutes,
        subscription_deadline: courses.subscription_deadline,
        host_name: courses.host_name,
        embed_code: courses.embed_code,
        video_link: courses.video_link,
        video_file_id: courses.video_file_id,
        video_uploaded_at: courses.video_uploaded_at,
        credit_hours: courses.credit_hours,
        credit_approved_by: courses.credit_approved_by,
        sponsor_name: courses.sponsor_name,
        food_served: courses.food_served,
        audience: courses.audience,
        max_attendees: courses.max_attendees,
        attendees_count: courses.attendees_count,
        waiting_count: qualified(
          sql<number>`(select count(*)::int from ${courseSubscriptions} w where w.course_id = ${courses.id} and w.status = 'waiting')`,
        ),
        status: courses.status,
        moderation_reason: courses.moderation_reason,
        submitted_at: courses.submitted_at,
        reviewed_at: courses.reviewed_at,
        cancelled_at: courses.cancelled_at,
        user_id: courses.user_id,
        partner_company: qualified(
          sql<{
            id: number;
            slug: string;
            name: string;
          } | null>`(select json_build_object('id', ${partnerCompanies.id}, 'slug', ${partnerCompanies.slug}, 'name', ${partnerCompanies.name}) from ${partnerCompanies} where ${partnerCompanies.id} = ${courses.partner_company_id})`,
        ),
        my_subscription: sql<'attending' | 'waiting' | null>`${mine}`,
        my_waiting_position: qualified(
          sql<number | null>`(select count(*)::int from ${courseSubscriptions} w
          where w.course_id = ${courses.id} and w.status = 'waiting'
            and w.id <= (select s.id from ${courseSubscriptions} s where s.course_id = ${courses.id} and s.user_id = ${userId} and s.status = 'waiting'))`,
        ),
        can_edit: qualified(editedBySql(courses, userId)),
        created_at: courses.created_at,
      })
      // References by primary-key subqueries, not joins: cheap to plan (reference.repository.ts, localisedRefOf).
      .from(courses);
  }

  /** `visible`: approved (or cancelled, for those who attend) or organised by the user; `editable`: organised by the user; `any`: admin. */
  async find(
    id: number,
    userId: number,
    locale: Locale,
    scope: 'visible' | 'editable' | 'any',
  ): Promise<CourseRow | null> {
    let where: SQL = eq(courses.id, id);
    if (scope === 'editable') where = and(where, await this.access.ownedOrManagedWhere(courses, userId))!;
    if (scope === 'visible') {
      where = and(
        where,
        or(
          eq(courses.status, 'approved'),
          and(
            eq(courses.status, 'cancelled'),
            sql`exists (select 1 from ${courseSubscriptions} s where s.course_id = ${courses.id} and s.user_id = ${userId})`,
          ),
          await this.access.ownedOrManagedWhere(courses, userId),
        ),
      )!;
    }
    const [row] = await this.selectRows(locale, userId).where(where).limit(1);
    return row ?? null;
  }

  /** Specialities of many courses in one query, by course id. */
  async specialitiesOf(ids: number[], locale: Locale): Promise<Map<number, { id: number; name: string }[]>> {
    const map = new Map<number, { id: number; name: string }[]>();
    if (ids.length === 0) return map;
    const rows = await this.specialitiesQuery(locale).execute({ ids });
    for (const r of rows) {
      const list = map.get(r.course_id) ?? [];
      list.push({ id: r.id, name: r.name });
      map.set(r.course_id, list);
    }
    return map;
  }

  // ---------- organisers ----------

  async mine(
    userId: number,
    f: { speciality?: number; workplace?: string; type?: string; creator_type?: 'user' | 'company'; status?: CourseStatus },
    locale: Locale,
  ) {
    const where: SQL[] = [await this.access.ownedOrManagedWhere(courses, userId)];
    if (f.type) where.push(sql`${courses.type} = ${f.type}`);
    if (f.status) where.push(eq(courses.status, f.status));
    if (f.workplace) where.push(sql`${courses.workplace_type} = ${f.workplace}`);
    if (f.creator_type === 'user') where.push(isNull(courses.partner_company_id));
    if (f.creator_type === 'company') where.push(sql`${courses.partner_company_id} is not null`);
    if (f.speciality !== undefined) {
      where.push(
        inArray(
          courses.id,
          sql`(select ${courseSpecialties.course_id} from ${courseSpecialties} where ${courseSpecialties.specialty_id} = ${f.speciality})`,
        ),
      );
    }
    const all = and(...where)!;
    return {
      count: async () => (await this.db.select({ n: count() }).from(courses).where(all))[0]?.n ?? 0,
      read: (slice: Slice) =>
        this.selectRows(locale, userId)
          .where(all)
          .orderBy(desc(courses.start_at), desc(courses.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  async insert(userId: number, input: CourseWrite, specialtyIds: number[]): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(courses)
        .values({ ...input, user_id: userId })
        .returning({ id: courses.id });
      const id = row!.id;
      await this.setSpecialties(tx, id, specialtyIds, false);
      return id;
    });
  }

  /** Replaces an editable course; false when it is no longer in one of `statuses` (a race with a decision). */
  async update(id: number, input: CourseWrite, specialtyIds: number[], statuses: readonly CourseStatus[]): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const updated = await tx
        .update(courses)
        .set({ ...input, updated_at: new Date() })
        .where(and(eq(courses.id, id), inArray(courses.status, [...statuses])))
        .returning({ id: courses.id });
      if (updated.length === 0) return false;
      await this.setSpecialties(tx, id, specialtyIds, true);
      return true;
    });
  }

  private async setSpecialties(tx: Transaction, id: number, specialtyIds: number[], replace: boolean) {
    if (replace) await tx.delete(courseSpecialties).where(eq(courseSpecialties.course_id, id));
    if (specialtyIds.length > 0) {
      await tx
        .insert(courseSpecialties)
        .values([...new Set(specialtyIds)].map((specialty_id) => ({ course_id: id, specialty_id })));
    }
  }

  /** Moves a course from `from` to `to` (compare-and-set); false when its state changed meanwhile. */
  async transition(
    id: number,
    from: CourseStatus,
    to: CourseStatus,
    extra: { reason?: string | null; adminId?: number },
    tx?: Transaction,
  ): Promise<boolean> {
    const now = new Date();
    const set: Partial<typeof courses.$inferInsert> = { status: to, updated_at: now };
    if (to === 'submitted') Object.assign(set, { submitted_at: now, moderation_reason: null });
    if (to === 'approved' || to === 'rejected') {
      Object.assign(set, { reviewed_at: now, reviewed_by_user_id: extra.adminId ?? null, moderation_reason: extra.reason ?? null });
    }
    if (to === 'cancelled') set.cancelled_at = now;
    const rows = await (tx ?? this.db)
      .update(courses)
      .set(set)
      .where(and(eq(courses.id, id), eq(courses.status, from)))
      .returning({ id: courses.id });
    return rows.length > 0;
  }

  async recordDecision(
    tx: Transaction,
    d: { courseId: number; adminId: number; decision: 'approved' | 'rejected'; reason: string | null },
  ): Promise<number> {
    const [row] = await tx
      .insert(courseModerationDecisions)
      .values({ course_id: d.courseId, admin_user_id: d.adminId, decision: d.decision, reason: d.reason })
      .returning({ id: courseModerationDecisions.id });
    return row!.id;
  }

  /** Everyone signed up or waiting (to tell them of a cancellation), with their mail address and language. */
  subscribers(courseId: number, tx: Transaction) {
    return tx
      .select({ user_id: users.id, email: users.email, first_name: users.first_name, locale: users.locale })
      .from(courseSubscriptions)
      .innerJoin(users, eq(users.id, courseSubscriptions.user_id))
      .where(and(eq(courseSubscriptions.course_id, courseId), isNull(users.deleted_at)));
  }

  async organiser(userId: number, tx?: Transaction) {
    const [row] = await (tx ?? this.db)
      .select({ email: users.email, first_name: users.first_name, locale: users.locale })
      .from(users)
      .where(and(eq(users.id, userId), isNull(users.deleted_at)));
    return row ?? null;
  }

  // ---------- attendance ----------

  /**
   * Takes a seat, or a place on the waiting list when every seat is taken. The course row is locked
   * so that two sign-ups for the last seat cannot both get it. Answers the user's status (an
   * existing sign-up is kept as it is).
   */
  async subscribe(courseId: number, userId: number, tx: Transaction): Promise<'attending' | 'waiting'> {
    const [course] = await tx
      .select({ max: courses.max_attendees, attendees: courses.attendees_count })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    const [existing] = await tx
      .select({ status: courseSubscriptions.status })
      .from(courseSubscriptions)
      .where(and(eq(courseSubscriptions.course_id, courseId), eq(courseSubscriptions.user_id, userId)));
    if (existing) return existing.status;
    const status = course?.max !== null && course !== undefined && course.attendees >= course.max ? 'waiting' : 'attending';
    await tx.insert(courseSubscriptions).values({ course_id: courseId, user_id: userId, status });
    if (status === 'attending') {
      await tx
        .update(courses)
        .set({ attendees_count: sql`${courses.attendees_count} + 1` })
        .where(eq(courses.id, courseId));
    }
    return status;
  }

  /**
   * Leaves (a seat or the waiting list). A freed seat goes to the first on the waiting list, in
   * order of sign-up; answers that user's id (to notify them), or null.
   */
  async unsubscribe(courseId: number, userId: number, tx: Transaction): Promise<number | null> {
    const [course] = await tx
      .select({ max: courses.max_attendees })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    const [left] = await tx
      .delete(courseSubscriptions)
      .where(and(eq(courseSubscriptions.course_id, courseId), eq(courseSubscriptions.user_id, userId)))
      .returning({ status: courseSubscriptions.status });
    if (left?.status !== 'attending') return null;
    await tx
      .update(courses)
      .set({ attendees_count: sql`greatest(${courses.attendees_count} - 1, 0)` })
      .where(eq(courses.id, courseId));
    if (!course || course.max === null) return null;
    const [next] = await tx
      .update(courseSubscriptions)
      .set({ status: 'attending', updated_at: new Date() })
      .where(
        eq(
          courseSubscriptions.id,
          sql`(select w.id from ${courseSubscriptions} w where w.course_id = ${courseId} and w.status = 'waiting'
               and (select c.attendees_count from ${courses} c where c.id = ${courseId}) < ${course.max}
               order by w.id limit 1)`,
        ),
      )
      .returning({ user_id: courseSubscriptions.user_id });
    if (!next) return null;
    await tx
      .update(courses)
      .set({ attendees_count: sql`${courses.attendees_count} + 1` })
      .where(eq(courses.id, courseId));
    return next.user_id;
  }

  /** The user's place after a sign-up or leave, and the course's counts. */
  async attendance(courseId: number, userId: number, tx?: Transaction) {
    const [row] = await (tx ?? this.db)
      .select({
        attendees_count: courses.attendees_count,
        waiting_count: sql<number>`(select count(*)::int from ${courseSubscriptions} w where w.course_id = ${courseId} and w.status = 'waiting')`,
        status: sql<'attending' | 'waiting' | null>`(select s.status from ${courseSubscriptions} s where s.course_id = ${courseId} and s.user_id = ${userId})`,
        waiting_position: sql<number | null>`(select count(*)::int from ${courseSubscriptions} w
          where w.course_id = ${courseId} and w.status = 'waiting'
            and w.id <= (select s.id from ${courseSubscriptions} s where s.course_id = ${courseId} and s.user_id = ${userId} and s.status = 'waiting'))`,
      })
      .from(courses)
      .where(eq(courses.id, courseId));
    const r = row!;
    return { ...r, waiting_position: r.status === 'waiting' ? r.waiting_position : null };
  }

  /** Events the user signed up for (or waits for): upcoming (not ended, soonest first) or past (latest first). */
  attending(userId: number, past: boolean, now: Date, locale: Locale) {
    const where = and(
      inArray(
        courses.id,
        sql`(select ${courseSubscriptions.course_id} from ${courseSubscriptions} where ${courseSubscriptions.user_id} = ${userId})`,
      ),
      inArray(courses.status, ['approved', 'cancelled']),
      past ? lte(courses.ends_at, now) : gt(courses.ends_at, now),
    )!;
    return {
      count: async () => (await this.db.select({ n: count() }).from(courses).where(where))[0]?.n ?? 0,
      read: (slice: Slice) =>
        this.selectRows(locale, userId)
          .where(where)
          .orderBy(past ? desc(courses.start_at) : asc(courses.start_at), past ? desc(courses.id) : asc(courses.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  // ---------- viewing analytics ----------

  /** A new viewing of a course (it lasts until the first beacon moves `left_at`). */
  async startViewing(courseId: number, userId: number): Promise<number> {
    const [row] = await this.db
      .insert(courseViewRecords)
      .values({ course_id: courseId, user_id: userId, left_at: sql`now()` })
      .returning({ id: courseViewRecords.id });
    return row!.id;
  }

  /** A beacon: the viewing lasted until now (never shortened); false when no such viewing is the user's. */
  async touchViewing(recordId: number, courseId: number, userId: number): Promise<boolean> {
    const rows = await this.db
      .update(courseViewRecords)
      .set({ left_at: sql`greatest(coalesce(${courseViewRecords.left_at}, ${courseViewRecords.entered_at}), now())`, updated_at: new Date() })
      .where(and(eq(courseViewRecords.id, recordId), eq(courseViewRecords.course_id, courseId), eq(courseViewRecords.user_id, userId)))
      .returning({ id: courseViewRecords.id });
    return rows.length > 0;
  }

  /**
   * Per viewer of a course: minutes (and seconds) live (inside start..end) and as a replay (after the
   * end). One pass over the course's records (index on course_id).
   */
  private viewerMinutes(courseId: number) {
    // Each person's viewings merged into one set of intervals (range_agg) first, as the course log
    // does: five tabs open at once count once, never five times.
    return sql`
      with agg as (
        select v.user_id,
          range_agg(tstzrange(v.entered_at, greatest(coalesce(v.left_at, v.entered_at), v.entered_at))) as m
        from ${courseViewRecords} v
        where v.course_id = ${courseId} and v.user_id is not null
        group by v.user_id),
      secs as (
        select agg.user_id,
          coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(agg.m * tstzmultirange(tstzrange(c.start_at, c.ends_at))) r), 0)::float as live_seconds,
          coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(agg.m * tstzmultirange(tstzrange(c.ends_at, null))) r), 0)::float as replay_seconds
        from agg join ${courses} c on c.id = ${courseId})
      select user_id, live_seconds / 60 as live, replay_seconds / 60 as replay, live_seconds, replay_seconds from secs`;
  }

  async analytics(courseId: number) {
    const summary = await this.db.execute<{
      sign_ups: number;
      waiting: number;
      attended: number;
      no_shows: number;
      live: number;
      replay: number;
    }>(sql`
      with m as (${this.viewerMinutes(courseId)}),
      s as (select user_id, status from ${courseSubscriptions} where course_id = ${courseId})
      select
        (select count(*)::int from s where status = 'attending') as sign_ups,
        (select count(*)::int from s where status = 'waiting') as waiting,
        (select count(*)::int from m where live + replay > 0) as attended,
        (select count(*)::int from s where status = 'attending' and not exists (select 1 from m where m.user_id = s.user_id and m.live + m.replay > 0)) as no_shows,
        coalesce((select sum(live) from m), 0)::float as live,
        coalesce((select sum(replay) from m), 0)::float as replay`);
    // Each viewer's seconds and seat: "watched to the end" is decided by the course log's rule (the service).
    const viewers = await this.db.execute<{ live_seconds: number; replay_seconds: number; seated: boolean }>(sql`
      with m as (${this.viewerMinutes(courseId)})
      select m.live_seconds, m.replay_seconds,
        exists (select 1 from ${courseSubscriptions} s where s.course_id = ${courseId} and s.user_id = m.user_id and s.status = 'attending') as seated
      from m
      where m.live_seconds + m.replay_seconds > 0`);
    const series = await this.db.execute<{ minute: number; viewers: number }>(sql`
      select (extract(epoch from g.m - c.start_at) / 60)::int as minute,
        (select count(distinct v.user_id)::int from ${courseViewRecords} v
          where v.course_id = c.id and v.entered_at < g.m + interval '1 minute' and coalesce(v.left_at, v.entered_at) >= g.m) as viewers
      from ${courses} c, generate_series(c.start_at, c.ends_at - interval '1 minute', interval '1 minute') as g(m)
      where c.id = ${courseId}
      order by 1`);
    return { summary: summary.rows[0]!, viewers: viewers.rows, series: series.rows };
  }

  /** Attendance export rows: every viewer and every sign-up, with name, HPR profession and minutes. */
  async attendanceRows(courseId: number) {
    const rows = await this.db.execute<{ first_name: string; last_name: string; profession: string | null; live: number | null; replay: number | null }>(sql`
      with m as (${this.viewerMinutes(courseId)}),
      people as (
        select user_id from m
        union
        select user_id from ${courseSubscriptions} where course_id = ${courseId} and status = 'attending')
      select u.first_name, u.last_name,
        (select h.profession from ${schema.userInfo} i join ${schema.hprRegister} h on h.hpr_number = i.hpr_number where i.user_id = u.id limit 1) as profession,
        m.live, m.replay
      from people p join ${users} u on u.id = p.user_id left join m on m.user_id = p.user_id
      order by u.last_name, u.first_name, u.id`);
    return rows.rows;
  }

  // ---------- moderation ----------

  adminQueue(locale: Locale, adminId: number) {
    const where = eq(courses.status, 'submitted');
    return {
      count: async () => (await this.db.select({ n: count() }).from(courses).where(where))[0]?.n ?? 0,
      read: (slice: Slice) =>
        this.selectRows(locale, adminId)
          .where(where)
          .orderBy(asc(courses.submitted_at), asc(courses.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  /** Organisers and decision histories of many courses, two queries. */
  async moderationDetails(courseIds: number[]) {
    const organiserRows = await this.db
      .select({ course_id: courses.id, id: users.id, first_name: users.first_name, last_name: users.last_name, email: users.email })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.user_id))
      .where(inArray(courses.id, courseIds));
    const admin = sql<{ id: number; first_name: string; last_name: string } | null>`case when ${users.id} is null then null else json_build_object('id', ${users.id}, 'first_name', ${users.first_name}, 'last_name', ${users.last_name}) end`;
    const decisionRows = await this.db
      .select({
        course_id: courseModerationDecisions.course_id,
        id: courseModerationDecisions.id,
        decision: courseModerationDecisions.decision,
        reason: courseModerationDecisions.reason,
        admin,
        created_at: courseModerationDecisions.created_at,
      })
      .from(courseModerationDecisions)
      .leftJoin(users, eq(users.id, courseModerationDecisions.admin_user_id))
      .where(inArray(courseModerationDecisions.course_id, courseIds))
      .orderBy(asc(courseModerationDecisions.id));
    const organisers = new Map(organiserRows.map(({ course_id, ...o }) => [course_id, o]));
    const decisions = new Map<number, Omit<(typeof decisionRows)[number], 'course_id'>[]>();
    for (const { course_id, ...d } of decisionRows) {
      const list = decisions.get(course_id) ?? [];
      list.push(d);
      decisions.set(course_id, list);
    }
    return { organisers, decisions };
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    // Courses nobody else took part in (not approved) go; approved or cancelled ones stay, anonymised.
    // The video of a course that goes is then used by nothing: the files step deletes it.
    await tx
      .delete(courses)
      .where(and(eq(courses.user_id, userId), inArray(courses.status, ['draft', 'submitted', 'rejected'])));
    // Leaving frees seats: the counter follows (promotion of the waiting list is not run for an erased account).
    await tx.execute(sql`update ${courses} c set attendees_count = greatest(c.attendees_count - 1, 0)
      from ${courseSubscriptions} s where s.course_id = c.id and s.user_id = ${userId} and s.status = 'attending'`);
    await tx.delete(courseSubscriptions).where(eq(courseSubscriptions.user_id, userId));
    await tx.update(courseViewRecords).set({ user_id: null }).where(eq(courseViewRecords.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      courses: await this.db.select().from(courses).where(eq(courses.user_id, userId)),
      course_subscriptions: await this.db
        .select()
        .from(courseSubscriptions)
        .where(eq(courseSubscriptions.user_id, userId)),
      course_views: await this.db
        .select()
        .from(courseViewRecords)
        .where(eq(courseViewRecords.user_id, userId)),
    };
  }

  /**
   * The digest's new courses (`CoursesDigestSection`) for a send batch's readers in one statement:
   * per reader the five soonest approved since their last digest, not started yet, in one of their
   * specialties.
   */
  digestMany(readers: readonly DigestSectionReader[]) {
    return digestRowsByReader<{ user_id: number; id: number; title: string; type: string; start_at: string }>(
      this.db,
      readers,
      (r) => sql`
      select r.user_id, c.id, c.title, c.type, c.start_at
      from ${r}
      cross join lateral (
        select c.id, c.title, c.type, c.start_at
        from courses c
        where c.status = 'approved' and c.created_at >= r.since and c.start_at > now()
          and exists (select 1 from course_specialties cs join user_specialties us on us.specialty_id = cs.specialty_id
                      where cs.course_id = c.id and us.user_id = r.user_id)
        order by c.start_at, c.id
        limit 5) c
      order by r.user_id, c.start_at, c.id`,
    );
  }
}
