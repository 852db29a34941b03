import { authEndpoints as ep, listOf, SessionSchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { invalid } from '../../../test/call';
import { createUser, tokenFor, type TestSession } from '../../../test/auth';
import { SessionService } from '../users';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const FIREFOX_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0';

/** A session opened from a given browser and address, as a login would. */
async function sessionFrom(userId: number, userAgent: string, ip: string): Promise<TestSession & { familyId: number }> {
  const opened = await t.app.get(SessionService, { strict: false }).openSession(userId, { userAgent, ip });
  return {
    accessToken: opened.response.access_token,
    refreshCookie: `refresh_token=${opened.refreshToken}`,
    user: opened.response.user,
    familyId: opened.familyId,
  };
}

const me = (session: TestSession) => t.call(ep.me, { as: session });

describe('GET /user/sessions', () => {
  it('lists my active sessions with device, masked address and this one marked; not revoked or other users’', async () => {
    const user = await createUser(t.db, { prefix: 'sessions-list' });
    const here = await sessionFrom(user.id, FIREFOX_WINDOWS, '84.210.12.7');
    await sessionFrom(user.id, 'curl/8.5.0', '::ffff:10.1.2.3');
    const ended = await tokenFor(t, user);
    await t.call(ep.logout, { as: ended });
    const other = await createUser(t.db, { prefix: 'sessions-other' });
    await tokenFor(t, other);

    const res = await t.call(ep.sessions, { as: here });
    expect(res.status).toBe(200);
    const { data } = listOf(SessionSchema).parse(res.body);
    expect(data).toHaveLength(2);
    const current = data.find((s) => s.current)!;
    expect(current).toMatchObject({ id: here.familyId, device: { browser: 'Firefox', system: 'Windows' }, ip: '84.210.x.x' });
    expect(new Date(current.created_at).getTime()).not.toBeNaN();
    expect(data.find((s) => !s.current)).toMatchObject({ device: { browser: null, system: null }, ip: '10.1.x.x', current: false });
    // Neither the raw address nor the user agent leaves the server.
    expect(JSON.stringify(res.body)).not.toContain('12.7');
    expect(JSON.stringify(res.body)).not.toContain('Mozilla');
  });

  it('401 anonymous', async () => {
    expect((await t.call(ep.sessions, { as: null })).status).toBe(401);
  });
});

describe('DELETE /user/sessions/:id', () => {
  it('ends one of my sessions at once: its access token and refresh cookie stop working', async () => {
    const user = await createUser(t.db, { prefix: 'sessions-revoke' });
    const here = await sessionFrom(user.id, FIREFOX_WINDOWS, '84.210.12.7');
    const phone = await sessionFrom(user.id, 'curl/8.5.0', '10.0.0.1');
    expect((await me(phone)).status).toBe(200);

    const res = await t.call(ep.revokeSession, { as: here, params: { id: phone.familyId } });
    expect(res.status).toBe(204);
    expect((await me(phone)).status).toBe(401);
    expect((await t.call(ep.refresh, { as: null, headers: { Cookie: phone.refreshCookie } })).status).toBe(401);
    expect((await me(here)).status).toBe(200);
    // Already ended: nothing to end.
    expect((await t.call(ep.revokeSession, { as: here, params: { id: phone.familyId } })).status).toBe(
      404,
    );
  });

  it("404 for another user's session (which stays valid), 401 anonymous, 422 for a bad id", async () => {
    const user = await createUser(t.db, { prefix: 'sessions-mine' });
    const here = await tokenFor(t, user);
    const other = await createUser(t.db, { prefix: 'sessions-theirs' });
    const theirs = await sessionFrom(other.id, FIREFOX_WINDOWS, '84.210.12.7');

    expect((await t.call(ep.revokeSession, { as: here, params: { id: theirs.familyId } })).status).toBe(404);
    expect((await me(theirs)).status).toBe(200);
    expect((await t.call(ep.revokeSession, { as: null, params: { id: theirs.familyId } })).status).toBe(401);
    expect((await t.call(ep.revokeSession, { as: here, params: invalid({ id: 'abc' }) })).status).toBe(422);
  });
});

describe('DELETE /user/sessions', () => {
  it('logs out of all other devices and keeps this one (scope=others, the default)', async () => {
    const user = await createUser(t.db, { prefix: 'sessions-others' });
    const here = await sessionFrom(user.id, FIREFOX_WINDOWS, '84.210.12.7');
    const a = await tokenFor(t, user);
    const b = await tokenFor(t, user);
    const other = await createUser(t.db, { prefix: 'sessions-bystander' });
    const bystander = await tokenFor(t, other);

    expect((await t.call(ep.revokeSessions, { as: here })).status).toBe(204);
    expect((await me(a)).status).toBe(401);
    expect((await me(b)).status).toBe(401);
    expect((await me(here)).status).toBe(200);
    expect((await me(bystander)).status).toBe(200);
  });

  it('scope=all ends this session too and clears the cookie; 401 anonymous; 422 for an unknown scope', async () => {
    const user = await createUser(t.db, { prefix: 'sessions-all' });
    const here = await tokenFor(t, user);
    const elsewhere = await tokenFor(t, user);

    expect((await t.call(ep.revokeSessions, { as: here, query: invalid({ scope: 'everything' }) })).status).toBe(422);
    const res = await t.call(ep.revokeSessions, { as: here, query: { scope: 'all' } });
    expect(res.status).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(/refresh_token=;/);
    expect((await me(here)).status).toBe(401);
    expect((await me(elsewhere)).status).toBe(401);
    const families = await t.db.select().from(schema.refreshTokenFamilies).where(eq(schema.refreshTokenFamilies.user_id, user.id));
    expect(families.every((f) => f.revoked_at !== null)).toBe(true);
    expect((await t.call(ep.revokeSessions, { as: null })).status).toBe(401);
  });
});
