import { authEndpoints as ep, ErrorBodySchema, LoginResponseSchema, TwoFactorChallengeSchema, ValidationErrorBodySchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { type BodyIn, type Invalid, invalid } from '../../../test/call';
import { createCompany, createUser, loginAs, refreshCookieOf, TEST_PASSWORD, tokenFor } from '../../../test/auth';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});


/** Moves the spend time of a user's used refresh tokens into the past (beyond the reuse grace period). */
async function backdateSpentTokens(userId: number, ms: number): Promise<void> {
  const own = t.db
    .select({ id: schema.refreshTokenFamilies.id })
    .from(schema.refreshTokenFamilies)
    .where(eq(schema.refreshTokenFamilies.user_id, userId));
  await t.db
    .update(schema.refreshTokens)
    .set({ used_at: new Date(Date.now() - ms) })
    .where(and(inArray(schema.refreshTokens.family_id, own), isNotNull(schema.refreshTokens.used_at)));
}

describe('POST /user/login', () => {
  it('logs in with e-mail and password: access token, refresh cookie, user object, last_login_date', async () => {
    const user = await createUser(t.db, { prefix: 'login' });
    const res = await t.call(ep.login, { as: null, body: { email: user.email.toUpperCase(), password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const body = LoginResponseSchema.parse(res.body);
    expect(body.token_type).toBe('Bearer');
    expect(body.expires_in).toBe(900);
    expect(body.user).toMatchObject({ id: user.id, email: user.email, status_label: 'Approved', active_business_profile: null });
    expect(body.user.permissions).toContain('course-create');
    expect(body.user.last_login_date).not.toBeNull();
    const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).find((c) => c.startsWith('refresh_token='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Strict/i);
    // Scoped to /api/user so that logout gets it too; an old cookie scoped narrower is cleared.
    expect(cookie).toMatch(/Path=\/api\/user(;|$)/);
    expect(cookie).toMatch(/Secure/); // NODE_ENV=test is not development
  });

  it('answers the same localised 422 for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(t.db, { prefix: 'login-wrong' });
    const wrong = await t.call(ep.login, { as: null, body: { email: user.email, password: 'Nope!1234' }, locale: 'en' });
    const unknown = await t.call(ep.login, { as: null, body: { email: `nobody-${user.id}@test.no`, password: 'Nope!1234' }, locale: 'en' });
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(422);
      expect(ValidationErrorBodySchema.parse(res.body).errors).toEqual({ email: ['Wrong e-mail address or password.'] });
    }
    const no = await t.call(ep.login, { as: null, body: { email: user.email, password: 'Nope!1234' } });
    expect(no.validation.errors.email).toEqual(['Feil e-postadresse eller passord.']);
  });

  it('answers 422 for bad input, never 5xx', async () => {
    for (const body of [{}, { email: 'not-an-email', password: 'x' }, { email: 'a@b.no' }, { email: 12, password: [] }, 'text']) {
      const res = await t.call(ep.login, { as: null, body: invalid(body) });
      expect(res.status).toBe(422);
      ValidationErrorBodySchema.parse(res.body);
    }
  });

  it('refuses a blocked account with 403 account_blocked, and lets a pending account in', async () => {
    const blocked = await createUser(t.db, { prefix: 'blocked', status: 'blocked' });
    const res = await t.call(ep.login, { as: null, body: { email: blocked.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(403);
    expect(ErrorBodySchema.parse(res.body).reason).toBe('account_blocked');
    const pending = await createUser(t.db, { prefix: 'pending', status: 'awaiting_approval', approvedHrp: 0 });
    const session = await loginAs(t, pending.email);
    expect(session.user.status_label).toBe('Awaiting approval');
  });
  // Throttling of failed logins: login-protection.int-spec.ts.
});

describe('POST /user and the access token', () => {
  it('answers the user object to its owner only', async () => {
    const user = await createUser(t.db, { prefix: 'me', roles: ['student'] });
    const session = await tokenFor(t, user);
    const res = await t.call(ep.me, { as: session });
    expect(res.status).toBe(200);
    const body = ep.me.response.parse(res.body);
    expect(body.data.id).toBe(user.id);
    expect(body.data.roles).toEqual(['student']);
    expect(body.data.permissions).toEqual(['course-read', 'jobs-read', 'market-create', 'market-read', 'market-update', 'market-delete', 'video-viewer-read', 'audio-viewer-read']);
  });

  it('401 without a token, with a garbage or forged token', async () => {
    expect((await t.call(ep.me, { as: null })).status).toBe(401);
    expect((await t.call(ep.me, { as: { accessToken: 'abc.def.ghi' } })).status).toBe(401);
    expect((await t.call(ep.me, { as: null, headers: { Authorization: 'Basic Zm9vOmJhcg==' } })).status).toBe(401);
  });

  it('403 account_blocked for a blocked user with a still valid token', async () => {
    const user = await createUser(t.db, { prefix: 'me-blocked' });
    const session = await tokenFor(t, user);
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, user.id));
    const res = await t.call(ep.me, { as: session });
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('account_blocked');
  });
});

describe('POST /user/access-token/refresh', () => {
  it('rotates the refresh token; a reused one revokes the whole family', async () => {
    const user = await createUser(t.db, { prefix: 'refresh' });
    const first = await loginAs(t, user.email);
    const r1 = await t.call(ep.refresh, { as: null, headers: { Cookie: first.refreshCookie } });
    expect(r1.status).toBe(200);
    const body = LoginResponseSchema.parse(r1.body);
    expect(body.user.id).toBe(user.id);
    const second = refreshCookieOf(r1.headers);
    expect(second).not.toBe(first.refreshCookie);
    // The new access token works.
    expect((await t.call(ep.me, { as: { accessToken: body.access_token } })).status).toBe(200);
    // Replaying the first cookie after the grace period: refused, and the family (with its newest token) is gone.
    await backdateSpentTokens(user.id, 60_000);
    const replay = await t.call(ep.refresh, { as: null, headers: { Cookie: first.refreshCookie } });
    expect(replay.status).toBe(401);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: second } })).status).toBe(401);
    expect((await t.call(ep.me, { as: { accessToken: body.access_token } })).status).toBe(401);
  });

  it('two concurrent refreshes with one cookie both succeed with the same new cookie; the session stays', async () => {
    const user = await createUser(t.db, { prefix: 'refresh-race' });
    const session = await tokenFor(t, user);
    const [a, b] = await Promise.all([
      t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } }),
      t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } }),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    const cookie = refreshCookieOf(a.headers);
    expect(refreshCookieOf(b.headers)).toBe(cookie);
    for (const res of [a, b]) {
      const token = LoginResponseSchema.parse(res.body).access_token;
      expect((await t.call(ep.me, { as: { accessToken: token } })).status).toBe(200);
    }
    // A third tab, still with the old cookie inside the grace period, gets the same pair too.
    const late = await t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } });
    expect(late.status).toBe(200);
    expect(refreshCookieOf(late.headers)).toBe(cookie);
    // The session goes on with the new cookie.
    const next = await t.call(ep.refresh, { as: null, headers: { Cookie: cookie } });
    expect(next.status).toBe(200);
    const [family] = await t.db.select().from(schema.refreshTokenFamilies).where(eq(schema.refreshTokenFamilies.user_id, user.id));
    expect(family!.revoked_at).toBeNull();
  });

  it('a spent token after the grace period still revokes the session, even when replayed in parallel', async () => {
    const user = await createUser(t.db, { prefix: 'refresh-late' });
    const session = await tokenFor(t, user);
    const first = await t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } });
    expect(first.status).toBe(200);
    await backdateSpentTokens(user.id, 6_000); // the default grace is 5 s
    const replays = await Promise.all([
      t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } }),
      t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } }),
    ]);
    expect(replays.map((r) => r.status)).toEqual([401, 401]);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: refreshCookieOf(first.headers) } })).status).toBe(401);
    const [family] = await t.db.select().from(schema.refreshTokenFamilies).where(eq(schema.refreshTokenFamilies.user_id, user.id));
    expect(family!.revoked_reason).toBe('refresh_token_reuse');
  });

  it('401 without a cookie, with an unknown one, and past the absolute lifetime', async () => {
    expect((await t.call(ep.refresh, { as: null })).status).toBe(401);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: 'refresh_token=nope' } })).status).toBe(401);
    const user = await createUser(t.db, { prefix: 'refresh-old' });
    const session = await tokenFor(t, user);
    await t.db
      .update(schema.refreshTokenFamilies)
      .set({ absolute_expires_at: new Date(Date.now() - 1000) })
      .where(eq(schema.refreshTokenFamilies.user_id, user.id));
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } })).status).toBe(401);
  });
});

describe('POST /user/logout', () => {
  it('revokes the session and clears the cookie; anonymous logout is harmless', async () => {
    const user = await createUser(t.db, { prefix: 'logout' });
    const session = await tokenFor(t, user);
    const res = await t.call(ep.logout, { as: session });
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/refresh_token=;/);
    expect((await t.call(ep.me, { as: session })).status).toBe(401);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } })).status).toBe(401);
    expect((await t.call(ep.logout, { as: null })).status).toBe(204);
  });

  it('revokes the session of the cookie with an expired or no access token, and clears old-path cookies', async () => {
    const user = await createUser(t.db, { prefix: 'logout-expired' });
    const session = await tokenFor(t, user);
    const res = await t.call(ep.logout, { as: { accessToken: 'expired.or.garbage' }, headers: { Cookie: session.refreshCookie } });
    expect(res.status).toBe(204);
    const cleared = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
    expect(cleared.some((c) => /^refresh_token=;/.test(c) && /Path=\/api\/user(;|$)/.test(c))).toBe(true);
    expect(cleared.some((c) => /^refresh_token=;/.test(c) && /Path=\/api\/user\/access-token(;|$)/.test(c))).toBe(true);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } })).status).toBe(401);
    expect((await t.call(ep.me, { as: session })).status).toBe(401);
  });
});

describe('business profile: auth-as and back', () => {
  it('acts as a managed company, refuses personal endpoints, and goes back', async () => {
    const user = await createUser(t.db, { prefix: 'manager', roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const session = await tokenFor(t, user);
    const res = await t.call(ep.authAs, { as: session, params: { id: company.id } });
    expect(res.status).toBe(200);
    const acting = LoginResponseSchema.parse(res.body);
    expect(acting.user.active_business_profile).toMatchObject({ id: company.id, slug: company.slug, name: company.name });
    expect(acting.user.available_business_profiles.map((c) => c.id)).toEqual([company.id]);
    expect(acting.user.permissions).toEqual(['course-create', 'course-read', 'course-update', 'course-delete', 'jobs-create', 'jobs-read', 'jobs-update', 'jobs-delete', 'market-read']);
    // The session acts as the company: the old token too (the profile lives on the session).
    const me = await t.call(ep.me, { as: session });
    expect(me.parsed.data.active_business_profile?.id).toBe(company.id);
    const personal = await t.call(ep.changePassword, { as: { accessToken: acting.access_token }, body: { old_password: TEST_PASSWORD, new_password: 'Ny!Passord99', new_password_confirmation: 'Ny!Passord99' } });
    expect(personal.status).toBe(403);
    expect(personal.error.reason).toBe('business_profile_active');
    // Refresh keeps acting as the company.
    const refreshed = await t.call(ep.refresh, { as: null, headers: { Cookie: session.refreshCookie } });
    expect(refreshed.parsed.user.active_business_profile?.id).toBe(company.id);
    const back = await t.call(ep.leaveBusinessProfile, { as: { accessToken: acting.access_token } });
    expect(back.status).toBe(200);
    expect(LoginResponseSchema.parse(back.body).user.active_business_profile).toBeNull();
  });

  it("404 for another user's company and for no company; 401 anonymous; 403 for a pending account", async () => {
    const owner = await createUser(t.db, { prefix: 'owner', roles: ['doctor', 'company_manager'] });
    const other = await createUser(t.db, { prefix: 'other' });
    const company = await createCompany(t.db, { managers: [owner.id] });
    const session = await tokenFor(t, other);
    expect((await t.call(ep.authAs, { as: session, params: { id: company.id } })).status).toBe(404);
    expect((await t.call(ep.authAs, { as: session, params: { id: 999_999_999 } })).status).toBe(404);
    expect((await t.call(ep.authAs, { as: session, params: invalid({ id: 'abc' }) })).status).toBe(422);
    expect((await t.call(ep.authAs, { as: null, params: { id: company.id } })).status).toBe(401);
    expect((await t.call(ep.leaveBusinessProfile, { as: null })).status).toBe(401);
    const pending = await createUser(t.db, { prefix: 'pending-mgr', status: 'awaiting_approval', roles: ['company_manager'] });
    const pendingCompany = await createCompany(t.db, { managers: [pending.id] });
    const pendingSession = await tokenFor(t, pending);
    const res = await t.call(ep.authAs, { as: pendingSession, params: { id: pendingCompany.id } });
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('account_not_approved');
  });

  it('stops acting as a company the user no longer manages', async () => {
    const user = await createUser(t.db, { prefix: 'ex-manager', roles: ['company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const session = await tokenFor(t, user, { actAs: company.id });
    expect(session.user.active_business_profile?.id).toBe(company.id);
    await t.db.delete(schema.partnerCompanyManagers).where(eq(schema.partnerCompanyManagers.user_id, user.id));
    const me = await t.call(ep.me, { as: session });
    expect(me.parsed.data.active_business_profile).toBeNull();
  });
});

describe('PUT /user/change-password', () => {
  const body = (old: string, next: string, confirmation = next) => ({ old_password: old, new_password: next, new_password_confirmation: confirmation });

  it('changes the password, ends other sessions, keeps this one with a fresh token', async () => {
    const user = await createUser(t.db, { prefix: 'chpw' });
    const here = await tokenFor(t, user);
    const elsewhere = await tokenFor(t, user);
    const res = await t.call(ep.changePassword, { as: here, body: body(TEST_PASSWORD, 'Fjord!Sjø2026x') });
    expect(res.status).toBe(200);
    const fresh = LoginResponseSchema.parse(res.body);
    expect((await t.call(ep.me, { as: { accessToken: fresh.access_token } })).status).toBe(200);
    expect((await t.call(ep.me, { as: elsewhere })).status).toBe(401);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: elsewhere.refreshCookie } })).status).toBe(401);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: here.refreshCookie } })).status).toBe(200);
    await loginAs(t, user.email, 'Fjord!Sjø2026x');
    const old = await t.call(ep.login, { as: null, body: { email: user.email, password: TEST_PASSWORD } });
    expect(old.status).toBe(422);
  });

  it('refuses a wrong old password, the rule, a common password, the same password and a mismatch (422)', async () => {
    const user = await createUser(t.db, { prefix: 'chpw-bad' });
    const session = await tokenFor(t, user);
    const put = (b: BodyIn<typeof ep.changePassword> | Invalid) => t.call(ep.changePassword, { as: session, body: b, locale: 'en' });
    const wrong = await put(body('Wrong!Old1', 'Fjord!Sjø2026x'));
    expect(wrong.status).toBe(422);
    expect(wrong.validation.errors.old_password).toEqual(['The password is wrong.']);
    const weak = await put(body(TEST_PASSWORD, 'alllowercase'));
    expect(weak.status).toBe(422);
    expect(weak.validation.errors.new_password?.[0]).toMatch(/at least one uppercase/);
    const common = await put(body(TEST_PASSWORD, 'pAssword123!'));
    expect(common.status).toBe(422);
    expect(common.validation.errors.new_password).toEqual(['This password is too common. Choose another one.']);
    const same = await put(body(TEST_PASSWORD, TEST_PASSWORD));
    expect(same.validation.errors.new_password).toEqual(['The new password must be different from the old one.']);
    const mismatch = await put(body(TEST_PASSWORD, 'Fjord!Sjø2026x', 'Fjord!Sjø2026y'));
    expect(mismatch.validation.errors.new_password_confirmation).toEqual(['The passwords do not match.']);
    expect((await put(invalid({}))).status).toBe(422);
  });

  it('401 anonymous; works for a pending account (its own profile)', async () => {
    expect((await t.call(ep.changePassword, { as: null, body: body(TEST_PASSWORD, 'Fjord!Sjø2026x') })).status).toBe(401);
    const pending = await createUser(t.db, { prefix: 'chpw-pending', status: 'awaiting_approval' });
    const session = await tokenFor(t, pending);
    const res = await t.call(ep.changePassword, { as: session, body: body(TEST_PASSWORD, 'Fjord!Sjø2026x') });
    expect(res.status).toBe(200);
  });
});

describe('two-step login challenge', () => {
  it('answers a challenge instead of tokens when two-step is on', async () => {
    const user = await createUser(t.db, { prefix: '2fa-challenge' });
    await t.db.update(schema.users).set({ two_factor_enabled: true, two_factor_secret: 'v1.x.y.z' }).where(eq(schema.users.id, user.id));
    const res = await t.call(ep.login, { as: null, body: { email: user.email, password: TEST_PASSWORD } });
    expect(res.status).toBe(200);
    const challenge = TwoFactorChallengeSchema.parse(res.body);
    expect(challenge.expires_in).toBe(300);
    expect(res.headers['set-cookie']).toBeUndefined();
    // A challenge is not an access token.
    expect((await t.call(ep.me, { as: { accessToken: challenge.challenge_token } })).status).toBe(401);
  });
});
