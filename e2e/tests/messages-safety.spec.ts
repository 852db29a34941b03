import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logInViaApi } from './fixtures';

/**
 * The safety tools of messages on screen (issue 37, docs/messages.md): a block from a profile that
 * stops a colleague and is lifted in the settings; a group made, grown, shrunk and left. Each test
 * makes its own group or puts back what it changed (the block), so it may run beside the others.
 */

interface Session {
  token: string;
  user: { id: number; slug: string; first_name: string; last_name: string };
}

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

async function apiSession(request: APIRequestContext, email: string): Promise<Session> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { access_token: string; user: Session['user'] };
  return { token: body.access_token, user: body.user };
}

async function pageFor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInViaApi(page, email);
  return page;
}

/** axe (WCAG 2.1 A and AA) on what is on screen once it stands still: no critical or serious findings. */
async function expectNoSeriousAxe(page: Page, where: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length))
    .toBe(0);
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map((v) => `${where}: ${v.id} (${v.impact}) ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
  expect(serious).toEqual([]);
}

test.describe('messages: safety tools', () => {
  test('a doctor blocks a colleague from the profile, the colleague cannot write, the doctor unblocks in the settings', async ({ browser, request }) => {
    const id = run();
    const hanne = await apiSession(request, 'hanne.solberg@demo.no');
    const kari = await apiSession(request, 'kari.nordby@demo.no');
    const kariName = `${kari.user.first_name} ${kari.user.last_name}`;
    const page = await pageFor(browser, 'hanne.solberg@demo.no');

    await page.goto(`/profile/${kari.user.slug}`);
    await page.getByRole('button', { name: 'Blokker' }).click();
    const ask = page.getByRole('dialog', { name: `Blokkere ${kariName}?` });
    await expect(ask).toContainText('kan ikke lenger skrive til deg');
    await expectNoSeriousAxe(page, 'block dialog');
    await ask.getByRole('button', { name: 'Blokker' }).click();
    await expect(page.getByText(`${kariName} er blokkert.`)).toBeVisible();
    await expect(page.getByRole('main').getByRole('button', { name: 'Opphev blokkering' })).toBeVisible();

    // Kari writes to Hanne from her profile: the message cannot be delivered.
    const other = await pageFor(browser, 'kari.nordby@demo.no');
    await other.goto(`/profile/${hanne.user.slug}`);
    await other.getByRole('link', { name: 'Send melding' }).click();
    const box = other.getByRole('textbox', { name: 'Skriv en melding' });
    await box.fill(`Hei Hanne ${id}`);
    const refused = other.waitForResponse((r) => r.url().endsWith('/api/conversations') && r.request().method() === 'POST');
    await box.press('Enter');
    expect((await refused).status()).toBe(403);
    await expect(other.getByText('Meldingen kan ikke leveres.').first()).toBeVisible();

    // Hanne lifts the block under Settings → Messages; Kari can write again.
    await page.goto('/profile_settings/messages');
    await expect(page.getByRole('radiogroup', { name: 'Hvem kan starte en samtale med deg?' })).toBeVisible();
    const blocked = page.getByRole('list', { name: 'Blokkerte personer' });
    await expect(blocked.getByText(kariName)).toBeVisible();
    await expectNoSeriousAxe(page, 'settings: messages');
    await blocked.getByRole('listitem').filter({ hasText: kariName }).getByRole('button', { name: 'Opphev blokkering' }).click();
    await page.getByRole('dialog', { name: `Oppheve blokkeringen av ${kariName}?` }).getByRole('button', { name: 'Opphev blokkering' }).click();
    await expect(page.getByText(`Blokkeringen av ${kariName} er opphevet.`)).toBeVisible();
    await expect(page.getByText('Du har ikke blokkert noen.')).toBeVisible();

    const again = other.waitForResponse((r) => r.url().endsWith('/api/conversations') && r.request().method() === 'POST');
    await box.press('Enter');
    expect((await again).status()).toBe(201);
    await expect(other).toHaveURL(/\/messages\/\d+$/);
    await page.context().close();
    await other.context().close();
  });

  test('a group is made from the messages page, a member added and removed, and one leaves', async ({ browser, request }) => {
    const id = run();
    const kari = await apiSession(request, 'kari.nordby@demo.no');
    const hanne = await apiSession(request, 'hanne.solberg@demo.no');
    const kariName = `${kari.user.first_name} ${kari.user.last_name}`;
    const hanneName = `${hanne.user.first_name} ${hanne.user.last_name}`;
    const title = `Vaktlaget ${id}`;
    const page = await pageFor(browser, 'lege@demo.no');

    await page.goto('/messages');
    await page.getByRole('button', { name: 'Ny gruppe' }).click();
    const form = page.getByRole('dialog', { name: 'Ny gruppe' });
    await form.getByRole('textbox', { name: 'Navn på gruppen' }).fill(title);
    await form.getByRole('combobox', { name: 'Finn en person' }).fill(kari.user.first_name);
    await form.getByRole('option', { name: kariName }).click();
    await expect(form.getByRole('button', { name: `Fjern ${kariName}` })).toBeVisible();
    await form.getByRole('textbox', { name: 'Første melding' }).fill(`Velkommen ${id}`);
    await expectNoSeriousAxe(page, 'new group dialog');
    await form.getByRole('button', { name: 'Start gruppen' }).click();
    await expect(page.getByRole('heading', { name: title })).toBeVisible();
    await expect(page.getByRole('list', { name: title }).getByText(`Velkommen ${id}`)).toBeVisible();
    const conversation = page.url().split('/').pop();

    // The creator adds Hanne, then removes her (asked in the row).
    await page.getByRole('button', { name: 'Deltakere (2)' }).click();
    const members = page.getByRole('dialog', { name: `Deltakere: ${title}` });
    await members.getByRole('button', { name: 'Finn en person' }).click();
    await members.getByRole('combobox', { name: 'Finn en person' }).fill(hanne.user.first_name);
    await members.getByRole('option', { name: hanneName }).click();
    await members.getByRole('button', { name: 'Legg til' }).click();
    await expect(members.getByRole('list', { name: 'Deltakere' }).getByText(hanneName)).toBeVisible();
    await expectNoSeriousAxe(page, 'members dialog');
    await members.getByRole('button', { name: `Fjern ${hanneName}` }).click();
    await members.getByRole('button', { name: 'Fjern fra gruppen' }).click();
    await expect(page.getByText(`${hanneName} er fjernet fra gruppen.`)).toBeVisible();
    await expect(members.getByRole('list', { name: 'Deltakere' }).getByText(hanneName)).toHaveCount(0);
    await page.keyboard.press('Escape');
    const hanneSees = await request.get(`/api/conversations/${conversation}`, { headers: { Authorization: `Bearer ${hanne.token}` } });
    expect(hanneSees.status()).toBe(404);

    // Kari leaves, after a question; the group is no longer hers.
    const other = await pageFor(browser, 'kari.nordby@demo.no');
    await other.goto(`/messages/${conversation}`);
    await other.getByRole('button', { name: 'Forlat gruppen' }).click();
    const leave = other.getByRole('dialog', { name: 'Forlate gruppen?' });
    await expectNoSeriousAxe(other, 'leave dialog');
    await leave.getByRole('button', { name: 'Forlat gruppen' }).click();
    await expect(other.getByText('Du har forlatt gruppen.')).toBeVisible();
    await expect(other).toHaveURL(/\/messages$/);
    await expect(other.getByText('Fant ikke det du lette etter.')).toHaveCount(0);
    await page.reload();
    await page.getByRole('button', { name: 'Deltakere (1)' }).click();
    await expect(page.getByRole('dialog').getByRole('list', { name: 'Deltakere' }).getByText(kariName)).toHaveCount(0);
    await page.context().close();
    await other.context().close();
  });

  test.describe('on a phone (390 px), dark skin', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the settings, the report and the delete dialogs fit and pass axe @mobile', async ({ browser, request }) => {
      const id = run();
      const hanne = await apiSession(request, 'hanne.solberg@demo.no');
      const ola = await apiSession(request, 'ola.bakken@demo.no');
      const title = `Telefon ${id}`;
      const made = await request.post('/api/conversations/groups', {
        headers: { Authorization: `Bearer ${ola.token}` },
        data: { title, user_ids: [hanne.user.id], body: `Fra Ola ${id}` },
      });
      expect(made.status(), await made.text()).toBe(201);
      const conversation = ((await made.json()) as { data: { conversation: { id: number } } }).data.conversation.id;

      const page = await pageFor(browser, 'hanne.solberg@demo.no');
      await page.evaluate(() => window.localStorage.setItem('legenett-color-scheme', 'dark'));
      await page.goto('/profile_settings/messages');
      await expect(page.getByRole('combobox', { name: 'Vis innstillinger for' })).toHaveValue('messages');
      await expect(page.getByRole('radiogroup', { name: 'Hvem kan starte en samtale med deg?' })).toBeVisible();
      await expectNoSeriousAxe(page, 'settings: messages, phone, dark');

      await page.goto(`/messages/${conversation}`);
      const thread = page.getByRole('list', { name: title });
      await thread.getByRole('button', { name: 'Flere valg for meldingen fra Ola Bakken' }).click();
      await page.getByRole('menuitem', { name: 'Rapporter' }).click();
      const report = page.getByRole('dialog', { name: 'Rapportere meldingen?' });
      await expect(report.getByRole('button', { name: 'Send rapporten' })).toBeInViewport();
      await expectNoSeriousAxe(page, 'report dialog, phone, dark');
      await report.getByRole('button', { name: 'Avbryt' }).click();
      await expect(report).toBeHidden();

      await page.getByRole('textbox', { name: 'Skriv en melding' }).fill(`Feil mottaker ${id}`);
      await page.getByRole('textbox', { name: 'Skriv en melding' }).press('Enter');
      await thread.getByRole('button', { name: 'Flere valg for meldingen fra Du' }).click();
      await page.getByRole('menuitem', { name: 'Slett for alle' }).click();
      const remove = page.getByRole('dialog', { name: 'Slette meldingen for alle?' });
      await expect(remove).toContainText('Dette kan ikke angres.');
      await expectNoSeriousAxe(page, 'delete dialog, phone, dark');
      await remove.getByRole('button', { name: 'Slett for alle' }).click();
      await expect(thread.getByText('Meldingen er slettet', { exact: true })).toBeVisible();
      await expect(thread.getByText(`Feil mottaker ${id}`)).toHaveCount(0);
      await page.context().close();
    });
  });
});
