import { type Role, type User } from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { type TestApp } from './app';
/** The password of every test user unless a test sets its own (meets the password rule). */
export declare const TEST_PASSWORD = "Test!Pass2026";
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
/**
 * A user of this test's own: unique e-mail and slug, approved doctor with confirmed HPR by default.
 * `createUser(t.db, { status: 'in_review', roles: ['student'], approvedHrp: 0 })`.
 */
export declare function createUser(db: Database, options?: CreateUserOptions): Promise<TestUser>;
/** A partner company (business profile) managed by `managers`. */
export declare function createCompany(db: Database, options: {
    managers: number[];
    name?: string;
    published?: boolean;
}): Promise<{
    id: number;
    slug: string;
    name: string;
}>;
/** The `refresh_token=...` pair of a response's Set-Cookie header, if it set one. */
export declare function refreshCookieOf(headers: Record<string, unknown>): string;
/** Logs in through `POST /api/user/login` (counts against the login rate limits). */
export declare function loginAs(http: TestApp['http'], email: string, password?: string): Promise<TestSession>;
/**
 * A logged-in session for a user without going through HTTP (no rate limits, no password), e.g.
 * `const { accessToken } = await tokenFor(t, user)` then `.set('Authorization', `Bearer ${accessToken}`)`.
 * `actAs` starts the session as one of the user's business profiles.
 */
export declare function tokenFor(t: TestApp, user: {
    id: number;
} | number, options?: {
    actAs?: number;
}): Promise<TestSession>;
/** `Authorization` header value of a session. */
export declare const bearer: (session: Pick<TestSession, "accessToken">) => string;
export {};
