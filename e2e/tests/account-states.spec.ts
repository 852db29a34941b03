import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

/** Every API answer of 400 or more while the page is used: an account calls only what it may read. */
function refusedCalls(page: Page): string[] {
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/api/') && response.status() >= 400) {
      refused.push(`${response.status()} ${response.request().method()} ${url.pathname}`);
    }
  });
  return refused;
}

const toasts = (page: Page) => page.locator('.mantine-Notification-root');

/** Critical and serious axe findings on the current page, in both skins. */
async function axeFindings(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const skin of ['light', 'dark']) {
    await page.evaluate((s) => window.localStorage.setItem('legenett-color-scheme', s), skin);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    for (const v of result.violations) if (v.impact === 'critical' || v.impact === 'serious') found.push(`${skin}: ${v.id}`);
  }
  return found;
}

test.describe('account states explain themselves', () => {
  test('awaiting approval: a state page, content pages refused with the spec message, no refused calls', async ({ page }) => {
    // Nine page loads and axe in both skins: ~29 s as a worker's first test on a busy 2-core machine,
    // over the default 30 s twice in one run (every step passed; the trace showed no wait).
    test.setTimeout(90_000);
    const refused = refusedCalls(page);
    await logInViaApi(page, 'pending@demo.no');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Profilen din blir sjekket' })).toBeVisible();
    await expect(page.getByText('Det tar vanligvis én til to virkedager', { exact: false })).toBeVisible();
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);
    const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
    await expect(nav.getByRole('link', { name: 'Nyhetsstrøm' })).toHaveCount(0);
    expect(await axeFindings(page)).toEqual([]);

    // A closed page leads to the state page, which names it and keeps its link for after approval.
    for (const path of ['/feed', '/jobs', '/marketplace', '/profile_company', '/profile']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Profilen din blir sjekket' })).toBeVisible();
      const held = page.getByRole('region', { name: 'Siden du prøvde å åpne' });
      await expect(held.locator(`a[href="${path}"]`)).toBeVisible();
      await expect(held.getByText('Den åpnes når profilen din er godkjent.', { exact: false })).toBeVisible();
      await expect(page.getByRole('dialog')).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Glem denne siden' }).click();
    await expect(page.getByRole('region', { name: 'Siden du prøvde å åpne' })).toHaveCount(0);

    // Meanwhile the profile can be completed.
    await page.getByRole('link', { name: 'Legg til erfaring og utdanning' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Erfaring og utdanning' })).toBeVisible();
    await page.goto('/profile_settings/profile-information');
    await expect(page.getByRole('tab', { name: /Profilinformasjon/ })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await expect(toasts(page)).toHaveCount(0);
    expect(refused).toEqual([]);
  });

  test('visitor: the notice of a members-only page gives the keyboard focus back to the link that led there', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const link = page.getByRole('navigation', { name: 'Hovedmeny' }).getByRole('link', { name: 'Nyhetsstrøm' });
    await link.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Logg inn for å fortsette' });
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(link).toBeFocused();
  });

  test('in review: the header shows the state, no bell, no repeated 403s', async ({ page }) => {
    // The page's timers run on a clock the test can wind forward (time still flows naturally).
    await page.clock.install();
    const refused = refusedCalls(page);
    await logInViaApi(page, 'review@demo.no');
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Profilen din er til vurdering' })).toBeVisible();
    await expect(page.getByRole('banner').getByText('Til vurdering')).toBeVisible();
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);
    expect(await axeFindings(page)).toEqual([]);
    // A minute of the page's timers (polls, retries, refetches) at once, then until the network is quiet:
    // nothing calls what this account may not read.
    await page.clock.runFor(60_000);
    await page.waitForLoadState('networkidle');
    expect(refused).toEqual([]);
  });

  test('acting as a business profile: lands on the company page, personal pages blocked, no "My pages", no 403s', async ({ page }) => {
    const refused = refusedCalls(page);
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/feed');
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Opptre som bedrift: Demo Medisin AS' }).click();
    await expect(page).toHaveURL(/\/profile_company\/demo-medisin/);
    await expect(page.getByRole('heading', { level: 1, name: 'Demo Medisin AS' })).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
    await expect(nav.getByText('Mine sider')).toHaveCount(0);
    await expect(page.getByTestId('notification-bell')).toHaveCount(0);

    await page.goto('/professional_experience');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('dialog', { name: 'Ikke tilgjengelig for bedriftsprofil' })).toBeVisible();
    await page.keyboard.press('Escape');

    await page.goto('/feed');
    // The company's live message stream keeps the network busy for good (no "network idle"): wait
    // until the page has drawn its data.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
    expect(refused).toEqual([]);

    // Back to the personal profile, so later tests find the doctor as usual.
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Tilbake til personlig profil' }).click();
    await expect(page).toHaveURL(/\/feed$/);
  });
});
