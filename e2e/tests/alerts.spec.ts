import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

/** Letters only, so Norwegian full-text search reads it as one word. */
const uniqueWord = () =>
  `varsel${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

test.describe('alerts', () => {
  test('a doctor saves the filtered jobs board as a saved search, finds it under "Lagrede søk", renames and deletes it', async ({ page }) => {
    const word = uniqueWord();
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/jobs');
    await page.getByRole('combobox', { name: 'Fylke' }).fill('Nordland');
    await page.getByRole('option', { name: 'Nordland' }).click();
    await expect(page).toHaveURL(/county=\d+/);
    await page.getByRole('searchbox', { name: 'Søk' }).fill(word);
    await page.getByRole('searchbox', { name: 'Søk' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${word}`));

    await page.getByRole('button', { name: 'Varsle meg' }).click();
    const dialog = page.getByRole('dialog', { name: 'Lagre søket og varsle meg om nye treff' });
    // The filters by name, and a name suggested from them.
    await expect(dialog.getByText(`Stillinger: Søkeord: «${word}», Nordland`)).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: /Navn på søket/ })).toHaveValue(`Stillinger: Søkeord: «${word}», Nordland`);
    // The dialog passes axe in both skins (the skin is the page's; the light one here).
    const scan = await new AxeBuilder({ page }).include('[role="dialog"]').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(scan.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
    await dialog.getByRole('textbox', { name: /Navn på søket/ }).fill(`Nordland ${word}`);
    await dialog.getByRole('radio', { name: 'Ukentlig sammendrag' }).check();
    await dialog.getByRole('button', { name: 'Lagre søket' }).click();
    await expect(page.getByText('Søket er lagret. Du finner det under «Lagrede søk».')).toBeVisible();
    await expect(dialog).toBeHidden();

    await page.goto('/alerts');
    const card = page.getByRole('article', { name: `Nordland ${word}` });
    await expect(card.getByText('Ukentlig sammendrag')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Åpne søket' })).toHaveAttribute('href', new RegExp(`/jobs\\?search=${word}&county=\\d+`));

    await card.getByRole('button', { name: `Endre det lagrede søket «Nordland ${word}»` }).click();
    const edit = page.getByRole('dialog', { name: 'Endre det lagrede søket' });
    await edit.getByRole('textbox', { name: /Navn på søket/ }).fill(`Bodø ${word}`);
    await edit.getByRole('radio', { name: 'Med en gang' }).check();
    await edit.getByRole('button', { name: 'Lagre endringene' }).click();
    const renamed = page.getByRole('article', { name: `Bodø ${word}` });
    await expect(renamed.getByText('Med en gang')).toBeVisible();

    // Opening the search brings the board back with the saved filters.
    await renamed.getByRole('link', { name: 'Åpne søket' }).click();
    await expect(page).toHaveURL(new RegExp(`/jobs\\?search=${word}&county=\\d+`));
    await expect(page.getByRole('searchbox', { name: 'Søk' })).toHaveValue(word);

    await page.goto('/alerts');
    await page.getByRole('button', { name: `Slett det lagrede søket «Bodø ${word}»` }).click();
    await page.getByRole('dialog', { name: 'Slette det lagrede søket?' }).getByRole('button', { name: 'Slett' }).click();
    await expect(page.getByText(`Det lagrede søket «Bodø ${word}» er slettet.`)).toBeVisible();
    await expect(page.getByRole('article', { name: `Bodø ${word}` })).toHaveCount(0);
  });
});
