/// <reference lib="webworker" />
// The service worker (docs/push-and-pwa.md), built by vite-plugin-pwa (`injectManifest`) with Workbox.
// What it keeps: the app shell (precached at install: the page template, the start-up chunks, the
// shell's texts, the styles, the icons) and the build's content-hashed files once loaded (the same
// for every user). Never an API answer: /api never goes through a cache here.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import * as navigationPreload from 'workbox-navigation-preload';
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { notificationOfPush, windowFor } from './sw-push';
import { ASSETS_CACHE, isHashedAsset, isOurCache, SHELL_URL, UPDATE_MESSAGE } from './sw-rules';

// vite-plugin-pwa writes the list of precached files (with their revisions) in place of __WB_MANIFEST.
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

precacheAndRoute(self.__WB_MANIFEST);
// Precaches of older builds (Workbox names them by version) and runtime caches we no longer use.
cleanupOutdatedCaches();
self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches.keys().then((names) => Promise.all(names.filter((name) => !isOurCache(name)).map((name) => caches.delete(name)))),
  );
});

// A new build waits until the page says the user chose "reload" (never under an open form);
// the first install takes the open pages at once so they work offline from the first visit.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === UPDATE_MESSAGE) void self.skipWaiting();
});
clientsClaim();

// Pages: the network first, as without a service worker (the server writes the route's preloads
// and the language into each page); the precached template only when the network fails. The
// navigation preload starts the request while the worker starts.
navigationPreload.enable();
registerRoute(
  new NavigationRoute(
    async ({ event, request }) => {
      try {
        const preloaded = (await (event as FetchEvent).preloadResponse) as Response | undefined;
        return preloaded ?? (await fetch(request));
      } catch {
        return (await matchPrecache(SHELL_URL)) ?? Response.error();
      }
    },
    { denylist: [/^\/api(\/|$)/] },
  ),
);

// The build's content-hashed files (page chunks, texts) loaded after the shell: the same bytes for
// everyone and never changed, so the cache answers first.
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && request.method === 'GET' && isHashedAsset(url.pathname),
  new CacheFirst({
    cacheName: ASSETS_CACHE,
    plugins: [new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true })],
  }),
);

// Push notifications (RFC 8030; the server encrypts, the browser decrypts): show the notification the
// message describes: the title says who and what kind, the text only with the lock-screen preview on;
// the tag groups as the bell does, so a conversation is one notification on the device.
self.addEventListener('push', (event) => {
  const shown = notificationOfPush(event.data?.text() ?? null);
  event.waitUntil(self.registration.showNotification(shown.title, shown.options));
});

// A click opens the conversation, post or job in the app: an open window of the app is focused and
// taken there (no second window); only when none is open does a new one open.
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data as { url?: string } | null;
  const target = new URL(data?.url ?? '/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windowFor(windows, target, self.location.origin);
      if (!open) {
        await self.clients.openWindow(target);
        return;
      }
      const focused = await open.focus();
      if (focused.url !== target) {
        // A window the worker does not control cannot be navigated: then a new one opens.
        const moved = await focused.navigate(target).catch(() => null);
        if (!moved) await self.clients.openWindow(target);
      }
    })(),
  );
});
