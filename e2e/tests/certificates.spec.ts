import fs from 'node:fs';
import { expect, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

const WATCHED = 'Diabetes type 2 – opptak fra høstens webinar';

test.describe('certificates of attendance', () => {
  test('a doctor who watched a past webinar downloads the certificate; the public verification page shows it valid', async ({
    page,
    browser,
  }) => {
    // The demo doctor watched 55 of the recorded webinar's 60 minutes (seed).
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/my_courses?tab=log');
    const entry = page.getByRole('article', { name: WATCHED });
    await expect(entry.getByText('Fulgt 55 av 60 min (91 %)')).toBeVisible();
    await expect(entry.getByText('Tellende timer: 1')).toBeVisible();
    const download = page.waitForEvent('download');
    await entry.getByRole('button', { name: `Last ned kursbevis for «${WATCHED}»` }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^certificate-\d+\.pdf$/);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The log now shows the certificate's code, linking to the public verification page.
    const link = entry.getByRole('link', { name: /^Kontrollkode [0-9A-Z]{20}$/ });
    await expect(link).toBeVisible();
    const href = await link.getAttribute('href');
    expect(href).toMatch(/^\/certificates\/[0-9A-Z]{20}$/);

    // A supervisor without an account checks it.
    const visitor = await (await browser.newContext()).newPage();
    await visitor.goto(href!);
    await expect(visitor.getByText('Kursbeviset er gyldig')).toBeVisible();
    await expect(visitor.getByRole('row', { name: /Deltaker/ })).toContainText('Anders Lie');
    await expect(visitor.getByRole('row', { name: /Arrangement/ })).toContainText(WATCHED);
    await expect(visitor.getByRole('row', { name: /Tellende timer/ })).toContainText('1');
    // An unknown code is not valid.
    await visitor.goto('/certificates/ABCDEFGHJK0123456789');
    await expect(visitor.getByRole('alert')).toContainText('Fant ingen kursbevis med denne koden.');
    await visitor.context().close();
  });
});
