import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, logInViaApi } from './fixtures';

/**
 * Without a connection (issue 41, docs/push-and-pwa.md "Uten nett / offline"): an open conversation
 * stays readable offline with the offline mark, a message written offline waits on the device
 * ("Venter på nett") and is sent exactly once when the connection returns.
 */

const run = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, email: string): Promise<{ token: string; id: number }> {
  const res = await request.post('/api/user/login', { data: { email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { access_token: string; user: { id: number } };
  return { token: body.access_token, id: body.user.id };
}

test('a message written offline is sent once when the connection returns', async ({ page, context, request }) => {
  const id = run();
  const lege = await tokenOf(request, 'lege@demo.no');
  const kari = await tokenOf(request, 'kari.nordby@demo.no');
  // A conversation of this test's own: a group with a first message.
  const started = await request.post('/api/conversations/groups', {
    headers: bearer(lege.token),
    data: { title: `Uten nett ${id}`, user_ids: [kari.id], body: `Første melding ${id}` },
  });
  expect(started.status(), await started.text()).toBe(201);
  const conversation = ((await started.json()) as { data: { conversation: { id: number } } }).data.conversation.id;

  await logInViaApi(page, 'lege@demo.no');
  await page.goto(`/messages/${conversation}`);
  const thread = page.getByRole('list', { name: `Uten nett ${id}` });
  await expect(thread.getByText(`Første melding ${id}`)).toBeVisible();

  await context.setOffline(true);
  const mark = page.getByRole('status').filter({ hasText: /^Frakoblet – viser sist lagrede \(oppdatert kl\. \d{2}\.\d{2}\)$/ });
  await expect(mark).toBeVisible();
  // Still readable from what was saved.
  await expect(thread.getByText(`Første melding ${id}`)).toBeVisible();

  const body = `Skrevet uten nett ${id}`;
  const box = page.getByRole('textbox', { name: 'Skriv en melding' });
  await box.fill(body);
  await box.press('Enter');
  const waiting = thread.getByRole('listitem').filter({ hasText: body });
  await expect(waiting.getByText('Venter på nett')).toBeVisible();
  await expect(box).toHaveValue('');

  await context.setOffline(false);
  await expect(mark).toHaveCount(0);
  await expect(thread.getByText('Venter på nett')).toHaveCount(0);
  await expect(thread.getByText(body)).toHaveCount(1);

  // Exactly once on the server, and nothing left in the queue on the device.
  const history = await request.get(`/api/conversations/${conversation}/messages?limit=100`, { headers: bearer(kari.token) });
  expect(history.status()).toBe(200);
  const messages = ((await history.json()) as { data: { body: string | null }[] }).data;
  expect(messages.filter((m) => m.body === body)).toHaveLength(1);
  expect(await page.evaluate(() => Object.keys(window.localStorage).filter((k) => k.startsWith('legenett-outbox-')))).toEqual([]);

  // A reload (back online) still shows it once.
  await page.reload();
  await expect(page.getByRole('list', { name: `Uten nett ${id}` }).getByText(body)).toHaveCount(1);
});

test('offline, the feed and the inbox read before show from what was saved, with the offline mark', async ({ page, context, request }) => {
  const id = run();
  const lege = await tokenOf(request, 'lege@demo.no');
  const kari = await tokenOf(request, 'kari.nordby@demo.no');
  const post = await request.post('/api/posts', { headers: bearer(lege.token), multipart: { body: `Vaktbytte uten nett ${id}` } });
  expect(post.status(), await post.text()).toBe(201);
  const group = await request.post('/api/conversations/groups', {
    headers: bearer(lege.token),
    data: { title: `Innboks uten nett ${id}`, user_ids: [kari.id], body: `Hei ${id}` },
  });
  expect(group.status(), await group.text()).toBe(201);

  await logInViaApi(page, 'lege@demo.no');
  await page.goto('/feed');
  await expect(page.getByRole('article').filter({ hasText: `Vaktbytte uten nett ${id}` })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Hovedmeny' });
  // The header's messages link ("Meldinger" or "Meldinger, 4 uleste").
  const messagesLink = page.getByRole('banner').getByRole('link', { name: /^Meldinger/ });
  await messagesLink.click();
  await expect(page.getByRole('list', { name: 'Samtaler' }).getByText(`Innboks uten nett ${id}`)).toBeVisible();

  await context.setOffline(true);
  const mark = page.getByRole('status').filter({ hasText: /^Frakoblet – viser sist lagrede \(oppdatert kl\. \d{2}\.\d{2}\)$/ });
  await expect(mark).toBeVisible();
  await nav.getByRole('link', { name: 'Nyhetsstrøm' }).click();
  await expect(page.getByRole('article').filter({ hasText: `Vaktbytte uten nett ${id}` })).toBeVisible();
  await expect(mark).toBeVisible();
  await messagesLink.click();
  await expect(page.getByRole('list', { name: 'Samtaler' }).getByText(`Innboks uten nett ${id}`)).toBeVisible();
  await expect(mark).toBeVisible();

  await context.setOffline(false);
  await expect(mark).toHaveCount(0);
});
