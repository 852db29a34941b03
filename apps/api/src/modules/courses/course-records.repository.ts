import { Injectable } from '@nestjs/common';
import { type Database, schema } from '@legenett/db';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { type Transaction } from '../../database/unit-of-work';

const {
  courses,
  courseSubscriptions,
  courseViewRecords,
  courseCertificates,
  courseJoinRequests,
  courseMeetings,
  courseMeetingAttendance,
  partnerCompanies,
  users,
  userInfo,
  hprRegister,
} = schema;

/** Seconds watched of one course by one user: live (inside start..end) and replay (after the end), overlaps counted once. */
export interface WatchedSeconds {
  live: number;
  replay: number;
}

export type CertificateRow = typeof courseCertificates.$inferSelect;
export type CertificateSnapshot = Omit<
  typeof courseCertificates.$inferInsert,
  'id' | 'created_at' | 'updated_at'
>;

const person = {
  id: users.id,
  slug: users.slug,
  first_name: users.first_name,
  last_name: users.last_name,
};

/** Course log, certificates, small groups' join requests and meeting log (docs/courses.md). */
@Injectable()
export class CourseRecordsRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  // ---------- course log ----------

  /** Courses the user watched or held a seat at: from the user's own rows (indexes on user_id), never the whole catalogue. */
  private mine(userId: number) {
    return sql`(select ${courseViewRecords.course_id} from ${courseViewRecords} where ${courseViewRecords.user_id} = ${userId}
      union select ${courseSubscriptions.course_id} from ${courseSubscriptions}
        where ${courseSubscriptions.user_id} = ${userId} and ${courseSubscriptions.status} = 'attending')`;
  }

  /** Approved events that have started, that the user watched or signed up for; latest first. */
  log(userId: number, now: Date) {
    const where = and(
      inArray(courses.id, this.mine(userId)),
      eq(courses.status, 'approved'),
      sql`${courses.start_at} <= ${now}`,
    )!;
    return {
      count: async () => (await this.db.select({ n: count() }).from(courses).where(where))[0]?.n ?? 0,
      read: (slice: Slice) =>
        this.db
          .select({
            id: courses.id,
            title: courses.title,
            type: courses.type,
            start_at: courses.start_at,
            ends_at: courses.ends_at,
            duration_minutes: courses.duration_minutes,
            credit_hours: courses.credit_hours,
            credit_approved_by: courses.credit_approved_by,
            status: courses.status,
            seated: sql<boolean>`exists (select 1 from ${courseSubscriptions} s where s.course_id = ${courses}.id and s.user_id = ${userId} and s.status = 'attending')`,
          })
          .from(courses)
          .where(where)
          .orderBy(desc(courses.start_at), desc(courses.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  /** Every event of the user's log (no page), with what its certificate needs: for the log's totals. */
  async logCredits(userId: number, now: Date) {
    return this.db
      .select({
        id: courses.id,
        type: courses.type,
        duration_minutes: courses.duration_minutes,
        credit_hours: courses.credit_hours,
        seated: sql<boolean>`exists (select 1 from ${courseSubscriptions} s where s.course_id = ${courses}.id and s.user_id = ${userId} and s.status = 'attending')`,
      })
      .from(courses)
      .where(and(inArray(courses.id, this.mine(userId)), eq(courses.status, 'approved'), sql`${courses.start_at} <= ${now}`)!);
  }

  /**
   * Seconds watched per course of `courseIds` by the user, in one query: the user's viewings of each
   * course merged into one set of intervals (range_agg), so two open tabs count once; the part inside
   * start..end is live, the part after the end replay.
   */
  async watched(userId: number, courseIds: number[]): Promise<Map<number, WatchedSeconds>> {
    const map = new Map<number, WatchedSeconds>();
    if (courseIds.length === 0) return map;
    const ids = sql.join(
      courseIds.map((id) => sql`${id}`),
      sql`, `,
    );
    const rows = await this.db.execute<{ course_id: number; live: number; replay: number }>(sql`
      with agg as (
        select v.course_id, range_agg(tstzrange(v.entered_at, greatest(coalesce(v.left_at, v.entered_at), v.entered_at))) as m
        from ${courseViewRecords} v
        where v.user_id = ${userId} and v.course_id in (${ids})
        group by v.course_id)
      select agg.course_id,
        coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(agg.m * tstzmultirange(tstzrange(c.start_at, c.ends_at))) r), 0)::float as live,
        coalesce((select sum(extract(epoch from upper(r) - lower(r))) from unnest(agg.m * tstzmultirange(tstzrange(c.ends_at, null))) r), 0)::float as replay
      from agg join ${courses} c on c.id = agg.course_id`);
    for (const r of rows.rows)
      map.set(Number(r.course_id), { live: Number(r.live), replay: Number(r.replay) });
    return map;
  }

  async certificateCodes(userId: number, courseIds: number[]): Promise<Map<number, string>> {
    if (courseIds.length === 0) return new Map();
    const rows = await this.db
      .select({ course_id: courseCertificates.course_id, code: courseCertificates.code })
      .from(courseCertificates)
      .where(and(eq(courseCertificates.user_id, userId), inArray(courseCertificates.course_id, courseIds)));
    return new Map(rows.map((r) => [r.course_id, r.code]));
  }

  // ---------- certificates ----------

  /** The course as a certificate prints it, with its organiser's name and whether the user holds a seat. */
  async certificateCourse(courseId: number, userId: number) {
    const [row] = await this.db
      .select({
        id: courses.id,
        title: courses.title,
        type: courses.type,
        status: courses.status,
        start_at: courses.start_at,
        ends_at: courses.ends_at,
        duration_minutes: courses.duration_minutes,
        credit_hours: courses.credit_hours,
        credit_approved_by: courses.credit_approved_by,
        seated: sql<boolean>`exists (select 1 from ${courseSubscriptions} s where s.course_id = ${courses}.id and s.user_id = ${userId} and s.status = 'attending')`,
        organiser: sql<string>`coalesce(${partnerCompanies.name}, nullif(${courses.host_name}, ''), ${users.first_name} || ' ' || ${users.last_name})`,
      })
      .from(courses)
      .innerJoin(users, eq(users.id, courses.user_id))
      .leftJoin(partnerCompanies, eq(partnerCompanies.id, courses.partner_company_id))
      .where(eq(courses.id, courseId));
    return row ?? null;
  }

  /** Name, HPR number and the register's profession of a certificate's holder. */
  async holder(userId: number) {
    const [row] = await this.db
      .select({
        first_name: users.first_name,
        last_name: users.last_name,
        hpr_number: userInfo.hpr_number,
        profession: sql<
          string | null
        >`(select ${hprRegister.profession} from ${hprRegister} where ${hprRegister.hpr_number} = ${userInfo.hpr_number} limit 1)`,
      })
      .from(users)
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(eq(users.id, userId));
    return row ?? null;
  }

  async certificateOf(userId: number, courseId: number): Promise<CertificateRow | null> {
    const [row] = await this.db
      .select()
      .from(courseCertificates)
      .where(and(eq(courseCertificates.user_id, userId), eq(courseCertificates.course_id, courseId)));
    return row ?? null;
  }

  /** Stores a certificate unless one exists for the user and course (a concurrent download); answers the stored one. */
  async issue(snapshot: CertificateSnapshot): Promise<CertificateRow> {
    await this.db
      .insert(courseCertificates)
      .values(snapshot)
      .onConflictDoNothing({ target: [courseCertificates.user_id, courseCertificates.course_id] });
    return (await this.certificateOf(snapshot.user_id, snapshot.course_id))!;
  }

  async byCode(code: string): Promise<CertificateRow | null> {
    const [row] = await this.db.select().from(courseCertificates).where(eq(courseCertificates.code, code));
    return row ?? null;
  }

  // ---------- small groups: membership ----------

  /** The course row locked for a membership change (accept), with its seats. */
  async lockGroup(courseId: number, tx: Transaction) {
    const [row] = await tx
      .select({ max: courses.max_attendees, attendees: courses.attendees_count })
      .from(courses)
      .where(eq(courses.id, courseId))
      .for('update');
    return row ?? null;
  }

  async isMember(courseId: number, userId: number, tx?: Transaction): Promise<boolean> {
    const [row] = await (tx ?? this.db)
      .select({ id: courseSubscriptions.id })
      .from(courseSubscriptions)
      .where(
        and(
          eq(courseSubscriptions.course_id, courseId),
          eq(courseSubscriptions.user_id, userId),
          eq(courseSubscriptions.status, 'attending'),
        ),
      );
    return row !== undefined;
  }

  /** Adds an accepted member: a seat, and the counter. */
  async addMember(courseId: number, userId: number, tx: Transaction): Promise<void> {
    const inserted = await tx
      .insert(courseSubscriptions)
      .values({ course_id: courseId, user_id: userId, status: 'attending' })
      .onConflictDoNothing()
      .returning({ id: courseSubscriptions.id });
    if (inserted.length === 0) return;
    await tx
      .update(courses)
      .set({ attendees_count: sql`${courses.attendees_count} + 1` })
      .where(eq(courses.id, courseId));
  }

  /** The group's members (at most 12 seats, so one short list), by name. */
  members(courseId: number, userIds?: number[]) {
    const where = [eq(courseSubscriptions.course_id, courseId), eq(courseSubscriptions.status, 'attending')];
    if (userIds) where.push(inArray(courseSubscriptions.user_id, userIds.length > 0 ? userIds : [0]));
    return this.db
      .select(person)
      .from(courseSubscriptions)
      .innerJoin(users, eq(users.id, courseSubscriptions.user_id))
      .where(and(...where))
      .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
  }

  // ---------- small groups: join requests ----------

  private selectRequests(tx?: Transaction) {
    return (tx ?? this.db)
      .select({
        id: courseJoinRequests.id,
        course_id: courseJoinRequests.course_id,
        user: sql<{
          id: number;
          slug: string;
          first_name: string;
          last_name: string;
        }>`json_build_object('id', ${users.id}, 'slug', ${users.slug}, 'first_name', ${users.first_name}, 'last_name', ${users.last_name})`,
        message: courseJoinRequests.message,
        status: courseJoinRequests.status,
        decided_at: courseJoinRequests.decided_at,
        created_at: courseJoinRequests.created_at,
      })
      .from(courseJoinRequests)
      .innerJoin(users, eq(users.id, courseJoinRequests.user_id));
  }

  async requestOf(courseId: number, userId: number, tx?: Transaction) {
    const [row] = await this.selectRequests(tx).where(
      and(eq(courseJoinRequests.course_id, courseId), eq(courseJoinRequests.user_id, userId)),
    );
    return row ?? null;
  }

  async request(courseId: number, requestId: number, tx?: Transaction) {
    const [row] = await this.selectRequests(tx).where(
      and(eq(courseJoinRequests.course_id, courseId), eq(courseJoinRequests.id, requestId)),
    );
    return row ?? null;
  }

  /** A new request, or a declined one asked again (pending again, with the new message). */
  async upsertRequest(
    courseId: number,
    userId: number,
    message: string | null,
    tx: Transaction,
  ): Promise<void> {
    await tx
      .insert(courseJoinRequests)
      .values({ course_id: courseId, user_id: userId, message })
      .onConflictDoUpdate({
        target: [courseJoinRequests.course_id, courseJoinRequests.user_id],
        set: {
          message,
          status: 'pending',
          decided_at: null,
          decided_by_user_id: null,
          created_at: new Date(),
          updated_at: new Date(),
        },
      });
  }

  /** Moves a pending request to accepted or declined (compare-and-set); false when it was decided meanwhile. */
  async decide(
    requestId: number,
    status: 'accepted' | 'declined',
    by: number,
    tx: Transaction,
  ): Promise<boolean> {
    const rows = await tx
      .update(courseJoinRequests)
      .set({ status, decided_at: new Date(), decided_by_user_id: by, updated_at: new Date() })
      .where(and(eq(courseJoinRequests.id, requestId), eq(courseJoinRequests.status, 'pending')))
      .returning({ id: courseJoinRequests.id });
    return rows.length > 0;
  }

  /** One course's requests of a status, oldest first (index course_id, status, id). */
  requests(courseId: number, status: 'pending' | 'accepted' | 'declined') {
    const where = and(eq(courseJoinRequests.course_id, courseId), eq(courseJoinRequests.status, status))!;
    return {
      count: async () =>
        (await this.db.select({ n: count() }).from(courseJoinRequests).where(where))[0]?.n ?? 0,
      read: (slice: Slice) =>
        this.selectRequests()
          .where(where)
          .orderBy(asc(courseJoinRequests.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  // ---------- small groups: meeting log ----------

  meetings(courseId: number, onlyPresent?: number) {
    const where = [eq(courseMeetings.course_id, courseId)];
    if (onlyPresent !== undefined) {
      where.push(
        inArray(
          courseMeetings.id,
          sql`(select ${courseMeetingAttendance.meeting_id} from ${courseMeetingAttendance} where ${courseMeetingAttendance.user_id} = ${onlyPresent})`,
        ),
      );
    }
    const all = and(...where)!;
    return {
      count: async () => (await this.db.select({ n: count() }).from(courseMeetings).where(all))[0]?.n ?? 0,
      read: (slice: Slice) =>
        this.db
          .select()
          .from(courseMeetings)
          .where(all)
          .orderBy(desc(courseMeetings.held_on), desc(courseMeetings.id))
          .limit(slice.limit)
          .offset(slice.offset),
    };
  }

  async meeting(courseId: number, meetingId: number) {
    const [row] = await this.db
      .select()
      .from(courseMeetings)
      .where(and(eq(courseMeetings.course_id, courseId), eq(courseMeetings.id, meetingId)));
    return row ?? null;
  }

  /** Who was present at each of the meetings, in one query. */
  async presentAt(meetingIds: number[]) {
    const map = new Map<number, { id: number; slug: string; first_name: string; last_name: string }[]>();
    if (meetingIds.length === 0) return map;
    const rows = await this.db
      .select({ meeting_id: courseMeetingAttendance.meeting_id, ...person })
      .from(courseMeetingAttendance)
      .innerJoin(users, eq(users.id, courseMeetingAttendance.user_id))
      .where(inArray(courseMeetingAttendance.meeting_id, meetingIds))
      .orderBy(asc(users.last_name), asc(users.first_name), asc(users.id));
    for (const { meeting_id, ...p } of rows) {
      const list = map.get(meeting_id) ?? [];
      list.push(p);
      map.set(meeting_id, list);
    }
    return map;
  }

  async saveMeeting(
    courseId: number,
    meetingId: number | null,
    input: { held_on: string; topic: string; hours: number; present_user_ids: number[] },
    by: number,
  ): Promise<number | null> {
    return this.db.transaction(async (tx) => {
      const values = { held_on: input.held_on, topic: input.topic, hours: input.hours };
      let id: number;
      if (meetingId === null) {
        const [row] = await tx
          .insert(courseMeetings)
          .values({ ...values, course_id: courseId, created_by_user_id: by })
          .returning({ id: courseMeetings.id });
        id = row!.id;
      } else {
        const rows = await tx
          .update(courseMeetings)
          .set({ ...values, updated_at: new Date() })
          .where(and(eq(courseMeetings.id, meetingId), eq(courseMeetings.course_id, courseId)))
          .returning({ id: courseMeetings.id });
        if (rows.length === 0) return null;
        id = meetingId;
        await tx.delete(courseMeetingAttendance).where(eq(courseMeetingAttendance.meeting_id, id));
      }
      const present = [...new Set(input.present_user_ids)];
      if (present.length > 0) {
        await tx
          .insert(courseMeetingAttendance)
          .values(present.map((user_id) => ({ meeting_id: id, user_id })));
      }
      return id;
    });
  }

  async deleteMeeting(courseId: number, meetingId: number): Promise<boolean> {
    const rows = await this.db
      .delete(courseMeetings)
      .where(and(eq(courseMeetings.id, meetingId), eq(courseMeetings.course_id, courseId)))
      .returning({ id: courseMeetings.id });
    return rows.length > 0;
  }

  /** Whether the user was present at any meeting of the course (a former member keeps their attestation). */
  async wasPresent(courseId: number, userId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ one: sql<number>`1` })
      .from(courseMeetingAttendance)
      .innerJoin(courseMeetings, eq(courseMeetings.id, courseMeetingAttendance.meeting_id))
      .where(and(eq(courseMeetingAttendance.user_id, userId), eq(courseMeetings.course_id, courseId)))
      .limit(1);
    return row !== undefined;
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(courseCertificates).where(eq(courseCertificates.user_id, userId));
    await tx.delete(courseJoinRequests).where(eq(courseJoinRequests.user_id, userId));
    await tx
      .update(courseJoinRequests)
      .set({ decided_by_user_id: null })
      .where(eq(courseJoinRequests.decided_by_user_id, userId));
    await tx.delete(courseMeetingAttendance).where(eq(courseMeetingAttendance.user_id, userId));
    await tx
      .update(courseMeetings)
      .set({ created_by_user_id: null })
      .where(eq(courseMeetings.created_by_user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      course_certificates: await this.db
        .select()
        .from(courseCertificates)
        .where(eq(courseCertificates.user_id, userId)),
      course_join_requests: await this.db
        .select()
        .from(courseJoinRequests)
        .where(eq(courseJoinRequests.user_id, userId)),
      course_meeting_attendance: await this.db
        .select({
          meeting_id: courseMeetingAttendance.meeting_id,
          held_on: courseMeetings.held_on,
          topic: courseMeetings.topic,
          hours: courseMeetings.hours,
        })
        .from(courseMeetingAttendance)
        .innerJoin(courseMeetings, eq(courseMeetings.id, courseMeetingAttendance.meeting_id))
        .where(eq(courseMeetingAttendance.user_id, userId)),
    };
  }
}
