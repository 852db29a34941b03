import type { UnauthorizedHandler } from '@/shared/api/api-client';
import { authStore } from './auth-store';

export interface RefreshedSession {
  access_token: string;
  expires_in: number;
  user: unknown;
}

interface RefreshHandlerOptions {
  /** Renews the session (the refresh cookie); null when it cannot. Must not go through the 401 handler. */
  refresh: () => Promise<RefreshedSession | null>;
  /** The session is over: clear it and go home. */
  onFailure: () => void;
  /** A 401 this soon after a successful refresh is a request sent with the old token: just retry. */
  graceMs?: number;
  now?: () => number;
}

/** The Web Locks name every tab of the app takes before renewing the session. */
export const REFRESH_LOCK = 'legenett-session-refresh';

/**
 * Runs `task` while holding a lock shared by every tab of this origin (Web Locks), so two tabs never
 * present the same refresh cookie at once: the server rotates it on use and treats a second use as
 * theft (the whole session family is revoked). The tab that waits sends the already rotated cookie.
 * Browsers without Web Locks run the task at once.
 */
export function withTabLock<T>(task: () => Promise<T>, locks: LockManager | undefined = globalThis.navigator?.locks): Promise<T> {
  if (!locks?.request) return task();
  return locks.request(REFRESH_LOCK, { mode: 'exclusive' }, () => task()) as Promise<T>;
}

/**
 * Spec point 8 on a 401: refresh once; requests failing meanwhile wait for that one refresh and are
 * retried with the new token; when the refresh fails, log out and go home.
 */
export function createRefreshHandler({ refresh, onFailure, graceMs = 10_000, now = Date.now }: RefreshHandlerOptions): UnauthorizedHandler {
  let inFlight: Promise<boolean> | null = null;
  let refreshedAt = Number.NEGATIVE_INFINITY;

  const run = async (): Promise<boolean> => {
    let session: RefreshedSession | null = null;
    try {
      session = await withTabLock(refresh);
    } catch {
      session = null;
    }
    if (!session) {
      onFailure();
      return false;
    }
    authStore.setSession(session.access_token, session.expires_in, session.user);
    refreshedAt = now();
    return true;
  };

  return () => {
    if (inFlight) return inFlight;
    if (!authStore.get().user && !authStore.getToken()) return Promise.resolve(false);
    if (now() - refreshedAt < graceMs) return Promise.resolve(true);
    inFlight = run().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
