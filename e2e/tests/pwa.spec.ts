import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { ourBaseURL } from './fixtures';

/**
 * The installable app (issue 41, docs/push-and-pwa.md): the manifest, the service worker, the
 * precached shell, and what the worker must never do (keep an API answer).
 */

/** Waits until the service worker controls the page (it registers after the load, when idle). */
async function controlledBy(page: Page): Promise<string> {
  await page.waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', null, { timeout: 20_000 });
  return page.evaluate(() => navigator.serviceWorker.controller!.scriptURL);
}

/** Every URL in every cache of the origin. */
function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
}

/** The manifest the page links: served as a manifest, with what an installed app needs. */
async function checkManifest(page: Page): Promise<void> {
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const res = await page.request.get(href!);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = (await res.json()) as {
    short_name: string;
    start_url: string;
    display: string;
    icons: { sizes: string; purpose?: string }[];
    shortcuts: { url: string }[];
  };
  expect(manifest).toMatchObject({ short_name: 'Legenett', start_url: '/feed', display: 'standalone' });
  expect(manifest.icons.some((i) => i.purpose === 'maskable' && i.sizes === '512x512')).toBe(true);
  expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/messages', '/jobs']);
}

test.describe('installable app', () => {
  test('the service worker installs, precaches the shell and keeps no API answer', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(new URL(await controlledBy(page)).pathname).toBe('/sw.js');

    // The app answers as before under the worker: API calls reach the server, pages reload.
    const health = await page.evaluate(async () => (await fetch('/api/health')).status);
    expect(health).toBe(200);
    // ...and the page's routing still sees them (specs hold uploads with page.route).
    await page.route('**/api/health', (route) => route.fulfill({ status: 418, body: 'held' }));
    expect(await page.evaluate(async () => (await fetch('/api/health')).status)).toBe(418);
    await page.unroute('**/api/health');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const urls = await cachedUrls(page);
    expect(urls).toContain('/index.html');
    expect(urls).toContain('/manifest.webmanifest');
    expect(urls.some((u) => /^\/assets\/index-[\w-]+\.js$/.test(u))).toBe(true);
    expect(urls.filter((u) => u.startsWith('/api'))).toEqual([]);
  });

  test('Chromium finds nothing that stops installing it, and the manifest says what it is', async ({ playwright }, testInfo) => {
    // A test's usual context is off the record, where Chromium installs nothing ("in-incognito"): a
    // profile of its own, on a disk folder, as a doctor's browser has.
    const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-pwa-'));
    const context = await playwright.chromium.launchPersistentContext(profile, {
      ...testInfo.project.use.launchOptions,
      baseURL: ourBaseURL(),
    });
    try {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.goto('/feed');
      await controlledBy(page);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      await checkManifest(page);
    } finally {
      await context.close();
      fs.rmSync(profile, { recursive: true, force: true });
    }
  });

  test('without a connection a page that was open loads from the precached shell', async ({ page, context }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await controlledBy(page);
    await context.setOffline(true);
    try {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
