import {
  authEndpoints,
  ErrorBodySchema,
  MessageResponseSchema,
  registrationEndpoints as ep,
  ValidationErrorBodySchema,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { type BodyIn, type Invalid, invalid } from '../../../test/call';
import { bearer, createUser, loginAs, tokenFor } from '../../../test/auth';
import { settleJobs } from '../../../test/jobs';
import { lastMailTo, resetRateLimits, STRONG_PASSWORD } from '../../../test/registration';

let t: TestApp;
const tokenOf = (body: string, path: string): string => {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(body);
  if (!match) throw new Error(`no ${path} link in: ${body}`);
  return match[1]!;
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await resetRateLimits(t);
});

describe('forgot and reset password', () => {
  it('answers the same whether the address exists; mails a single-use link that ends every session', async () => {
    const user = await createUser(t.db, { locale: 'en' });
    const session = await tokenFor(t, user);

    const known = await t.call(ep.forgotPassword, { as: null, body: { email: user.email.toUpperCase() }, locale: 'en' });
    const unknown = await t.call(ep.forgotPassword, { as: null, body: { email: `nobody-${user.id}@test.no` }, locale: 'en' });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(MessageResponseSchema.parse(known.body)).toEqual(MessageResponseSchema.parse(unknown.body));
    await settleJobs(t);
    expect(await lastMailTo(t.db, `nobody-${user.id}@test.no`)).toBeUndefined();

    const mail = await lastMailTo(t.db, user.email, 'password_reset');
    expect(mail!.subject).toBe('Reset your Legenett password');
    const token = tokenOf(mail!.body, '/reset-password');

    const res = await t.call(ep.resetPassword, { as: null, body: { token, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD } });
    expect(res.status).toBe(200);
    MessageResponseSchema.parse(res.body);

    // Old sessions are over, old password too; the new one works.
    const me = await t.call(authEndpoints.me, { as: session });
    expect(me.status).toBe(401);
    const families = await t.db.select().from(schema.refreshTokenFamilies).where(eq(schema.refreshTokenFamilies.user_id, user.id));
    expect(families.every((f) => f.revoked_at !== null)).toBe(true);
    await expect(loginAs(t, user.email, user.password)).rejects.toThrow(/401|422/);
    await loginAs(t, user.email, STRONG_PASSWORD);

    const reused = await t.call(ep.resetPassword, { as: null, body: { token, password: 'Annet!Passord43', password_confirmation: 'Annet!Passord43' } });
    expect(reused.status).toBe(422);
    expect(Object.keys(ValidationErrorBodySchema.parse(reused.body).errors)).toEqual(['token']);
  });

  it('refuses expired tokens, weak and common passwords, mismatches and garbage with 422', async () => {
    const user = await createUser(t.db);
    await t.call(ep.forgotPassword, { as: null, body: { email: user.email } });
    await settleJobs(t);
    const token = tokenOf((await lastMailTo(t.db, user.email, 'password_reset'))!.body, '/reset-password');

    const weak = await t.call(ep.resetPassword, { as: null, body: { token, password: 'abc', password_confirmation: 'abc' } });
    expect(ValidationErrorBodySchema.parse(weak.body).errors.password).toBeDefined();
    const common = await t.call(ep.resetPassword, { as: null, body: { token, password: 'Password123!', password_confirmation: 'Password123!' } });
    expect(common.status).toBe(422);
    expect(ValidationErrorBodySchema.parse(common.body).errors.password).toBeDefined();
    const mismatch = await t.call(ep.resetPassword, { as: null, body: { token, password: STRONG_PASSWORD, password_confirmation: 'x' } });
    expect(ValidationErrorBodySchema.parse(mismatch.body).errors.password_confirmation).toBeDefined();
    const garbage = await t.call(ep.resetPassword, { as: null, body: { token: '<script>', password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD } });
    expect(garbage.status).toBe(422);
    expect((await t.call(ep.forgotPassword, { as: null, body: { email: 'not-an-email' } })).status).toBe(422);

    await t.db.update(schema.passwordResetTokens).set({ expires_at: new Date(Date.now() - 1000) }).where(eq(schema.passwordResetTokens.user_id, user.id));
    const expired = await t.call(ep.resetPassword, { as: null, body: { token, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD } });
    expect(expired.status).toBe(422);
  });

  it('a newer link replaces the older one', async () => {
    const user = await createUser(t.db);
    await t.call(ep.forgotPassword, { as: null, body: { email: user.email } });
    await settleJobs(t);
    const first = tokenOf((await lastMailTo(t.db, user.email, 'password_reset'))!.body, '/reset-password');
    await t.call(ep.forgotPassword, { as: null, body: { email: user.email } });
    await settleJobs(t);
    const second = tokenOf((await lastMailTo(t.db, user.email, 'password_reset'))!.body, '/reset-password');
    expect(second).not.toBe(first);
    const old = await t.call(ep.resetPassword, { as: null, body: { token: first, password: STRONG_PASSWORD, password_confirmation: STRONG_PASSWORD } });
    expect(old.status).toBe(422);
  });

  it('forgot-password is rate limited per account (429 with Retry-After)', async () => {
    const user = await createUser(t.db);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.call(ep.forgotPassword, { as: null, body: { email: user.email } })).status);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('change e-mail', () => {
  it('anonymous callers get 401', async () => {
    const res = await t.call(ep.changeEmail, { as: null, body: { new_email: 'a@test.no', password: 'x' } });
    expect(res.status).toBe(401);
    ErrorBodySchema.parse(res.body);
  });

  it('mails a link to the new address; confirming switches the address and ends every session', async () => {
    const user = await createUser(t.db, { status: 'awaiting_approval', approvedHrp: 0 });
    const session = await tokenFor(t, user);
    const newEmail = `ny-${user.id}@test.no`;
    const res = await t.call(ep.changeEmail, { as: session, body: { new_email: newEmail, password: user.password }, locale: 'en' });
    expect(res.status).toBe(200);
    expect(MessageResponseSchema.parse(res.body).data.message).toBe(`We have sent a confirmation link to ${newEmail}.`);
    const mail = await lastMailTo(t.db, newEmail, 'email_change');
    const token = tokenOf(mail!.body, '/confirm-changeable-email');

    // Nothing changes until confirmed.
    const [before] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(before!.email).toBe(user.email);

    const confirmed = await t.call(ep.confirmEmailChange, { as: null, body: { token } });
    expect(confirmed.status).toBe(200);
    MessageResponseSchema.parse(confirmed.body);
    const [after] = await t.db.select().from(schema.users).where(eq(schema.users.id, user.id));
    expect(after).toMatchObject({ email: newEmail, pending_email: null });
    expect((await t.call(authEndpoints.me, { as: session })).status).toBe(401);
    await loginAs(t, newEmail, user.password);

    const again = await t.call(ep.confirmEmailChange, { as: null, body: { token } });
    expect(again.status).toBe(422);
  });

  it('a wrong password, the same or a taken address, and bad input are 422 per field', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const auth = await tokenFor(t, user);
    const send = (body: BodyIn<typeof ep.changeEmail> | Invalid) => t.call(ep.changeEmail, { as: auth, body });

    const wrong = await send({ new_email: `x-${user.id}@test.no`, password: 'Feil!Passord1' });
    expect(Object.keys(ValidationErrorBodySchema.parse(wrong.body).errors)).toEqual(['password']);
    const same = await send({ new_email: user.email, password: user.password });
    expect(Object.keys(ValidationErrorBodySchema.parse(same.body).errors)).toEqual(['new_email']);
    const taken = await send({ new_email: other.email, password: user.password });
    expect(ValidationErrorBodySchema.parse(taken.body).errors.new_email).toEqual(['E-postadressen er allerede registrert.']);
    const bad = await send(invalid({ new_email: 'nope' }));
    expect(Object.keys(ValidationErrorBodySchema.parse(bad.body).errors).sort()).toEqual(['new_email', 'password']);
  });

  it('an expired or unknown confirmation token is 422; an address taken meanwhile is refused', async () => {
    const user = await createUser(t.db);
    const auth = bearer(await tokenFor(t, user));
    const target = `kapret-${user.id}@test.no`;
    await t.call(ep.changeEmail, { as: null, body: { new_email: target, password: user.password }, headers: { Authorization: auth } });
    const token = tokenOf((await lastMailTo(t.db, target, 'email_change'))!.body, '/confirm-changeable-email');
    await createUser(t.db, { email: target });
    const taken = await t.call(ep.confirmEmailChange, { as: null, body: { token } });
    expect(taken.status).toBe(422);

    expect((await t.call(ep.confirmEmailChange, { as: null, body: { token: 'a'.repeat(43) } })).status).toBe(422);
    expect((await t.call(ep.confirmEmailChange, { as: null, body: invalid({}) })).status).toBe(422);
  });
});
