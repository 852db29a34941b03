import { Injectable } from '@nestjs/common';
import { type CourseReminderKind } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, eq, gt, isNull, lte, or, isNotNull, sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.module';
import { type Transaction } from '../../database/unit-of-work';
import { RECORDING_WINDOW_MS } from './course-reminders.rules';

const { courses, courseSubscriptions, courseViewRecords, users, userInfo } = schema;

const HOUR = 60 * 60 * 1000;
/** Seats per reminder kind and sweep; the next sweep takes the rest. */
export const SWEEP_BATCH = 2000;

const FLAG = {
  '24h': courseSubscriptions.reminded_24h_at,
  '1h': courseSubscriptions.reminded_1h_at,
  recording: courseSubscriptions.recording_sent_at,
} as const;

export interface DueSeat {
  subscription_id: number;
  course_id: number;
  user_id: number;
  start_at: Date;
}

/** The rows of course reminders (docs/courses.md "Reminders"). */
@Injectable()
export class CourseRemindersRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** A recording: an uploaded video, or a video link or embed code to play afterwards. */
  private static hasRecording() {
    return or(isNotNull(courses.video_file_id), isNotNull(courses.video_link), isNotNull(courses.embed_code))!;
  }

  /**
   * Seats whose reminder of `kind` is due at `now` and not yet sent: approved courses found by
   * their start (courses_status_start_at_idx) or end (courses_status_ends_at_idx), then their seats.
   */
  async due(kind: CourseReminderKind, now: Date, limit = SWEEP_BATCH): Promise<DueSeat[]> {
    const t = now.getTime();
    const window =
      kind === '24h'
        ? and(gt(courses.start_at, new Date(t + HOUR)), lte(courses.start_at, new Date(t + 24 * HOUR)))
        : kind === '1h'
          ? and(gt(courses.start_at, now), lte(courses.start_at, new Date(t + HOUR)))
          : and(
              eq(courses.type, 'webinar'),
              lte(courses.ends_at, now),
              gt(courses.ends_at, new Date(t - RECORDING_WINDOW_MS)),
              CourseRemindersRepository.hasRecording(),
              sql`not exists (select 1 from ${courseViewRecords} v where v.course_id = ${courses.id} and v.user_id = ${courseSubscriptions.user_id})`,
            );
    return this.db
      .select({
        subscription_id: courseSubscriptions.id,
        course_id: courses.id,
        user_id: courseSubscriptions.user_id,
        start_at: courses.start_at,
      })
      .from(courses)
      .innerJoin(courseSubscriptions, and(eq(courseSubscriptions.course_id, courses.id), eq(courseSubscriptions.status, 'attending')))
      .where(and(eq(courses.status, 'approved'), window, isNull(FLAG[kind])))
      .orderBy(courseSubscriptions.id)
      .limit(limit);
  }

  /**
   * Marks the seat's reminder as sent, in the transaction that sends it: answers false when it was
   * already sent (a replayed job, another replica), the seat is gone (left the course) or no longer
   * a seat, or the course is no longer approved or has moved (its own job, with the new start, sends).
   */
  async claim(kind: CourseReminderKind, subscriptionId: number, startAt: Date, tx: Transaction): Promise<boolean> {
    const flag = FLAG[kind];
    const rows = await tx
      .update(courseSubscriptions)
      .set(kind === '24h' ? { reminded_24h_at: sql`now()` } : kind === '1h' ? { reminded_1h_at: sql`now()` } : { recording_sent_at: sql`now()` })
      .where(
        and(
          eq(courseSubscriptions.id, subscriptionId),
          eq(courseSubscriptions.status, 'attending'),
          isNull(flag),
          sql`exists (select 1 from ${courses} c where c.id = ${courseSubscriptions.course_id} and c.status = 'approved' and c.start_at = ${startAt.toISOString()}::timestamptz)`,
        ),
      )
      .returning({ id: courseSubscriptions.id });
    return rows.length > 0;
  }

  async watched(courseId: number, userId: number, tx: Transaction): Promise<boolean> {
    const [row] = await tx
      .select({ one: sql<number>`1` })
      .from(courseViewRecords)
      .where(and(eq(courseViewRecords.course_id, courseId), eq(courseViewRecords.user_id, userId)))
      .limit(1);
    return row !== undefined;
  }

  /** Where and how the person wants reminders (profile settings: e-mail and SMS webinar reminders). */
  async recipient(userId: number, tx?: Transaction) {
    const [row] = await (tx ?? this.db)
      .select({
        email: users.email,
        first_name: users.first_name,
        locale: users.locale,
        mobile: sql<string | null>`coalesce(${users.private_mobile}, ${users.phone})`,
        by_email: sql<boolean>`coalesce(${userInfo.email_webinar_reminders}, true)`,
        by_sms: sql<boolean>`coalesce(${userInfo.sms_webinar_reminders}, false)`,
      })
      .from(users)
      .leftJoin(userInfo, eq(userInfo.user_id, users.id))
      .where(and(eq(users.id, userId), isNull(users.deleted_at)));
    return row ?? null;
  }
}
