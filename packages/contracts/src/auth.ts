import { z } from 'zod';
import { BigIdParamSchema, dataOf, listOf } from './common';
import { defineEndpoint } from './endpoint';
import { UserSchema } from './user';

/** Spec point 5 plus 10..128 characters; the API also refuses the 100 000 most common breached passwords. */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;
export const PasswordSchema = z
  .string()
  .min(PASSWORD_MIN, { message: 'validation.password_rule' })
  .max(PASSWORD_MAX, { message: 'validation.password_rule' })
  .regex(/[A-ZÆØÅ]/, { message: 'validation.password_rule' })
  .regex(/[a-zæøå]/, { message: 'validation.password_rule' })
  .regex(/[0-9]/, { message: 'validation.password_rule' })
  .regex(/[^A-Za-z0-9ÆØÅæøå]/, { message: 'validation.password_rule' });

export const EmailSchema = z.string().trim().toLowerCase().max(254).pipe(z.email({ message: 'validation.invalid_email' }));

export const LoginInput = z.object({ email: EmailSchema, password: z.string().min(1).max(PASSWORD_MAX) });
export type LoginInput = z.infer<typeof LoginInput>;

/** A successful login or refresh. */
export const LoginResponseSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  user: UserSchema,
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** First step of a login when two-step authentication is on. */
export const TwoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge_token: z.string(),
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof TwoFactorChallengeSchema>;

export const LoginResultSchema = z.union([LoginResponseSchema, TwoFactorChallengeSchema]);
export type LoginResult = z.infer<typeof LoginResultSchema>;

export const MessageResponseSchema = z.object({ data: z.object({ message: z.string() }) });
export type MessageResponse = z.infer<typeof MessageResponseSchema>;

/** `POST /user/login/two-factor`: the challenge of the first step plus a TOTP code or a recovery code. */
export const TwoFactorLoginInput = z
  .object({
    challenge_token: z.string().min(1).max(2048),
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, { message: 'validation.totp_code' })
      .optional(),
    recovery_code: z.string().trim().min(1).max(64).optional(),
  })
  .refine((v) => (v.code === undefined) !== (v.recovery_code === undefined), {
    message: 'validation.code_or_recovery_code',
    path: ['code'],
  });
export type TwoFactorLoginInput = z.infer<typeof TwoFactorLoginInput>;

export const ChangePasswordInput = z
  .object({
    old_password: z.string().min(1).max(PASSWORD_MAX),
    new_password: PasswordSchema,
    new_password_confirmation: z.string().max(PASSWORD_MAX),
  })
  .refine((v) => v.new_password === v.new_password_confirmation, {
    message: 'validation.password_mismatch',
    path: ['new_password_confirmation'],
  });
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

/** A six-digit TOTP code. */
export const TotpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/, { message: 'validation.totp_code' });

export const TwoFactorCodeInput = z.object({ code: TotpCodeSchema });
export type TwoFactorCodeInput = z.infer<typeof TwoFactorCodeInput>;

/** Turning two-step off: the password plus a TOTP code or a recovery code. */
export const TwoFactorDisableInput = z.object({
  password: z.string().min(1).max(PASSWORD_MAX),
  code: z.string().trim().min(6).max(64),
});
export type TwoFactorDisableInput = z.infer<typeof TwoFactorDisableInput>;

export const TwoFactorSetupSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
  /** PNG data URL of the otpauth QR code. */
  qr_code: z.string(),
});
export type TwoFactorSetup = z.infer<typeof TwoFactorSetupSchema>;

export const RecoveryCodesSchema = z.object({ recovery_codes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof RecoveryCodesSchema>;

/** One active login session of the caller (`GET /user/sessions`). */
export const SessionSchema = z.object({
  id: z.number().int(),
  /** Browser and operating system, read simply from the user agent ("Firefox", "Windows"); null when unknown. */
  device: z.object({ browser: z.string().nullable(), system: z.string().nullable() }),
  /** The address the session started from, masked (`84.210.x.x`); no geolocation offline. */
  ip: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  /** The session of this request. */
  current: z.boolean(),
});
export type Session = z.infer<typeof SessionSchema>;

/** `DELETE /user/sessions`: `others` keeps this session, `all` ends it too. */
export const RevokeSessionsQuery = z.object({ scope: z.enum(['others', 'all']).default('others') });
export type RevokeSessionsQuery = z.infer<typeof RevokeSessionsQuery>;

const BusinessProfileParams = z.object({ id: z.coerce.number().int().positive() });

/** Auth and session endpoints (spec point 7 "Auth and user"). */
export const authEndpoints = {
  login: defineEndpoint({
    method: 'POST',
    path: '/user/login',
    summary: 'Log in with e-mail and password (a two-step challenge when two-step is on)',
    access: 'public',
    body: LoginInput,
    response: LoginResultSchema,
  }),
  loginTwoFactor: defineEndpoint({
    method: 'POST',
    path: '/user/login/two-factor',
    summary: 'Second login step: a TOTP code or a recovery code',
    access: 'public',
    body: TwoFactorLoginInput,
    response: LoginResponseSchema,
  }),
  logout: defineEndpoint({
    method: 'POST',
    path: '/user/logout',
    summary: 'Log out: revoke the session of the refresh cookie (or of the access token) and clear the cookie',
    access: 'public',
    response: null,
  }),
  refresh: defineEndpoint({
    method: 'POST',
    path: '/user/access-token/refresh',
    summary: 'Rotate the refresh cookie and get a fresh access token',
    access: 'public',
    response: LoginResponseSchema,
  }),
  sessions: defineEndpoint({
    method: 'GET',
    path: '/user/sessions',
    summary: 'My active login sessions (devices), newest use first',
    access: 'user',
    response: listOf(SessionSchema),
  }),
  revokeSession: defineEndpoint({
    method: 'DELETE',
    path: '/user/sessions/:id',
    summary: 'Log one of my sessions out at once',
    access: 'user',
    params: BigIdParamSchema,
    response: null,
  }),
  revokeSessions: defineEndpoint({
    method: 'DELETE',
    path: '/user/sessions',
    summary: 'Log out of all other devices (scope=others) or of all devices (scope=all)',
    access: 'user',
    query: RevokeSessionsQuery,
    response: null,
  }),
  me: defineEndpoint({
    method: 'POST',
    path: '/user',
    summary: 'The logged-in user object',
    access: 'user',
    response: dataOf(UserSchema),
  }),
  authAs: defineEndpoint({
    method: 'POST',
    path: '/user/available-business-profile/:id/auth-as',
    summary: 'Act as a business profile (a company the user manages)',
    access: 'member',
    params: BusinessProfileParams,
    response: LoginResponseSchema,
  }),
  leaveBusinessProfile: defineEndpoint({
    method: 'DELETE',
    path: '/user/active-business-profiles',
    summary: 'Stop acting as a business profile',
    access: 'user',
    response: LoginResponseSchema,
  }),
  changePassword: defineEndpoint({
    method: 'PUT',
    path: '/user/change-password',
    summary: 'Change the password (ends every other session)',
    access: 'user',
    personal: true,
    body: ChangePasswordInput,
    response: LoginResponseSchema,
  }),
  twoFactorSetup: defineEndpoint({
    method: 'POST',
    path: '/user/two-factor/setup',
    summary: 'Start two-step set-up: a new secret with its QR code',
    access: 'user',
    personal: true,
    response: dataOf(TwoFactorSetupSchema),
  }),
  twoFactorEnable: defineEndpoint({
    method: 'POST',
    path: '/user/two-factor/enable',
    summary: 'Confirm the set-up with a code; answers the recovery codes (shown once)',
    access: 'user',
    personal: true,
    body: TwoFactorCodeInput,
    response: dataOf(RecoveryCodesSchema),
  }),
  twoFactorDisable: defineEndpoint({
    method: 'POST',
    path: '/user/two-factor/disable',
    summary: 'Turn two-step off (password plus a code or a recovery code)',
    access: 'user',
    personal: true,
    body: TwoFactorDisableInput,
    response: dataOf(UserSchema),
  }),
  twoFactorRecoveryCodes: defineEndpoint({
    method: 'POST',
    path: '/user/two-factor/recovery-codes',
    summary: 'Replace the recovery codes (confirmed with a code)',
    access: 'user',
    personal: true,
    body: TwoFactorCodeInput,
    response: dataOf(RecoveryCodesSchema),
  }),
};
