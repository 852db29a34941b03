import { Controller, Module } from '@nestjs/common';
import { defineEndpoint, ErrorBodySchema } from '@legenett/contracts';
import Redis from 'ioredis';
import { z } from 'zod';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, tokenFor } from '../../../test/auth';
import { Route } from '../http';
import { RateLimit } from './rate-limit.decorator';
import { RateLimitService } from './rate-limit.service';

const REDIS_URL = 'redis://127.0.0.1:6379';
const run = Math.random().toString(36).slice(2, 8);

const limited = {
  byIp: defineEndpoint({ method: 'POST', path: '/__limits/ip', summary: 'ip', access: 'public', body: z.object({ email: z.string().optional() }), response: null }),
  byAccount: defineEndpoint({ method: 'POST', path: '/__limits/account', summary: 'account', access: 'public', body: z.object({ email: z.string().optional() }), response: null }),
  byUser: defineEndpoint({ method: 'POST', path: '/__limits/user', summary: 'user', access: 'user', response: null }),
};

@Controller()
class LimitedController {
  @Route(limited.byIp)
  @RateLimit({ name: `probe-ip-${run}`, limit: 3, windowSeconds: 60, by: 'ip' })
  byIp(): void {}

  @Route(limited.byAccount)
  @RateLimit({ name: `probe-account-${run}`, limit: 2, windowSeconds: 60, by: 'account' })
  byAccount(): void {}

  @Route(limited.byUser)
  @RateLimit({ name: `probe-user-${run}`, limit: 2, windowSeconds: 60, by: 'account' })
  byUser(): void {}
}

@Module({ controllers: [LimitedController] })
class LimitedModule {}

async function redisAvailable(): Promise<boolean> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  try {
    await client.connect();
    await client.ping();
    return true;
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

describe.each([
  ['in memory', ''],
  ['in Redis', REDIS_URL],
])('@RateLimit %s', (_label, redisUrl) => {
  let t: TestApp;
  let skip = false;

  beforeAll(async () => {
    skip = redisUrl !== '' && !(await redisAvailable());
    if (skip) return;
    t = await createTestApp({ env: { REDIS_URL: redisUrl }, imports: [LimitedModule] });
  });
  afterAll(async () => {
    if (!skip) await t.close();
  });

  it('counts per IP and answers 429 with Retry-After and the localised message', async () => {
    if (skip) return;
    for (let i = 0; i < 3; i += 1) expect((await t.http.post('/api/__limits/ip').send({})).status).toBe(204);
    const res = await t.http.post('/api/__limits/ip').set('X-localization', 'en').send({});
    expect(res.status).toBe(429);
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(ErrorBodySchema.parse(res.body)).toEqual({ status_code: 429, message: 'Too many attempts. Wait a moment and try again.' });
  });

  it('counts per account (body e-mail, case-insensitive) independently of other accounts', async () => {
    if (skip) return;
    const a = `a-${run}-${redisUrl ? 'r' : 'm'}@test.no`;
    const b = `b-${run}-${redisUrl ? 'r' : 'm'}@test.no`;
    expect((await t.http.post('/api/__limits/account').send({ email: a })).status).toBe(204);
    expect((await t.http.post('/api/__limits/account').send({ email: a.toUpperCase() })).status).toBe(204);
    expect((await t.http.post('/api/__limits/account').send({ email: a })).status).toBe(429);
    expect((await t.http.post('/api/__limits/account').send({ email: b })).status).toBe(204);
  });

  it('peeks at a counter without counting (login failure counters)', async () => {
    if (skip) return;
    const limits = t.app.get(RateLimitService);
    const rule = { name: `probe-peek-${run}-${redisUrl ? 'r' : 'm'}`, windowSeconds: 60 };
    expect(await limits.peek(rule, 'ip:10.0.0.1')).toBeNull();
    await limits.count(rule, 'ip:10.0.0.1');
    await limits.count(rule, 'ip:10.0.0.1');
    const seen = await limits.peek(rule, 'ip:10.0.0.1');
    expect(seen?.count).toBe(2);
    expect(seen?.resetIn).toBeGreaterThan(0);
    expect(seen?.resetIn).toBeLessThanOrEqual(60);
    expect((await limits.peek(rule, 'ip:10.0.0.1'))?.count).toBe(2);
    await limits.reset(rule, 'ip:10.0.0.1');
    expect(await limits.peek(rule, 'ip:10.0.0.1')).toBeNull();
  });

  it('counts per logged-in user', async () => {
    if (skip) return;
    const u1 = await tokenFor(t, await createUser(t.db, { prefix: 'limit' }));
    const u2 = await tokenFor(t, await createUser(t.db, { prefix: 'limit' }));
    const hit = (token: string) => t.http.post('/api/__limits/user').set('Authorization', `Bearer ${token}`);
    expect((await hit(u1.accessToken)).status).toBe(204);
    expect((await hit(u1.accessToken)).status).toBe(204);
    expect((await hit(u1.accessToken)).status).toBe(429);
    expect((await hit(u2.accessToken)).status).toBe(204);
    // Unauthenticated calls are refused before they count.
    expect((await t.http.post('/api/__limits/user')).status).toBe(401);
  });
});
