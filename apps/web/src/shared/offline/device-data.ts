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

/** At logout: every offline queue on the device and the runtime caches. The caller clears the query cache. */
export async function forgetUsersOnDevice(): Promise<void> {
  outbox.clearOthers(null);
  await clearRuntimeCaches();
}

/**
 * When an account logs in: another account's leftovers (its queue, the runtime caches) go. True when
 * the previous account was another one, so the caller clears the query cache too.
 */
export function forgetOtherUsers(previousUserId: number | null, userId: number): boolean {
  const hadQueue = outbox.clearOthers(userId);
  const switched = previousUserId !== null && previousUserId !== userId;
  if (switched || hadQueue) void clearRuntimeCaches();
  return switched;
}
