import { isChunkLoadError } from './chunk-timeout';

/** Waits for the browser's 'online' event, or `ms` when it says it is online already. */
function nextChance(ms: number): Promise<void> {
  return new Promise((resolve) => {
    if (typeof navigator !== 'undefined' && navigator.onLine === false) {
      window.addEventListener('online', () => resolve(), { once: true });
    } else {
      setTimeout(resolve, ms);
    }
  });
}

/**
 * A dynamic import of a part of the app's shell (the toasts, the header's menus, the audio player)
 * that waits out a lost connection instead of failing: a chunk that does not arrive (a lift with no
 * signal just after the page loaded) is asked for again when the browser is back online, or after
 * 1, 2 and 4 s, then the failure is passed on (to `ShellPart`, which shows nothing). Any other error
 * is passed on at once.
 */
export async function importWhenOnline<T>(load: () => Promise<T>, attempts = 4): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await load();
    } catch (error) {
      if (attempt >= attempts || !isChunkLoadError(error)) throw error;
      await nextChance(1000 * 2 ** (attempt - 1));
    }
  }
}
