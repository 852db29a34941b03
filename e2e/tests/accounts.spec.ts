import { expect, test } from '@playwright/test';
import { authenticator } from 'otplib';
import { DEMO_PASSWORD, latestMail, logInViaApi } from './fixtures';

test.describe('accounts', () => {
  test('a doctor registers through the identity provider, verifies the e-mail and reaches the feed', async ({ page, request }) => {
    const email = `lars.${Date.now()}@e2e.no`;
    await page.goto('/register');
    await page.getByRole('button', { name: 'Fortsett med BankID' }).click();

    // The local identity-provider simulator lists test persons from the HPR register.
    await expect(page.getByRole('heading', { name: 'Identitetssimulator' })).toBeVisible();
    await page.getByRole('button', { name: 'Velg Lars Kristiansen' }).click();

    await expect(page).toHaveURL(/\/signicat-registration-callback/);
    await expect(page.getByText('Identifisert som Lars Kristiansen')).toBeVisible();
    await page.getByLabel('E-post').fill(email);
    // Labels carry a required marker ("Passord *"); anchor so "Gjenta passord" does not match.
    await page.getByLabel(/^Passord/).fill('Hjerte!Lunge9');
    await page.getByLabel('Gjenta passord').fill('Hjerte!Lunge9');
    await page.getByLabel('Mobilnummer').fill('91234567');
    await page.getByLabel('Arbeidssituasjon').first().click();
    await page.getByRole('option').first().click();
    await page.getByLabel('Jeg godtar vilkårene og personvernerklæringen').check();
    await page.getByLabel('Jeg vil ikke dele sensitive opplysninger om pasienter').check();
    await page.getByRole('button', { name: 'Opprett konto' }).click();

    await expect(page).toHaveURL(/\/user-verification\//);
    const mail = await latestMail(request, email);
    const code = /\b(\d{6})\b/.exec(`${mail.subject} ${mail.body}`)?.[1];
    expect(code).toBeTruthy();
    // Six one-digit boxes; the field submits itself once all six digits are in.
    const boxes = page.getByRole('group', { name: 'Bekreftelseskode' }).getByRole('textbox');
    await expect(boxes).toHaveCount(6);
    await boxes.first().pressSequentially(code ?? '', { delay: 50 });

    // Confirmed in the register as a doctor: approved at once, logged in, on the feed.
    await expect(page).toHaveURL(/\/feed$/);
    const me = await page.evaluate(() => JSON.parse(window.localStorage.getItem('user') ?? 'null') as { email: string; status_label: string });
    expect(me).toMatchObject({ email, status_label: 'Approved' });
  });

  test('two-step authentication: set up with the QR key, then log in with a code', async ({ page }) => {
    test.setTimeout(120_000);
    await logInViaApi(page, 'student@demo.no');
    await page.goto('/profile_settings/two-step');
    await page.getByRole('button', { name: 'Slå på totrinnsbekreftelse' }).click();
    await expect(page.getByRole('img', { name: 'QR-kode for autentiseringsappen' })).toBeVisible();
    const secret = (await page.locator('code').first().innerText()).replace(/\s/g, '');
    await page.getByLabel('Kode fra appen').first().click();
    await page.keyboard.type(authenticator.generate(secret));
    await page.getByRole('button', { name: 'Bekreft og slå på' }).click();
    await expect(page.getByRole('list', { name: 'Gjenopprettingskoder' })).toBeVisible();
    await page.getByRole('button', { name: 'Jeg har lagret kodene' }).click();

    // Log out, then log in through the form: password first, then a fresh code (each code works once).
    await page.getByRole('button', { name: 'Brukermeny' }).click();
    await page.getByRole('menuitem', { name: 'Logg ut' }).click();
    await page.goto('/login');
    await page.getByLabel('E-post').fill('student@demo.no');
    await page.getByLabel(/^Passord/).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Logg inn' }).last().click();
    await expect(page.getByText('Totrinnsbekreftelse').first()).toBeVisible();
    await page.getByLabel('Kode').first().click();
    // Each time step is accepted once and the one used to enable is spent: the next step's code, which
    // the API accepts as one step of clock drift (two-factor.service.ts), instead of waiting for it.
    const nextStep = authenticator.clone({ epoch: Date.now() + 30_000 });
    // The code field submits itself once all six digits are in.
    await page.keyboard.type(nextStep.generate(secret));
    await expect(page).toHaveURL(/\/feed$/);
  });

  test('acting as a business profile, a personal page is refused', async ({ page }) => {
    await logInViaApi(page, 'lege@demo.no');
    await page.goto('/feed');
    await page.getByRole('button', { name: 'Brukermeny' }).click();
    await page.getByRole('menuitem', { name: /Opptre som bedrift: Demo Medisin AS/ }).click();
    await expect(page.getByText('Du opptrer nå som Demo Medisin AS.')).toBeVisible();

    await page.goto('/profile_settings/profile-information');
    await expect(page.getByRole('dialog', { name: 'Ikke tilgjengelig for bedriftsprofil' })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an administrator approves a pending account, and that user then reaches the feed', async ({ page, browser }) => {
    // Before approval the pending user is held back from content.
    const pending = await browser.newPage();
    await logInViaApi(pending, 'pending@demo.no');
    const refused = await pending.request.get('/api/user-notifications');
    expect([401, 403, 404]).toContain(refused.status());

    await logInViaApi(page, 'admin@demo.no');
    await page.goto('/admin/users');
    const row = page.getByRole('listitem').filter({ hasText: 'pending@demo.no' });
    await expect(row).toBeVisible();
    await row.getByRole('button', { name: /^Godkjenn/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: /Godkjenn/ }).click();
    await expect(page.getByRole('listitem').filter({ hasText: 'pending@demo.no' })).toHaveCount(0);

    // The approved user logs in again and lands on the feed.
    await pending.context().clearCookies();
    await logInViaApi(pending, 'pending@demo.no');
    await pending.goto('/');
    await expect(pending).toHaveURL(/\/feed$/);
    const mail = await latestMail(page.request, 'pending@demo.no');
    expect(mail.subject).toContain('godkjent');
    await pending.close();
  });
});
