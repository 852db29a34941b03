import { expect, test } from '@playwright/test';
import { logInViaApi, ourBaseURL } from './fixtures';

/** A valid 4x4 PNG (red), small enough to write inline; the API decodes and re-encodes it. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAQAAAAECAIAAAAmkwkpAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEElEQVR4nGM4IScHRwzEcQCxYxBBO0tjggAAAABJRU5ErkJggg==',
  'base64',
);

/** Letters only, so Norwegian full-text search finds it as one word. */
const uniqueWord = () =>
  `kvist${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

test.describe('marketplace', () => {
  test('a user lists a product with photos, marks it sold out, and another user sees it as sold out', async ({ page, browser }) => {
    const word = uniqueWord();
    const title = `Blodtrykksmåler ${word}`;
    await logInViaApi(page, 'lege@demo.no');

    await page.goto('/marketplace/new');
    await page.getByRole('textbox', { name: /Tittel/ }).fill(title);
    await page.getByRole('textbox', { name: /Beskrivelse/ }).fill('Automatisk blodtrykksmåler, lite brukt.');
    await page.getByRole('textbox', { name: /Pris/ }).fill('750');
    await page.getByRole('textbox', { name: 'Produsent' }).fill('Omron');
    await page.getByLabel('Bilder', { exact: true }).setInputFiles([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      { name: 'back.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await page.getByRole('button', { name: 'Publiser' }).click();

    await expect(page).toHaveURL(/\/my_products\/details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    const gallery = page.getByRole('region', { name: 'Bilder' });
    await expect(gallery.getByRole('button', { name: /Vis bilde/ })).toHaveCount(2);

    await page.getByRole('button', { name: 'Marker som utsolgt' }).click();
    await expect(page.getByText('Produktet er markert som utsolgt.')).toBeVisible();
    await expect(page.getByText('Utsolgt', { exact: true })).toBeVisible();

    // Another doctor: not among the products in stock, but listed under sold out.
    const other = await browser.newContext({ baseURL: ourBaseURL() });
    const otherPage = await other.newPage();
    await logInViaApi(otherPage, 'henrik.saetre@demo.no');
    await otherPage.goto(`/marketplace?search=${word}`);
    await expect(otherPage.getByText('Ingen produkter funnet.')).toBeVisible();

    await otherPage.locator('label', { hasText: /^Utsolgt$/ }).click();
    await expect(otherPage).toHaveURL(/status=2/);
    const list = otherPage.getByRole('list', { name: 'Markedsplass' });
    const item = list.getByRole('listitem').filter({ hasText: title });
    await expect(item).toBeVisible();
    await expect(item.getByText('Utsolgt', { exact: true })).toBeVisible();

    await item.getByRole('link', { name: title }).click();
    await expect(otherPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(otherPage.getByRole('button', { name: 'Marker som utsolgt' })).toHaveCount(0);
    await other.close();
  });
});
