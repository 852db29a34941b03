import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logInViaApi } from './fixtures';

/**
 * Issue 27 in the browser: the settings table, the grouped bell, and axe on the new screens. Each
 * test uses demo accounts no other spec uses (and makes its own post), so the tests do not depend on
 * each other's data and may run in parallel.
 */

async function bearer(request: APIRequestContext, email: string): Promise<Record<string, string>> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status(), await res.text()).toBe(200);
  return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}` };
}

/** Critical and serious axe findings of the page as it is now. */
async function seriousFindings(page: Page, where: string, exclude?: string): Promise<string[]> {
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (exclude) builder = builder.exclude(exclude);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${where}: ${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(' | ')}`);
}

test.describe('notification settings and the grouped bell', () => {
  test('a cell of the settings table is saved at once and still set after a reload', async ({ page }) => {
    await logInViaApi(page, 'erik.johansen@demo.no');
    await page.goto('/notification_settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Varslingsinnstillinger' })).toBeVisible();
    const table = page.getByRole('table', { name: 'Varsler etter type og kanal' });
    const cell = table.getByRole('checkbox', { name: 'Liker, delinger og nye følgere: E-post' });
    await expect(cell).toBeVisible();
    // Whatever it is now (a rerun on the same database), the test turns it the other way.
    const before = await cell.isChecked();
    const saved = page.waitForResponse((r) => r.url().includes('/api/user/notification-preferences') && r.request().method() === 'PUT');
    await cell.click();
    expect((await saved).status()).toBe(200);
    await expect(page.getByText('Lagret').first()).toBeVisible();
    await expect(cell).toBeChecked({ checked: !before });

    await page.reload();
    const again = page.getByRole('table', { name: 'Varsler etter type og kanal' }).getByRole('checkbox', { name: 'Liker, delinger og nye følgere: E-post' });
    await expect(again).toBeChecked({ checked: !before });
    // Another cell was not touched by the save; the locked one cannot be changed.
    await expect(page.getByRole('checkbox', { name: 'Meldinger: I appen' })).toBeChecked();
    await expect(page.getByRole('checkbox', { name: /^Viktige oppdateringer: I appen/ })).toBeDisabled();
  });

  test('five likes of one post are one bell entry: "X og 4 andre likte innlegget ditt", with who on opening', async ({ page }) => {
    const ownerEmail = 'nora.eide@demo.no';
    const owner = await bearer(page.request, ownerEmail);
    const marker = `Gruppert ${Date.now()}`;
    const created = await page.request.post('/api/posts', { headers: owner, multipart: { body: marker } });
    expect(created.status(), await created.text()).toBe(201);
    const postId = ((await created.json()) as { data: { id: number } }).data.id;

    const likers = ['ola.bakken@demo.no', 'hanne.solberg@demo.no', 'jonas.strand@demo.no', 'thomas.aasen@demo.no', 'emilie.lunde@demo.no'];
    for (const email of likers) {
      const res = await page.request.post(`/api/posts/${postId}/like`, { headers: await bearer(page.request, email) });
      expect(res.status(), `${email}: ${await res.text()}`).toBe(200);
    }

    await logInViaApi(page, ownerEmail);
    const bell = page.getByTestId('notification-bell');
    const dialog = page.getByRole('dialog', { name: 'Varsler' });
    // The five likes arrive as jobs: the entry grows until it names four others (and the latest one).
    const entry = dialog.getByRole('link', { name: /(Ola Bakken|Hanne Solberg|Jonas Strand|Thomas Aasen|Emilie Lunde) og 4 andre likte innlegget ditt/ });
    await expect(async () => {
      await page.goto('/feed');
      await expect(bell).toHaveAttribute('aria-label', /Varsler, \d+ uleste/, { timeout: 10_000 });
      await bell.click();
      await expect(entry).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 45_000 });
    await expect(entry).toHaveAttribute('href', `/post/${postId}`);
    // One entry for the post, not five.
    await expect(dialog.locator(`a[href="/post/${postId}"]`)).toHaveCount(1);

    // On the notifications page the entry lists who.
    await page.keyboard.press('Escape');
    await page.goto('/notifications');
    const list = page.getByRole('list', { name: 'Alle varsler' });
    const item = list.getByRole('listitem').filter({ has: page.locator(`a[href="/post/${postId}"]`) });
    await expect(item).toHaveCount(1);
    await item.getByRole('button', { name: 'Vis hvem (5)' }).click();
    const who = item.getByRole('list', { name: 'Hvem' });
    for (const name of ['Ola Bakken', 'Hanne Solberg', 'Jonas Strand', 'Thomas Aasen', 'Emilie Lunde']) await expect(who.getByText(name)).toBeVisible();
  });

  // One test per skin and one for the mails (12 axe runs in one test took over 90 s at load 15).
  for (const skin of ['light', 'dark'] as const) {
    test(`the new screens have no critical or serious axe findings (${skin} skin)`, async ({ page }) => {
      const found: string[] = [];
      await logInViaApi(page, 'erik.johansen@demo.no');
      await page.evaluate((s) => window.localStorage.setItem('legenett-color-scheme', s), skin);
      for (const route of ['/notification_settings', '/alerts']) {
        await page.goto(route);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        found.push(...(await seriousFindings(page, `${route} (${skin})`)));
      }
      await page.context().clearCookies();
      await logInViaApi(page, 'admin@demo.no');
      await page.evaluate((s) => window.localStorage.setItem('legenett-color-scheme', s), skin);
      await page.goto('/admin/mail-templates?template=digest');
      await expect(page.getByRole('heading', { level: 1, name: 'E-postmaler' })).toBeVisible();
      const frame = page.locator('iframe[title^="Forhåndsvisning"]');
      await expect(frame).toHaveAttribute('sandbox', '');
      await expect(page.frameLocator('iframe[title^="Forhåndsvisning"]').getByRole('heading', { level: 1 })).toBeVisible();
      // axe cannot run inside a frame whose sandbox allows no scripts (it waits for good): the page is
      // checked around the frame, and the mail itself below, as a page of its own.
      found.push(...(await seriousFindings(page, `/admin/mail-templates (${skin})`, 'iframe[title^="Forhåndsvisning"]')));
      // The text part (the switch itself is tested in the web tests; its radio is visually hidden).
      await page.goto('/admin/mail-templates?template=digest&part=text');
      await expect(page.getByRole('radio', { name: 'Tekst' })).toBeChecked();
      await expect(page.getByText(/Ikke send meg flere sammendrag/)).toBeVisible();
      found.push(...(await seriousFindings(page, `/admin/mail-templates, text (${skin})`)));
      await page.context().clearCookies();
      expect(found).toEqual([]);
    });
  }

  test('the previewed mails have no critical or serious axe findings, in both languages', async ({ page }) => {
    // The previewed mails themselves (what the frame shows), each as a page: the digest (React Email)
    // and a catalogue mail, in both languages.
    const found: string[] = [];
    const admin = await bearer(page.request, 'admin@demo.no');
    for (const template of ['digest', 'notification']) {
      for (const locale of ['no', 'en']) {
        const res = await page.request.get(`/api/admin/mail-templates/${template}?locale=${locale}`, { headers: admin });
        expect(res.status()).toBe(200);
        await page.setContent(((await res.json()) as { data: { html: string } }).data.html);
        found.push(...(await seriousFindings(page, `mail ${template} (${locale})`)));
      }
    }
    expect(found).toEqual([]);
  });
});
