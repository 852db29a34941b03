import '@testing-library/jest-dom/vitest';
import { cleanNotifications, cleanNotificationsQueue } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import '@/shared/i18n/i18n';
import { pendingRequests } from '@/shared/api/pending-requests';
import { setUnauthorizedHandler } from '@/shared/api/api-client';
import { accessNotice } from '@/shared/auth/access-notice';
import { authStore } from '@/shared/auth/auth-store';
import { heldPage } from '@/shared/auth/held-page';
import { changeLocale } from '@/shared/i18n/i18n';
import { maintenance } from '@/shared/ui/maintenance-store';
import { theme } from '@/shared/ui/theme';
import { apiServer } from './api-mocks';
import { preloadWholeCatalogue } from './catalogue';

// Every catalogue section in both languages, before any test renders.
await preloadWholeCatalogue();

// Lazy routes and Mantine transitions can take seconds on a loaded 2-core CI machine: a file's first
// render of a lazy route has its modules transformed on demand, and on the machine of 2026-11-28 (the
// web tier 332 s where it had taken 130 s) `/feed`'s first posts took 7-8 s to show, with or without
// the lazy schemas. Below the test time-out (20 s, vitest.config.ts), so a missing element still fails.
configure({ asyncUtilTimeout: 15_000 });

// jsdom measures every element as 0 × 0 at the origin, which Floating UI's `hide` middleware reads as a
// target scrolled out of view: Mantine's `hideDetached` then hid an open menu (display: none) as soon as
// its position was computed, so a test that queried the menu after that (on a loaded machine) failed:
// the flaky "report sits in the message's menu". Tests do not scroll, so no popover is detached here.
theme.components = { ...theme.components, Popover: { defaultProps: { hideDetached: false } } };

// jsdom lacks the layout APIs Mantine reads.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
window.HTMLElement.prototype.scrollIntoView = () => undefined;
window.scrollTo = () => undefined;

// No test reaches a network: the API is mocked by endpoint (mockEndpoint); reference calls answer
// from fixtures, anything else under /api with 404, and a request elsewhere fails the test.
beforeAll(() => apiServer.listen({ onUnhandledRequest: 'error' }));
afterAll(() => apiServer.close());

afterEach(async () => {
  cleanup();
  apiServer.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  cleanNotifications();
  cleanNotificationsQueue();
  maintenance.close();
  accessNotice.close();
  pendingRequests.reset();
  setUnauthorizedHandler(null);
  window.localStorage.clear();
  heldPage.reload();
  authStore.clear();
  document.documentElement.removeAttribute('data-mantine-color-scheme');
  await changeLocale('no');
});
