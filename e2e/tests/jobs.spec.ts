import { expect, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

/** Letters only, so Norwegian full-text search finds it as one word. */
const uniqueWord = () =>
  `fjord${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

test.describe('jobs', () => {
  test('a doctor publishes a job and finds it through a filter', async ({ page }) => {
    const word = uniqueWord();
    const title = `Fastlege i Bodø ${word}`;
    await logInViaApi(page, 'lege@demo.no');

    await page.goto('/jobs');
    await page.getByRole('link', { name: 'Publiser jobb' }).click();
    await expect(page).toHaveURL(/\/jobs\/create$/);
    await page.getByRole('textbox', { name: /^Tittel/ }).fill(title);
    await page.getByRole('textbox', { name: /^Beskrivelse/ }).fill('Trivelig legesenter søker fastlege med interesse for akuttmedisin.');
    await page.getByRole('textbox', { name: /^Arbeidsgiver/ }).fill('Bodø legesenter AS');
    await page.getByRole('textbox', { name: 'Postnummer' }).fill('8006');
    await page.getByRole('textbox', { name: 'Organisasjonsnummer' }).fill('974703300');
    await page.getByRole('textbox', { name: /^Lenke til rekrutteringssystem/ }).fill('https://jobb.example.no/bodo');
    await page.getByLabel(/^Søknadsfrist/).fill(inDays(30));
    await page.getByRole('combobox', { name: 'Fylke' }).fill('Nordland');
    await page.getByRole('option', { name: 'Nordland' }).click();
    await page.getByRole('button', { name: 'Lagre' }).click();

    await expect(page).toHaveURL(/\/my_jobs\/details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The board: filter by county, then search; the filters live in the URL.
    await page.goto('/jobs');
    await page.getByRole('combobox', { name: 'Fylke' }).fill('Nordland');
    await page.getByRole('option', { name: 'Nordland' }).click();
    await expect(page).toHaveURL(/county=\d+/);
    await page.getByRole('searchbox', { name: 'Søk' }).fill(word);
    await page.getByRole('searchbox', { name: 'Søk' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`search=${word}`));
    await expect(page.getByRole('article')).toHaveCount(1);
    const listUrl = page.url();
    await page.getByRole('link', { name: title }).click();
    await expect(page).toHaveURL(/\/jobs\/details\/\d+$/);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // The filtered list is shareable: opening its URL again answers the same job.
    await page.goto(listUrl);
    await expect(page.getByRole('combobox', { name: 'Fylke' })).toHaveValue('Nordland');
    await expect(page.getByRole('link', { name: title })).toBeVisible();
  });
});
