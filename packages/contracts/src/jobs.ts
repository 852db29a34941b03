import { z } from 'zod';
import { dataOf, IdParamSchema, IdSchema, isoDate, optionalPhone, optionalText, PageQuerySchema, pageOf, refId, readable } from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';

export const POSITION_TYPES = ['full_time', 'substitute', 'asap'] as const;
export const PositionTypeSchema = z.enum(POSITION_TYPES);
export type PositionType = z.infer<typeof PositionTypeSchema>;

export const JOB_WORKPLACE_TYPES = ['hospital', 'general_practice', 'other'] as const;
export const JobWorkplaceTypeSchema = z.enum(JOB_WORKPLACE_TYPES);

export const JOB_STATUSES = ['published', 'closed'] as const;
export const JobStatusSchema = z.enum(JOB_STATUSES);

/** At most this many specialities per job. */
export const MAX_JOB_SPECIALITIES = 10;

/** Norwegian organisation number: nine digits, mod-11 check digit with weights 3 2 7 6 5 4 3 2. */
export function isValidOrganisationNumber(value: string): boolean {
  if (!/^\d{9}$/.test(value)) return false;
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = weights.reduce((acc, w, i) => acc + w * Number(value[i]), 0);
  const check = 11 - (sum % 11);
  if (check === 10) return false;
  return (check === 11 ? 0 : check) === Number(value[8]);
}

const JobDateSchema = isoDate();

/** Create or replace a job. That referenced ids exist and the deadline is not past is the API's check. */
export const JobInput = z.object({
  title: readable(z.string().trim().min(3).max(200)),
  /** The spec's job "type". */
  job_category_id: refId,
  position_type: PositionTypeSchema,
  description: withoutNationalId(z.string().trim().min(1).max(20_000)),
  specialty_ids: z.array(IdSchema).max(MAX_JOB_SPECIALITIES).default([]),
  workplace_type: JobWorkplaceTypeSchema.nullish().transform((v) => v ?? null),
  hospital_id: refId,
  clinic_id: refId,
  work_address: optionalText(200),
  address_line: optionalText(200),
  postal_code: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || /^\d{4}$/.test(v), 'validation.postal_code'),
  city_area: optionalText(120),
  city_id: refId,
  county_id: refId,
  contact_person: optionalText(120),
  phone: optionalPhone,
  recruiting_link: z
    .string()
    .trim()
    .max(500)
    .nullish()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (/^https:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v)), 'validation.https_url'),
  application_deadline: JobDateSchema,
  hiring_date: JobDateSchema.nullish().transform((v) => v ?? null),
  /** Publishing date; today when left out. */
  published_on: JobDateSchema.nullish().transform((v) => v ?? null),
  company_name: readable(z.string().trim().min(2).max(200)),
  organisation_number: z
    .string()
    .trim()
    .nullish()
    .transform((v) => (v ? v.replace(/\s+/g, '') : null))
    .refine((v) => v === null || isValidOrganisationNumber(v), 'validation.organisation_number'),
  /** Post on behalf of a partner company the user manages. */
  partner_company_id: refId,
});
export type JobInput = z.infer<typeof JobInput>;
export type JobFormValues = z.input<typeof JobInput>;

const RefSchema = z.object({ id: z.number().int(), name: z.string() });

export const JobSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  job_category: RefSchema.nullable(),
  position_type: PositionTypeSchema,
  description: z.string(),
  specialities: z.array(RefSchema),
  workplace_type: JobWorkplaceTypeSchema.nullable(),
  hospital: RefSchema.nullable(),
  clinic: RefSchema.nullable(),
  work_address: z.string().nullable(),
  address_line: z.string().nullable(),
  postal_code: z.string().nullable(),
  city_area: z.string().nullable(),
  city: RefSchema.nullable(),
  county: RefSchema.nullable(),
  contact_person: z.string().nullable(),
  phone: z.string().nullable(),
  recruiting_link: z.string().nullable(),
  application_deadline: z.string(),
  hiring_date: z.string().nullable(),
  published_at: z.string(),
  company_name: z.string(),
  /** Public URL of the logo, or null. */
  company_logo: z.string().nullable(),
  organisation_number: z.string().nullable(),
  partner_company: z.object({ id: z.number().int(), slug: z.string(), name: z.string() }).nullable(),
  status: JobStatusSchema,
  /** Closed, or past its application deadline. */
  is_archived: z.boolean(),
  closed_at: z.string().nullable(),
  views_count: z.number().int(),
  /** The caller may edit it (owner or manager of its company). */
  can_edit: z.boolean(),
  created_at: z.string(),
});
export type Job = z.infer<typeof JobSchema>;

const flag = z
  .union([z.boolean(), z.enum(['0', '1', 'true', 'false'])])
  .optional()
  .transform((v) => v === true || v === '1' || v === 'true');

export const JobListQuerySchema = PageQuerySchema.extend({
  search: z.string().trim().max(100).optional(),
  speciality: IdSchema.optional(),
  workplace: JobWorkplaceTypeSchema.optional(),
  county: IdSchema.optional(),
  category: IdSchema.optional(),
  /** Answer the last page (where the old jobs are). */
  show_old: flag,
});
export type JobListQuery = z.infer<typeof JobListQuerySchema>;

export const MY_JOB_STATUSES = ['current', 'past'] as const;
export const MyJobListQuerySchema = PageQuerySchema.extend({
  /** `past`: closed or past the deadline. */
  status: z.enum(MY_JOB_STATUSES).default('current'),
});
export type MyJobListQuery = z.infer<typeof MyJobListQuerySchema>;

export const JobViewSchema = z.object({ id: z.number().int(), views_count: z.number().int(), counted: z.boolean() });

export const jobEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/jobs',
    summary: 'Jobs: current first, archived appended; total rounded up to ten',
    access: 'member',
    permission: 'jobs-read',
    query: JobListQuerySchema,
    response: pageOf(JobSchema),
  }),
  archived: defineEndpoint({
    method: 'GET',
    path: '/jobs/archived',
    summary: 'Archived jobs (closed or past the deadline)',
    access: 'member',
    permission: 'jobs-read',
    query: JobListQuerySchema.omit({ show_old: true }),
    response: pageOf(JobSchema),
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/jobs/:id',
    summary: 'One job',
    access: 'member',
    permission: 'jobs-read',
    params: IdParamSchema,
    response: dataOf(JobSchema),
  }),
  markAsViewed: defineEndpoint({
    method: 'GET',
    path: '/jobs/:id/mark-as-viewed',
    summary: 'Count a view of a job, once per user',
    access: 'member',
    permission: 'jobs-read',
    params: IdParamSchema,
    response: dataOf(JobViewSchema),
  }),
  myList: defineEndpoint({
    method: 'GET',
    path: '/my/jobs',
    summary: 'Own jobs (and those of companies the user manages): current or past',
    access: 'member',
    permission: 'jobs-read',
    query: MyJobListQuerySchema,
    response: pageOf(JobSchema),
  }),
  myShow: defineEndpoint({
    method: 'GET',
    path: '/my/jobs/:id',
    summary: 'One own job',
    access: 'member',
    permission: 'jobs-read',
    params: IdParamSchema,
    response: dataOf(JobSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/my/jobs',
    summary: 'Publish a job',
    access: 'member',
    permission: 'jobs-create',
    body: JobInput,
    response: dataOf(JobSchema),
    status: 201,
  }),
  update: defineEndpoint({
    method: 'PUT',
    path: '/my/jobs/:id',
    summary: 'Replace an own job',
    access: 'member',
    permission: 'jobs-update',
    params: IdParamSchema,
    body: JobInput,
    response: dataOf(JobSchema),
  }),
  close: defineEndpoint({
    method: 'POST',
    path: '/my/jobs/:id/close',
    summary: 'Close an own job (it moves to the archive)',
    access: 'member',
    permission: 'jobs-delete',
    params: IdParamSchema,
    response: dataOf(JobSchema),
  }),
  uploadLogo: defineEndpoint({
    method: 'POST',
    path: '/my/jobs/:id/logo',
    summary: 'Upload the company logo of an own job (multipart field `logo`)',
    access: 'member',
    permission: 'jobs-update',
    params: IdParamSchema,
    multipart: true,
    body: z.object({ logo: z.string().meta({ format: 'binary', description: 'JPEG, PNG or WebP image' }) }),
    response: dataOf(JobSchema),
  }),
  deleteLogo: defineEndpoint({
    method: 'DELETE',
    path: '/my/jobs/:id/logo',
    summary: 'Remove the company logo of an own job',
    access: 'member',
    permission: 'jobs-update',
    params: IdParamSchema,
    response: dataOf(JobSchema),
  }),
} as const;
