import { act, screen } from '@testing-library/react';
import { i18n } from '@/shared/i18n/i18n';
import { isHashedAsset, isOurCache } from '@/sw/sw-rules';
import { renderWithProviders, setupUser } from '@/testing/test-utils';
import { registerServiceWorker, type ServiceWorkerHost } from './register-sw';

/** workbox-window's Workbox as far as the page uses it: events it can fire, what was asked of it. */
function fakeHost() {
  const listeners: Record<string, ((event: { isUpdate?: boolean }) => void)[]> = {};
  const host = {
    skipWaiting: 0,
    addEventListener(type: string, listener: (event: { isUpdate?: boolean }) => void) {
      (listeners[type] ??= []).push(listener);
    },
    messageSkipWaiting() {
      host.skipWaiting += 1;
    },
    register: () => Promise.resolve(undefined),
    fire(type: 'waiting' | 'controlling', event: { isUpdate?: boolean } = {}) {
      act(() => listeners[type]?.forEach((l) => l(event)));
    },
  };
  return host satisfies ServiceWorkerHost;
}

describe('a new version of the app', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('no'));
  });

  it('is offered in a toast; only the click lets the new worker take over, then the page reloads', async () => {
    renderWithProviders(null);
    const host = fakeHost();
    const reload = vi.fn();
    await registerServiceWorker(host, reload);

    host.fire('waiting');
    expect(await screen.findByText('En ny versjon av Legenett er klar.')).toBeInTheDocument();
    expect(host.skipWaiting).toBe(0);
    // The new worker taking over for another reason (another tab's click) does not reload this one.
    host.fire('controlling', { isUpdate: true });
    expect(reload).not.toHaveBeenCalled();

    await setupUser().click(screen.getByRole('button', { name: 'Ny versjon – last inn på nytt' }));
    expect(host.skipWaiting).toBe(1);
    host.fire('controlling', { isUpdate: true });
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('is offered in English too', async () => {
    renderWithProviders(null);
    await act(() => i18n.changeLanguage('en'));
    const host = fakeHost();
    await registerServiceWorker(host, vi.fn());
    host.fire('waiting');
    expect(await screen.findByRole('button', { name: 'New version – reload' })).toBeInTheDocument();
  });

  it('the first install takes the page without reloading it', async () => {
    renderWithProviders(null);
    const host = fakeHost();
    const reload = vi.fn();
    await registerServiceWorker(host, reload);
    host.fire('controlling', { isUpdate: false });
    expect(reload).not.toHaveBeenCalled();
    expect(screen.queryByRole('button', { name: 'Ny versjon – last inn på nytt' })).not.toBeInTheDocument();
  });
});

describe('the service worker’s caches', () => {
  it('keep the build’s hashed files only, and count every other cache as old', () => {
    expect(isHashedAsset('/assets/DxChEbGR2.js')).toBe(true);
    expect(isHashedAsset('/assets/index-BLrDedb1.js')).toBe(true);
    expect(isHashedAsset('/assets/startup-DNioBYIN.css')).toBe(true);
    expect(isHashedAsset('/api/posts')).toBe(false);
    expect(isHashedAsset('/assets/x.js')).toBe(false);
    expect(isHashedAsset('/sw.js')).toBe(false);

    expect(isOurCache('workbox-precache-v2-http://127.0.0.1:3100/')).toBe(true);
    expect(isOurCache('legenett-assets-v1')).toBe(true);
    expect(isOurCache('legenett-assets-v0')).toBe(false);
    expect(isOurCache('legenett-api')).toBe(false);
  });
});
