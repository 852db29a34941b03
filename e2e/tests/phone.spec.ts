import { expect, type Locator, type Page, test } from '@playwright/test';
import { logInViaApi } from './fixtures';
import { adminRoutes, doctorDetailRoutes, doctorRoutes, openRoute, visitorRoutes } from './routes';

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

/**
 * How much wider than the screen the page is (0: it fits), with the innermost elements that stick out
 * past the right edge, to name in the failure.
 */
async function tooWide(page: Page, route: string): Promise<string | null> {
  const found = await page.evaluate(() => {
    const screenWidth = document.documentElement.clientWidth;
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    if (width <= screenWidth) return null;
    const out = [...document.querySelectorAll('body *')].filter((el) => {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.right > screenWidth + 0.5;
    });
    const innermost = out.filter((el) => !out.some((other) => other !== el && el.contains(other)));
    const name = (el: Element) => {
      const classes = [...el.classList].filter((c) => c.startsWith('mantine-')).slice(0, 2).join('.');
      const text = (el.textContent ?? '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}" (right ${Math.round(el.getBoundingClientRect().right)})`;
    };
    return `${width} px: ${innermost.slice(0, 3).map(name).join(' | ')}`;
  });
  return found === null ? null : `${route}: ${found}`;
}

/** The routes that are wider than the screen, each named with what sticks out. */
async function tooWideOf(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await openRoute(page, route);
    const wide = await tooWide(page, route);
    if (wide) found.push(wide);
  }
  return found;
}

test.describe('no page is wider than a 390 px phone (every route of the axe test, issue 42)', () => {
  // The tests share nothing (each reads its worker's demo data), so they spread over the workers.
  test.describe.configure({ mode: 'parallel' });

  test('as a visitor', async ({ page }) => {
    // Nine routes, each waiting for its lazy chunk and data on a busy machine.
    test.setTimeout(120_000);
    await page.goto('/');
    expect(await tooWideOf(page, visitorRoutes)).toEqual([]);
  });

  const doctorParts: { name: string; routes: (page: Page, slug: string) => Promise<string[]> }[] = [
    { name: 'feed to marketplace', routes: async () => doctorRoutes.slice(0, 12) },
    { name: 'products to audio', routes: async () => doctorRoutes.slice(12) },
    { name: 'detail pages', routes: doctorDetailRoutes },
  ];
  for (const part of doctorParts) {
    test(`as a doctor: ${part.name}`, async ({ page }) => {
      // 12-16 routes, each waiting for its lazy chunk and data, as in the axe test.
      test.setTimeout(180_000);
      const { user } = await logInViaApi(page, 'lege@demo.no');
      const routes = await part.routes(page, user.slug);
      expect(routes.length).toBeGreaterThanOrEqual(8);
      expect(await tooWideOf(page, routes)).toEqual([]);
    });
  }

  test('as an administrator', async ({ page }) => {
    test.setTimeout(120_000);
    await logInViaApi(page, 'admin@demo.no');
    expect(await tooWideOf(page, adminRoutes)).toEqual([]);
  });
});

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
