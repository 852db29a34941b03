import { type APIRequestContext, type Page, expect } from '@playwright/test';

export const DEMO_PASSWORD = 'Demo!2026';

interface LoginAnswer {
  access_token: string;
  expires_in: number;
  user: { slug: string };
}

/** Logs in through the API (not the UI) and hands the session to the page the way the SPA keeps it. */
export async function logInViaApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<LoginAnswer> {
  const res = await page.request.post('/api/user/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as LoginAnswer;
  const url = new URL(page.url() === 'about:blank' ? `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}` : page.url());
  await page.context().addCookies([{ name: 'access_token', value: answer.access_token, url: url.origin }]);
  await page.goto('/');
  await page.evaluate((user) => window.localStorage.setItem('user', JSON.stringify(user)), answer.user);
  return answer;
}

/** An administrator's bearer token, for reading the outbox and similar set-up through the API. */
export async function adminToken(request: APIRequestContext): Promise<string> {
  const res = await request.post('/api/user/login', { data: { email: 'admin@demo.no', password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as LoginAnswer).access_token;
}

interface OutboxPage {
  data: { to: string; subject: string | null; body: string; template: string | null }[];
}

/** The newest message to one address, as an administrator sees it in the outbox. */
export async function latestMail(request: APIRequestContext, to: string): Promise<{ subject: string | null; body: string }> {
  const token = await adminToken(request);
  const res = await request.get('/api/admin/outbox?per_page=50', { headers: { Authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  const found = ((await res.json()) as OutboxPage).data.find((m) => m.to.toLowerCase() === to.toLowerCase());
  if (!found) throw new Error(`no mail to ${to} in the outbox`);
  return found;
}
