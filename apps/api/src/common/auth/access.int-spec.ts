import { Controller, Module } from '@nestjs/common';
import { defineEndpoint, ErrorBodySchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { JwtService } from '@nestjs/jwt';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
import { readTestDatabase } from '../../../test/test-database';
import { Route } from '../http';
import { AuthRepository } from './auth.repository';
import { Authenticator } from './authenticator';
import { OptionalPrincipal } from './current-principal.decorator';
import { type Principal } from './principal';

const gate = (name: string, extra: Partial<Parameters<typeof defineEndpoint>[0]>) =>
  defineEndpoint({ method: 'GET', path: `/__gates/${name}`, summary: name, access: 'member', response: null, ...extra });

const gates = {
  publicOne: defineEndpoint({
    method: 'GET',
    path: '/__gates/public',
    summary: 'public',
    access: 'public',
    response: z.object({ user_id: z.number().nullable() }),
  }),
  user: gate('user', { access: 'user' }),
  member: gate('member', {}),
  admin: gate('admin', { access: 'admin' }),
  personal: gate('personal', { access: 'user', personal: true }),
  health: gate('health', { access: 'user', healthPersonnel: 'confirmed_or_in_review' }),
  confirmed: gate('confirmed', { access: 'user', healthPersonnel: 'confirmed' }),
  permission: gate('permission', { permission: 'course-create' }),
};

@Controller()
class GateController {
  @Route(gates.publicOne)
  publicOne(@OptionalPrincipal() principal: Principal | null) {
    return { user_id: principal?.userId ?? null };
  }
  @Route(gates.user) user(): void {}
  @Route(gates.member) member(): void {}
  @Route(gates.admin) admin(): void {}
  @Route(gates.personal) personal(): void {}
  @Route(gates.health) health(): void {}
  @Route(gates.confirmed) confirmed(): void {}
  @Route(gates.permission) permission(): void {}
}

@Module({ controllers: [GateController] })
class GateModule {}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ imports: [GateModule] });
});
afterAll(async () => {
  await t.close();
});

async function call(name: keyof typeof gates, token?: string) {
  const req = t.http.get(`/api${gates[name].path}`);
  const res = token ? await req.set('Authorization', `Bearer ${token}`) : await req;
  return { status: res.status, reason: res.status === 403 ? ErrorBodySchema.parse(res.body).reason : undefined, body: res.body };
}

describe('status gates (docs/api-conventions.md)', () => {
  type Case = [string, Parameters<typeof createUser>[1], Record<Exclude<keyof typeof gates, 'publicOne'>, number | string>];
  const cases: Case[] = [
    ['approved doctor', {}, { user: 204, member: 204, admin: 'missing_permission', personal: 204, health: 204, confirmed: 204, permission: 204 }],
    ['admin', { roles: ['admin'] }, { user: 204, member: 204, admin: 204, personal: 204, health: 204, confirmed: 204, permission: 204 }],
    ['student with licence', { roles: ['student'] }, { user: 204, member: 204, admin: 'missing_permission', personal: 204, health: 204, confirmed: 204, permission: 'missing_permission' }],
    ['in review', { status: 'in_review', approvedHrp: 0 }, { user: 204, member: 'account_in_review', admin: 'missing_permission', personal: 204, health: 204, confirmed: 'not_health_personnel', permission: 'account_in_review' }],
    ['awaiting approval', { status: 'awaiting_approval', approvedHrp: 0 }, { user: 204, member: 'account_not_approved', admin: 'missing_permission', personal: 204, health: 'not_health_personnel', confirmed: 'not_health_personnel', permission: 'account_not_approved' }],
    ['rejected', { status: 'rejected', approvedHrp: 1 }, { user: 204, member: 'account_not_approved', admin: 'missing_permission', personal: 204, health: 'not_health_personnel', confirmed: 'not_health_personnel', permission: 'account_not_approved' }],
    ['approved, HPR not confirmed', { approvedHrp: 1 }, { user: 204, member: 204, admin: 'missing_permission', personal: 204, health: 'not_health_personnel', confirmed: 'not_health_personnel', permission: 204 }],
    ['blocked', { status: 'blocked' }, { user: 'account_blocked', member: 'account_blocked', admin: 'account_blocked', personal: 'account_blocked', health: 'account_blocked', confirmed: 'account_blocked', permission: 'account_blocked' }],
  ];

  it.each(cases)('%s', async (_label, options, expected) => {
    const user = await createUser(t.db, { prefix: 'gate', ...options });
    const { accessToken } = await tokenFor(t, user);
    for (const [name, want] of Object.entries(expected) as [keyof typeof gates, number | string][]) {
      const res = await call(name, accessToken);
      if (typeof want === 'number') expect([name, res.status]).toEqual([name, want]);
      else expect([name, res.status, res.reason]).toEqual([name, 403, want]);
    }
  });

  it('anonymous: 401 everywhere but public', async () => {
    for (const name of ['user', 'member', 'admin', 'personal', 'health', 'confirmed', 'permission'] as const) {
      expect((await call(name)).status).toBe(401);
    }
    expect((await call('publicOne')).body).toEqual({ user_id: null });
  });

  it('public routes still see a valid caller (and ignore a bad token)', async () => {
    const user = await createUser(t.db, { prefix: 'gate-public' });
    const { accessToken } = await tokenFor(t, user);
    expect((await call('publicOne', accessToken)).body).toEqual({ user_id: user.id });
    expect((await call('publicOne', 'x.y.z')).body).toEqual({ user_id: null });
  });

  it('acting as a business profile: personal 403, company keys only', async () => {
    const user = await createUser(t.db, { prefix: 'gate-company', roles: ['student', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const personal = await tokenFor(t, user);
    expect((await call('permission', personal.accessToken)).status).toBe(204);
    const acting = await tokenFor(t, user, { actAs: company.id });
    expect(await call('personal', acting.accessToken)).toMatchObject({ status: 403, reason: 'business_profile_active' });
    expect((await call('permission', acting.accessToken)).status).toBe(204);
    expect((await call('member', acting.accessToken)).status).toBe(204);
  });
});

describe('bearer token checks', () => {
  const secret = readTestDatabase().jwtSecret;
  const jwt = new JwtService({ secret });
  const sign = (payload: object, options: Parameters<JwtService['sign']>[1] = {}) =>
    jwt.sign({ typ: 'access', ...payload }, { algorithm: 'HS256', audience: 'legenett-api', issuer: 'legenett', jwtid: 'abcdefgh-1234', expiresIn: 60, ...options });

  it('accepts a well-formed token and refuses each broken claim', async () => {
    const user = await createUser(t.db, { prefix: 'claims' });
    const session = await tokenFor(t, user);
    const fam = (JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { fam: number }).fam;
    expect((await call('user', sign({ fam }, { subject: String(user.id) }))).status).toBe(204);
    const bad = [
      sign({ fam }, { subject: String(user.id), audience: 'someone-else' }),
      sign({ fam, typ: 'two_factor' }, { subject: String(user.id) }),
      sign({ fam }, { subject: 'abc' }),
      sign({}, { subject: String(user.id) }),
      sign({ fam: fam + 1_000_000 }, { subject: String(user.id) }),
      new JwtService({ secret: 'another-secret-another-secret-123' }).sign({ typ: 'access', fam }, { subject: String(user.id), audience: 'legenett-api', issuer: 'legenett', jwtid: 'abcdefgh-1234' }),
      // alg "none"
      `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify({ sub: String(user.id), fam, typ: 'access', aud: 'legenett-api', iss: 'legenett', jti: 'abcdefgh-1', exp: Math.floor(Date.now() / 1000) + 60 })).toString('base64url')}.`,
    ];
    for (const token of bad) expect((await t.http.get('/api/__gates/user').set('Authorization', `Bearer ${token}`)).status).toBe(401);
    const noJti = jwt.sign({ typ: 'access', fam }, { algorithm: 'HS256', subject: String(user.id), audience: 'legenett-api', issuer: 'legenett', expiresIn: 60 });
    expect((await call('user', noJti)).status).toBe(401);
  });

  it('an expired token answers 401 with the expiry message', async () => {
    const user = await createUser(t.db, { prefix: 'expired' });
    const session = await tokenFor(t, user);
    const fam = (JSON.parse(Buffer.from(session.accessToken.split('.')[1]!, 'base64url').toString()) as { fam: number }).fam;
    const expired = jwt.sign(
      { typ: 'access', fam, exp: Math.floor(Date.now() / 1000) - 10 },
      { algorithm: 'HS256', subject: String(user.id), audience: 'legenett-api', issuer: 'legenett', jwtid: 'abcdefgh-1234' },
    );
    const res = await t.http.get('/api/__gates/user').set('Authorization', `Bearer ${expired}`).set('X-localization', 'en');
    expect(res.status).toBe(401);
    expect(ErrorBodySchema.parse(res.body)).toMatchObject({ status_code: 401, message: 'Your session has expired. Please log in again.' });
  });

  it('refuses tokens issued before sessions_valid_after, of deleted users and of revoked sessions', async () => {
    const a = await createUser(t.db, { prefix: 'sva' });
    const sa = await tokenFor(t, a);
    await t.db.update(schema.users).set({ sessions_valid_after: new Date(Date.now() + 2000) }).where(eq(schema.users.id, a.id));
    expect((await call('user', sa.accessToken)).status).toBe(401);
    const b = await createUser(t.db, { prefix: 'deleted' });
    const sb = await tokenFor(t, b);
    await t.db.update(schema.users).set({ deleted_at: new Date() }).where(eq(schema.users.id, b.id));
    expect((await call('user', sb.accessToken)).status).toBe(401);
    const c = await createUser(t.db, { prefix: 'revoked' });
    const sc = await tokenFor(t, c);
    expect((await call('user', sc.accessToken)).status).toBe(204);
    await t.db.update(schema.refreshTokenFamilies).set({ revoked_at: new Date() }).where(eq(schema.refreshTokenFamilies.user_id, c.id));
    expect((await call('user', sc.accessToken)).status).toBe(401);
    expect(bearer(sc)).toMatch(/^Bearer /);
  });
});

describe('callers looked up together (the gate\'s grouped statement)', () => {
  it('answers each (user, session) pair in a group exactly as the lookup alone does', async () => {
    const repository = t.app.get(AuthRepository, { strict: false });
    const doctor = await createUser(t.db, { prefix: 'grp' });
    const admin = await createUser(t.db, { prefix: 'grp-admin', roles: ['admin'] });
    const blocked = await createUser(t.db, { prefix: 'grp-blocked', status: 'blocked' });
    const deleted = await createUser(t.db, { prefix: 'grp-deleted' });
    const manager = await createUser(t.db, { prefix: 'grp-company', roles: ['student', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const famOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { fam: number }).fam;
    const sessions = await Promise.all([doctor, admin, blocked, deleted, manager].map((u) => tokenFor(t, u)));
    const acting = await tokenFor(t, manager, { actAs: company.id });
    const revoked = await tokenFor(t, doctor);
    await t.db.update(schema.refreshTokenFamilies).set({ revoked_at: new Date() }).where(eq(schema.refreshTokenFamilies.id, famOf(revoked.accessToken)));
    await t.db.update(schema.users).set({ deleted_at: new Date(), sessions_valid_after: new Date() }).where(eq(schema.users.id, deleted.id));
    const keys = [
      ...[doctor, admin, blocked, deleted, manager].map((u, i) => ({ userId: u.id, familyId: famOf(sessions[i]!.accessToken) })),
      { userId: manager.id, familyId: famOf(acting.accessToken) },
      { userId: doctor.id, familyId: famOf(revoked.accessToken) },
      // Another user's session, an unknown user, and the same pair twice.
      { userId: admin.id, familyId: famOf(sessions[0]!.accessToken) },
      { userId: 2_000_000_000, familyId: famOf(sessions[0]!.accessToken) },
      { userId: doctor.id, familyId: famOf(sessions[0]!.accessToken) },
    ];
    const alone = [];
    for (const k of keys) alone.push(await repository.caller(k.userId, k.familyId));
    const grouped = await repository.callers(keys);
    expect(grouped).toEqual(alone);
    expect(alone.map((r) => r && [r.userId, r.familyFound, r.activeCompanyId, r.roles, r.status, r.deletedAt !== null, r.familyRevokedAt !== null])).toEqual([
      [doctor.id, true, null, ['doctor'], 'approved', false, false],
      [admin.id, true, null, ['admin'], 'approved', false, false],
      [blocked.id, true, null, ['doctor'], 'blocked', false, false],
      [deleted.id, true, null, ['doctor'], 'approved', true, false],
      [manager.id, true, null, ['company_manager', 'student'], 'approved', false, false],
      [manager.id, true, company.id, ['company_manager', 'student'], 'approved', false, false],
      [doctor.id, true, null, ['doctor'], 'approved', false, true],
      [admin.id, false, null, ['admin'], 'approved', false, false],
      null,
      [doctor.id, true, null, ['doctor'], 'approved', false, false],
    ]);
  });

  it('groups the lookups of requests arriving together, and each request still gets its own gate answer', async () => {
    // Grouping is on by default (config.schema.ts, AUTH_CALLER_BATCH 64); an app of its own on the same
    // database, so that nothing else's lookups share its statements.
    const g = await createTestApp({ imports: [GateModule], env: { AUTH_CALLER_BATCH: '64' } });
    try {
      await groupedLookups(g);
    } finally {
      await g.close();
    }
  });

  async function groupedLookups(g: TestApp): Promise<void> {
    const repository = g.app.get(AuthRepository, { strict: false });
    const users = await Promise.all(Array.from({ length: 6 }, (_, i) => createUser(t.db, { prefix: 'grp-http', ...(i === 5 ? { status: 'blocked' as const } : {}) })));
    const tokens = await Promise.all(users.map(async (u) => (await tokenFor(t, u)).accessToken));
    const revoked = await createUser(t.db, { prefix: 'grp-http-revoked' });
    const revokedToken = (await tokenFor(t, revoked)).accessToken;
    await t.db.update(schema.refreshTokenFamilies).set({ revoked_at: new Date() }).where(eq(schema.refreshTokenFamilies.user_id, revoked.id));
    const grouped = jest.spyOn(repository, 'callers');
    const authenticator = g.app.get(Authenticator);
    const resolved = await Promise.all([...tokens, revokedToken].map((token) => authenticator.resolveToken(token)));
    // Asked in one turn of the event loop: all seven share one statement.
    expect(grouped.mock.calls.map(([keys]) => keys.length)).toEqual([7]);
    expect(resolved.map((r) => (r.ok ? [r.principal.userId, r.principal.status] : r.failure))).toEqual([
      ...users.map((u, i) => [u.id, i === 5 ? 'blocked' : 'approved']),
      'revoked',
    ]);
    grouped.mockRestore();
    // Over HTTP (one by one: supertest on an unlistened server resets concurrent connections at times),
    // the gate's answers: the blocked one 403, the revoked one 401, the rest 204.
    const statuses: number[] = [];
    for (const token of [...tokens, revokedToken]) statuses.push((await call('member', token)).status);
    expect(statuses).toEqual([204, 204, 204, 204, 204, 403, 401]);
  }
});
