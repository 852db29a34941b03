import { expect, test } from '@playwright/test';

test.describe('public shell', () => {
  test('home page in Norwegian by default, with counties from the API @mobile', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Det profesjonelle nettverket for leger i Norge' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'no');
    // Real reference data from the seeded database, through the API.
    const counties = page.getByRole('list', { name: 'Fylker i Norge' });
    await expect(counties.getByText('Møre og Romsdal')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Registrer deg gratis' }).first()).toHaveAttribute('href', '/register');
  });

  test('language switch changes texts, <html lang> and API answers, and is remembered', async ({ page, context }) => {
    await page.goto('/');
    // The radio inputs are visually hidden; people click their labels.
    await page.getByRole('radiogroup', { name: 'Språk' }).getByText('English', { exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'The professional network for doctors in Norway' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // County names come back in English from the API.
    await expect(page.getByRole('list', { name: 'Counties of Norway' }).getByText('Møre og Romsdal')).toBeVisible();
    // Also for the server, which writes the next page in that language (and preloads its texts).
    expect((await context.cookies()).find((c) => c.name === 'legenett-locale')?.value).toBe('en');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'The professional network for doctors in Norway' })).toBeVisible();
  });

  test('every first load renders its page, not the start-up spinner for good', async ({ page }) => {
    // The first render is time-sliced (main.tsx). Started before the router had loaded the first
    // route's chunk, it missed the router's "ready" about every other load and kept the spinner.
    for (let load = 0; load < 8; load++) {
      await page.goto(load % 2 === 0 ? '/' : '/about_us');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('status', { name: 'Legenett' })).toHaveCount(0);
    }
  });

  test('skin switch goes dark and survives a reload', async ({ page }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Mørkt utseende' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await toggle.click();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.getByRole('button', { name: 'Mørkt utseende' })).toHaveAttribute('aria-pressed', 'true');
  });

  test('the page runs under the strict Content-Security-Policy', async ({ page }) => {
    const violations: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && /Content Security Policy/i.test(msg.text())) violations.push(msg.text());
    });
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(violations).toEqual([]);
  });

  test("a page's HTML preloads that page's chunks and texts in the chosen language", async ({ request }) => {
    const html = async (cookie?: string) =>
      (await request.get('/jobs', { headers: cookie ? { Cookie: cookie } : {} })).text();
    const preloads = (text: string) => [...text.matchAll(/rel="modulepreload" crossorigin href="([^"]+)"/g)].map((m) => m[1]!);
    const no = await html();
    const en = await html('legenett-locale=en');
    expect(no).toContain('<html lang="no"');
    expect(en).toContain('<html lang="en"');
    // The entry's own preloads plus the route's page chunk and its texts (different per language).
    expect(preloads(no).length).toBeGreaterThan(3);
    expect(preloads(no)).not.toEqual(preloads(en));
    for (const file of preloads(en)) expect((await request.get(file)).status(), file).toBe(200);
    // The boot script runs inline, allowed by its hash.
    expect(no).not.toContain('src="/boot.js"');
    expect(no).toMatch(/<script>try\{/);
  });

  test('unknown paths land on the not-found page, which links home', async ({ page }) => {
    await page.goto('/this/does/not/exist');
    await expect(page).toHaveURL(/\/error-404$/);
    await expect(page.getByText('Siden ble ikke funnet', { exact: false }).first()).toBeVisible();
    await page.getByRole('link', { name: /forsiden|hjem/i }).first().click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('/search and /kurs go home; deep links are served by the SPA', async ({ page, request }) => {
    await page.goto('/search');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/kurs');
    await expect(page).toHaveURL(/\/$/);
    // History-mode deep link: the server answers index.html, the API keeps answering JSON.
    const deep = await request.get('/about_us');
    expect(deep.status()).toBe(200);
    expect(await deep.text()).toContain('<div id="root">');
    const api = await request.get('/api/does-not-exist');
    expect(api.status()).toBe(404);
    expect(await api.json()).toMatchObject({ status_code: 404 });
  });
});
