import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  numeric,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList, norwegianSearch, timestamps, tstz, tsvector } from './_shared';
import { partnerCompanies, users, storedFiles } from './accounts';
import { WORKPLACE_TYPES } from './professional';
import { categories, cities, clinics, counties, hospitals, specialties } from './reference';

/** docs/courses.md: a course (in person or hybrid), a webinar, a sponsored lunch meeting, a closed small group. */
export const COURSE_TYPES = ['course', 'webinar', 'lunch_meeting', 'small_group'] as const;
/** A seat (`attending`) or a place on the waiting list (`waiting`, in order of `id`). */
export const COURSE_SUBSCRIPTION_STATUSES = ['attending', 'waiting'] as const;
export const COURSE_DECISIONS = ['approved', 'rejected'] as const;
/** draft -> submitted -> approved | rejected; approved is no longer editable; any may be cancelled. */
export const COURSE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'cancelled'] as const;
export const COURSE_DURATIONS = [30, 60, 90, 120] as const;

export const courses = pgTable(
  'courses',
  {
    id: serial('id').primaryKey(),
    type: text('type', { enum: COURSE_TYPES }).notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    target: text('target'),
    /** A `categories` row of type `course`. */
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    county_id: integer('county_id').references(() => counties.id, { onDelete: 'set null' }),
    city_id: integer('city_id').references(() => cities.id, { onDelete: 'set null' }),
    workplace_type: text('workplace_type', { enum: WORKPLACE_TYPES }),
    /** Start date and time together. */
    start_at: tstz('start_at').notNull(),
    duration_minutes: integer('duration_minutes').notNull(),
    /** start_at + duration (a check keeps them equal): the tabs (upcoming, live, past) read it from an index. */
    ends_at: tstz('ends_at').notNull(),
    /** Street address of an in-person course or lunch meeting. */
    address: text('address'),
    /** The workplace a lunch meeting is held at (reference lists). */
    hospital_id: integer('hospital_id').references(() => hospitals.id, { onDelete: 'set null' }),
    clinic_id: integer('clinic_id').references(() => clinics.id, { onDelete: 'set null' }),
    /** Hours approved for specialist training, and the body that approved them; never on a sponsored event. */
    credit_hours: numeric('credit_hours', { precision: 4, scale: 1, mode: 'number' }),
    credit_approved_by: text('credit_approved_by'),
    /** "Sponsored by" label of a lunch meeting (industry rules), whether food is served, who may attend. */
    sponsor_name: text('sponsor_name'),
    food_served: boolean('food_served').notNull().default(false),
    audience: text('audience'),
    /** Seats; null = unlimited. When full, sign-ups go on the waiting list. */
    max_attendees: integer('max_attendees'),
    subscription_deadline: tstz('subscription_deadline'),
    host_name: text('host_name'),
    embed_code: text('embed_code'),
    video_link: text('video_link'),
    /** Uploaded webinar video (`stored_files` row); must arrive at least 2 days before start_at (checked in the API). */
    video_file_id: integer('video_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    video_uploaded_at: tstz('video_uploaded_at'),
    status: text('status', { enum: COURSE_STATUSES }).notNull().default('draft'),
    moderation_reason: text('moderation_reason'),
    submitted_at: tstz('submitted_at'),
    reviewed_at: tstz('reviewed_at'),
    reviewed_by_user_id: integer('reviewed_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    cancelled_at: tstz('cancelled_at'),
    /** Owner (creator); with partner_company_id set it was created for that company (`creator_type`). */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    partner_company_id: integer('partner_company_id').references(() => partnerCompanies.id, {
      onDelete: 'set null',
    }),
    attendees_count: integer('attendees_count').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        norwegianSearch([
          ['title', 'A'],
          ['host_name', 'B'],
          ['description', 'C'],
          ['target', 'C'],
        ]),
      ),
    ...timestamps,
  },
  (t) => [
    check('courses_type_check', inList(t.type, COURSE_TYPES)),
    check('courses_status_check', inList(t.status, COURSE_STATUSES)),
    check('courses_duration_minutes_check', inList(t.duration_minutes, COURSE_DURATIONS)),
    check('courses_workplace_type_check', inList(t.workplace_type, WORKPLACE_TYPES)),
    check('courses_attendees_count_check', sql`${t.attendees_count} >= 0`),
    check('courses_max_attendees_check', sql`${t.max_attendees} is null or ${t.max_attendees} > 0`),
    check('courses_ends_at_check', sql`${t.ends_at} = ${t.start_at} + make_interval(mins => ${t.duration_minutes})`),
    check('courses_sponsored_no_credit_check', sql`${t.sponsor_name} is null or ${t.credit_hours} is null`),
    check('courses_credit_hours_check', sql`${t.credit_hours} is null or ${t.credit_hours} > 0`),
    index('courses_video_file_id_idx').on(t.video_file_id).where(sql`${t.video_file_id} is not null`),
    // Public lists: approved, by type, upcoming / past by start time.
    index('courses_status_type_start_at_idx').on(t.status, t.type, t.start_at, t.id),
    index('courses_status_start_at_idx').on(t.status, t.start_at, t.id),
    index('courses_status_ends_at_idx').on(t.status, t.ends_at, t.id),
    // The "TV" tab (docs/courses.md): approved webinars with something to play, by end; counts are index-only.
    index('courses_playable_webinars_ends_at_idx')
      .on(t.ends_at, t.id)
      .where(
        sql`${t.status} = 'approved' and ${t.type} = 'webinar' and (${t.video_file_id} is not null or ${t.video_link} is not null or ${t.embed_code} is not null)`,
      ),
    index('courses_status_submitted_at_idx').on(t.status, t.submitted_at, t.id),
    index('courses_hospital_id_idx').on(t.hospital_id),
    index('courses_clinic_id_idx').on(t.clinic_id),
    index('courses_county_id_start_at_idx').on(t.county_id, t.start_at),
    index('courses_city_id_start_at_idx').on(t.city_id, t.start_at),
    index('courses_category_id_idx').on(t.category_id),
    index('courses_user_id_start_at_idx').on(t.user_id, t.start_at.desc()),
    index('courses_partner_company_id_idx').on(t.partner_company_id),
    index('courses_search_idx').using('gin', t.search),
  ],
);

export const courseSpecialties = pgTable(
  'course_specialties',
  {
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    specialty_id: integer('specialty_id')
      .notNull()
      .references(() => specialties.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.course_id, t.specialty_id] }),
    index('course_specialties_specialty_id_idx').on(t.specialty_id),
  ],
);

/** Attend / leave. */
export const courseSubscriptions = pgTable(
  'course_subscriptions',
  {
    id: serial('id').primaryKey(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: COURSE_SUBSCRIPTION_STATUSES }).notNull().default('attending'),
    reminder_sent_at: tstz('reminder_sent_at'),
    /**
     * When each reminder job ran for this seat (docs/courses.md "Reminders"): set once, in the job's
     * transaction, so a replayed job or a second replica sends nothing.
     */
    reminded_24h_at: tstz('reminded_24h_at'),
    reminded_1h_at: tstz('reminded_1h_at'),
    recording_sent_at: tstz('recording_sent_at'),
    ...timestamps,
  },
  (t) => [
    check('course_subscriptions_status_check', inList(t.status, COURSE_SUBSCRIPTION_STATUSES)),
    uniqueIndex('course_subscriptions_course_user_uq').on(t.course_id, t.user_id),
    index('course_subscriptions_course_status_id_idx').on(t.course_id, t.status, t.id),
    index('course_subscriptions_user_id_idx').on(t.user_id),
  ],
);

/** One row per viewing (`/course-analytics/{id}/user-entered-on` returns its id). */
export const courseViewRecords = pgTable(
  'course_view_records',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entered_at: tstz('entered_at').notNull().defaultNow(),
    left_at: tstz('left_at'),
    ...timestamps,
  },
  (t) => [
    index('course_view_records_course_entered_at_idx').on(t.course_id, t.entered_at),
    index('course_view_records_user_id_idx').on(t.user_id),
  ],
);

/** Every moderation decision on a course: who, when, what and why (the course keeps only the last). */
export const courseModerationDecisions = pgTable(
  'course_moderation_decisions',
  {
    id: serial('id').primaryKey(),
    course_id: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    admin_user_id: integer('admin_user_id').references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: COURSE_DECISIONS }).notNull(),
    reason: text('reason'),
    ...timestamps,
  },
  (t) => [
    check('course_moderation_decisions_decision_check', inList(t.decision, COURSE_DECISIONS)),
    index('course_moderation_decisions_course_id_idx').on(t.course_id, t.id),
    index('course_moderation_decisions_admin_user_id_idx').on(t.admin_user_id),
  ],
);
