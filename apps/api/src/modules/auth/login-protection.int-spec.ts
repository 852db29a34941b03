import { authEndpoints as ep, ErrorBodySchema } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { createUser, TEST_PASSWORD } from '../../../test/auth';

let t: TestApp;

beforeAll(async () => {
  // Addresses come from X-Forwarded-For, so one test can speak from many places.
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => {
  await t.close();
});

const WRONG = 'Wrong!pass123';
const login = (ip: string, email: string, password: string) =>
  t.call(ep.login, { as: null, body: { email, password }, locale: 'en', headers: { 'X-Forwarded-For': ip } });
/**
 * The next login of this address on this account once its wait is over: a refused try (429) is not
 * counted, so asking again until the answer is something else observes the end of the wait without
 * guessing its length on the wall clock.
 */
async function firstAfterWait(attempt: () => Promise<{ status: number }>, timeoutMs = 15_000): Promise<{ status: number }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await attempt();
    if (res.status !== 429 || Date.now() > deadline) return res;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
const noticesTo = (userId: number) =>
  t.db
    .select()
    .from(schema.outboxMessages)
    .where(and(eq(schema.outboxMessages.user_id, userId), eq(schema.outboxMessages.template, 'login_after_failures')));

describe('login protection', () => {
  it('lets a whole hospital log in from one address: successful logins never count against it', async () => {
    const colleagues = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db, { prefix: 'nat' })));
    for (const colleague of colleagues) {
      expect((await login('10.1.0.1', colleague.email, TEST_PASSWORD)).status).toBe(200);
    }
    // Their typos count, but far from a hospital's limit.
    for (const colleague of colleagues.slice(0, 5)) expect((await login('10.1.0.1', colleague.email, WRONG)).status).toBe(422);
    expect((await login('10.1.0.1', colleagues[39]!.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('slows one address guessing one account with growing waits (429 with Retry-After)', async () => {
    const user = await createUser(t.db, { prefix: 'guess' });
    const ip = '10.2.0.1';
    // Three free failures, then each failure makes the next try wait: 1 s, 2 s, ...
    for (let i = 0; i < 4; i += 1) expect((await login(ip, user.email, WRONG)).status).toBe(422);
    const waiting = await login(ip, user.email, TEST_PASSWORD);
    expect(waiting.status).toBe(429);
    expect(Number(waiting.headers['retry-after'])).toBe(1);
    expect(ErrorBodySchema.parse(waiting.body)).toEqual({ status_code: 429, message: 'Too many attempts. Wait a moment and try again.' });

    expect((await firstAfterWait(() => login(ip, user.email, WRONG))).status).toBe(422);
    const longer = await login(ip, user.email, WRONG);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBe(2);

    // Other addresses, and this address on other accounts, are not slowed.
    expect((await login('10.2.0.2', user.email, TEST_PASSWORD)).status).toBe(200);
    const other = await createUser(t.db, { prefix: 'guess' });
    expect((await login(ip, other.email, TEST_PASSWORD)).status).toBe(200);
  });

  it('lets the owner in from a new address after strangers failed 11 times, and mails her a notice once', async () => {
    const user = await createUser(t.db, { prefix: 'owner', locale: 'en' });
    for (let i = 0; i < 11; i += 1) expect((await login(`10.3.0.${i + 1}`, user.email, WRONG)).status).toBe(422);

    const owner = await login('10.4.0.1', user.email, TEST_PASSWORD);
    expect(owner.status).toBe(200);
    const notices = await noticesTo(user.id);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.to).toBe(user.email);
    expect(notices[0]!.subject).toBe('New login to your Legenett account after many failed attempts');
    expect(notices[0]!.body).toContain('There were 11 failed login attempts');
    expect(notices[0]!.body).toContain('10.4.0.1');

    // One notice per burst: the next login mails nothing.
    expect((await login('10.4.0.2', user.email, TEST_PASSWORD)).status).toBe(200);
    expect(await noticesTo(user.id)).toHaveLength(1);
  });

  it('does not mail when the owner logs in from an address she has used before', async () => {
    const user = await createUser(t.db, { prefix: 'known' });
    expect((await login('10.5.0.1', user.email, TEST_PASSWORD)).status).toBe(200);
    for (let i = 0; i < 11; i += 1) expect((await login(`10.6.0.${i + 1}`, user.email, WRONG)).status).toBe(422);
    expect((await login('10.5.0.1', user.email, TEST_PASSWORD)).status).toBe(200);
    expect(await noticesTo(user.id)).toHaveLength(0);
  });
});
