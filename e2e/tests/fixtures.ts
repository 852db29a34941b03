import { type APIRequestContext, type Page, expect } from '@playwright/test';
import { workerBaseURL } from '../servers';

export const DEMO_PASSWORD = 'Demo!2026';

interface LoginAnswer {
  access_token: string;
  expires_in: number;
  user: { slug: string };
}

/** This worker's product (see global-setup.ts), for contexts made by hand. */
export function ourBaseURL(): string {
  const url = workerBaseURL();
  if (!url) throw new Error('no e2e server: run the tests through playwright.config.ts (its global set-up starts them)');
  return url;
}

/** Logs in through the API (not the UI) and hands the session to the page the way the SPA keeps it. */
export async function logInViaApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<LoginAnswer> {
  const res = await page.request.post('/api/user/login', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
  const answer = (await res.json()) as LoginAnswer;
  const url = new URL(page.url() === 'about:blank' ? ourBaseURL() : page.url());
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

/**
 * The newest message to one address, as an administrator sees it in the outbox. Mail is written by
 * the outbox's dispatcher after the request that caused it has answered, so this looks again until it
 * is there (10 s).
 */
export async function latestMail(request: APIRequestContext, to: string): Promise<{ subject: string | null; body: string }> {
  const token = await adminToken(request);
  let found: OutboxPage['data'][number] | undefined;
  await expect
    .poll(
      async () => {
        const res = await request.get('/api/admin/outbox?per_page=50', { headers: { Authorization: `Bearer ${token}` } });
        expect(res.status()).toBe(200);
        found = ((await res.json()) as OutboxPage).data.find((m) => m.to.toLowerCase() === to.toLowerCase());
        return found !== undefined;
      },
      { message: `a mail to ${to} in the outbox`, timeout: 10_000 },
    )
    .toBe(true);
  return found!;
}
