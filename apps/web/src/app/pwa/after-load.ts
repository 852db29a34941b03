/** How long after the `load` event the worker waits before it registers. */
export const SETTLE_MS = 4000;

/**
 * Starts the service worker once the page has loaded and settled, so it never competes with the first
 * load (docs/performance/web.md): `SETTLE_MS` after the `load` event (the page's own data and the next
 * chunks are usually in by then), then at an idle moment, its module and workbox-window load and the
 * worker's install fetches the shell. A worker is for the next visit: nothing on this one waits for it.
 * Not in the dev server (its modules are not a build) nor where the browser has no service workers.
 */
export function startServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./register-sw')
      .then((m) => m.startServiceWorker())
      // Without a worker the app works as before (a private window, a blocked registration).
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  const whenSettled = () =>
    setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 10_000 });
      else start();
    }, SETTLE_MS);
  if (document.readyState === 'complete') whenSettled();
  else window.addEventListener('load', whenSettled, { once: true });
}
