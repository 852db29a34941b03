import { z } from 'zod';
import { EmailSchema, LoginResponseSchema, MessageResponseSchema, PASSWORD_MAX, PasswordSchema } from './auth';
import { dataOf, PhoneSchema, readable } from './common';
import { defineEndpoint } from './endpoint';

/** Six digits, as mailed. */
export const VERIFICATION_CODE_LENGTH = 6;

const UuidSchema = z.uuid({ message: 'validation.invalid' });
export const UuidParamSchema = z.object({ id: UuidSchema });

/** An opaque token from a mailed link (base64url). */
export const MailTokenSchema = z
  .string()
  .trim()
  .min(20, { message: 'validation.invalid_token' })
  .max(200, { message: 'validation.invalid_token' })
  .regex(/^[A-Za-z0-9_-]+$/, { message: 'validation.invalid_token' });

/** HPR numbers are 7 to 9 digits. */
export const HprNumberSchema = z
  .string()
  .trim()
  .regex(/^\d{7,9}$/, { message: 'validation.hpr_number' });

const PersonNameSchema = readable(z.string().trim().min(1, { message: 'validation.required' }).max(100));

const mustAccept = z.literal(true, { message: 'validation.must_accept' });

/** Fields both ways of registering share. */
const registrationFields = {
  email: EmailSchema,
  password: PasswordSchema,
  password_confirmation: z.string().max(PASSWORD_MAX),
  phone: PhoneSchema,
  workplace_situation_id: z.coerce.number({ message: 'validation.required' }).int().positive({ message: 'validation.required' }),
  specialities: z.array(z.coerce.number().int().positive()).max(20, { message: 'validation.too_many_items' }).default([]),
  accept_terms: mustAccept,
  accept_no_sensitive_info: mustAccept,
};

const passwordsMatch = <T extends { password: string; password_confirmation: string }>(v: T, ctx: z.RefinementCtx) => {
  if (v.password !== v.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'validation.password_mismatch' });
  }
};

/** `POST /signicat/create-user/:id`: name and birth date come from the completed identity session. */
export const IdentityRegistrationInput = z
  .object({ ...registrationFields, hpr_number: HprNumberSchema.optional().or(z.literal('').transform(() => undefined)) })
  .superRefine(passwordsMatch);
export type IdentityRegistrationInput = z.input<typeof IdentityRegistrationInput>;

/** `POST /user/register`: registration with an HPR number, without the identity provider. */
export const HprRegistrationInput = z
  .object({
    ...registrationFields,
    first_name: PersonNameSchema,
    last_name: PersonNameSchema,
    hpr_number: HprNumberSchema,
  })
  .superRefine(passwordsMatch);
export type HprRegistrationInput = z.input<typeof HprRegistrationInput>;

export const IDENTITY_SESSION_STATES = ['pending', 'completed', 'cancelled', 'expired'] as const;

/** `GET /signicat/create-session` */
export const IdentitySessionCreatedSchema = z.object({ id: z.uuid(), url: z.string() });
export type IdentitySessionCreated = z.infer<typeof IdentitySessionCreatedSchema>;

/** `GET /signicat/retrieve-session/:id`: the person once the session is completed. */
export const IdentitySessionSchema = z.object({
  id: z.uuid(),
  status: z.enum(IDENTITY_SESSION_STATES),
  expires_at: z.string(),
  person: z
    .object({
      first_name: z.string(),
      last_name: z.string(),
      birth_date: z.string().nullable(),
      /** The HPR number the register knows for this person (the form fills it in), or null. */
      hpr_number: z.string().nullable(),
    })
    .nullable(),
});
export type IdentitySession = z.infer<typeof IdentitySessionSchema>;

export const RegistrationResultSchema = z.object({ verification_id: z.uuid() });
export type RegistrationResult = z.infer<typeof RegistrationResultSchema>;

/** `GET /user-verification/:id` */
export const VerificationSchema = z.object({
  id: z.uuid(),
  masked_email: z.string(),
  expires_at: z.string(),
  verified: z.boolean(),
});
export type Verification = z.infer<typeof VerificationSchema>;

export const VerifyCodeInput = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { message: 'validation.verification_code' }),
});
export type VerifyCodeInput = z.input<typeof VerifyCodeInput>;

export const ForgotPasswordInput = z.object({ email: EmailSchema });
export type ForgotPasswordInput = z.input<typeof ForgotPasswordInput>;

export const ResetPasswordInput = z
  .object({ token: MailTokenSchema, password: PasswordSchema, password_confirmation: z.string().max(PASSWORD_MAX) })
  .superRefine(passwordsMatch);
export type ResetPasswordInput = z.input<typeof ResetPasswordInput>;

export const ChangeEmailInput = z.object({
  new_email: EmailSchema,
  password: z.string().min(1, { message: 'validation.required' }).max(PASSWORD_MAX),
});
export type ChangeEmailInput = z.input<typeof ChangeEmailInput>;

export const ConfirmEmailChangeInput = z.object({ token: MailTokenSchema });
export type ConfirmEmailChangeInput = z.input<typeof ConfirmEmailChangeInput>;

export const registrationEndpoints = {
  createIdentitySession: defineEndpoint({
    method: 'GET',
    path: '/signicat/create-session',
    summary: 'Start an electronic-ID session; answers its id and the URL to send the browser to',
    access: 'public',
    response: dataOf(IdentitySessionCreatedSchema),
  }),
  retrieveIdentitySession: defineEndpoint({
    method: 'GET',
    path: '/signicat/retrieve-session/:id',
    summary: 'State of an electronic-ID session and, once completed, the identified person',
    access: 'public',
    params: UuidParamSchema,
    response: dataOf(IdentitySessionSchema),
  }),
  createUserFromIdentity: defineEndpoint({
    method: 'POST',
    path: '/signicat/create-user/:id',
    summary: 'Register with a completed electronic-ID session (usable once)',
    access: 'public',
    params: UuidParamSchema,
    body: IdentityRegistrationInput,
    response: dataOf(RegistrationResultSchema),
    status: 201,
  }),
  registerWithHpr: defineEndpoint({
    method: 'POST',
    path: '/user/register',
    summary: 'Register with an HPR number, without the identity provider',
    access: 'public',
    body: HprRegistrationInput,
    response: dataOf(RegistrationResultSchema),
    status: 201,
  }),
  showVerification: defineEndpoint({
    method: 'GET',
    path: '/user-verification/:id',
    summary: 'A pending e-mail verification: masked address and expiry',
    access: 'public',
    params: UuidParamSchema,
    response: dataOf(VerificationSchema),
  }),
  verify: defineEndpoint({
    method: 'POST',
    path: '/user-verification/:id',
    summary: 'Verify the e-mail address with the mailed code; logs the user in',
    access: 'public',
    params: UuidParamSchema,
    body: VerifyCodeInput,
    response: LoginResponseSchema,
  }),
  resendVerification: defineEndpoint({
    method: 'POST',
    path: '/user-verification/:id/resend',
    summary: 'Mail a new verification code',
    access: 'public',
    params: UuidParamSchema,
    response: dataOf(VerificationSchema),
  }),
  forgotPassword: defineEndpoint({
    method: 'POST',
    path: '/user/forgot-password',
    summary: 'Mail a password reset link (same answer whether the address exists)',
    access: 'public',
    body: ForgotPasswordInput,
    response: MessageResponseSchema,
  }),
  resetPassword: defineEndpoint({
    method: 'PUT',
    path: '/user/reset-password',
    summary: 'Set a new password with a mailed single-use token; ends every session',
    access: 'public',
    body: ResetPasswordInput,
    response: MessageResponseSchema,
  }),
  changeEmail: defineEndpoint({
    method: 'POST',
    path: '/user/change-email',
    summary: 'Ask to change the e-mail address; a confirmation link goes to the new address',
    access: 'user',
    body: ChangeEmailInput,
    response: MessageResponseSchema,
  }),
  confirmEmailChange: defineEndpoint({
    method: 'PUT',
    path: '/user/confirm-changeable-email',
    summary: 'Confirm a new e-mail address with the mailed token; ends every session',
    access: 'public',
    body: ConfirmEmailChangeInput,
    response: MessageResponseSchema,
  }),
} as const;
