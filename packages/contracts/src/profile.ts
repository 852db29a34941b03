import { z } from 'zod';
import { dataOf, IdSchema, LocaleSchema, optionalPhone, optionalText, refId, SlugParamSchema, readable } from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';
import { EducationSchema, ExperienceSchema, NamedRefSchema } from './professional';
import { UserSchema, VerifiedAsSchema } from './user';


export const THEMES = ['light', 'dark'] as const;
export const ThemeSchema = z.enum(THEMES);

export const MAX_SPECIALITIES = 10;

/**
 * `PUT /user/profile-information`: the whole editable profile (a PUT replaces it). The current
 * workplace is free text or at most one reference (hospital, clinic or custom workplace).
 */
export const ProfileInformationInput = z
  .object({
    first_name: readable(z.string().trim().min(1).max(100)),
    last_name: readable(z.string().trim().min(1).max(100)),
    phone: optionalPhone,
    county_id: refId,
    city_id: refId,
    workplace_situation_id: refId,
    specialities: z.array(IdSchema).max(MAX_SPECIALITIES).default([]),
    workplace_name: optionalText(200),
    workplace_hospital_id: refId,
    workplace_clinic_id: refId,
    workplace_custom_id: refId,
    position: optionalText(200),
    about: optionalText(2000),
    locale: LocaleSchema.optional(),
    theme: ThemeSchema.optional(),
  })
  .superRefine((v, ctx) => {
    const refs = [v.workplace_hospital_id, v.workplace_clinic_id, v.workplace_custom_id].filter((id) => id !== null);
    if (refs.length > 1) {
      ctx.addIssue({ code: 'custom', path: ['workplace_hospital_id'], message: 'validation.one_workplace' });
    }
    if (v.city_id !== null && v.county_id === null) {
      ctx.addIssue({ code: 'custom', path: ['county_id'], message: 'validation.required' });
    }
    if (new Set(v.specialities).size !== v.specialities.length) {
      ctx.addIssue({ code: 'custom', path: ['specialities'], message: 'validation.invalid' });
    }
  });
export type ProfileInformationInput = z.infer<typeof ProfileInformationInput>;
export type ProfileInformationFormValues = z.input<typeof ProfileInformationInput>;

/** The profile form's current values (ids, not names), `GET /user/profile-information`. */
export const ProfileInformationSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string().nullable(),
  county_id: z.number().int().nullable(),
  city_id: z.number().int().nullable(),
  workplace_situation_id: z.number().int().nullable(),
  specialities: z.array(z.number().int()),
  workplace_name: z.string().nullable(),
  workplace_hospital_id: z.number().int().nullable(),
  workplace_clinic_id: z.number().int().nullable(),
  workplace_custom_id: z.number().int().nullable(),
  position: z.string().nullable(),
  about: z.string().nullable(),
  locale: LocaleSchema,
  theme: ThemeSchema,
});
export type ProfileInformation = z.infer<typeof ProfileInformationSchema>;

export const NotificationSettingsInput = z.object({
  sms_webinar_reminders: z.boolean(),
  email_webinar_reminders: z.boolean(),
  important_updates: z.boolean(),
});
export type NotificationSettingsInput = z.infer<typeof NotificationSettingsInput>;

/** Multipart body of the avatar and background uploads (described for OpenAPI; read by the upload pipe). */
export const ImageUploadBody = z.object({
  image: z.string().meta({ format: 'binary', description: 'JPEG, PNG or WebP image' }),
});

export const DeleteAccountInput = z.object({
  reason_to_delete: withoutNationalId(z.string().trim().min(1).max(1000)),
  /** The current password, so a stolen session alone cannot delete the account. */
  password: z.string().min(1).max(200),
});
export type DeleteAccountInput = z.infer<typeof DeleteAccountInput>;

/** Someone's public page (`/profile/:slug`), members only. */
export const PublicProfileSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  profile_avatar: z.string().nullable(),
  profile_background: z.string().nullable(),
  verified_as: VerifiedAsSchema,
  specialities: z.array(NamedRefSchema),
  workplace_name: z.string().nullable(),
  position: z.string().nullable(),
  about: z.string().nullable(),
  county: NamedRefSchema.nullable(),
  city: NamedRefSchema.nullable(),
  professional_experiences: z.array(ExperienceSchema),
  educations: z.array(EducationSchema),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  /** Whether the viewer follows this member. */
  is_following: z.boolean(),
  is_me: z.boolean(),
});
export type PublicProfile = z.infer<typeof PublicProfileSchema>;

/** `GET /user/export`: everything stored about the caller, secrets (hashes, 2FA secret) left out. */
export const AccountExportSchema = z.object({
  format: z.literal('legenett-account-export'),
  version: z.literal(1),
  exported_at: z.string(),
  user: UserSchema,
  /** Table name -> the caller's rows in it. */
  data: z.record(z.string(), z.array(z.record(z.string(), z.unknown()))),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;

export const profileEndpoints = {
  showInformation: defineEndpoint({
    method: 'GET',
    path: '/user/profile-information',
    summary: 'My editable profile information (ids for the form)',
    access: 'user',
    personal: true,
    response: dataOf(ProfileInformationSchema),
  }),
  updateInformation: defineEndpoint({
    method: 'PUT',
    path: '/user/profile-information',
    summary: 'Replace my profile information; answers the user object',
    access: 'user',
    personal: true,
    body: ProfileInformationInput,
    response: dataOf(UserSchema),
  }),
  updateNotificationSettings: defineEndpoint({
    method: 'PUT',
    path: '/user/settings/notification',
    summary: 'My notification settings; answers the user object',
    access: 'user',
    personal: true,
    body: NotificationSettingsInput,
    response: dataOf(UserSchema),
  }),
  uploadAvatar: defineEndpoint({
    method: 'POST',
    path: '/user/upload/profile-avatar',
    summary: 'Upload my profile picture (form field `image`); answers the user object',
    access: 'user',
    personal: true,
    multipart: true,
    body: ImageUploadBody,
    response: dataOf(UserSchema),
  }),
  uploadBackground: defineEndpoint({
    method: 'POST',
    path: '/user/upload/profile-background',
    summary: 'Upload my profile background (form field `image`); answers the user object',
    access: 'user',
    personal: true,
    multipart: true,
    body: ImageUploadBody,
    response: dataOf(UserSchema),
  }),
  deleteAccount: defineEndpoint({
    method: 'DELETE',
    path: '/user',
    summary: 'Delete my account (see docs/account-deletion.md)',
    access: 'user',
    personal: true,
    body: DeleteAccountInput,
    response: null,
  }),
  exportData: defineEndpoint({
    method: 'GET',
    path: '/user/export',
    summary: 'Download all my data as JSON',
    access: 'user',
    personal: true,
    response: AccountExportSchema,
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/profile/:slug',
    summary: "A member's public profile",
    access: 'member',
    params: SlugParamSchema,
    response: dataOf(PublicProfileSchema),
  }),
} as const;
