import { z } from 'zod';
import { dataOf, IdSchema, optionalPhone, optionalText, pageOf, PageQuerySchema, SlugParamSchema, readable } from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';
import { type Post, PostSchema } from './posts';
import { UserCardSchema } from './network';

/** Multipart field carrying a company's logo. */
export const COMPANY_LOGO_FIELD = 'logo';
export const MAX_COMPANY_CATEGORIES = 10;


/** `1,2,3` (one form field or query parameter) or repeated fields: category ids. */
const idList = (min: number) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v): unknown[] => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
    .pipe(z.array(IdSchema).min(min).max(MAX_COMPANY_CATEGORIES));

const flag = z.union([z.boolean(), z.enum(['0', '1', 'true', 'false'])]).transform((v) => v === true || v === '1' || v === 'true');

export const CompanyInput = z.object({
  name: readable(z.string().trim().min(2).max(200)),
  categories: idList(1),
  description: optionalText(5000),
  organisation_number: optionalText(20),
  email: z
    .string()
    .trim()
    .max(254)
    .pipe(z.union([z.literal(''), z.email()]))
    .nullish()
    .transform((v) => (v ? v : null)),
  phone: optionalPhone,
  /** A web address; `legenett.no` becomes `https://legenett.no`, other schemes than http(s) are refused. */
  website: optionalText(500)
    .transform((v) => (v && !/^[a-z][a-z0-9+.-]*:/i.test(v) ? `https://${v}` : v))
    .refine((v) => v === null || (/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(v) && URL.canParse(v)), 'validation.invalid_url'),
  address: optionalText(300),
  postal_code: optionalText(10),
});
export type CompanyInput = z.infer<typeof CompanyInput>;

export const CompanyListQuery = PageQuerySchema.extend({
  categories: idList(0).optional(),
  name: z.string().trim().max(200).optional(),
});
export type CompanyListQuery = z.infer<typeof CompanyListQuery>;

export const CompanyPostsQuery = PageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  archive: flag.default(false),
});
export type CompanyPostsQuery = z.infer<typeof CompanyPostsQuery>;

export const CompanySettingsBody = z
  .object({ is_published: z.boolean().optional(), is_comments_allowed: z.boolean().optional() })
  .refine((v) => v.is_published !== undefined || v.is_comments_allowed !== undefined, {
    message: 'is_published or is_comments_allowed',
    path: ['is_published'],
  });
export const CompanyDeleteBody = z.object({ reason_to_delete: withoutNationalId(z.string().trim().min(3).max(2000)) });
export const FollowInvitationBody = z.object({ users: z.array(IdSchema).min(1).max(100) });

const CategoryRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const CompanySummarySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  logo: z.string().nullable(),
  is_published: z.boolean(),
  followers_count: z.number().int(),
  categories: z.array(CategoryRefSchema),
});
export type CompanySummary = z.infer<typeof CompanySummarySchema>;

export const CompanySchema = CompanySummarySchema.extend({
  organisation_number: z.string().nullable(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  address: z.string().nullable(),
  postal_code: z.string().nullable(),
  is_comments_allowed: z.boolean(),
  followed_by_me: z.boolean(),
  is_manager: z.boolean(),
  created_at: z.string(),
});
export type Company = z.infer<typeof CompanySchema>;

/** A company's posts are posts like any other: the same shape as the feed (attachments, like state). */
export const CompanyPostSchema = PostSchema;
export type CompanyPost = Post;

export const companyEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/partner-companies',
    summary: 'Published partner companies (and unpublished ones the caller manages), by name',
    access: 'member',
    query: CompanyListQuery,
    response: pageOf(CompanySummarySchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/partner-companies',
    summary: 'Create a partner company (multipart, `logo`); the creator manages it',
    access: 'member',
    personal: true,
    multipart: true,
    body: CompanyInput,
    status: 201,
    response: dataOf(CompanySchema),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/partner-companies/:slug',
    summary: "Edit a company's details (multipart; a new `logo` replaces the old one; managers only; the slug stays)",
    access: 'member',
    multipart: true,
    params: SlugParamSchema,
    body: CompanyInput,
    response: dataOf(CompanySchema),
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/partner-companies/:slug/show',
    summary: 'A partner company page',
    access: 'member',
    params: SlugParamSchema,
    response: dataOf(CompanySchema),
  }),
  followers: defineEndpoint({
    method: 'GET',
    path: '/partner-companies/followers/:slug',
    summary: "A partner company's followers, newest first",
    access: 'member',
    params: SlugParamSchema,
    query: PageQuerySchema,
    response: pageOf(UserCardSchema),
  }),
  follow: defineEndpoint({
    method: 'POST',
    path: '/partner-companies/:slug/follow',
    summary: 'Follow a partner company (idempotent)',
    access: 'member',
    personal: true,
    params: SlugParamSchema,
    response: dataOf(z.object({ following: z.boolean(), followers_count: z.number().int() })),
  }),
  unfollow: defineEndpoint({
    method: 'DELETE',
    path: '/partner-companies/:slug/follow',
    summary: 'Stop following a partner company (idempotent)',
    access: 'member',
    personal: true,
    params: SlugParamSchema,
    response: dataOf(z.object({ following: z.boolean(), followers_count: z.number().int() })),
  }),
  invite: defineEndpoint({
    method: 'POST',
    path: '/partner-company/:slug/follow-invitation',
    summary: 'Invite members to follow the company (managers only); each gets a notification',
    access: 'member',
    params: SlugParamSchema,
    body: FollowInvitationBody,
    response: dataOf(z.object({ invited: z.array(z.number().int()) })),
  }),
  settings: defineEndpoint({
    method: 'PATCH',
    path: '/partner-companies/:slug/settings',
    summary: 'Publish / unpublish, allow comments (managers only)',
    access: 'member',
    params: SlugParamSchema,
    body: CompanySettingsBody,
    response: dataOf(CompanySchema),
  }),
  remove: defineEndpoint({
    method: 'DELETE',
    path: '/partner-companies/:slug',
    summary: 'Delete a partner company with a reason (managers only; soft delete)',
    access: 'member',
    params: SlugParamSchema,
    body: CompanyDeleteBody,
    response: null,
  }),
  posts: defineEndpoint({
    method: 'GET',
    path: '/partner-company-posts/:slug',
    summary: "A company's posts, newest first (`archive=1`: archived ones, managers only)",
    access: 'member',
    params: SlugParamSchema,
    query: CompanyPostsQuery,
    response: pageOf(CompanyPostSchema),
  }),
} as const;
