import { createBrowserRouter, Outlet, redirect, type RouteObject } from 'react-router-dom';
import type { RouteAccess, RouteHandle, WebKey } from '@/shared/auth/route-access';
import { paths } from '@/shared/config/paths';
import { loadNamespaces, type Namespace, SHELL_NAMESPACES } from '@/shared/i18n/i18n';
import { withChunkTimeout } from '@/shared/lib/chunk-timeout';
import { AppLayout } from './layout/app-layout';
import { RouteErrorBoundary } from './routes/route-error';
import { StartupLoader } from './layout/startup-loader';

type LazyRoute = NonNullable<Exclude<RouteObject['lazy'], Record<string, unknown>>>;
type RouteModule = Awaited<ReturnType<LazyRoute>>;

/**
 * A lazily loaded page and the catalogue sections it uses besides the shell's (in the current
 * language), fetched side by side and subject to the 120 s chunk time-out: the page renders once both
 * are there, so it never shows raw keys. route-namespaces.test.ts checks each page's list.
 */
const page =
  (load: () => Promise<RouteModule>, namespaces: readonly Namespace[] = []): LazyRoute =>
  () =>
    withChunkTimeout(() => Promise.all([load(), loadNamespaces([...SHELL_NAMESPACES, ...namespaces])]).then(([module]) => module));

const comingSoon = page(() => import('./routes/coming-soon'));

interface Options {
  layout?: RouteHandle['layout'];
  lazy?: LazyRoute;
  children?: RouteObject[];
}

/** One line of the route table: path, access rule, title, page (an "opens soon" page until built). */
function r(path: string, access: RouteAccess, title: WebKey | undefined, options: Options = {}): RouteObject {
  const handle: RouteHandle = { access, layout: options.layout ?? 'app', title };
  if (path === paths.home.path) return { index: true, handle, lazy: options.lazy ?? comingSoon };
  if (options.children) return { path, handle, lazy: options.lazy, children: options.children };
  return { path, handle, lazy: options.lazy ?? comingSoon };
}

const full = 'full' as const;

/** Every route of spec point 2, with its access rule (enforced by `RouteAccessGuard`). */
export const pageRoutes: RouteObject[] = [
  r(paths.home.path, 'public', undefined, { lazy: page(() => import('./routes/home')) }),
  r(paths.login.path, 'unauthorizedOnly', 'header.login', {
    lazy: page(() => import('./routes/auth-entry').then((m) => ({ Component: m.LoginRoute }))),
  }),
  r(paths.register.path, 'unauthorizedOnly', 'header.register', {
    lazy: page(() => import('@/features/registration/routes/register'), ['registration']),
  }),
  r(paths.forgotPassword.path, 'unauthorizedOnly', undefined, {
    lazy: page(() => import('@/features/registration/routes/forgot-password'), ['registration']),
  }),

  // Accounts
  r(paths.userVerification.path, 'unauthorizedOnly', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/user-verification'), ['registration']),
  }),
  r(paths.professionalExperience.path, 'account', undefined, {
    layout: full,
    lazy: page(() => import('@/features/profile/routes/professional-experience'), ['profile']),
  }),
  r(paths.confirmChangeableEmail.path, 'public', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/confirm-email'), ['registration']),
  }),
  r(paths.resetPassword.path, 'public', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/reset-password'), ['registration']),
  }),
  r(paths.signicatCallback.path, 'public', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/signicat-callback'), ['registration']),
  }),
  r(paths.secondPage.path, 'login', undefined),
  r(paths.profile.path, 'personal', 'nav.profile', {
    lazy: page(() => import('@/features/profile/routes/public-profile').then((m) => ({ Component: m.OwnProfileRoute })), ['feed', 'network', 'profile', 'messages']),
  }),
  r(paths.profileBySlug.path, 'login', 'nav.profile', {
    lazy: page(() => import('@/features/profile/routes/public-profile').then((m) => ({ Component: m.PublicProfileRoute })), ['feed', 'network', 'profile', 'messages']),
  }),
  r(paths.profileSettings.path, 'account', 'nav.profile', { lazy: page(() => import('./routes/profile-settings'), ['profile', 'registration', 'messages']) }),

  // Feed, posts, partner companies
  r(paths.feed.path, 'login', 'nav.feed', { lazy: page(() => import('@/features/feed/routes/feed'), ['feed', 'network']) }),
  r(paths.archivedPosts.path, 'login', 'nav.feed', { lazy: page(() => import('@/features/feed/routes/archived-posts'), ['feed']) }),
  r(paths.post.path, 'login', 'nav.feed', { lazy: page(() => import('@/features/feed/routes/post'), ['feed']) }),
  // The endpoints are member and personal: like "my pages", closed to a business profile.
  r(paths.notifications.path, 'personal', 'nav.notifications', { lazy: page(() => import('@/features/notifications/routes/notifications')) }),
  // Settings are the own account's (as the profile settings); the API allows accounts awaiting approval.
  r(paths.notificationSettings.path, 'account', 'nav.notifications', { lazy: page(() => import('@/features/notifications/routes/notification-settings')) }),
  // From an e-mail's unsubscribe link: no login (the signed link is the proof).
  r(paths.unsubscribe.path, 'public', 'nav.notifications', { layout: full, lazy: page(() => import('@/features/notifications/routes/unsubscribe')) }),
  r(paths.messages.path, 'inbox', 'nav.messages', { lazy: page(() => import('@/features/messages/routes/messages'), ['messages']) }),
  r(paths.alerts.path, 'personal', 'nav.alerts', { lazy: page(() => import('@/features/alerts/routes/alerts'), ['alerts', 'jobs', 'courses']) }),
  r(paths.companyProxy.path, 'login', 'nav.companies', { lazy: page(() => import('@/features/companies/routes/companies'), ['companies_ui']) }),
  r(paths.company.path, 'login', 'nav.companies', { lazy: page(() => import('@/features/companies/routes/company'), ['companies_ui', 'feed']) }),
  r(paths.companyManage.path, 'login', 'nav.companies', { lazy: page(() => import('@/features/companies/routes/company-manage'), ['companies_ui']) }),

  // Courses and webinars
  r(paths.course.path, 'login', 'nav.courses', {
    lazy: () => Promise.resolve({ Component: Outlet }),
    children: [
      { index: true, loader: () => redirect(paths.webinars.path), element: null },
      r(paths.webinars.path, 'login', 'nav.courses', { lazy: page(() => import('@/features/courses/routes/course-catalogue'), ['courses', 'course_webinar', 'alerts']) }),
      r(paths.webinar.path, 'login', 'nav.courses', { lazy: page(() => import('@/features/courses/routes/course-details'), ['courses', 'course_records', 'course_webinar']) }),
      r(paths.courseMyCourses.path, 'personal', 'nav.my_courses', { lazy: page(() => import('@/features/courses/routes/my-courses'), ['courses', 'course_records']) }),
      r(paths.courseNew.path, 'login', 'nav.courses', { lazy: page(() => import('@/features/courses/routes/course-new'), ['courses', 'forms_ui']) }),
    ],
  }),
  r(paths.myCourses.path, 'personal', 'nav.my_courses', { lazy: page(() => import('@/features/courses/routes/my-courses'), ['courses', 'course_records']) }),
  r(paths.myCourse.path, 'personal', 'nav.my_courses', { lazy: page(() => import('@/features/courses/routes/my-course'), ['courses', 'course_records', 'course_webinar', 'forms_ui']) }),
  // Public: supervisors and the specialist-training portal check a certificate without logging in.
  r(paths.certificate.path, 'public', undefined, { lazy: page(() => import('@/features/courses/routes/certificate-verification'), ['courses', 'course_records']) }),

  // Jobs
  r(paths.jobs.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/jobs'), ['jobs', 'alerts']) }),
  r(paths.jobDetails.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/job-details'), ['jobs']) }),
  r(paths.jobCreate.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/job-create'), ['jobs']) }),
  r(paths.jobUpdate.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/job-update'), ['jobs']) }),
  r(paths.myJobs.path, 'personal', 'nav.my_jobs', { lazy: page(() => import('@/features/jobs/routes/my-jobs'), ['jobs']) }),
  r(paths.myJobDetails.path, 'personal', 'nav.my_jobs', { lazy: page(() => import('@/features/jobs/routes/my-job-details'), ['jobs']) }),

  // Marketplace
  r(paths.marketplace.path, 'login', 'nav.marketplace', { lazy: page(() => import('@/features/marketplace/routes/marketplace'), ['marketplace']) }),
  r(paths.productDetails.path, 'login', 'nav.marketplace', { lazy: page(() => import('@/features/marketplace/routes/product-details'), ['marketplace']) }),
  r(paths.productNew.path, 'login', 'nav.marketplace', { lazy: page(() => import('@/features/marketplace/routes/product-new'), ['marketplace']) }),
  r(paths.myProducts.path, 'personal', 'nav.my_products', { lazy: page(() => import('@/features/marketplace/routes/my-products'), ['marketplace']) }),
  r(paths.myProductDetails.path, 'personal', 'nav.my_products', { lazy: page(() => import('@/features/marketplace/routes/my-product-details'), ['marketplace']) }),
  r(paths.myProductUpdate.path, 'personal', 'nav.my_products', { lazy: page(() => import('@/features/marketplace/routes/my-product-update'), ['marketplace']) }),

  // Videos and audio: confirmed health personnel (approved_hrp 2) or "In review"
  r(paths.videos.path, 'healthPersonnel', 'nav.videos', { lazy: page(() => import('@/features/media/routes/videos'), ['media', 'alerts']) }),
  r(paths.video.path, 'healthPersonnel', 'nav.videos', { lazy: page(() => import('@/features/media/routes/video'), ['media']) }),
  r(paths.audio.path, 'healthPersonnel', 'nav.audio', { lazy: page(() => import('@/features/media/routes/audio'), ['media', 'alerts']) }),
  r(paths.audioItem.path, 'healthPersonnel', 'nav.audio', { lazy: page(() => import('@/features/media/routes/audio-item'), ['media']) }),

  // Petitions; a published petition's detail is public (docs/api-conventions.md)
  r(paths.petitions.path, 'login', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petitions'), ['petitions', 'alerts']) }),
  r(paths.petitionCreate.path, 'personal', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petition-create'), ['petitions']) }),
  r(paths.petitionUpdate.path, 'personal', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petition-update'), ['petitions']) }),
  r(paths.petitionDetails.path, 'public', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petition-details'), ['petitions']) }),
  r(paths.petitionLog.path, 'public', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petition-log'), ['petitions']) }),

  // Info pages
  r(paths.termsAndPrivacy.path, 'public', 'privacy.title', { lazy: page(() => import('./routes/terms-and-privacy')) }),
  r(paths.about.path, 'public', 'about.title', { lazy: page(() => import('./routes/about')) }),
  r(paths.next.path, 'public', 'next.title', { lazy: page(() => import('./routes/next')) }),
  r(paths.page.path, 'public', undefined, { lazy: page(() => import('./routes/category')) }),

  // Admin area (administrators only)
  r(paths.admin.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-dashboard'), ['admin', 'media']) }),
  r(paths.adminUsers.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-users'), ['admin']) }),
  r(paths.adminOutbox.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-outbox'), ['admin']) }),
  r(paths.adminMailPreviews.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-mail-previews'), ['admin']) }),
  r(paths.adminReports.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-reports'), ['admin']) }),
  r(paths.adminGuard.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-guard-findings'), ['admin']) }),
  r(paths.adminCourses.path, 'admin', undefined, { lazy: page(() => import('@/features/courses/routes/admin-courses'), ['courses', 'course_records', 'course_webinar']) }),
  r(paths.adminMedia.path, 'admin', undefined, { lazy: page(() => import('@/features/media/routes/admin-media'), ['media', 'forms_ui']) }),

  r(paths.notFound.path, 'public', 'not_found.title', { layout: full, lazy: page(() => import('./routes/not-found')) }),
  // Redirects answer in the loader, before anything renders.
  { path: paths.search.path, loader: () => redirect(paths.home.path), element: null },
  { path: paths.kurs.path, loader: () => redirect(paths.home.path), element: null },
  { path: '*', loader: () => redirect(paths.notFound.path), element: null },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    hydrateFallbackElement: <StartupLoader />,
    // Errors show inside the layout, so the header and navigation stay usable.
    children: [{ errorElement: <RouteErrorBoundary />, children: pageRoutes }],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
export type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Resolves when the router has loaded what the first URL needs: its page module and catalogue
 * sections (the routes' `lazy`), or an error to show. Starting React then renders the page at once,
 * instead of the start-up spinner first and the whole app again a moment later.
 */
export function whenRouterReady(router: AppRouter): Promise<void> {
  return new Promise((resolve) => {
    if (router.state.initialized) return resolve();
    const stop = router.subscribe((state) => {
      if (!state.initialized) return;
      stop();
      resolve();
    });
  });
}
