import { expect, type Locator, type Page, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

/** An upright phone: the width the issue was reported at. */
test.use({ viewport: { width: 390, height: 844 } });

/** Whether the element is what a tap at its centre reaches (nothing lies over it). */
async function reachable(page: Page, target: Locator): Promise<boolean> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) return false;
  return target.evaluate(
    (el, [x, y]) => {
      const hit = document.elementFromPoint(x, y);
      return hit !== null && (hit === el || el.contains(hit) || hit.contains(el));
    },
    [box.x + box.width / 2, box.y + box.height / 2] as const,
  );
}

test.describe('on a phone (390 px)', () => {
  test('the cookie notice covers no field or button of the login and sign-up forms @mobile', async ({ page }) => {
    await page.goto('/login');
    const notice = page.getByRole('region', { name: 'Informasjonskapsler' });
    await expect(notice).toBeVisible();
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    for (const target of [dialog.getByLabel('E-post'), dialog.getByLabel(/^Passord/), dialog.getByRole('button', { name: 'Logg inn' })]) {
      expect(await reachable(page, target)).toBe(true);
    }

    await page.goto('/register');
    await expect(notice).toBeVisible();
    const form = page.getByRole('form', { name: /Opprett konto|Registrer/ });
    for (const target of [form.getByLabel('E-post'), form.getByLabel('Mobilnummer'), form.getByRole('button', { name: 'Opprett konto' })]) {
      expect(await reachable(page, target)).toBe(true);
    }
    // Dismissed once, it stays away.
    await notice.getByRole('button', { name: 'Jeg forstår' }).click();
    await expect(notice).toBeHidden();
    await page.reload();
    await expect(page.getByRole('button', { name: 'Opprett konto' })).toBeVisible();
    await expect(notice).toBeHidden();
  });

  test('the job board folds its filters into a "Filtre" drawer, so the first job is above the fold @mobile', async ({ page }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/jobs');
    const jobs = page.getByRole('list', { name: 'Jobber' });
    const first = jobs.getByRole('link').first();
    await expect(first).toBeVisible();
    const box = await first.boundingBox();
    expect(box!.y + box!.height).toBeLessThan(844);
    await expect(page.getByRole('search')).toBeHidden();

    await page.getByRole('button', { name: 'Filtre' }).click();
    const drawer = page.getByRole('dialog', { name: 'Filtre' });
    await drawer.getByRole('combobox', { name: 'Fylke' }).fill('Oslo');
    await page.getByRole('option', { name: 'Oslo' }).click();
    await expect(page).toHaveURL(/county=\d+/);
    await drawer.getByRole('button', { name: 'Vis resultater' }).click();
    await expect(drawer).toBeHidden();
    await expect(page.getByRole('button', { name: 'Filtre (1 aktive)' })).toBeVisible();
    await expect(jobs.getByRole('link').first()).toBeVisible();
  });
});
