import { type User, UserSchema } from '@legenett/contracts';
import { useMemo } from 'react';
import { storageKeys } from '@/shared/config/storage-keys';
import { deleteCookie, readCookie, writeCookie } from '@/shared/lib/cookies';
import { createExternalStore, useExternalStore } from '@/shared/lib/external-store';
import { safeStorage } from '@/shared/lib/storage';

/**
 * The session as the spec keeps it: the access token in the `access_token` cookie, the user object in
 * local storage. Login, refresh and every answer with the user object fill it (features/auth);
 * `useCurrentUser()` reads the user with the contract's schema.
 */
export interface AuthSession {
  token: string | null;
  user: unknown;
}

function readUser(): unknown {
  const raw = safeStorage.get(storageKeys.user);
  if (!raw) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

function readSession(): AuthSession {
  return { token: readCookie(storageKeys.accessTokenCookie), user: readUser() };
}

const sessionStore = createExternalStore<AuthSession>(readSession());

export const authStore = {
  get: () => sessionStore.get(),
  subscribe: sessionStore.subscribe,
  getToken: () => sessionStore.get().token,
  /** Re-read cookie and storage (another tab, or tests). */
  reload: () => sessionStore.set(readSession()),
  setSession(token: string, expiresInSeconds: number, user: unknown) {
    writeCookie(storageKeys.accessTokenCookie, token, expiresInSeconds);
    safeStorage.set(storageKeys.user, JSON.stringify(user));
    sessionStore.set({ token, user });
  },
  /** Replace the stored user object (after a call that answers it), keeping the token. */
  setUser(user: unknown) {
    safeStorage.set(storageKeys.user, JSON.stringify(user));
    sessionStore.set((s) => ({ ...s, user }));
  },
  clearToken() {
    deleteCookie(storageKeys.accessTokenCookie);
    sessionStore.set((s) => ({ ...s, token: null }));
  },
  clear() {
    deleteCookie(storageKeys.accessTokenCookie);
    safeStorage.remove(storageKeys.user);
    sessionStore.set({ token: null, user: null });
  },
};

export function useAuthSession(): AuthSession {
  return useExternalStore(sessionStore);
}

/** The stored user object when it has the contract's shape, else null (logged out or stale). */
export function parseUser(value: unknown): User | null {
  const parsed = UserSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** The logged-in user (re-renders when the session changes), or null. */
export function useCurrentUser(): User | null {
  const { user } = useAuthSession();
  return useMemo(() => parseUser(user), [user]);
}
