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
 * What does not fit the screen, named for the failure: the page wider than the screen (with the
 * innermost elements that stick out past its right edge), a tab outside the screen or its tab row
 * (hidden in a row that scrolls sideways), a placeholder wider than its field (cut).
 */
async function notFitting(page: Page, route: string): Promise<string[]> {
  const found = await page.evaluate(() => {
    const problems: string[] = [];
    const screenWidth = document.documentElement.clientWidth;
    const width = Math.max(document.documentElement.scrollWidth, document.body.scrollWidth);
    const name = (el: Element) => {
      const classes = [...el.classList].filter((c) => c.startsWith('mantine-')).slice(0, 2).join('.');
      const text = (el.textContent ?? '').trim().slice(0, 30);
      return `${el.tagName.toLowerCase()}${classes ? `.${classes}` : ''} "${text}" (right ${Math.round(el.getBoundingClientRect().right)})`;
    };
    if (width > screenWidth) {
      const out = [...document.querySelectorAll('body *')].filter((el) => {
        const box = el.getBoundingClientRect();
        return box.width > 0 && box.right > screenWidth + 0.5;
      });
      const innermost = out.filter((el) => !out.some((other) => other !== el && el.contains(other)));
      problems.push(`${width} px wide: ${innermost.slice(0, 3).map(name).join(' | ')}`);
    }
    for (const tab of document.querySelectorAll('[role="tab"]')) {
      const box = tab.getBoundingClientRect();
      const list = tab.closest('[role="tablist"]')?.getBoundingClientRect();
      if (box.width === 0 || !list) continue;
      if (box.left < -0.5 || box.right > screenWidth + 0.5 || box.left < list.left - 0.5 || box.right > list.right + 0.5) {
        problems.push(`tab cut off: ${name(tab)}`);
      }
    }
    const canvas = document.createElement('canvas').getContext('2d');
    for (const field of document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input[placeholder], textarea[placeholder]')) {
      if (!canvas || !field.placeholder || field.value || field.getBoundingClientRect().width === 0) continue;
      const style = getComputedStyle(field);
      canvas.font = style.font;
      const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const text = canvas.measureText(field.placeholder).width;
      if (field instanceof HTMLInputElement && text > room + 0.5) {
        problems.push(`placeholder cut: "${field.placeholder}" needs ${Math.round(text)} px of ${Math.round(room)}`);
      }
    }
    return problems;
  });
  return found.map((problem) => `${route}: ${problem}`);
}

/** What does not fit on each of the routes. */
async function tooWideOf(page: Page, routes: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await openRoute(page, route);
    found.push(...(await notFitting(page, route)));
  }
  return found;
}

test.describe('no page is wider than a 390 px phone, no tab or placeholder cut (every route of the axe test, issue 42)', () => {
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

test.describe('the header search (issue 42)', () => {
  for (const locale of ['nb', 'en'] as const) {
    test(`its placeholder fits its field, in the header and full screen on a phone (${locale})`, async ({ page }) => {
      await logInViaApi(page, 'lege@demo.no');
      await page.evaluate((l) => window.localStorage.setItem('legenett-locale', l), locale);
      const label = locale === 'nb' ? 'Søk i Legenett' : 'Search Legenett';
      // The header's field, from the md breakpoint.
      await page.setViewportSize({ width: 1280, height: 800 });
      await openRoute(page, '/feed');
      await expect(page.getByRole('combobox', { name: label })).toBeVisible();
      expect(await notFitting(page, 'header')).toEqual([]);
      // A phone: the search button opens the field full screen, with the longer text.
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole('button', { name: locale === 'nb' ? 'Søk' : 'Search', exact: true }).click();
      await expect(page.getByRole('dialog', { name: label }).getByRole('combobox', { name: label })).toBeVisible();
      expect(await notFitting(page, 'full screen')).toEqual([]);
    });
  }
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
