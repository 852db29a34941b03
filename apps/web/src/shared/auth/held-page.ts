import { storageKeys } from '@/shared/config/storage-keys';
import { createExternalStore, useExternalStore } from '@/shared/lib/external-store';
import { safeStorage } from '@/shared/lib/storage';
import type { WebKey } from './route-access';

/**
 * The page an account that is not approved (awaiting approval, "In review", rejected) tried to
 * open: its state page names it and keeps the link, and once the account is approved the route
 * guard opens it instead of the feed (also after logging in again, hence local storage). Kept per
 * account, so someone else logging in on the same browser never lands on it.
 */
export interface HeldPage {
  userId: number;
  /** Path, query and hash of this app (`/courses/12?tab=x`). */
  path: string;
  /** The route's title, when it has one (`nav.courses`). */
  title?: WebKey;
}

function load(): HeldPage | null {
  const raw = safeStorage.get(storageKeys.heldPage);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<HeldPage>;
    if (typeof value.userId !== 'number' || typeof value.path !== 'string' || !value.path.startsWith('/') || value.path.startsWith('//')) {
      return null;
    }
    return { userId: value.userId, path: value.path, title: typeof value.title === 'string' ? (value.title as WebKey) : undefined };
  } catch {
    return null;
  }
}

const store = createExternalStore<HeldPage | null>(load());

export const heldPage = {
  /** The held page of this account, or null. */
  of(userId: number | undefined): HeldPage | null {
    const held = store.get();
    return held && held.userId === userId ? held : null;
  },
  remember(page: HeldPage): void {
    safeStorage.set(storageKeys.heldPage, JSON.stringify(page));
    store.set(page);
  },
  clear(): void {
    safeStorage.remove(storageKeys.heldPage);
    store.set(null);
  },
  /** Reads storage again (tests, another tab). */
  reload(): void {
    store.set(load());
  },
};

export function useHeldPage(userId: number | undefined): HeldPage | null {
  const held = useExternalStore(store);
  return held && held.userId === userId ? held : null;
}
