import { type DynamicModule, type Type } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type Endpoint } from '@legenett/contracts';
import { type Database } from '@legenett/db';
import request from 'supertest';
import { createApp } from '../src/app';
import { type RawEnv } from '../src/config';
import { type CreateUserOptions, type TestSession, type TestUser } from './auth';
import { type Answer, type CallOptions } from './call';
/** A user of the test's own and a session of theirs: pass it as `as` to `t.call`. */
/** The app's factory, for a spec that builds the app itself (a stopping server): specs under src/common import it from here. */
export { createApp };
export interface UserSession extends Pick<TestSession, 'accessToken' | 'refreshCookie'> {
    user: TestUser;
    /** The user object the API answers at login (`User` of the contracts). */
    account: TestSession['user'];
}
export interface TestApp {
    app: NestExpressApplication;
    /** supertest agent on the app's HTTP server */
    http: ReturnType<typeof request>;
    /** direct database access for fixtures and assertions */
    db: Database;
    /** the SPA build directory this app serves (a small fixture) */
    webDistDir: string;
    /**
     * Calls an endpoint as a caller with typed inputs; a 2xx answer is parsed with the descriptor's
     * response schema (a mismatch fails the test), other answers are returned to assert.
     * `await t.call(ep.show, { as: me, params: { id: 3 }, locale: 'en' })`.
     */
    call<E extends Endpoint>(endpoint: E, options: CallOptions<E>): Promise<Answer<E>>;
    /**
     * A new user (approved doctor unless `options` say otherwise) with a session opened without HTTP;
     * `actAs` starts it as one of the user's business profiles.
     */
    session(options?: CreateUserOptions & {
        actAs?: number;
    }): Promise<UserSession>;
    close(): Promise<void>;
}
/** A fake SPA build: index.html plus one hashed asset. */
export declare function makeWebDist(): string;
/**
 * The environment of a test app: this run's database and keys, quiet logs, no maintenance caching, no
 * periodic housekeeping, no Redis; `overrides` win (a test with its own database passes DATABASE_URL).
 */
export declare function testAppEnv(overrides?: RawEnv): RawEnv;
/**
 * The real application (createApp) on this run's test database, with quiet logs, a fixture SPA
 * build, no maintenance caching and no periodic housekeeping unless a test overrides `env`.
 */
export declare function createTestApp(options?: {
    env?: RawEnv;
    imports?: (Type | DynamicModule)[];
}): Promise<TestApp>;
/** A short unique token so each test's rows are its own (`Testby-k3x9`). */
export declare const uniqueToken: () => string;
