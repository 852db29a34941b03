// Rules of the service worker, kept apart from it so that the page and the tests can read them.

/** What the page posts to the waiting worker when the user chose to load the new version. */
export const UPDATE_MESSAGE = 'legenett:skip-waiting';

/** The page template the worker answers a navigation with when the network fails. */
export const SHELL_URL = '/index.html';

/** The runtime cache of the build's hashed files; a new name when what it holds changes shape. */
export const ASSETS_CACHE = 'legenett-assets-v1';

/** Content-hashed files of a build (`/assets/<hash>.js`, `/assets/index-<hash>.css`): never change. */
export const isHashedAsset = (pathname: string): boolean =>
  /^\/assets\/(?:[^/]+-)?[A-Za-z0-9_-]{8,}\.(?:js|css|woff2?|svg|png|webp)$/.test(pathname);

/**
 * Caches this worker keeps: Workbox's precache (its name carries the scope; older precaches are
 * removed by `cleanupOutdatedCaches`) and the current runtime caches. Anything else is an old one.
 */
export const isOurCache = (name: string): boolean => name.startsWith('workbox-precache') || name === ASSETS_CACHE;

/** Workbox's precache: the app shell, the same for every user (kept at logout; runtime caches are not). */
export const isPrecache = (name: string): boolean => name.startsWith('workbox-precache');
