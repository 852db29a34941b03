import { authEndpoints, type LoginResponse, LoginResponseSchema, type Role, type User } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { hashSync } from 'bcrypt';
import { type TestApp } from './app';
import { SessionService } from '../src/modules/users';

/** The password of every test user unless a test sets its own (meets the password rule). */
export const TEST_PASSWORD = 'Test!Pass2026';

type Status = (typeof schema.USER_STATUSES)[number];

export interface CreateUserOptions {
  /** E-mail prefix: `${prefix}-${random}@test.no`. */
  prefix?: string;
  email?: string;
  password?: string;
  status?: Status;
  roles?: Role[];
  approvedHrp?: 0 | 1 | 2;
  firstName?: string;
  lastName?: string;
  hprNumber?: string | null;
  emailVerified?: boolean;
  locale?: 'no' | 'en';
}

export interface TestUser {
  id: number;
  email: string;
  password: string;
  slug: string;
  firstName: string;
  lastName: string;
}

export interface TestSession {
  accessToken: string;
  /** `refresh_token=...`, ready for `.set('Cookie', ...)`. */
  refreshCookie: string;
  user: User;
}

const random = (): string => Math.random().toString(36).slice(2, 10);

// bcrypt at a low cost: the API compares any cost, and tests make many users.
const hashes = new Map<string, string>();
const hashOf = (password: string): string => {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashSync(password, 4);
    hashes.set(password, hash);
  }
  return hash;
};

async function roleIds(db: Database, roles: Role[]): Promise<number[]> {
  if (roles.length === 0) return [];
  // Roles are reference data; make sure they exist even when the seed package is not built.
  await db
    .insert(schema.roles)
    .values(roles.map((code) => ({ code, name: { no: code, en: code } })))
    .onConflictDoNothing({ target: schema.roles.code });
  const rows = await db.select({ id: schema.roles.id, code: schema.roles.code }).from(schema.roles);
  return rows.filter((r) => roles.includes(r.code)).map((r) => r.id);
}

/**
 * A user of this test's own: unique e-mail and slug, approved doctor with confirmed HPR by default.
 * `createUser(t.db, { status: 'in_review', roles: ['student'], approvedHrp: 0 })`.
 */
export async function createUser(db: Database, options: CreateUserOptions = {}): Promise<TestUser> {
  const token = random();
  const prefix = options.prefix ?? 'user';
  const email = options.email ?? `${prefix}-${token}@test.no`;
  const password = options.password ?? TEST_PASSWORD;
  const firstName = options.firstName ?? 'Test';
  const lastName = options.lastName ?? `Bruker ${token}`;
  const slug = `${prefix}-${token}`;
  const [user] = await db
    .insert(schema.users)
    .values({
      email,
      password_hash: hashOf(password),
      first_name: firstName,
      last_name: lastName,
      slug,
      status: options.status ?? 'approved',
      locale: options.locale ?? 'no',
      email_verified_at: options.emailVerified === false ? null : new Date(),
      terms_accepted_at: new Date(),
      no_sensitive_info_accepted_at: new Date(),
    })
    .returning({ id: schema.users.id });
  const id = user!.id;
  await db.insert(schema.userInfo).values({
    user_id: id,
    approved_hrp: options.approvedHrp ?? 2,
    hpr_number: options.hprNumber === undefined ? null : options.hprNumber,
    hpr_verified: (options.approvedHrp ?? 2) === 2,
  });
  const ids = await roleIds(db, options.roles ?? ['doctor']);
  if (ids.length > 0) await db.insert(schema.userRoles).values(ids.map((role_id) => ({ user_id: id, role_id })));
  return { id, email, password, slug, firstName, lastName };
}

/** A partner company (business profile) managed by `managers`. */
export async function createCompany(
  db: Database,
  options: { managers: number[]; name?: string; published?: boolean },
): Promise<{ id: number; slug: string; name: string }> {
  const token = random();
  const name = options.name ?? `Firma ${token} AS`;
  const [company] = await db
    .insert(schema.partnerCompanies)
    .values({ name, slug: `firma-${token}`, is_published: options.published ?? true })
    .returning({ id: schema.partnerCompanies.id, slug: schema.partnerCompanies.slug, name: schema.partnerCompanies.name });
  if (options.managers.length > 0) {
    await db
      .insert(schema.partnerCompanyManagers)
      .values(options.managers.map((user_id) => ({ partner_company_id: company!.id, user_id })));
  }
  return company!;
}

/** The `refresh_token=...` pair of a response's Set-Cookie header, if it set one. */
export function refreshCookieOf(headers: Record<string, unknown>): string {
  const raw = headers['set-cookie'];
  const cookies = Array.isArray(raw) ? (raw as string[]) : typeof raw === 'string' ? [raw] : [];
  const found = cookies.find((c) => c.startsWith('refresh_token='));
  return found ? found.split(';')[0]! : '';
}

/** Logs in through `POST /api/user/login` (counts against the login rate limits). */
export async function loginAs(t: Pick<TestApp, 'call'>, email: string, password: string = TEST_PASSWORD): Promise<TestSession> {
  const res = await t.call(authEndpoints.login, { as: null, body: { email, password } });
  if (res.status !== 200) throw new Error(`login of ${email} answered ${res.status}: ${JSON.stringify(res.body)}`);
  const body: LoginResponse = LoginResponseSchema.parse(res.body);
  return { accessToken: body.access_token, refreshCookie: refreshCookieOf(res.headers), user: body.user };
}

/**
 * A logged-in session for a user without going through HTTP (no rate limits, no password), e.g.
 * `const { accessToken } = await tokenFor(t, user)` then `.set('Authorization', `Bearer ${accessToken}`)`.
 * `actAs` starts the session as one of the user's business profiles.
 */
export async function tokenFor(t: TestApp, user: { id: number } | number, options: { actAs?: number } = {}): Promise<TestSession> {
  const sessions = t.app.get(SessionService, { strict: false });
  const userId = typeof user === 'number' ? user : user.id;
  const session = await sessions.openSession(userId, { userAgent: 'jest', ip: '127.0.0.1' });
  let response = session.response;
  if (options.actAs !== undefined) {
    await sessions.setActiveCompany(userId, session.familyId, options.actAs);
    response = await sessions.loginResponse(userId, session.familyId, options.actAs);
  }
  return { accessToken: response.access_token, refreshCookie: `refresh_token=${session.refreshToken}`, user: response.user };
}

/** `Authorization` header value of a session. */
export const bearer = (session: Pick<TestSession, 'accessToken'>): string => `Bearer ${session.accessToken}`;

/**
 * Quiet hours off for these users (their notification preferences). Mail due in quiet hours (22:00-07:00
 * Oslo by default) waits for the morning, so a test that expects a mail now must not depend on the
 * hour it runs at; quiet hours have tests of their own with fixed times.
 */
export async function withoutQuietHours(db: Database, userIds: number[]): Promise<void> {
  if (userIds.length === 0) return;
  await db
    .insert(schema.notificationPreferences)
    .values(userIds.map((user_id) => ({ user_id, quiet_hours_enabled: false })))
    .onConflictDoUpdate({ target: schema.notificationPreferences.user_id, set: { quiet_hours_enabled: false } });
}
