import { AppError } from '../../common/errors/app-error';
import { type MailService } from '../../common/mail';
import { RateLimitService } from '../../common/rate-limit/rate-limit.service';
import { RateLimitStore } from '../../common/rate-limit/rate-limit.store';
import { type AppConfig } from '../../config';
import { type CredentialsRepository } from './credentials.repository';
import { LoginThrottle } from './login-throttle';

const login = { ipFailureLimit: 300, accountIpFailureLimit: 10, freeFailures: 3, noticeFailures: 10, windowSeconds: 900 };

/** The 429's Retry-After, or null when the check lets the attempt through. */
async function waitOf(throttle: LoginThrottle, ip: string, email: string): Promise<number | null> {
  try {
    await throttle.check(ip, email);
    return null;
  } catch (err) {
    if (err instanceof AppError && err.code === 'TOO_MANY_REQUESTS') return err.options.retryAfter ?? -1;
    throw err;
  }
}

describe('LoginThrottle (in memory)', () => {
  let store: RateLimitStore;
  let throttle: LoginThrottle;

  beforeEach(() => {
    jest.useFakeTimers({ now: new Date('2026-01-01T08:00:00Z') });
    const config = { redisPrefix: 'test', publicUrl: 'http://x', login } as unknown as AppConfig;
    store = new RateLimitStore(null, config);
    const credentials = { hadSessionFrom: jest.fn(), contactOf: jest.fn() } as unknown as CredentialsRepository;
    throttle = new LoginThrottle(new RateLimitService(store), credentials, { send: jest.fn() } as unknown as MailService, config);
  });
  afterEach(() => {
    store.onModuleDestroy();
    jest.useRealTimers();
  });

  it('doubles the wait of one address on one account after the free failures, then stops it for the window', async () => {
    const waits: (number | null)[] = [];
    for (let i = 0; i < 12; i += 1) {
      const wait = await waitOf(throttle, '10.0.0.1', 'dr@test.no');
      waits.push(wait);
      if (wait !== null) jest.advanceTimersByTime(wait * 1000);
      if ((await waitOf(throttle, '10.0.0.1', 'dr@test.no')) === null) await throttle.failed('10.0.0.1', 'dr@test.no');
    }
    // Before each attempt: nothing for the first four, then 1, 2, 4, ... s; at 10 failures the window's rest.
    expect(waits.slice(0, 10)).toEqual([null, null, null, null, 1, 2, 4, 8, 16, 32]);
    expect(waits[10]).toBeGreaterThan(700);
    // The account itself stays open from elsewhere, and other accounts from this address.
    expect(await waitOf(throttle, '10.0.0.2', 'dr@test.no')).toBeNull();
    expect(await waitOf(throttle, '10.0.0.1', 'other@test.no')).toBeNull();
  });

  it('stops an address only after the configured number of failures across accounts', async () => {
    for (let i = 0; i < login.ipFailureLimit; i += 1) {
      expect(await waitOf(throttle, '10.0.0.9', `user-${i}@test.no`)).toBeNull();
      await throttle.failed('10.0.0.9', `user-${i}@test.no`);
    }
    expect(await waitOf(throttle, '10.0.0.9', 'fresh@test.no')).toBeGreaterThan(0);
    jest.advanceTimersByTime(login.windowSeconds * 1000);
    expect(await waitOf(throttle, '10.0.0.9', 'fresh@test.no')).toBeNull();
  });
});
