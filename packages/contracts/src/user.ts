import { z } from 'zod';

/** Permission keys of spec point 6 (the role -> key table lives in the API and docs/permissions.md). */
export const PERMISSION_KEYS = [
  'course-create',
  'course-read',
  'course-update',
  'course-delete',
  'jobs-create',
  'jobs-read',
  'jobs-update',
  'jobs-delete',
  'market-create',
  'market-read',
  'market-update',
  'market-delete',
  'video-viewer-read',
  'audio-viewer-read',
] as const;
export const PermissionKeySchema = z.enum(PERMISSION_KEYS);
export type PermissionKey = z.infer<typeof PermissionKeySchema>;

export const ROLES = ['doctor', 'student', 'admin', 'company_manager'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

/** The wire's status labels (spec point 3/4). */
export const STATUS_LABELS = ['Awaiting approval', 'In review', 'Approved', 'Rejected', 'Blocked'] as const;
export const StatusLabelSchema = z.enum(STATUS_LABELS);
export type StatusLabel = z.infer<typeof StatusLabelSchema>;

/**
 * The trust badge beside a member's name: the HPR profession the register confirmed them as
 * (`approved_hrp` 2). Legenett confirms only authorised doctors (`doctor`) and medical students with
 * a student licence (`student`), the register's two professions that may join; null otherwise.
 */
export const VerifiedAsSchema = z.enum(['doctor', 'student']).nullable();
export type VerifiedAs = z.infer<typeof VerifiedAsSchema>;

export const BusinessProfileSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type BusinessProfile = z.infer<typeof BusinessProfileSchema>;

export const UserInfoSchema = z.object({
  /** 0 = not checked, 1 = checked but not confirmed, 2 = confirmed health personnel. */
  approved_hrp: z.union([z.literal(0), z.literal(1), z.literal(2)]),
  hpr_number: z.string().nullable(),
  hpr_verified: z.boolean(),
  county_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  workplace_situation_id: z.number().int().nullable(),
  workplace_name: z.string().nullable(),
  position: z.string().nullable(),
  about: z.string().nullable(),
  specialities: z.array(z.object({ id: z.number().int(), name: z.string() })),
  notification_settings: z.object({
    sms_webinar_reminders: z.boolean(),
    email_webinar_reminders: z.boolean(),
    important_updates: z.boolean(),
  }),
});
export type UserInfo = z.infer<typeof UserInfoSchema>;

/** The user object of login and `POST /user` (docs/api-conventions.md). */
export const UserSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  status_label: StatusLabelSchema,
  user_info: UserInfoSchema,
  active_business_profile: BusinessProfileSchema.nullable(),
  available_business_profiles: z.array(BusinessProfileSchema),
  permissions: z.array(PermissionKeySchema),
  roles: z.array(RoleSchema),
  profile_avatar: z.string().nullable(),
  profile_background: z.string().nullable(),
  last_login_date: z.string().nullable(),
  locale: z.enum(['no', 'en']),
  theme: z.enum(['light', 'dark']),
  email_verified: z.boolean(),
  two_factor_enabled: z.boolean(),
});
export type User = z.infer<typeof UserSchema>;
