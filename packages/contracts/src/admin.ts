import { z } from 'zod';
import { dataOf, IdParamSchema, LocaleSchema, pageOf, PageQuerySchema } from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';
import { RoleSchema, StatusLabelSchema } from './user';

/**
 * The admin area (issue 3): the approval queue with each account's HPR lookup, decisions on accounts
 * (approve, reject, block, unblock) and the mail/SMS outbox. Administrators only.
 */

export const ACCOUNT_STATUSES = ['awaiting_approval', 'in_review', 'approved', 'rejected', 'blocked'] as const;
export const AccountStatusSchema = z.enum(ACCOUNT_STATUSES);
export type AccountStatus = z.infer<typeof AccountStatusSchema>;

/** What an administrator can do to an account; which of them applies in which status is the API's table. */
export const ACCOUNT_ACTIONS = ['approve', 'reject', 'block', 'unblock'] as const;
export const AccountActionSchema = z.enum(ACCOUNT_ACTIONS);
export type AccountAction = z.infer<typeof AccountActionSchema>;

export const ACCOUNT_DECISION_KINDS = ['approved', 'rejected', 'in_review', 'blocked', 'unblocked'] as const;
export const AccountDecisionKindSchema = z.enum(ACCOUNT_DECISION_KINDS);
export type AccountDecisionKind = z.infer<typeof AccountDecisionKindSchema>;

export const AdminHprProfessionSchema = z.enum(['doctor', 'student', 'nurse', 'dentist', 'psychologist', 'physiotherapist', 'other']);
export type AdminHprProfession = z.infer<typeof AdminHprProfessionSchema>;

/** What the health-personnel register says about an account (by its HPR number, else its identity). */
export const AdminHprLookupSchema = z.object({
  found: z.boolean(),
  /** Which of the account's data found the entry; null when nothing did. */
  matched_by: z.enum(['hpr_number', 'national_id']).nullable(),
  hpr_number: z.string().nullable(),
  profession: AdminHprProfessionSchema.nullable(),
  has_authorisation: z.boolean(),
  has_licence: z.boolean(),
  /** Whether the register's name is the account's (null when nothing was found). */
  name_matches: z.boolean().nullable(),
  /** Other accounts that gave the same HPR number (a flag for the queue: one person, one account). */
  other_accounts: z.number().int(),
  /** Whether one of those is approved: this account cannot be approved as well. */
  number_in_use: z.boolean(),
  /** A doctor with authorisation or a student with a licence: approval gives `approved_hrp` 2. */
  confirms_health_personnel: z.boolean(),
});
export type AdminHprLookup = z.infer<typeof AdminHprLookupSchema>;

export const AdminUserSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  status: AccountStatusSchema,
  status_label: StatusLabelSchema,
  approved_hrp: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  hpr_number: z.string().nullable(),
  registered_via: z.enum(['identity_provider', 'hpr_number', 'admin']),
  roles: z.array(RoleSchema),
  created_at: z.string(),
  hpr: AdminHprLookupSchema,
  /** The actions the account's status allows (the same table the API enforces). */
  available_actions: z.array(AccountActionSchema),
});
export type AdminUser = z.infer<typeof AdminUserSchema>;

export const AccountDecisionSchema = z.object({
  id: z.number().int(),
  decision: AccountDecisionKindSchema,
  from_status: AccountStatusSchema.nullable(),
  reason: z.string().nullable(),
  created_at: z.string(),
  admin: z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() }).nullable(),
});
export type AccountDecision = z.infer<typeof AccountDecisionSchema>;

export const AdminUserDetailSchema = AdminUserSchema.extend({
  phone: z.string().nullable(),
  birth_date: z.string().nullable(),
  locale: z.enum(['no', 'en']),
  email_verified: z.boolean(),
  last_login_date: z.string().nullable(),
  decisions: z.array(AccountDecisionSchema),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const AdminUserListQuerySchema = PageQuerySchema.extend({
  status: AccountStatusSchema.default('awaiting_approval'),
  search: z.string().trim().max(100).optional(),
});
export type AdminUserListQuery = z.infer<typeof AdminUserListQuerySchema>;

export const REASON_MAX = 1000;
export const DecisionReasonSchema = z.object({
  reason: withoutNationalId(z.string({ message: 'validation.required' }).trim().min(1, { message: 'validation.required' }).max(REASON_MAX)),
});
export type DecisionReason = z.infer<typeof DecisionReasonSchema>;

export const OUTBOX_MESSAGE_CHANNELS = ['mail', 'sms'] as const;
export const OUTBOX_MESSAGE_STATUSES = ['queued', 'sent', 'failed'] as const;

export const OutboxQuerySchema = PageQuerySchema.extend({
  channel: z.enum(OUTBOX_MESSAGE_CHANNELS).optional(),
  status: z.enum(OUTBOX_MESSAGE_STATUSES).optional(),
});
export type OutboxQuery = z.infer<typeof OutboxQuerySchema>;

export const OutboxMessageSchema = z.object({
  id: z.number().int(),
  channel: z.enum(OUTBOX_MESSAGE_CHANNELS),
  to: z.string(),
  user_id: z.number().int().nullable(),
  subject: z.string().nullable(),
  body: z.string(),
  template: z.string().nullable(),
  locale: z.enum(['no', 'en']).nullable(),
  status: z.enum(OUTBOX_MESSAGE_STATUSES),
  attempts: z.number().int(),
  last_error: z.string().nullable(),
  sent_at: z.string().nullable(),
  created_at: z.string(),
});
export type OutboxMessage = z.infer<typeof OutboxMessageSchema>;

/** One e-mail template the product sends, as the admin area lists it (issue 27: previews of every template). */
export const MailTemplateSummarySchema = z.object({
  /** The template's name (`MAIL_TEMPLATES` of the API), the key of the preview. */
  template: z.string(),
  /** Its subject with the sample data, in the request's language. */
  subject: z.string(),
  /** Rendered by React Email (the digest) or from the message catalogue (the rest). */
  engine: z.enum(['react_email', 'catalogue']),
});
export type MailTemplateSummary = z.infer<typeof MailTemplateSummarySchema>;

export const MailTemplateParamsSchema = z.object({ template: z.string().min(1).max(100) });

export const MailPreviewQuerySchema = z.object({
  /** The language to render in; the request's language when left out. */
  locale: LocaleSchema.optional(),
});
export type MailPreviewQuery = z.infer<typeof MailPreviewQuerySchema>;

/** One template rendered with sample data: both parts as a recipient would get them. */
export const MailPreviewSchema = z.object({
  template: z.string(),
  locale: LocaleSchema,
  engine: z.enum(['react_email', 'catalogue']),
  subject: z.string(),
  /** The HTML part: shown in a sandboxed frame (no scripts, no same origin). */
  html: z.string(),
  text: z.string(),
  /** Extra headers the real mail carries (`List-Unsubscribe`, `List-Unsubscribe-Post`). */
  headers: z.record(z.string(), z.string()),
});
export type MailPreview = z.infer<typeof MailPreviewSchema>;

export const adminEndpoints = {
  users: defineEndpoint({
    method: 'GET',
    path: '/admin/users',
    summary: 'Accounts in one status (default: awaiting approval), newest first, with their HPR lookup',
    access: 'admin',
    query: AdminUserListQuerySchema,
    response: pageOf(AdminUserSchema),
  }),
  user: defineEndpoint({
    method: 'GET',
    path: '/admin/users/:id',
    summary: 'One account with its HPR lookup and decision history',
    access: 'admin',
    params: IdParamSchema,
    response: dataOf(AdminUserDetailSchema),
  }),
  approve: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/approve',
    summary: 'Approve an account (role and approved_hrp from the HPR register)',
    access: 'admin',
    params: IdParamSchema,
    response: dataOf(AdminUserDetailSchema),
  }),
  reject: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/reject',
    summary: 'Reject an account, with a reason the user is told',
    access: 'admin',
    params: IdParamSchema,
    body: DecisionReasonSchema,
    response: dataOf(AdminUserDetailSchema),
  }),
  block: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/block',
    summary: 'Block an account and end its sessions',
    access: 'admin',
    params: IdParamSchema,
    body: DecisionReasonSchema,
    response: dataOf(AdminUserDetailSchema),
  }),
  unblock: defineEndpoint({
    method: 'POST',
    path: '/admin/users/:id/unblock',
    summary: 'Unblock an account (back to the status it had before the block)',
    access: 'admin',
    params: IdParamSchema,
    response: dataOf(AdminUserDetailSchema),
  }),
  outbox: defineEndpoint({
    method: 'GET',
    path: '/admin/outbox',
    summary: 'Mail and SMS outbox, newest first',
    access: 'admin',
    query: OutboxQuerySchema,
    response: pageOf(OutboxMessageSchema),
  }),
  mailTemplates: defineEndpoint({
    method: 'GET',
    path: '/admin/mail-templates',
    summary: 'Every e-mail template, with its subject rendered from sample data',
    access: 'admin',
    response: dataOf(z.array(MailTemplateSummarySchema)),
  }),
  mailPreview: defineEndpoint({
    method: 'GET',
    path: '/admin/mail-templates/:template',
    summary: 'One e-mail template rendered with sample data (subject, HTML and text) in nb or en',
    access: 'admin',
    params: MailTemplateParamsSchema,
    query: MailPreviewQuerySchema,
    response: dataOf(MailPreviewSchema),
  }),
} as const;
