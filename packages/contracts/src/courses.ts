import { z } from 'zod';
import { dataOf, IdParamSchema, IdSchema, isoDateTime, MAX_INT_ID, optionalText, PageQuerySchema, pageOf, refId, readable } from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';
import { WORKPLACE_TYPES } from './professional';

/** docs/courses.md: the four kinds of event. */
export const COURSE_TYPES = ['course', 'webinar', 'lunch_meeting', 'small_group'] as const;
export const CourseTypeSchema = z.enum(COURSE_TYPES);
export type CourseType = z.infer<typeof CourseTypeSchema>;

export const COURSE_STATUSES = ['draft', 'submitted', 'approved', 'rejected', 'cancelled'] as const;
export const CourseStatusSchema = z.enum(COURSE_STATUSES);
export type CourseStatus = z.infer<typeof CourseStatusSchema>;

/** Spec point 9: 30 min, 1 h, 1 h 30 min, 2 h. */
export const COURSE_DURATIONS = [30, 60, 90, 120] as const;
export type CourseDuration = (typeof COURSE_DURATIONS)[number];

/** The catalogue's tabs: not started yet, running now (Oslo time), ended. */
export const COURSE_TABS = ['upcoming', 'live', 'past'] as const;
export const CourseTabSchema = z.enum(COURSE_TABS);
export type CourseTab = z.infer<typeof CourseTabSchema>;

export const CREATOR_TYPES = ['user', 'company'] as const;
export const CreatorTypeSchema = z.enum(CREATOR_TYPES);

export const COURSE_SUBSCRIPTION_STATUSES = ['attending', 'waiting'] as const;
export const CourseSubscriptionStatusSchema = z.enum(COURSE_SUBSCRIPTION_STATUSES);

/** A small group has 3 to 12 members (general practitioners' continuing education groups). */
export const SMALL_GROUP_MIN = 3;
export const SMALL_GROUP_MAX = 12;
export const MAX_COURSE_SPECIALITIES = 10;

/** Hosts an embed code's iframe may point at, unless the configuration names others (docs/courses.md). */
export const DEFAULT_EMBED_HOSTS = [
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
  'teams.microsoft.com',
  'web.microsoftstream.com',
  'zoom.us',
] as const;

const DateTimeSchema = isoDateTime();

const optionalHttpsUrl = z
  .string()
  .trim()
  .max(500)
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => v === null || (/^https:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v)), 'validation.https_url');

/**
 * Create or replace a course. The rules that need the clock, the database or the type (start in the
 * future, deadline before the start, references, no credit hours when sponsored, small-group size,
 * the embed code's host) are the API's (422 on the field).
 */
export const CourseInput = z.object({
  type: CourseTypeSchema,
  title: readable(z.string().trim().min(3).max(200)),
  description: withoutNationalId(z.string().trim().min(1).max(20_000)),
  target: optionalText(500),
  category_id: refId,
  specialty_ids: z.array(IdSchema).max(MAX_COURSE_SPECIALITIES).default([]),
  county_id: refId,
  city_id: refId,
  address: optionalText(300),
  workplace_type: z.enum(WORKPLACE_TYPES).nullish().transform((v) => v ?? null),
  hospital_id: refId,
  clinic_id: refId,
  /** Start date and time, ISO 8601 with offset. */
  start_at: DateTimeSchema,
  duration_minutes: z.coerce
    .number()
    .int()
    .refine((v) => (COURSE_DURATIONS as readonly number[]).includes(v), 'validation.course_duration'),
  subscription_deadline: DateTimeSchema.nullish().transform((v) => v ?? null),
  host_name: optionalText(200),
  /** An `<iframe>` from an allowed video host; stored as a clean iframe with its `src` only. */
  embed_code: optionalText(5_000),
  video_link: optionalHttpsUrl,
  credit_hours: z.coerce.number().min(0.5).max(999).multipleOf(0.5).nullish().transform((v) => v ?? null),
  credit_approved_by: optionalText(200),
  sponsor_name: optionalText(200),
  food_served: z.boolean().default(false),
  audience: optionalText(500),
  max_attendees: z.coerce.number().int().min(1).max(100_000).nullish().transform((v) => v ?? null),
  /** Organise as this partner company (one the user manages); acting as a company implies it. */
  partner_company_id: refId,
});
export type CourseInput = z.infer<typeof CourseInput>;
export type CourseFormValues = z.input<typeof CourseInput>;

const RefSchema = z.object({ id: z.number().int(), name: z.string() });

export const CourseSchema = z.object({
  id: z.number().int(),
  type: CourseTypeSchema,
  title: z.string(),
  description: z.string(),
  target: z.string().nullable(),
  category: RefSchema.nullable(),
  specialities: z.array(RefSchema),
  county: RefSchema.nullable(),
  city: RefSchema.nullable(),
  address: z.string().nullable(),
  workplace_type: z.enum(WORKPLACE_TYPES).nullable(),
  hospital: RefSchema.nullable(),
  clinic: RefSchema.nullable(),
  start_at: z.string(),
  ends_at: z.string(),
  duration_minutes: z.number().int(),
  subscription_deadline: z.string().nullable(),
  host_name: z.string().nullable(),
  embed_code: z.string().nullable(),
  video_link: z.string().nullable(),
  /** When the webinar video was uploaded; null without one (docs/courses.md "Webinar video"). */
  video_uploaded_at: z.string().nullable(),
  /** A signed address of the uploaded video, bound to the caller; null when they may not play it. */
  video_url: z.string().nullable(),
  credit_hours: z.number().nullable(),
  credit_approved_by: z.string().nullable(),
  sponsor_name: z.string().nullable(),
  food_served: z.boolean(),
  audience: z.string().nullable(),
  max_attendees: z.number().int().nullable(),
  attendees_count: z.number().int(),
  waiting_count: z.number().int(),
  status: CourseStatusSchema,
  moderation_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  reviewed_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  creator_type: CreatorTypeSchema,
  partner_company: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  /** Started and not yet ended. */
  is_live: z.boolean(),
  /** Ended (start + duration has passed). */
  is_past: z.boolean(),
  /** The subscription deadline (or, without one, the start) has passed. */
  is_closed_for_signup: z.boolean(),
  /** The caller's seat or place on the waiting list. */
  my_subscription: CourseSubscriptionStatusSchema.nullable(),
  /** 1 = next in line; null when not waiting. */
  my_waiting_position: z.number().int().nullable(),
  /** The caller may edit or cancel it (owner, or manager of its company). */
  can_edit: z.boolean(),
  /** The server's clock when answering, so a countdown does not depend on the device's clock. */
  server_time: z.string(),
  created_at: z.string(),
});
export type Course = z.infer<typeof CourseSchema>;

/** A list parameter as `1,2,3`, repeated (`specialities=1&specialities=2`) or `specialities[]=1`. */
const idList = z
  .union([z.array(z.string()), z.string()])
  .optional()
  .transform((v) =>
    (v === undefined ? [] : Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(','))
      .filter((s) => s.trim() !== '')
      .map(Number),
  )
  .pipe(z.array(z.number().int().positive().max(MAX_INT_ID)).max(50));

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

export const CourseListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  specialities: idList,
  counties: idList,
  cities: idList,
  type: CourseTypeSchema.optional(),
  /** Only events with something to play: an uploaded video, a video link or an embed code (the "TV" tab). */
  playable: flag,
  activeTab: CourseTabSchema.default('upcoming'),
  /** Answer the last page (where the ended events are). */
  show_old: flag,
});
export type CourseListQuery = z.infer<typeof CourseListQuerySchema>;
export const CourseArchivedQuerySchema = CourseListQuerySchema.omit({ activeTab: true, show_old: true });
export type CourseArchivedQuery = z.infer<typeof CourseArchivedQuerySchema>;

export const MY_ATTENDANCE_WHEN = ['upcoming', 'past'] as const;
export const MyAttendanceQuerySchema = PageQuerySchema.extend({
  when: z.enum(MY_ATTENDANCE_WHEN).default('upcoming'),
});
export type MyAttendanceQuery = z.infer<typeof MyAttendanceQuerySchema>;

export const MyCourseListQuerySchema = PageQuerySchema.extend({
  speciality: IdSchema.optional(),
  workplace: z.enum(WORKPLACE_TYPES).optional(),
  type: CourseTypeSchema.optional(),
  creator_type: CreatorTypeSchema.optional(),
  status: CourseStatusSchema.optional(),
});
export type MyCourseListQuery = z.infer<typeof MyCourseListQuerySchema>;

export const CourseAttendanceSchema = z.object({
  course_id: z.number().int(),
  /** null after leaving. */
  status: CourseSubscriptionStatusSchema.nullable(),
  waiting_position: z.number().int().nullable(),
  attendees_count: z.number().int(),
  waiting_count: z.number().int(),
});
export type CourseAttendance = z.infer<typeof CourseAttendanceSchema>;

export const CourseRejectBody = z.object({ reason: withoutNationalId(z.string().trim().min(3).max(2_000)) });

/** One moderation decision (the admin queue shows the history of a course). */
export const CourseDecisionSchema = z.object({
  id: z.number().int(),
  decision: z.enum(['approved', 'rejected']),
  reason: z.string().nullable(),
  admin: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
  created_at: z.string(),
});

export const AdminCourseSchema = CourseSchema.extend({
  organiser: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string(), email: z.string() }),
  decisions: z.array(CourseDecisionSchema),
});
export type AdminCourse = z.infer<typeof AdminCourseSchema>;

/** The answer to `user-entered-on`: the viewing's id and the signed token its beacons carry. */
export const CourseViewingSchema = z.object({
  id: z.number().int(),
  token: z.string(),
  /** Seconds the token is valid. */
  expires_in: z.number().int(),
});
/** A beacon's body (`navigator.sendBeacon` cannot send the bearer header). */
export const CourseLeftWatchingBody = z.object({ token: z.string().min(10).max(500) });

export const CourseAnalyticsSchema = z.object({
  course_id: z.number().int(),
  sign_ups: z.number().int(),
  waiting: z.number().int(),
  attended: z.number().int(),
  /** Seats taken by people who watched nothing; 0 until the event has ended. */
  no_shows: z.number().int(),
  live_minutes: z.number(),
  replay_minutes: z.number(),
  total_minutes: z.number(),
  /** Minutes per viewer (live and replay). */
  average_minutes: z.number(),
  /** Share (0..1) of viewers who watched it to the end as the course log counts it: their certificate is available (80 % of the duration; `completedEvent`). */
  share_to_end: z.number(),
  peak_concurrent: z.number().int(),
  /** Viewers at each minute of the event, from its start. */
  concurrent: z.array(z.object({ minute: z.number().int(), viewers: z.number().int() })),
});
export type CourseAnalytics = z.infer<typeof CourseAnalyticsSchema>;

export const courseEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/courses',
    summary: 'Courses and webinars of a tab: current first, ended appended; total rounded up to ten',
    access: 'member',
    permission: 'course-read',
    query: CourseListQuerySchema,
    response: pageOf(CourseSchema),
  }),
  archived: defineEndpoint({
    method: 'GET',
    path: '/courses/archived',
    summary: 'Ended courses and webinars, newest first',
    access: 'member',
    permission: 'course-read',
    query: CourseArchivedQuerySchema,
    response: pageOf(CourseSchema),
  }),
  attending: defineEndpoint({
    method: 'GET',
    path: '/courses/my',
    summary: 'Events the caller attends or waits for, upcoming or past',
    access: 'member',
    permission: 'course-read',
    personal: true,
    query: MyAttendanceQuerySchema,
    response: pageOf(CourseSchema),
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/courses/:id',
    summary: 'One approved course or webinar (or an own one)',
    access: 'member',
    permission: 'course-read',
    params: IdParamSchema,
    response: dataOf(CourseSchema),
  }),
  subscribe: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/subscribe',
    summary: 'Attend; when the seats are taken, join the waiting list',
    access: 'member',
    permission: 'course-read',
    personal: true,
    params: IdParamSchema,
    response: dataOf(CourseAttendanceSchema),
  }),
  unsubscribe: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/unsubscribe',
    summary: 'Leave (or leave the waiting list); the next in line gets the seat',
    access: 'member',
    permission: 'course-read',
    personal: true,
    params: IdParamSchema,
    response: dataOf(CourseAttendanceSchema),
  }),
  calendar: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/calendar.ics',
    summary: 'The event as an iCalendar file (Outlook, Google, Apple)',
    access: 'member',
    permission: 'course-read',
    params: IdParamSchema,
    response: null,
    status: 200,
  }),
  myList: defineEndpoint({
    method: 'GET',
    path: '/my/courses',
    summary: 'Courses the caller organises (or their companies do)',
    access: 'member',
    permission: 'course-read',
    query: MyCourseListQuerySchema,
    response: pageOf(CourseSchema),
  }),
  myShow: defineEndpoint({
    method: 'GET',
    path: '/my/courses/:id',
    summary: 'One own course, whatever its state',
    access: 'member',
    permission: 'course-read',
    params: IdParamSchema,
    response: dataOf(CourseSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/my/courses',
    summary: 'Create a course as a draft',
    access: 'member',
    permission: 'course-create',
    body: CourseInput,
    response: dataOf(CourseSchema),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/my/courses/:id',
    summary: 'Replace an own draft, submitted or rejected course (approved ones are locked: 409)',
    access: 'member',
    permission: 'course-update',
    params: IdParamSchema,
    body: CourseInput,
    response: dataOf(CourseSchema),
  }),
  submit: defineEndpoint({
    method: 'POST',
    path: '/my/courses/:id/submit',
    summary: 'Send a draft or rejected course to moderation',
    access: 'member',
    permission: 'course-update',
    params: IdParamSchema,
    response: dataOf(CourseSchema),
  }),
  cancel: defineEndpoint({
    method: 'POST',
    path: '/my/courses/:id/cancel',
    summary: 'Cancel an own course; attendees are notified',
    access: 'member',
    permission: 'course-delete',
    params: IdParamSchema,
    response: dataOf(CourseSchema),
  }),
  enteredOn: defineEndpoint({
    method: 'GET',
    path: '/course-analytics/:id/user-entered-on',
    summary: 'Start a viewing record; answers its id and a short-lived token for the beacons',
    access: 'member',
    permission: 'course-read',
    params: IdParamSchema,
    response: dataOf(CourseViewingSchema),
    status: 201,
  }),
  leftWatching: defineEndpoint({
    method: 'POST',
    path: '/course-analytics/:id/user-left-watching',
    summary: 'Beacon (on leave and every 60 s): the viewing lasted until now; the token authenticates it',
    access: 'public',
    params: IdParamSchema,
    body: CourseLeftWatchingBody,
    response: null,
  }),
  analytics: defineEndpoint({
    method: 'GET',
    path: '/my/courses/:id/analytics',
    summary: 'Sign-ups, attendance, live and replay minutes, concurrent viewers of an own course',
    access: 'member',
    permission: 'course-read',
    params: IdParamSchema,
    response: dataOf(CourseAnalyticsSchema),
  }),
  attendanceCsv: defineEndpoint({
    method: 'GET',
    path: '/my/courses/:id/attendance.csv',
    summary: 'Attendance of an own course as CSV: name, profession, minutes live, minutes replay',
    access: 'member',
    permission: 'course-read',
    params: IdParamSchema,
    response: null,
    status: 200,
  }),
  adminQueue: defineEndpoint({
    method: 'GET',
    path: '/admin/courses',
    summary: 'Courses waiting for moderation, oldest first',
    access: 'admin',
    query: PageQuerySchema,
    response: pageOf(AdminCourseSchema),
  }),
  adminShow: defineEndpoint({
    method: 'GET',
    path: '/admin/courses/:id',
    summary: 'A course with its organiser and moderation history',
    access: 'admin',
    params: IdParamSchema,
    response: dataOf(AdminCourseSchema),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/admin/courses/:id/approve',
    summary: 'Approve a submitted course; the organiser is told',
    access: 'admin',
    params: IdParamSchema,
    response: dataOf(AdminCourseSchema),
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/admin/courses/:id/reject',
    summary: 'Reject a submitted course with a reason; the organiser is told',
    access: 'admin',
    params: IdParamSchema,
    body: CourseRejectBody,
    response: dataOf(AdminCourseSchema),
  }),
} as const;
