import { authEndpoints as ep, LoginResponseSchema, TwoFactorChallengeSchema, ValidationErrorBodySchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { createTestApp, type TestApp } from '../../../test/app';
import { type BodyIn, type Invalid, invalid } from '../../../test/call';
import { createCompany, createUser, TEST_PASSWORD, type TestSession, tokenFor } from '../../../test/auth';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const totp = authenticator.clone({ step: 30, window: 1 });
/** The code of the next time step (the current one may be spent already). */
const codeAt = (secret: string, offsetSteps: number) => totp.clone({ epoch: Date.now() + offsetSteps * 30_000 }).generate(secret);

async function enableTwoFactor(session: TestSession): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await t.call(ep.twoFactorSetup, { as: session });
  expect(setup.status).toBe(200);
  const { data } = ep.twoFactorSetup.response.parse(setup.body);
  const enable = await t.call(ep.twoFactorEnable, { as: session, body: { code: totp.generate(data.secret) } });
  expect(enable.status).toBe(200);
  return { secret: data.secret, recoveryCodes: ep.twoFactorEnable.response.parse(enable.body).data.recovery_codes };
}

async function challengeFor(email: string): Promise<string> {
  const res = await t.call(ep.login, { as: null, body: { email, password: TEST_PASSWORD } });
  return TwoFactorChallengeSchema.parse(res.body).challenge_token;
}

describe('two-step set-up', () => {
  it('setup gives a secret, otpauth URL and QR code; the secret is stored encrypted', async () => {
    const user = await createUser(t.db, { prefix: '2fa-setup' });
    const session = await tokenFor(t, user);
    const res = await t.call(ep.twoFactorSetup, { as: session });
    const { data } = ep.twoFactorSetup.response.parse(res.body);
    expect(data.otpauth_url).toMatch(/^otpauth:\/\/totp\/Legenett:/);
    expect(data.qr_code).toMatch(/^data:image\/png;base64,/);
    const [row] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(row!.two_factor_secret).toMatch(/^v1\./);
    expect(row!.two_factor_secret).not.toContain(data.secret);
    expect(row!.two_factor_enabled).toBe(false);
  });

  it('enable needs a valid code, answers 10 recovery codes once, then login needs the second step', async () => {
    const user = await createUser(t.db, { prefix: '2fa-enable' });
    const session = await tokenFor(t, user);
    const before = await t.call(ep.twoFactorEnable, { as: session, body: { code: '123456' } });
    expect(before.status).toBe(409);
    await t.call(ep.twoFactorSetup, { as: session });
    const wrong = await t.call(ep.twoFactorEnable, { as: session, body: { code: '000000' }, locale: 'en' });
    expect(wrong.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(wrong.body).errors.code).toEqual(['The code is invalid or has already been used.']);
    const malformed = await t.call(ep.twoFactorEnable, { as: session, body: { code: 'abc' } });
    expect(malformed.status).toBe(422);
    const { recoveryCodes } = await enableTwoFactor(session);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    const me = await t.call(ep.me, { as: session });
    expect(me.parsed.data.two_factor_enabled).toBe(true);
    expect((await t.call(ep.twoFactorSetup, { as: session })).status).toBe(409);
  });
});

describe('POST /user/login/two-factor', () => {
  it('accepts a TOTP code once per time step', async () => {
    const user = await createUser(t.db, { prefix: '2fa-login' });
    const { secret } = await enableTwoFactor(await tokenFor(t, user));
    const code = codeAt(secret, 1);
    const ok = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: await challengeFor(user.email), code } });
    expect(ok.status).toBe(200);
    expect(LoginResponseSchema.parse(ok.body).user.id).toBe(user.id);
    expect(String(ok.headers['set-cookie'])).toMatch(/refresh_token=/);
    const again = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: await challengeFor(user.email), code } });
    expect(again.status).toBe(422);
    expect(again.validation.errors.code).toBeDefined();
  });

  it('accepts each recovery code once (case and dash insensitive)', async () => {
    const user = await createUser(t.db, { prefix: '2fa-recovery' });
    const { recoveryCodes } = await enableTwoFactor(await tokenFor(t, user));
    const code = recoveryCodes[0]!;
    const ok = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: await challengeFor(user.email), recovery_code: code.toLowerCase().replace('-', '') } });
    expect(ok.status).toBe(200);
    const again = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: await challengeFor(user.email), recovery_code: code } });
    expect(again.status).toBe(422);
    expect(again.validation.errors.recovery_code).toBeDefined();
  });

  it('refuses bad input, a forged or access token as challenge, and both or neither code', async () => {
    const user = await createUser(t.db, { prefix: '2fa-bad' });
    const session = await tokenFor(t, user);
    await enableTwoFactor(session);
    const challenge = await challengeFor(user.email);
    for (const body of [{}, { challenge_token: challenge }, { challenge_token: challenge, code: '123456', recovery_code: 'ABCDE-FGHJK' }, { challenge_token: challenge, code: '12' }]) {
      const res = await t.call(ep.loginTwoFactor, { as: null, body: invalid(body) });
      expect(res.status).toBe(422);
    }
    const access = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: session.accessToken, code: '123456' } });
    expect(access.status).toBe(422);
    expect(access.validation.errors.challenge_token).toBeDefined();
  });

  it('limits code guesses per account (429)', async () => {
    const user = await createUser(t.db, { prefix: '2fa-limit' });
    await enableTwoFactor(await tokenFor(t, user));
    const challenge = await challengeFor(user.email);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const res = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: challenge, recovery_code: `WRONG-${i}XXXX` } });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([422, 422, 422, 422, 422, 429]);
  });
});

describe('disable and recovery codes', () => {
  it('disable needs the password and a code; then login is one step again', async () => {
    const user = await createUser(t.db, { prefix: '2fa-disable' });
    const session = await tokenFor(t, user);
    const { secret, recoveryCodes } = await enableTwoFactor(session);
    const post = (body: BodyIn<typeof ep.twoFactorDisable> | Invalid) => t.call(ep.twoFactorDisable, { as: session, body });
    const wrongPassword = await post({ password: 'Wrong!pass1', code: codeAt(secret, 1) });
    expect(wrongPassword.status).toBe(422);
    expect(wrongPassword.validation.errors.password).toBeDefined();
    const wrongCode = await post({ password: TEST_PASSWORD, code: '000000' });
    expect(wrongCode.status).toBe(422);
    expect((await post(invalid({}))).status).toBe(422);
    const ok = await post({ password: TEST_PASSWORD, code: recoveryCodes[3]! });
    expect(ok.status).toBe(200);
    expect(ep.twoFactorDisable.response.parse(ok.body).data.two_factor_enabled).toBe(false);
    const login = await t.call(ep.login, { as: null, body: { email: user.email, password: TEST_PASSWORD } });
    LoginResponseSchema.parse(login.body);
    expect((await post({ password: TEST_PASSWORD, code: '123456' })).status).toBe(409);
  });

  it('regenerates recovery codes; the old ones stop working', async () => {
    const user = await createUser(t.db, { prefix: '2fa-regen' });
    const session = await tokenFor(t, user);
    const { secret, recoveryCodes } = await enableTwoFactor(session);
    const res = await t.call(ep.twoFactorRecoveryCodes, { as: session, body: { code: codeAt(secret, 1) } });
    expect(res.status).toBe(200);
    const fresh = ep.twoFactorRecoveryCodes.response.parse(res.body).data.recovery_codes;
    expect(fresh).toHaveLength(10);
    const old = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: await challengeFor(user.email), recovery_code: recoveryCodes[0] } });
    expect(old.status).toBe(422);
    const ok = await t.call(ep.loginTwoFactor, { as: null, body: { challenge_token: await challengeFor(user.email), recovery_code: fresh[0] } });
    expect(ok.status).toBe(200);
  });

  it('anonymous 401, company mode 403, and 409 when two-step is off', async () => {
    for (const endpoint of [ep.twoFactorSetup, ep.twoFactorEnable, ep.twoFactorDisable, ep.twoFactorRecoveryCodes]) {
      expect((await t.call(endpoint, { as: null, body: invalid({ code: '123456' }) })).status).toBe(401);
    }
    const user = await createUser(t.db, { prefix: '2fa-company', roles: ['company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const acting = await tokenFor(t, user, { actAs: company.id });
    const res = await t.call(ep.twoFactorSetup, { as: acting });
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('business_profile_active');
    const plain = await tokenFor(t, user);
    expect((await t.call(ep.twoFactorRecoveryCodes, { as: plain, body: { code: '123456' } })).status).toBe(409);
  });
});
