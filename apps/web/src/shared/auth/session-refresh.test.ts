import { referenceEndpoints } from '@legenett/contracts';
import { apiCall, setUnauthorizedHandler } from '@/shared/api/api-client';
import { apiError, mockEndpoint } from '@/testing/api-mocks';
import { testUser } from '@/testing/users';
import { authStore } from './auth-store';
import { createRefreshHandler, REFRESH_LOCK, type RefreshedSession, withTabLock } from './session-refresh';

/** The API: 401 for the stale token, the list for the fresh one; returns every call made. */
function apiWithTokens() {
  const calls = [referenceEndpoints.counties, referenceEndpoints.specialties, referenceEndpoints.cities].map((endpoint) =>
    mockEndpoint(endpoint, ({ headers }) => (headers.get('Authorization') === 'Bearer fresh' ? { data: [] } : apiError(401, 'expired'))),
  );
  return { all: () => calls.flat() };
}

describe('refresh on 401 (spec point 8)', () => {
  afterEach(() => setUnauthorizedHandler(null));

  it('refreshes once for requests failing together, queues them and retries them with the new token', async () => {
    authStore.setSession('stale', 900, testUser());
    const api = apiWithTokens();
    let release: (session: RefreshedSession) => void = () => undefined;
    const refresh = vi.fn(() => new Promise<RefreshedSession | null>((resolve) => (release = resolve)));
    const onFailure = vi.fn();
    setUnauthorizedHandler(createRefreshHandler({ refresh, onFailure }));

    const calls = [apiCall(referenceEndpoints.counties), apiCall(referenceEndpoints.specialties), apiCall(referenceEndpoints.cities)];
    await vi.waitFor(() => expect(refresh).toHaveBeenCalledTimes(1));
    release({ access_token: 'fresh', expires_in: 900, user: testUser() });

    await expect(Promise.all(calls)).resolves.toEqual([{ data: [] }, { data: [] }, { data: [] }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFailure).not.toHaveBeenCalled();
    expect(authStore.getToken()).toBe('fresh');
    const retried = api.all().filter((c) => c.headers.get('Authorization') === 'Bearer fresh');
    expect(retried).toHaveLength(3);
  });

  it('a 401 arriving just after a refresh retries without refreshing again', async () => {
    authStore.setSession('stale', 900, testUser());
    apiWithTokens();
    const refresh = vi.fn(() => Promise.resolve<RefreshedSession>({ access_token: 'fresh', expires_in: 900, user: testUser() }));
    setUnauthorizedHandler(createRefreshHandler({ refresh, onFailure: vi.fn() }));
    await apiCall(referenceEndpoints.counties);
    authStore.setSession('fresh', 900, testUser());
    await apiCall(referenceEndpoints.counties);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('when the refresh fails: gives up every waiting request and logs out once', async () => {
    authStore.setSession('stale', 900, testUser());
    apiWithTokens();
    const refresh = vi.fn(() => Promise.resolve(null));
    const onFailure = vi.fn(() => authStore.clear());
    setUnauthorizedHandler(createRefreshHandler({ refresh, onFailure }));

    const results = await Promise.allSettled([apiCall(referenceEndpoints.counties), apiCall(referenceEndpoints.cities)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onFailure).toHaveBeenCalledTimes(1);
    expect(authStore.get()).toEqual({ token: null, user: null });
  });

  it('a visitor (no session) is not refreshed', async () => {
    apiWithTokens();
    const refresh = vi.fn(() => Promise.resolve(null));
    setUnauthorizedHandler(createRefreshHandler({ refresh, onFailure: vi.fn() }));
    await expect(apiCall(referenceEndpoints.counties)).rejects.toMatchObject({ status: 401 });
    expect(refresh).not.toHaveBeenCalled();
  });
});

describe('one refresh at a time across tabs', () => {
  /** A LockManager stand-in: exclusive locks by name, granted in order. */
  function fakeLocks() {
    const queues = new Map<string, Promise<unknown>>();
    const names: string[] = [];
    const locks = {
      request: (name: string, _options: LockOptions, callback: () => Promise<unknown>) => {
        names.push(name);
        const previous = queues.get(name) ?? Promise.resolve();
        const run = previous.then(callback, callback);
        queues.set(name, run.catch(() => undefined));
        return run;
      },
    } as unknown as LockManager;
    return { locks, names };
  }

  it('runs refreshes of two tabs one after the other under the same lock', async () => {
    const { locks, names } = fakeLocks();
    const order: string[] = [];
    let releaseFirst: () => void = () => undefined;
    const first = withTabLock(async () => {
      order.push('first starts');
      await new Promise<void>((resolve) => (releaseFirst = resolve));
      order.push('first ends');
      return 1;
    }, locks);
    const second = withTabLock(async () => {
      order.push('second starts');
      return 2;
    }, locks);
    await vi.waitFor(() => expect(order).toEqual(['first starts']));
    releaseFirst();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second starts']);
    expect(names).toEqual([REFRESH_LOCK, REFRESH_LOCK]);
  });

  it('runs the task directly where the browser has no Web Locks', async () => {
    await expect(withTabLock(() => Promise.resolve('ok'), undefined)).resolves.toBe('ok');
  });
});
