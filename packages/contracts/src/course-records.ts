import { z } from 'zod';
import { dataOf, IdSchema, isoDate, MAX_INT_ID, optionalText, PageQuerySchema, pageOf, listOf, readable } from './common';
import { CourseTypeSchema } from './courses';
import { defineEndpoint } from './endpoint';

/**
 * A user's course log, certificates of attendance and their public verification, and small groups
 * (join requests, meeting log, attestation). docs/courses.md, "Course log and certificates" and
 * "Small groups".
 */

/** Share of an event's duration one must have watched (live and replay together) for a certificate. */
export const CERTIFICATE_MIN_SHARE = 0.8;

/** Crockford base 32 (no I, L, O, U): 20 characters, 100 random bits. */
export const CERTIFICATE_CODE_LENGTH = 20;
export const CERTIFICATE_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A code as typed: upper case, O read as 0, I and L as 1, without spaces and dashes. */
export const normaliseCertificateCode = (v: string): string =>
  v.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');

export const CertificateCodeParamSchema = z.object({
  code: z
    .string()
    .trim()
    .toUpperCase()
    // Crockford: O is read as 0, I and L as 1 (a code typed from paper); spaces and dashes are ignored.
    .transform((v) => normaliseCertificateCode(v))
    .pipe(z.string().regex(/^[0-9A-HJKMNP-TV-Z]{20}$/)),
});

/** One line of my course log: an event I signed up for or watched, with my minutes. */
export const CourseLogEntrySchema = z.object({
  course: z.object({
    id: z.number().int(),
    title: z.string(),
    type: CourseTypeSchema,
    start_at: z.string(),
    ends_at: z.string(),
    duration_minutes: z.number().int(),
    credit_hours: z.number().nullable(),
    credit_approved_by: z.string().nullable(),
    status: z.string(),
  }),
  minutes_live: z.number().int(),
  minutes_replay: z.number().int(),
  /** Live and replay together, overlapping viewings (two tabs) counted once. */
  minutes_watched: z.number().int(),
  /** 0..1 of the duration (may pass 1 when a replay was watched again). */
  share_watched: z.number(),
  /** At least CERTIFICATE_MIN_SHARE of the duration watched, on an approved event. */
  certificate_available: z.boolean(),
  /** The verification code once the certificate has been downloaded. */
  certificate_code: z.string().nullable(),
});
export type CourseLogEntry = z.infer<typeof CourseLogEntrySchema>;

/** What the public verification answers: valid, and what it certifies; nothing more personal. */
export const CertificateVerificationSchema = z.object({
  valid: z.literal(true),
  code: z.string(),
  holder_name: z.string(),
  course_title: z.string(),
  course_type: CourseTypeSchema,
  course_date: z.string(),
  duration_minutes: z.number().int(),
  credit_hours: z.number().nullable(),
  credit_approved_by: z.string().nullable(),
  organiser: z.string(),
  issued_at: z.string(),
});
export type CertificateVerification = z.infer<typeof CertificateVerificationSchema>;

// ---------- small groups ----------

export const JOIN_REQUEST_STATUSES = ['pending', 'accepted', 'declined'] as const;
export const JoinRequestStatusSchema = z.enum(JOIN_REQUEST_STATUSES);
export type JoinRequestStatus = z.infer<typeof JoinRequestStatusSchema>;

export const JoinRequestBody = z.object({ message: optionalText(1_000) });

const PersonSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const JoinRequestSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  user: PersonSchema,
  message: z.string().nullable(),
  status: JoinRequestStatusSchema,
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type JoinRequest = z.infer<typeof JoinRequestSchema>;

export const JoinRequestListQuerySchema = PageQuerySchema.extend({
  status: JoinRequestStatusSchema.default('pending'),
});

export const JoinRequestParamSchema = z.object({ id: IdSchema, requestId: IdSchema });

/** My place in a small group: member, a request and its state, seats. */
export const SmallGroupStatusSchema = z.object({
  course_id: z.number().int(),
  is_member: z.boolean(),
  is_organiser: z.boolean(),
  request: JoinRequestSchema.nullable(),
  members_count: z.number().int(),
  max_members: z.number().int().nullable(),
});
export type SmallGroupStatus = z.infer<typeof SmallGroupStatusSchema>;

export const MemberSchema = PersonSchema;

export const MeetingInput = z.object({
  held_on: isoDate(),
  topic: readable(z.string().trim().min(3).max(300)),
  hours: z.coerce.number().min(0.5).max(24).multipleOf(0.5),
  /** Members present (must be members of the group). */
  present_user_ids: z.array(IdSchema).max(50).default([]),
});
export type MeetingInput = z.infer<typeof MeetingInput>;

export const MeetingSchema = z.object({
  id: z.number().int(),
  course_id: z.number().int(),
  held_on: z.string(),
  topic: z.string(),
  hours: z.number(),
  present: z.array(PersonSchema),
  created_at: z.string(),
});
export type Meeting = z.infer<typeof MeetingSchema>;

export const MeetingParamSchema = z.object({
  id: IdSchema,
  meetingId: z.coerce.number().int().positive().max(MAX_INT_ID),
});

const IdParam = z.object({ id: IdSchema });

/**
 * The whole log's sum (every page): the credit hours of the events whose certificate is available
 * (earned or issued), and how many those are. Events without credit hours count as certificates only.
 */
export const CourseLogTotalsSchema = z.object({
  credit_hours: z.number(),
  certificates: z.number().int(),
});
export type CourseLogTotals = z.infer<typeof CourseLogTotalsSchema>;

export const courseRecordEndpoints = {
  log: defineEndpoint({
    method: 'GET',
    path: '/courses/my/log',
    summary: 'My course log: events attended or watched, minutes live and replay, credit hours, certificates',
    access: 'member',
    permission: 'course-read',
    personal: true,
    query: PageQuerySchema,
    response: pageOf(CourseLogEntrySchema).extend({ totals: CourseLogTotalsSchema }),
  }),
  certificate: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/certificate.pdf',
    summary: 'My certificate of attendance (PDF); 422 when less than 80 % of the event was watched',
    access: 'member',
    permission: 'course-read',
    personal: true,
    params: IdParam,
    response: null,
    status: 200,
  }),
  verify: defineEndpoint({
    method: 'GET',
    path: '/certificates/:code',
    summary: 'Public check of a certificate of attendance: what it certifies; 404 for an unknown code',
    access: 'public',
    params: CertificateCodeParamSchema,
    response: dataOf(CertificateVerificationSchema),
  }),
  requestToJoin: defineEndpoint({
    method: 'POST',
    path: '/courses/:id/join-requests',
    summary: 'Ask to join a small group, with an optional message; the organiser is told',
    access: 'member',
    permission: 'course-read',
    personal: true,
    params: IdParam,
    body: JoinRequestBody,
    response: dataOf(JoinRequestSchema),
    status: 201,
  }),
  groupStatus: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/small-group',
    summary: 'My place in a small group: member, my request, seats',
    access: 'member',
    permission: 'course-read',
    params: IdParam,
    response: dataOf(SmallGroupStatusSchema),
  }),
  joinRequests: defineEndpoint({
    method: 'GET',
    path: '/my/courses/:id/join-requests',
    summary: 'Join requests of an own small group (pending by default), oldest first',
    access: 'member',
    permission: 'course-read',
    params: IdParam,
    query: JoinRequestListQuerySchema,
    response: pageOf(JoinRequestSchema),
  }),
  acceptJoinRequest: defineEndpoint({
    method: 'POST',
    path: '/my/courses/:id/join-requests/:requestId/accept',
    summary: 'Accept a join request (409 when the group is full); the requester is told',
    access: 'member',
    permission: 'course-update',
    params: JoinRequestParamSchema,
    response: dataOf(JoinRequestSchema),
  }),
  declineJoinRequest: defineEndpoint({
    method: 'POST',
    path: '/my/courses/:id/join-requests/:requestId/decline',
    summary: 'Decline a join request; the requester is told',
    access: 'member',
    permission: 'course-update',
    params: JoinRequestParamSchema,
    response: dataOf(JoinRequestSchema),
  }),
  members: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/members',
    summary: 'Members of a small group (at most 12), for its organiser and members',
    access: 'member',
    permission: 'course-read',
    params: IdParam,
    response: listOf(MemberSchema),
  }),
  meetings: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/meetings',
    summary: "A small group's meeting log, newest first (organiser and members)",
    access: 'member',
    permission: 'course-read',
    params: IdParam,
    query: PageQuerySchema,
    response: pageOf(MeetingSchema),
  }),
  createMeeting: defineEndpoint({
    method: 'POST',
    path: '/my/courses/:id/meetings',
    summary: 'Log a meeting of an own small group: date, topic, hours, who was present',
    access: 'member',
    permission: 'course-update',
    params: IdParam,
    body: MeetingInput,
    response: dataOf(MeetingSchema),
    status: 201,
  }),
  updateMeeting: defineEndpoint({
    method: 'PUT',
    path: '/my/courses/:id/meetings/:meetingId',
    summary: 'Replace a logged meeting',
    access: 'member',
    permission: 'course-update',
    params: MeetingParamSchema,
    body: MeetingInput,
    response: dataOf(MeetingSchema),
  }),
  deleteMeeting: defineEndpoint({
    method: 'DELETE',
    path: '/my/courses/:id/meetings/:meetingId',
    summary: 'Delete a logged meeting',
    access: 'member',
    permission: 'course-update',
    params: MeetingParamSchema,
    response: null,
    status: 204,
  }),
  attestation: defineEndpoint({
    method: 'GET',
    path: '/courses/:id/attestation.pdf',
    summary: 'My attestation of a small group (PDF): the meetings I was present at and their hours',
    access: 'member',
    permission: 'course-read',
    personal: true,
    params: IdParam,
    response: null,
    status: 200,
  }),
} as const;
