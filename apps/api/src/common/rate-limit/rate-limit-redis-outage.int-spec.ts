import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authEndpoints, registrationEndpoints } from '@legenett/contracts';
import Redis from 'ioredis';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, TEST_PASSWORD, type TestUser } from '../../../test/auth';
import { freePort, type PrivateRedis, privateRedis } from '../../../test/private-servers';

/**
 * Rate-limited calls with the rate limiter's Redis killed: they must not wait for it. Before the
 * fix every counter command sat in ioredis's offline queue until its retries ran out (a login made
 * six of them: 4-5 s); now a client that is not connected is skipped at once and the limits count
 * in memory. A Redis server of this test's own is killed by PID; the shared one is never touched.
 */

jest.setTimeout(60_000);

/** Far below the seconds a queued Redis command took; well above a login's bcrypt on a busy CI machine. */
const FAST_MS = 1000;

let root: string;
let redis: PrivateRedis;
let t: TestApp;
let user: TestUser;

const login = (password = TEST_PASSWORD) => t.http.post(`/api${authEndpoints.login.path}`).set('X-Localization', 'en').send({ email: user.email, password });

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; ms: number }> {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
}

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-redis-outage-'));
  redis = privateRedis(await freePort(), path.join(root, 'redis.log'));
  await redis.start();
  t = await createTestApp({ env: { REDIS_URL: redis.url, REDIS_PREFIX: `outage${process.pid}` } });
  user = await createUser(t.db, { prefix: 'redis-outage' });
});

afterAll(async () => {
  await t?.close();
  await redis?.kill();
  fs.rmSync(root, { recursive: true, force: true });
});

it('logs in without waiting on a dead Redis, keeps limiting in memory, and uses Redis again when it returns', async () => {
  // Redis up: the counters are in Redis.
  expect((await login()).status).toBe(200);

  await redis.kill();

  // Down: right passwords go through at once, every time.
  for (let i = 0; i < 3; i++) {
    const { result, ms } = await timed(() => login());
    expect(result.status).toBe(200);
    expect(ms).toBeLessThan(FAST_MS);
  }

  // Other rate-limited calls do not wait either, and the limit still holds (counted in memory):
  // forgot-password allows 3 per account in its window.
  const email = `nobody-${process.pid}@test.no`;
  const statuses: number[] = [];
  for (let i = 0; i < 4; i++) {
    const { result, ms } = await timed(() => t.http.post(`/api${registrationEndpoints.forgotPassword.path}`).send({ email }));
    statuses.push(result.status);
    expect(ms).toBeLessThan(FAST_MS);
  }
  expect(statuses.slice(0, 3).every((s) => s >= 200 && s < 300)).toBe(true);
  expect(statuses[3]).toBe(429);

  // Failed logins are still throttled (in memory): after the free failures the pair must wait.
  const wrong: number[] = [];
  for (let i = 0; i < 5; i++) {
    const { result, ms } = await timed(() => login('Wrong!Password2026'));
    wrong.push(result.status);
    expect(ms).toBeLessThan(FAST_MS);
  }
  expect(wrong).toContain(429);

  // Back: the client reconnects on its own and the counters are in Redis again.
  await redis.start();
  const back = Date.now();
  let seenInRedis = false;
  while (!seenInRedis && Date.now() - back < 10_000) {
    await t.http.post(`/api${registrationEndpoints.forgotPassword.path}`).send({ email: `back-${process.pid}@test.no` });
    const probe = new Redis(redis.url, { maxRetriesPerRequest: 0 });
    try {
      seenInRedis = (await probe.keys(`outage${process.pid}:ratelimit:forgot-password:*back-*`)).length > 0;
    } finally {
      probe.disconnect();
    }
    if (!seenInRedis) await new Promise((r) => setTimeout(r, 200));
  }
  expect(seenInRedis).toBe(true);
});
