import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { logInViaApi } from './fixtures';

/**
 * axe-core (WCAG 2.1 A and AA rules) on every route, as a visitor, a doctor and an administrator, in
 * the light and the dark skin: 0 critical and 0 serious violations. A new screen joins a list below.
 */
const visitorRoutes = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/about_us',
  '/terms-and-privacy-policy',
  '/error-404',
  // The public check of a certificate (an unknown code: the page and its "not valid" answer).
  '/certificates/ABCDEFGHJK0123456789',
  // How anyone checks a petition receipt (issue 42).
  '/petition-log',
];
const doctorRoutes = [
  '/feed',
  '/notifications',
  '/notification_settings',
  '/messages',
  '/profile_settings/messages',
  '/alerts',
  '/profile',
  '/profile_company',
  '/jobs',
  '/jobs/create',
  '/my_jobs',
  '/marketplace',
  '/marketplace/new',
  '/my_products',
  '/professional_experience',
  '/course/webinares',
  '/course/webinares?activeTab=live',
  '/course/webinares?activeTab=tv',
  '/course/new',
  '/my_courses',
  '/my_courses?tab=log',
  '/petitions',
  '/petitions/create_petition',
  '/videos',
  '/audio',
];
const adminRoutes = ['/admin', '/admin/users', '/admin/outbox', '/admin/mail-templates', '/admin/courses', '/admin/media', '/admin/reports', '/admin/guard-findings'];

type Skin = 'light' | 'dark';

/** A header search term with hits in every group of the demo data (see the search test below). */
const SEARCH_TERM = 'lege';

async function useSkin(page: Page, skin: Skin): Promise<void> {
  await page.evaluate((s) => window.localStorage.setItem('legenett-color-scheme', s), skin);
}

async function serious(page: Page, route: string): Promise<string[]> {
  await page.goto(route);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // Lazy routes and their first data (the notification stream keeps the network busy for good, so
  // "network idle" never comes): wait until no loader is shown.
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
  await settled(page);
  return seriousHere(page, route);
}

/**
 * Until the page stands still: fonts loaded and no transition or animation running. axe measures
 * contrast from computed colours, and an element fading in (a toast, a menu, Mantine's transitions)
 * has blended colours on its way; measuring then was what made these tests fail now and then.
 */
async function settled(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  await expect
    .poll(() => page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity).length), {
      timeout: 10_000,
    })
    .toBe(0);
}

/** The critical and serious violations of the page as it is now, named with `where`. */
async function seriousHere(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    // A sandboxed frame runs no script, so axe cannot run inside it and waits for good: the mail
    // previews' frame. The mails themselves are checked as pages (notification-settings.spec.ts).
    .exclude('iframe[sandbox]')
    .analyze();
  return result.violations
    .filter((v) => v.impact === 'critical' || v.impact === 'serious')
    .map(
      (v) =>
        `${where}: ${v.id} (${v.impact}) x${v.nodes.length}: ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}

/**
 * The doctor's detail pages, from the first item of each list (the logged-in page's token): own
 * profile, a job, a course, a small group, a certificate, an own webinar, a petition, a video, an
 * audio track and a conversation.
 */
async function doctorDetailRoutes(page: Page, slug: string): Promise<string[]> {
  const token = (await page.context().cookies()).find((c) => c.name === 'access_token')?.value;
  const auth = { headers: { Authorization: `Bearer ${token}` } };
  const routes = [`/profile/${slug}`];
  /** The first item of a list, for its detail page. */
  const first = async (path: string): Promise<{ id: number; type?: string } | undefined> => {
    const res = await page.request.get(path, auth);
    return ((await res.json()) as { data: { id: number; type?: string }[] }).data[0];
  };
  const job = await first('/api/jobs?page=1');
  if (job) routes.push(`/jobs/details/${job.id}`);
  const course = await first('/api/courses?page=1');
  if (course) routes.push(`/course/webinares/${course.id}/${course.type}`);
  // A small group the doctor is a member of (the meeting log), and a certificate's verification page.
  const group = await first('/api/courses?page=1&type=small_group');
  if (group) routes.push(`/course/webinares/${group.id}/small_group`);
  type LogEntry = { course: { id: number }; certificate_available: boolean };
  const log = (await (await page.request.get('/api/courses/my/log?page=1&per_page=50', auth)).json()) as { data: LogEntry[] };
  const earned = log.data.find((e) => e.certificate_available);
  if (earned) {
    // Downloading issues the certificate (or answers the one issued before); its code is in the log.
    await page.request.get(`/api/courses/${earned.course.id}/certificate.pdf`, auth);
    const again = (await (await page.request.get('/api/courses/my/log?page=1&per_page=50', auth)).json()) as {
      data: (LogEntry & { certificate_code: string | null })[];
    };
    const code = again.data.find((e) => e.course.id === earned.course.id)?.certificate_code;
    if (code) routes.push(`/certificates/${code}`);
  }
  // An own webinar: the organiser's page with the video upload.
  const webinar = await first('/api/my/courses?type=webinar&page=1');
  if (webinar) routes.push(`/my_courses/${webinar.id}`);
  const petition = await first('/api/petitions?page=1');
  if (petition) routes.push(`/petitions/details/${petition.id}`);
  // The first video and audio track (the players and their pages).
  const video = await first('/api/videos?page=1');
  if (video) routes.push(`/videos/${video.id}`);
  const track = await first('/api/audio?page=1');
  if (track) routes.push(`/audio/${track.id}`);
  // A conversation (the demo seed's): the list and the thread side by side, the composer.
  const conversation = await first('/api/conversations');
  if (conversation) routes.push(`/messages/${conversation.id}`);
  return routes;
}

// The tests of this file share nothing (each reads its worker's demo data), so they spread over the workers.
test.describe.configure({ mode: 'parallel' });

for (const skin of ['light', 'dark'] as const) {
  test.describe(`accessibility, ${skin} skin`, () => {
    test(`visitor pages have no serious axe violations (${skin})`, async ({ page }) => {
      // Eight routes, each waiting for its lazy chunk and data: more than the default 30 s on a busy machine.
      test.setTimeout(120_000);
      await page.goto('/');
      await useSkin(page, skin);
      const found: string[] = [];
      for (const route of visitorRoutes) found.push(...(await serious(page, route)));
      expect(found).toEqual([]);
    });

    // In three parts of ~10-15 routes each, so the two workers share them (this file's tests run in
    // parallel): as one test, ~40 routes with axe took 4-7 minutes on one worker while the other idled.
    const doctorParts: { name: string; routes: (page: Page, slug: string) => Promise<string[]> }[] = [
      { name: 'feed to marketplace', routes: async () => doctorRoutes.slice(0, 12) },
      { name: 'products to audio', routes: async () => doctorRoutes.slice(12) },
      { name: 'detail pages', routes: doctorDetailRoutes },
    ];
    for (const part of doctorParts) {
      test(`a doctor's pages have no serious axe violations: ${part.name} (${skin})`, async ({ page }) => {
        // 12-16 routes with axe, 4-6 s each beside the other worker on 2 cores.
        test.setTimeout(180_000);
        const { user } = await logInViaApi(page, 'lege@demo.no');
        await useSkin(page, skin);
        const routes = await part.routes(page, user.slug);
        expect(routes.length).toBeGreaterThanOrEqual(8);
        const found: string[] = [];
        for (const route of routes) found.push(...(await serious(page, route)));
        expect(found).toEqual([]);
      });
    }

    test(`the header search's open result list has no serious axe violations (${skin})`, async ({ page }) => {
      await logInViaApi(page, 'lege@demo.no');
      await useSkin(page, skin);
      await page.goto('/feed');
      await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
      // A term every group answers, so the list is longer than the space under the header and scrolls.
      const box = page.getByRole('combobox', { name: 'Søk i Legenett' });
      await box.fill(SEARCH_TERM);
      const listbox = page.getByRole('listbox', { name: 'Søk i Legenett' });
      await expect(listbox.getByRole('option')).not.toHaveCount(0);
      await expect(page.getByTestId('search-status')).toHaveText(/^\d+ treff/);
      expect(await listbox.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
      // The arrow keys reach an option below the fold: the listbox scrolls it into view.
      for (let i = 0; i < 12; i += 1) await box.press('ArrowDown');
      expect(await listbox.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
      expect(await seriousHere(page, `search "${SEARCH_TERM}" (${skin})`)).toEqual([]);
    });

    test(`the administrator's pages have no serious axe violations (${skin})`, async ({ page }) => {
      // Five routes, each waiting for its lazy chunk and data, as the visitor's test above.
      test.setTimeout(120_000);
      await logInViaApi(page, 'admin@demo.no');
      await useSkin(page, skin);
      const found: string[] = [];
      for (const route of adminRoutes) found.push(...(await serious(page, route)));
      expect(found).toEqual([]);
    });
  });
}
