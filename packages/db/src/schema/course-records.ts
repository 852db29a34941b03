import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';
import { COURSE_TYPES, courses } from './courses';
import { users } from './accounts';

/**
 * A certificate of attendance (docs/courses.md, "Certificates"): one per user and course, issued on
 * the first download. What it certifies is kept as it was printed, so the public verification
 * (`GET /certificates/{code}`) answers what the paper says even if the course or the name changes.
 */
export const courseCertificates = pgTable(
  'course_certificates',
  {
    id: serial('id').primaryKey(),
    /** Random and unguessable (20 characters of Crockford base 32, 100 bits). */
    code: text('code').notNull(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    holder_name: text('holder_name').notNull(),
    hpr_number: text('hpr_number'),
    profession: text('profession'),
    course_title: text('course_title').notNull(),
    course_type: text('course_type', { enum: COURSE_TYPES }).notNull(),
    course_start_at: tstz('course_start_at').notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    credit_hours: numeric('credit_hours', { precision: 4, scale: 1, mode: 'number' }),
    credit_approved_by: text('credit_approved_by'),
    organiser: text('organiser').notNull(),
    /** Minutes watched (live and replay) when it was issued. */
    minutes_watched: integer('minutes_watched').notNull(),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('course_certificates_code_uq').on(t.code),
    uniqueIndex('course_certificates_user_course_uq').on(t.user_id, t.course_id),
    index('course_certificates_course_id_idx').on(t.course_id),
    check('course_certificates_course_type_check', inList(t.course_type, COURSE_TYPES)),
  ],
);

export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;

/** A request to join a small group; the organiser accepts (a seat in `course_subscriptions`) or declines. */
export const courseJoinRequests = pgTable(
  'course_join_requests',
  {
    id: serial('id').primaryKey(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text('message'),
    status: text('status', { enum: JOIN_REQUEST_STATUSES }).notNull().default('pending'),
    decided_at: tstz('decided_at'),
    decided_by_user_id: integer('decided_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('course_join_requests_status_check', inList(t.status, JOIN_REQUEST_STATUSES)),
    uniqueIndex('course_join_requests_course_user_uq').on(t.course_id, t.user_id),
    // The organiser's list: one course's requests of a status, oldest first.
    index('course_join_requests_course_status_id_idx').on(t.course_id, t.status, t.id),
    index('course_join_requests_user_id_idx').on(t.user_id),
    index('course_join_requests_decided_by_idx')
      .on(t.decided_by_user_id)
      .where(sql`${t.decided_by_user_id} is not null`),
  ],
);

/** A small group's meeting log: date, topic, hours. */
export const courseMeetings = pgTable(
  'course_meetings',
  {
    id: serial('id').primaryKey(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    held_on: date('held_on', { mode: 'string' }).notNull(),
    topic: text('topic').notNull(),
    hours: numeric('hours', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    created_by_user_id: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    check('course_meetings_hours_check', sql`${t.hours} > 0 and ${t.hours} <= 24`),
    index('course_meetings_course_held_on_idx').on(t.course_id, t.held_on.desc(), t.id.desc()),
    index('course_meetings_created_by_idx')
      .on(t.created_by_user_id)
      .where(sql`${t.created_by_user_id} is not null`),
  ],
);

/** Who was present at a meeting. */
export const courseMeetingAttendance = pgTable(
  'course_meeting_attendance',
  {
    meeting_id: integer('meeting_id')
      .notNull()
      .references(() => courseMeetings.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.meeting_id, t.user_id] }),
    index('course_meeting_attendance_user_id_idx').on(t.user_id),
  ],
);
