import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type DynamicModule, type Type } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { type Endpoint } from '@legenett/contracts';
import { createDatabase, type Database } from '@legenett/db';
import request from 'supertest';
import { createApp } from '../src/app';
import { type RawEnv } from '../src/config';
import { type CreateUserOptions, createUser, type TestSession, type TestUser, tokenFor } from './auth';
import { type Answer, type CallOptions, callEndpoint } from './call';
import { readTestDatabase } from './test-database';

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
  /**
   * The same agent, for a request outside the contracts' endpoints, which `call` cannot make: a URL
   * the API handed out (a signed file, a podcast feed), a well-known file, a binary download, a body
   * of another content type. The areas of `typedCallAreas` (eslint.config.mjs) may not use `http`:
   * an endpoint of the contracts goes through `call`, anything else says so by using `raw`.
   */
  raw: ReturnType<typeof request>;
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
  session(options?: CreateUserOptions & { actAs?: number }): Promise<UserSession>;
  close(): Promise<void>;
}

/** A fake SPA build: index.html plus one hashed asset. */
export function makeWebDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-web-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="no"><body><div id="root">Legenett SPA</div></body></html>');
  fs.writeFileSync(path.join(dir, 'assets', 'index-AbCdEf12.js'), 'console.log("app");');
  fs.writeFileSync(path.join(dir, 'robots.txt'), 'User-agent: *\n');
  return dir;
}

/**
 * The environment of a test app: this run's database and keys, quiet logs, no maintenance caching, no
 * periodic housekeeping, no Redis; `overrides` win (a test with its own database passes DATABASE_URL).
 */
export function testAppEnv(overrides: RawEnv = {}): RawEnv {
  const { url, jwtSecret, twoFactorEncryptionKey, nationalIdHashKey } = readTestDatabase();
  return {
    NODE_ENV: 'test',
    DATABASE_URL: url,
    LOG_LEVEL: 'silent',
    REDIS_URL: '',
    MAINTENANCE_MODE: 'false',
    MAINTENANCE_CACHE_MS: '0',
    // Tests run the purge themselves (housekeeping.int-spec.ts), not on every app start.
    HOUSEKEEPING_INTERVAL_MINUTES: '0',
    // The guard's sweep runs when a test asks (guard-sweep.int-spec.ts).
    GUARD_RULES_CHECK_MINUTES: '0',
    COURSE_REMINDER_SWEEP_SECONDS: '0',
    DIGEST_SWEEP_SECONDS: '0',
    JWT_SECRET: jwtSecret,
    TWO_FACTOR_ENCRYPTION_KEY: twoFactorEncryptionKey,
    NATIONAL_ID_HASH_KEY: nationalIdHashKey,
    // One log key per run (replicas of a test agree); the sequencer and counter run when a test says so.
    PETITION_LOG_SIGNING_KEY: `petition-log:${jwtSecret}`,
    PETITION_LOG_SEQUENCE_MS: '0',
    PETITION_COUNT_INTERVAL_MS: '0',
    ...overrides,
  };
}

/**
 * The real application (createApp) on this run's test database, with quiet logs, a fixture SPA
 * build, no maintenance caching and no periodic housekeeping unless a test overrides `env`.
 */
export async function createTestApp(options: { env?: RawEnv; imports?: (Type | DynamicModule)[] } = {}): Promise<TestApp> {
  const { url } = readTestDatabase();
  const webDistDir = makeWebDist();
  const app = await createApp({ env: testAppEnv({ WEB_DIST_DIR: webDistDir, ...options.env }), imports: options.imports });
  const handle = createDatabase(url, { max: 2 });
  const http = request(app.getHttpServer());
  const t: TestApp = {
    app,
    http,
    raw: http,
    db: handle.db,
    webDistDir,
    call: (endpoint, callOptions) => callEndpoint(http, endpoint, callOptions),
    async session({ actAs, ...userOptions } = {}) {
      const user = await createUser(handle.db, userOptions);
      const session = await tokenFor(t, user, { actAs });
      return { user, accessToken: session.accessToken, refreshCookie: session.refreshCookie, account: session.user };
    },
    async close() {
      await app.close();
      await handle.close();
      fs.rmSync(webDistDir, { recursive: true, force: true });
    },
  };
  return t;
}

/** A short unique token so each test's rows are its own (`Testby-k3x9`). */
export const uniqueToken = (): string => Math.random().toString(36).slice(2, 8);
