import { type APIRequestContext, type Browser, type Page, expect, test } from '@playwright/test';
import { adminToken, DEMO_PASSWORD, logInViaApi } from './fixtures';

/**
 * Messages between colleagues (issue 26, docs/messages.md) against the real API: two doctors in two
 * browsers, a request accepted, a report reaching the administrators, a phone. Every test makes its
 * own conversation (a group named for the run, or a company's first message to someone it has not
 * written to), so it depends on no other test's data and may run beside them.
 */

interface Session {
  token: string;
  user: { id: number; slug: string; available_business_profiles: { id: number; name: string }[] };
}

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function apiSession(request: APIRequestContext, email: string): Promise<Session> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { access_token: string; user: Session['user'] };
  return { token: body.access_token, user: body.user };
}

/** A group of `members` started by `from` with a first message: a conversation of this test's own. */
async function ownGroup(request: APIRequestContext, from: Session, members: Session[], title: string, body: string): Promise<number> {
  const res = await request.post('/api/conversations/groups', { headers: bearer(from.token), data: { title, user_ids: members.map((m) => m.user.id), body } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
}

async function pageFor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInViaApi(page, email);
  return page;
}

const composer = (page: Page) => page.getByRole('textbox', { name: 'Skriv en melding' });

/**
 * Demo Medisin AS (managed by lege@demo.no, acting as the company) writes a first message to a demo
 * doctor it has not written to yet: a request in that doctor's inbox. Each test takes its own doctor.
 */
async function companyWritesFirst(request: APIRequestContext, body: string): Promise<{ member: { email: string; session: Session }; asCompany: string; conversation: number }> {
  const lege = await apiSession(request, 'lege@demo.no');
  const company = lege.user.available_business_profiles.find((c) => c.name === 'Demo Medisin AS');
  expect(company).toBeDefined();
  const switched = await request.post(`/api/user/available-business-profile/${company!.id}/auth-as`, { headers: bearer(lege.token) });
  expect(switched.status()).toBe(200);
  const asCompany = ((await switched.json()) as { access_token: string }).access_token;
  // A member the company has not written to yet (a first message from a company is always a request).
  const inbox = await request.get('/api/conversations?limit=50', { headers: bearer(asCompany) });
  const talking = new Set(
    ((await inbox.json()) as { data: { participants: { type: string; id: number }[] }[] }).data.flatMap((c) => c.participants.filter((p) => p.type === 'user').map((p) => p.id)),
  );
  const candidates = ['jonas.strand@demo.no', 'hanne.solberg@demo.no', 'ola.bakken@demo.no', 'kari.nordby@demo.no', 'camilla.ruud@demo.no', 'erik.johansen@demo.no', 'martin.berge@demo.no', 'nora.eide@demo.no'];
  let member: { email: string; session: Session } | null = null;
  for (const email of candidates) {
    const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
    if (res.status() !== 200) continue;
    const body = (await res.json()) as { access_token: string; user: Session['user'] };
    if (!talking.has(body.user.id)) {
      member = { email, session: { token: body.access_token, user: body.user } };
      break;
    }
  }
  expect(member, 'a demo doctor Demo Medisin AS has not written to yet').not.toBeNull();
  const started = await request.post('/api/conversations', { headers: bearer(asCompany), data: { to_user_id: member!.session.user.id, body } });
  expect(started.status(), await started.text()).toBe(201);
  const conversation = ((await started.json()) as { data: { conversation: { id: number } } }).data.conversation.id;
  return { member: member!, asCompany, conversation };
}

test.describe('messages', () => {
  test('two doctors in two browsers write to each other in real time', async ({ browser, request }) => {
    const id = run();
    const lege = await apiSession(request, 'lege@demo.no');
    const kari = await apiSession(request, 'kari.nordby@demo.no');
    const title = `Vaktbytte ${id}`;
    const conversation = await ownGroup(request, lege, [kari], title, `Hei Kari ${id}`);
    const a = await pageFor(browser, 'lege@demo.no');
    const b = await pageFor(browser, 'kari.nordby@demo.no');
    await a.goto(`/messages/${conversation}`);
    await b.goto(`/messages/${conversation}`);
    const threadA = a.getByRole('list', { name: title });
    const threadB = b.getByRole('list', { name: title });
    await expect(threadB.getByText(`Hei Kari ${id}`)).toBeVisible();
    await expect(composer(a)).toBeVisible();

    // Kari answers; Lege's open tab shows it without a reload (the event stream), announced politely.
    await composer(b).fill(`Det passer fint ${id}`);
    await composer(b).press('Enter');
    await expect(threadB.getByText(`Det passer fint ${id}`)).toBeVisible();
    await expect(threadA.getByText(`Det passer fint ${id}`)).toBeVisible();
    await expect(a.getByRole('status').filter({ hasText: 'Ny melding fra Kari' })).toHaveCount(1);
    // The focus stayed where it was: nothing moved it to the new message.
    await composer(a).click();
    await composer(a).fill(`Takk ${id}`);
    await composer(a).press('Enter');
    await expect(threadB.getByText(`Takk ${id}`)).toBeVisible();
    await expect(composer(a)).toBeFocused();
    // One order for both readers.
    const order = async (p: Page) => (await p.getByRole('list', { name: title }).getByRole('listitem').allInnerTexts()).map((t) => t.replace(/\s+/g, ' '));
    const texts = (xs: string[]) => xs.map((x) => [`Hei Kari ${id}`, `Det passer fint ${id}`, `Takk ${id}`].find((s) => x.includes(s)));
    expect(texts(await order(a))).toEqual([`Hei Kari ${id}`, `Det passer fint ${id}`, `Takk ${id}`]);
    expect(texts(await order(b))).toEqual(texts(await order(a)));
    await a.context().close();
    await b.context().close();
  });

  test('editing a message opens a box as wide as the message column, tall enough for the text (issue 42)', async ({ browser, request }) => {
    const id = run();
    const lege = await apiSession(request, 'lege@demo.no');
    const kari = await apiSession(request, 'kari.nordby@demo.no');
    const title = `Rettelse ${id}`;
    // A short message: its bubble is narrow, and the box it is edited in was as narrow.
    const conversation = await ownGroup(request, lege, [kari], title, `Ok ${id}`);
    const page = await pageFor(browser, 'lege@demo.no');
    await page.goto(`/messages/${conversation}`);
    const thread = page.getByRole('list', { name: title });
    const item = thread.getByRole('listitem').filter({ hasText: `Ok ${id}` });
    await item.getByRole('button', { name: 'Endre' }).click();
    // The one box being edited (the message's text is in its value now, not in the item's text).
    const box = thread.getByRole('textbox', { name: 'Endre' });
    await expect(box).toHaveValue(`Ok ${id}`);
    const column = (await thread.boundingBox())!;
    const field = (await box.boundingBox())!;
    expect(field.width).toBeGreaterThan(column.width * 0.9);
    // A longer text grows the box: all of it in sight, no scrolling inside a three-line box.
    await box.fill(Array.from({ length: 8 }, (_, i) => `Linje ${i + 1} av rettelsen ${id}`).join('\n'));
    await expect.poll(() => box.evaluate((el) => el.scrollHeight - el.clientHeight)).toBeLessThanOrEqual(1);
    await thread.getByRole('button', { name: 'Lagre' }).click();
    await expect(thread.getByText(`Linje 8 av rettelsen ${id}`)).toBeVisible();
    await page.context().close();
  });

  test('a company writes first: the member gets a request, accepts it and answers', async ({ browser, request }) => {
    const id = run();
    const { member, asCompany, conversation } = await companyWritesFirst(request, `Et tilbud ${id}`);

    const page = await pageFor(browser, member.email);
    await page.goto('/messages');
    await page.getByRole('combobox', { name: 'Samtaler' }).selectOption({ label: 'Forespørsler' });
    await page.getByRole('list', { name: 'Samtaler' }).getByRole('button', { name: new RegExp(`Et tilbud ${id}`) }).click();
    await expect(page).toHaveURL(new RegExp(`/messages/${conversation}$`));
    // Its texts speak of a company (issue 37).
    const banner = page.getByRole('alert').filter({ hasText: 'Demo Medisin AS (en bedrift) vil sende deg meldinger' });
    await expect(banner).toBeVisible();
    await expect(banner).toContainText('meldinger fra denne bedriften');
    await banner.getByRole('button', { name: 'Godta' }).click();
    await expect(banner).toBeHidden();
    // "Godta" says so and leaves the conversation open beside "Alle", not an empty "Forespørsler".
    await expect(page.getByText('Du har godtatt forespørselen. Nå kan dere skrive sammen.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Samtaler' })).toHaveValue('all');
    await expect(page.getByRole('list', { name: 'Samtaler' }).getByRole('button', { name: new RegExp(`Et tilbud ${id}`) })).toBeVisible();
    await composer(page).fill(`Interessant ${id}`);
    await composer(page).press('Enter');
    await expect(page.getByRole('list', { name: 'Demo Medisin AS' }).getByText(`Interessant ${id}`)).toBeVisible();
    // The company (its managers, in business mode) reads the answer in its own inbox.
    const history = await request.get(`/api/conversations/${conversation}/messages`, { headers: bearer(asCompany) });
    expect(((await history.json()) as { data: { body: string }[] }).data.map((m) => m.body)).toEqual([`Et tilbud ${id}`, `Interessant ${id}`]);
    await page.context().close();
  });

  test("a company's request blocked by the member: the company cannot write again, and the settings list it", async ({ browser, request }) => {
    const id = run();
    const { member, asCompany, conversation } = await companyWritesFirst(request, `Kjøp nå ${id}`);
    const page = await pageFor(browser, member.email);
    await page.goto(`/messages/${conversation}`);
    const banner = page.getByRole('alert').filter({ hasText: 'Demo Medisin AS (en bedrift) vil sende deg meldinger' });
    await banner.getByRole('button', { name: 'Blokker bedriften' }).click();
    const dialog = page.getByRole('dialog', { name: 'Blokkere Demo Medisin AS?' });
    await expect(dialog).toContainText('Bedriften kan ikke lenger skrive til deg');
    await dialog.getByRole('button', { name: 'Blokker bedriften' }).click();
    await expect(dialog).toBeHidden();
    // Every manager acting as the company is refused, in this conversation and in a new one.
    await expect
      .poll(async () => (await request.post(`/api/conversations/${conversation}/messages`, { headers: bearer(asCompany), data: { body: `Igjen ${id}` } })).status())
      .toBe(403);
    const again = await request.post('/api/conversations', { headers: bearer(asCompany), data: { to_user_id: member.session.user.id, body: `Ny start ${id}` } });
    expect(again.status()).toBe(403);
    // The member sees the company among the blocked, and may unblock it there.
    await page.goto('/profile_settings/messages');
    const blocked = page.getByRole('list', { name: 'Blokkerte personer' });
    await expect(blocked.getByText('Demo Medisin AS')).toBeVisible();
    await page.context().close();
  });

  test("a reported message, with its reason, reaches the administrators' queue, and only that message", async ({ browser, request }) => {
    const id = run();
    const lege = await apiSession(request, 'lege@demo.no');
    const hanne = await apiSession(request, 'hanne.solberg@demo.no');
    const title = `Rapport ${id}`;
    const conversation = await ownGroup(request, hanne, [lege], title, `Helt grei melding ${id}`);
    const sent = await request.post(`/api/conversations/${conversation}/messages`, { headers: bearer(hanne.token), multipart: { body: `Upassende melding ${id}` } });
    expect(sent.status(), await sent.text()).toBe(201);

    const page = await pageFor(browser, 'lege@demo.no');
    await page.goto(`/messages/${conversation}`);
    const bad = page.getByRole('list', { name: title }).getByRole('listitem').filter({ hasText: `Upassende melding ${id}` });
    // Not beside "Svar": in the message's menu, then a dialog that asks why.
    await expect(bad.getByRole('button', { name: 'Rapporter' })).toHaveCount(0);
    await bad.getByRole('button', { name: /^Flere valg for meldingen fra/ }).click();
    await page.getByRole('menuitem', { name: 'Rapporter' }).click();
    const ask = page.getByRole('dialog', { name: 'Rapportere meldingen?' });
    await ask.getByRole('radio', { name: 'Trakassering eller trusler' }).check();
    await ask.getByRole('textbox', { name: 'Fortell mer (valgfritt)' }).fill(`Skriver stygt ${id}`);
    await ask.getByRole('button', { name: 'Send rapporten' }).click();
    await expect(bad.getByText('Meldingen er rapportert til administratorene.')).toBeVisible();

    const reports = await request.get('/api/admin/reports?per_page=50', { headers: bearer(await adminToken(request)) });
    expect(reports.status()).toBe(200);
    const mine = ((await reports.json()) as { data: { reason: string; messages: { body: string }[] }[] }).data.filter((r) => r.messages.some((m) => m.body.includes(id)));
    expect(mine).toHaveLength(1);
    expect(mine[0]!.messages.map((m) => m.body)).toEqual([`Upassende melding ${id}`]);
    expect(mine[0]!.reason).toBe(`Trakassering eller trusler: Skriver stygt ${id}`);
    await page.context().close();

    // The administrator decides in /admin/reports: a warning (suspending would stop a demo account
    // other tests write with), after a question; the report leaves the open queue.
    const admin = await pageFor(browser, 'admin@demo.no');
    await admin.goto('/admin/reports');
    const queue = admin.getByRole('list', { name: 'Rapporterte meldinger' });
    const report = queue.getByRole('listitem').filter({ hasText: `Upassende melding ${id}` });
    await expect(report).toBeVisible();
    await expect(report.getByText(`Helt grei melding ${id}`)).toHaveCount(0);
    await report.getByRole('button', { name: 'Gi advarsel' }).click();
    await admin.getByRole('dialog', { name: 'Gi advarsel' }).getByRole('button', { name: 'Gi advarsel' }).click();
    await expect(admin.getByText('Avsenderen er advart.')).toBeVisible();
    await expect(queue.getByRole('listitem').filter({ hasText: `Upassende melding ${id}` })).toHaveCount(0);
    await admin.goto('/admin/reports?status=warned');
    await expect(admin.getByRole('list', { name: 'Rapporterte meldinger' }).getByRole('listitem').filter({ hasText: `Upassende melding ${id}` })).toBeVisible();
    await admin.context().close();
  });

  test.describe('on a phone (390 px)', () => {
    test.use({ viewport: { width: 390, height: 844 } });

    test('the list, then the thread with a way back; the composer fits @mobile', async ({ page, request }) => {
      const id = run();
      const lege = await apiSession(request, 'lege@demo.no');
      const ola = await apiSession(request, 'ola.bakken@demo.no');
      const title = `Telefon ${id}`;
      await ownGroup(request, ola, [lege], title, `Fra telefonen ${id}`);
      await logInViaApi(page, 'lege@demo.no');
      await page.goto('/messages');
      const list = page.getByRole('list', { name: 'Samtaler' });
      await list.getByRole('button', { name: new RegExp(title) }).click();
      await expect(list).toBeHidden();
      await expect(page.getByRole('list', { name: title }).getByText(`Fra telefonen ${id}`)).toBeVisible();
      const box = await composer(page).boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await composer(page).fill(`Svar fra telefonen ${id}`);
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      await expect(page.getByRole('list', { name: title }).getByText(`Svar fra telefonen ${id}`)).toBeVisible();
      await page.getByRole('link', { name: /Tilbake til samtalene/ }).click();
      await expect(list.getByRole('button', { name: new RegExp(title) })).toBeVisible();
    });
  });
});
