import { z } from 'zod';
import { BigIdParamSchema, dataOf, pageOf, PageQuerySchema } from './common';
import { defineEndpoint } from './endpoint';

/**
 * The administrators' sweep of content written before the guard or a change of its rules (issue 38,
 * docs/patient-data-guard.md): every identity number found in a shared text, where, by whom, when,
 * with a link, masked. Administrators only.
 */
export const GUARD_FINDING_SOURCES = [
  'post',
  'comment',
  'petition',
  'press_release',
  'job',
  'product',
  'course',
  'company',
  'profile',
  'group',
  'message',
  'file',
] as const;
export const GuardFindingSourceSchema = z.enum(GUARD_FINDING_SOURCES);
export type GuardFindingSource = z.infer<typeof GuardFindingSourceSchema>;

export const GUARD_FINDING_STATUSES = ['open', 'removed', 'not_a_number'] as const;
export const GuardFindingStatusSchema = z.enum(GUARD_FINDING_STATUSES);
export type GuardFindingStatus = z.infer<typeof GuardFindingStatusSchema>;

/** What an administrator records: the content was removed, or it holds no identity number. */
export const GUARD_FINDING_DECISIONS = ['removed', 'not_a_number'] as const;
export const GuardFindingDecisionSchema = z.object({ decision: z.enum(GUARD_FINDING_DECISIONS) });
export type GuardFindingDecision = z.infer<typeof GuardFindingDecisionSchema>;

export const GuardFindingSchema = z.object({
  id: z.number().int(),
  source: GuardFindingSourceSchema,
  /** The column that holds it (`summary`, `body`, `original_name`, ...). */
  field: z.string(),
  content_id: z.number().int(),
  /** A path in the web where the content is; null for a private message (admins do not read them). */
  link: z.string().nullable(),
  /** The number masked (last two digits); never the number. */
  masked: z.string(),
  /** Eleven plain digits that are also a valid account number. */
  could_be_account: z.boolean(),
  author: z
    .object({ type: z.enum(['user', 'company']), id: z.number().int(), slug: z.string(), name: z.string() })
    .nullable(),
  content_created_at: z.string(),
  status: GuardFindingStatusSchema,
  handled_by: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  handled_at: z.string().nullable(),
  /** When a sweep first found it. */
  created_at: z.string(),
});
export type GuardFinding = z.infer<typeof GuardFindingSchema>;

export const GuardFindingListQuerySchema = PageQuerySchema.extend({ status: GuardFindingStatusSchema.default('open') });
export type GuardFindingListQuery = z.infer<typeof GuardFindingListQuerySchema>;

export const GuardSweepSchema = z.object({
  id: z.number().int(),
  reason: z.enum(['manual', 'rules']),
  rules_version: z.number().int(),
  status: z.enum(['queued', 'running', 'done', 'failed']),
  scanned: z.number().int(),
  found: z.number().int(),
  started_at: z.string().nullable(),
  finished_at: z.string().nullable(),
  created_at: z.string(),
});
export type GuardSweep = z.infer<typeof GuardSweepSchema>;

export const guardSweepEndpoints = {
  findings: defineEndpoint({
    method: 'GET',
    path: '/admin/guard-findings',
    summary: 'Identity numbers found by the sweep in content written before, by status, newest first (masked)',
    access: 'admin',
    query: GuardFindingListQuerySchema,
    response: pageOf(GuardFindingSchema),
  }),
  decideFinding: defineEndpoint({
    method: 'PUT',
    path: '/admin/guard-findings/:id',
    summary: 'Mark a finding handled: the content was removed, or it is no identity number',
    access: 'admin',
    params: BigIdParamSchema,
    body: GuardFindingDecisionSchema,
    response: dataOf(GuardFindingSchema),
  }),
  latestSweep: defineEndpoint({
    method: 'GET',
    path: '/admin/guard-sweeps/latest',
    summary: 'The latest sweep (queued, running or finished), or null when none ever ran',
    access: 'admin',
    response: dataOf(GuardSweepSchema.nullable()),
  }),
  startSweep: defineEndpoint({
    method: 'POST',
    path: '/admin/guard-sweeps',
    summary: 'Start a sweep of every shared text (through the job queue); one already queued or running is returned instead',
    access: 'admin',
    status: 202,
    response: dataOf(GuardSweepSchema),
  }),
} as const;
