/**
 * Starts the service worker once the page has loaded and the browser is idle, so it never competes
 * with the first load (docs/performance/web.md): its module and workbox-window load only then, and
 * the worker's install fetches the shell after the page's own requests. Not in the dev server (its
 * modules are not a build) nor where the browser has no service workers.
 */
export function startServiceWorkerAfterLoad(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const start = () => {
    import('./register-sw')
      .then((m) => m.startServiceWorker())
      // Without a worker the app works as before (a private window, a blocked registration).
      .catch((error: unknown) => console.warn('Service worker not registered', error));
  };
  const whenIdle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 5000 }) : setTimeout(start, 1000);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}
