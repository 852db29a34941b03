import { type Page, expect } from '@playwright/test';

/**
 * Every route of the product, as a visitor, a doctor and an administrator: the axe test
 * (a11y.spec.ts) checks each in both skins, the phone test (phone.spec.ts) that none is wider than a
 * 390 px screen. A new screen joins a list here.
 */
export const visitorRoutes = [
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
export const doctorRoutes = [
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
export const adminRoutes = ['/admin', '/admin/users', '/admin/outbox', '/admin/mail-templates', '/admin/courses', '/admin/media', '/admin/reports', '/admin/guard-findings'];


/**
 * The doctor's detail pages, from the first item of each list (the logged-in page's token): own
 * profile, a job, a course, a small group, a certificate, an own webinar, a petition, a video, an
 * audio track and a conversation.
 */
export async function doctorDetailRoutes(page: Page, slug: string): Promise<string[]> {
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

/** Opens a route and waits for its lazy chunk and first data: the main region shown and no loader left. */
export async function openRoute(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await expect(page.locator('main, [role="main"]').first()).toBeVisible();
  // The notification stream keeps the network busy for good, so "network idle" never comes: wait
  // until no loader is shown.
  await expect(page.locator('.mantine-Loader-root, [aria-busy="true"]')).toHaveCount(0, { timeout: 15_000 });
}
