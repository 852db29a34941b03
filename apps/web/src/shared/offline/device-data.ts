import { isPrecache } from '@/sw/sw-rules';
import { outbox } from './outbox';

/**
 * The service worker's runtime caches (everything but Workbox's precache of the app shell, which is
 * the same for every user): deleted at logout and on an account switch so nothing loaded in one
 * session stays on the device for the next (docs/push-and-pwa.md "Uten nett / offline").
 */
export async function clearRuntimeCaches(): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const names = await caches.keys();
    await Promise.all(names.filter((name) => !isPrecache(name)).map((name) => caches.delete(name)));
  } catch {
    /* storage unavailable (private mode): nothing was kept */
  }
}

/** The composer's drafts (`legenett.messages.draft.<conversation>`, composer.tsx): a user's words too. */
export const DRAFT_PREFIX = 'legenett.messages.draft.';

function clearDrafts(): void {
  try {
    const keys = Array.from({ length: window.localStorage.length }, (_, i) => window.localStorage.key(i));
    for (const key of keys) if (key?.startsWith(DRAFT_PREFIX)) window.localStorage.removeItem(key);
  } catch {
    /* no storage, no drafts */
  }
}

/**
 * At logout: every offline queue and message draft on the device and the runtime caches. The caller
 * clears the query cache.
 */
export async function forgetUsersOnDevice(): Promise<void> {
  outbox.clearOthers(null);
  clearDrafts();
  await clearRuntimeCaches();
}

/**
 * When an account logs in: another account's leftovers (its queue, the runtime caches) go. True when
 * another account was here before (the stored user, or a queue of another user after an expired
 * session), so the caller clears the query cache too.
 */
export function forgetOtherUsers(previousUserId: number | null, userId: number): boolean {
  const hadQueue = outbox.clearOthers(userId);
  const switched = hadQueue || (previousUserId !== null && previousUserId !== userId);
  if (switched) {
    clearDrafts();
    void clearRuntimeCaches();
  }
  return switched;
}
