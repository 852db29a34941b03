import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { DEMO_PASSWORD, latestMail, logInViaApi } from './fixtures';

/** Letters only, so Norwegian full-text search finds it as one word. */
const uniqueWord = () =>
  `opprop${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const shots = process.env.E2E_SCREENSHOTS;

/**
 * Clicks the attachment's link (the browser downloads the PDF) and fetches the same signed link
 * again: 200, `application/pdf`, the bytes uploaded; the link without its signature is 404.
 */
async function downloadsAttachment(page: Page, name: string) {
  const link = page.getByRole('link', { name });
  const href = await link.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/.+[?&]signature=/);
  const download = page.waitForEvent('download');
  await link.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(name);
  expect(fs.readFileSync(await file.path())).toEqual(PDF);
  const res = await page.request.get(href!);
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
  expect(Buffer.from(await res.body())).toEqual(PDF);
  expect((await page.request.get(href!.split('?')[0]!)).status()).toBe(404);
}

test.describe('petitions', () => {
  test('a doctor drafts with a PDF and a co-author, previews, publishes; another signs; the owner exports and sends the press release', async ({
    page,
    browser,
  }) => {
    const word = uniqueWord();
    const title = `Forsvarlig vaktbelastning ${word}`;
    await logInViaApi(page, 'lege@demo.no');

    // Draft.
    await page.goto('/petitions');
    await page.getByRole('link', { name: 'Start et opprop' }).click();
    await expect(page).toHaveURL(/\/petitions\/create_petition$/);
    await page.getByRole('textbox', { name: /^Tittel/ }).fill(title);
    await page.getByRole('textbox', { name: 'Sammendrag' }).fill('Vaktbelastningen for leger må ned.');
    await page.getByRole('textbox', { name: 'Oppropstekst' }).fill(`Vi ber helseforetakene redusere antall vakter. ${word}`);
    await page.getByRole('textbox', { name: 'Mottaker' }).fill('Helse Nord RHF');
    await page.getByLabel('Sluttdato').fill(inDays(20));
    await page.getByRole('textbox', { name: 'Signaturmål (valgfritt)' }).fill('50');
    await page.getByRole('button', { name: 'Lagre utkast' }).click();
    await expect(page).toHaveURL(/\/petitions\/update_petition\/\d+$/);
    const id = Number(/(\d+)$/.exec(page.url())![1]);

    // A PDF and a co-author.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'PDF-filer' }).click();
    await (await chooser).setFiles({ name: 'bakgrunn.pdf', mimeType: 'application/pdf', buffer: PDF });
    await page.getByRole('button', { name: 'Legg ved PDF' }).click();
    await expect(page.getByRole('link', { name: 'bakgrunn.pdf' })).toBeVisible();
    // The owner downloads it through its signed link (a members-only file: no signature, no file).
    await downloadsAttachment(page, 'bakgrunn.pdf');
    await page.getByRole('textbox', { name: 'Navn' }).fill('Marte Olsen');
    await page.getByRole('textbox', { name: 'Tittel eller stilling' }).fill('Overlege');
    await page.getByRole('button', { name: 'Legg til medforfatter' }).click();
    await expect(page.getByText('Marte Olsen (Overlege)')).toBeVisible();

    // Preview, then publish.
    await page.getByRole('button', { name: 'Forhåndsvis' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByText('Forhåndsvisningen lagrer ingenting.', { exact: false })).toBeVisible();
    await expect(page.getByText('Medforfattere: Marte Olsen (Overlege)')).toBeVisible();
    await page.getByRole('button', { name: 'Tilbake til redigering' }).click();
    // Publishing asks first.
    await page.getByRole('button', { name: 'Publiser' }).click();
    await page.getByRole('dialog', { name: 'Publiser' }).getByRole('button', { name: 'Ja, publiser' }).click();
    await expect(page).toHaveURL(new RegExp(`/petitions/details/${id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Aktiv')).toBeVisible();

    // Another doctor finds it, signs, and sees the count and statistics move.
    const other = await browser.newContext();
    const signer = await other.newPage();
    await logInViaApi(signer, 'kari.nordby@demo.no');
    await signer.goto('/petitions');
    await signer.getByRole('searchbox', { name: 'Søk' }).fill(word);
    await expect(signer).toHaveURL(new RegExp(`search=${word}`));
    await signer.getByRole('link', { name: title }).click();
    await expect(signer.getByText('Gyldige signaturer: 0', { exact: true })).toBeVisible();
    // A member downloads the owner's attachment from the published petition.
    await downloadsAttachment(signer, 'bakgrunn.pdf');
    await expect(signer.getByText('Ingen signaturer ennå.')).toBeVisible();
    await signer.getByRole('button', { name: 'Signer oppropet' }).click();
    await expect(signer.getByText('Gyldige signaturer: 1', { exact: true })).toBeVisible();
    await expect(signer.getByText('Signaturen din står i en offentlig logg som bare kan legges til. Legenett kan ikke endre eller fjerne den uten at det synes.')).toBeVisible();
    // The entry number and the checksum are behind "Vis detaljer".
    await expect(signer.getByText('Kontrollsum:')).toBeHidden();
    // A group under 5 is never named: it is folded into "Andre (færre enn 5 hver)" (docs/petitions.md).
    await expect(signer.getByText('Andre (færre enn 5 hver)', { exact: false }).first()).toBeVisible();
    // The log takes the signature in its next batch (a quarter of a second, longer on a busy machine):
    // the receipt says so once its proof checks out. Checking the log before that would find it pending.
    await expect(signer.getByText('Kontrollert i nettleseren din: kvitteringen stemmer med den signerte loggen.')).toBeVisible({ timeout: 15_000 });
    await signer.getByRole('button', { name: 'Kontroller signaturloggen' }).click();
    await expect(
      signer.getByText('Loggen er uendret. Oppropet har 1 oppføringer i loggen (signaturer og tilbaketrekninger); 1 gyldig signatur.'),
    ).toBeVisible();
    if (shots) await signer.screenshot({ path: `${shots}/petition-signed-no.png`, fullPage: true });
    await other.close();

    // The owner exports the PDF (the download completes) and sends the press release.
    await page.reload();
    await expect(page.getByText('Gyldige signaturer: 1', { exact: true })).toBeVisible();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(`petition-${id}-signatures.pdf`);
    expect(fs.readFileSync(await file.path()).subarray(0, 5).toString()).toBe('%PDF-');

    const address = `desk-${word}@avis.example.no`;
    await expect(page.getByRole('textbox', { name: /^Emne/ })).toHaveValue(`Opprop: ${title}`);
    await page.getByRole('textbox', { name: /^Mottakere/ }).fill(address);
    await page.getByRole('button', { name: 'Send pressemelding' }).click();
    await expect(page.getByText(new RegExp(`til ${address}`))).toBeVisible();
    const mail = await latestMail(page.request, address);
    expect(mail.subject).toBe(`Opprop: ${title}`);
    expect(mail.body).toContain('1 helsepersonell har signert oppropet');
    if (shots) await page.screenshot({ path: `${shots}/petition-owner-no.png`, fullPage: true });
  });

  test('a visitor opens a shared petition link, logs in from the page, comes back and signs', async ({ page }) => {
    const title = 'Bevar akuttkirurgien ved lokalsykehusene';
    // Kari has not signed this one in the demo data.
    const login = await page.request.post('/api/user/login', { data: { email: 'kari.nordby@demo.no', password: DEMO_PASSWORD } });
    const token = ((await login.json()) as { access_token: string }).access_token;
    const found = await page.request.get(`/api/petitions?search=${encodeURIComponent('akuttkirurgien')}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    const id = ((await found.json()) as { data: { id: number; title: string }[] }).data.find((p) => p.title === title)!.id;

    // The shared link, opened by someone who is not logged in.
    await page.goto(`/petitions/details/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Kopier lenke' })).toBeVisible();
    // The named signers are public: listed for the visitor too, without links to members' profiles.
    const signers = page.getByRole('list', { name: 'Signaturer' });
    await expect(signers.getByRole('listitem').first()).toBeVisible();
    await expect(signers.getByRole('link')).toHaveCount(0);
    if (shots) await page.screenshot({ path: `${shots}/petition-visitor-no.png`, fullPage: true });
    await page.getByRole('link', { name: 'Logg inn for å signere' }).click();
    await expect(page).toHaveURL(new RegExp(`/login\\?next=%2Fpetitions%2Fdetails%2F${id}$`));
    const dialog = page.getByRole('dialog', { name: 'Logg inn' });
    await dialog.getByLabel('E-post').fill('kari.nordby@demo.no');
    await dialog.getByLabel(/^Passord/).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Logg inn' }).click();

    // Back on the petition, logged in: sign.
    await expect(page).toHaveURL(new RegExp(`/petitions/details/${id}$`));
    await page.getByRole('button', { name: 'Signer oppropet' }).click();
    await expect(page.getByText(/^Signaturen din står i en offentlig logg/)).toBeVisible();
    await page.getByText('Vis detaljer').click();
    await expect(page.getByText(/^Loggoppføring nr\. \d+ \(loggen nummererer oppføringene for alle opprop under ett\)/)).toBeVisible();
    await expect(page.getByText('Kontrollsum:')).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/petition-signed-receipt-no.png`, fullPage: true });
  });

  test('the list in English and dark, with tabs and filters in the URL @mobile', async ({ page }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.evaluate(() => {
      window.localStorage.setItem('legenett-locale', 'en');
      window.localStorage.setItem('legenett-color-scheme', 'dark');
    });
    await page.goto('/petitions?petitionStatus=finished');
    // English for sure (the app once wrote its start-up language back over the one set above), and
    // exact tab names: "All" is also part of the Norwegian "Alle".
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('link', { name: 'Nasjonal satsing på psykisk helse for unge' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'All', exact: true, selected: true })).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/petitions-list-en-dark-${test.info().project.name}.png`, fullPage: true });
    await page.getByRole('tab', { name: 'Drafts', exact: true }).click();
    await expect(page).toHaveURL(/tab=drafts/);
    await expect(page.getByRole('link', { name: 'Styrk fastlegeordningen i Oslo' })).toBeVisible();
    await page.goto('/petitions/details/2');
    await expect(page.getByRole('heading', { level: 2, name: 'Statistics' }).or(page.getByRole('heading', { name: 'Statistics' }))).toBeVisible();
    if (shots) await page.screenshot({ path: `${shots}/petition-detail-en-dark-${test.info().project.name}.png`, fullPage: true });
  });
});
