import { type Database, schema } from '@legenett/db';
import { uniqueToken } from './app';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;
export const DAY = 24 * HOUR;

export interface CourseRow {
  /** The organiser. */
  userId: number;
  /** Start, in milliseconds from now (negative: in the past). */
  startOffset: number;
  title?: string;
  duration?: 30 | 60 | 90 | 120;
  type?: (typeof schema.COURSE_TYPES)[number];
  status?: (typeof schema.COURSE_STATUSES)[number];
  max?: number | null;
  /** Credit hours; with them the course names Den norske legeforening as approving them. */
  credit?: number | null;
  company?: number | null;
  /** Sign-up deadline, in milliseconds from now. */
  deadlineOffset?: number | null;
  county?: number | null;
  hostName?: string | null;
}

/**
 * A course written straight to the database, in any state and at any time (the API refuses a past
 * start): an approved webinar of an hour unless told otherwise, `ends_at` derived from the duration.
 */
export async function insertCourse(db: Database, o: CourseRow) {
  const start = new Date(Date.now() + o.startOffset);
  const duration = o.duration ?? 60;
  const [row] = await db
    .insert(schema.courses)
    .values({
      type: o.type ?? 'webinar',
      title: o.title ?? `Kurs ${uniqueToken()}`,
      start_at: start,
      duration_minutes: duration,
      ends_at: new Date(start.getTime() + duration * MINUTE),
      status: o.status ?? 'approved',
      user_id: o.userId,
      max_attendees: o.max ?? null,
      credit_hours: o.credit ?? null,
      credit_approved_by: o.credit ? 'Den norske legeforening' : null,
      partner_company_id: o.company ?? null,
      county_id: o.county ?? null,
      subscription_deadline: o.deadlineOffset == null ? null : new Date(Date.now() + o.deadlineOffset),
      host_name: o.hostName ?? null,
    })
    .returning({ id: schema.courses.id, start_at: schema.courses.start_at, ends_at: schema.courses.ends_at });
  return row!;
}
