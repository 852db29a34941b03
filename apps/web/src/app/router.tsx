import { createBrowserRouter, Outlet, redirect, type RouteObject } from 'react-router-dom';
import type { RouteAccess, RouteHandle, WebKey } from '@/shared/auth/route-access';
import { paths } from '@/shared/config/paths';
import { withChunkTimeout } from '@/shared/lib/chunk-timeout';
import { AppLayout } from './layout/app-layout';
import { RouteErrorBoundary } from './routes/route-error';
import { StartupLoader } from './layout/startup-loader';

type LazyRoute = NonNullable<Exclude<RouteObject['lazy'], Record<string, unknown>>>;
type RouteModule = Awaited<ReturnType<LazyRoute>>;

/** A lazily loaded page, subject to the 120 s chunk time-out. */
const page =
  (load: () => Promise<RouteModule>): LazyRoute =>
  () =>
    withChunkTimeout(load);

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
    lazy: page(() => import('@/features/registration/routes/register')),
  }),
  r(paths.forgotPassword.path, 'unauthorizedOnly', undefined, {
    lazy: page(() => import('@/features/registration/routes/forgot-password')),
  }),

  // Accounts
  r(paths.userVerification.path, 'unauthorizedOnly', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/user-verification')),
  }),
  r(paths.professionalExperience.path, 'account', undefined, {
    layout: full,
    lazy: page(() => import('@/features/profile/routes/professional-experience')),
  }),
  r(paths.confirmChangeableEmail.path, 'public', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/confirm-email')),
  }),
  r(paths.resetPassword.path, 'public', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/reset-password')),
  }),
  r(paths.signicatCallback.path, 'public', undefined, {
    layout: full,
    lazy: page(() => import('@/features/registration/routes/signicat-callback')),
  }),
  r(paths.secondPage.path, 'login', undefined),
  r(paths.profile.path, 'personal', 'nav.profile', {
    lazy: page(() => import('@/features/profile/routes/public-profile').then((m) => ({ Component: m.OwnProfileRoute }))),
  }),
  r(paths.profileBySlug.path, 'login', 'nav.profile', {
    lazy: page(() => import('@/features/profile/routes/public-profile').then((m) => ({ Component: m.PublicProfileRoute }))),
  }),
  r(paths.profileSettings.path, 'account', 'nav.profile', { lazy: page(() => import('./routes/profile-settings')) }),

  // Feed, posts, partner companies
  r(paths.feed.path, 'login', 'nav.feed', { lazy: page(() => import('@/features/feed/routes/feed')) }),
  r(paths.archivedPosts.path, 'login', 'nav.feed', { lazy: page(() => import('@/features/feed/routes/archived-posts')) }),
  r(paths.post.path, 'login', 'nav.feed', { lazy: page(() => import('@/features/feed/routes/post')) }),
  // The endpoints are member and personal: like "my pages", closed to a business profile.
  r(paths.notifications.path, 'personal', 'nav.notifications', { lazy: page(() => import('@/features/notifications/routes/notifications')) }),
  r(paths.companyProxy.path, 'login', 'nav.companies', { lazy: page(() => import('@/features/companies/routes/companies')) }),
  r(paths.company.path, 'login', 'nav.companies', { lazy: page(() => import('@/features/companies/routes/company')) }),
  r(paths.companyManage.path, 'login', 'nav.companies', { lazy: page(() => import('@/features/companies/routes/company-manage')) }),

  // Courses and webinars
  r(paths.course.path, 'login', 'nav.courses', {
    lazy: () => Promise.resolve({ Component: Outlet }),
    children: [
      { index: true, loader: () => redirect(paths.webinars.path), element: null },
      r(paths.webinars.path, 'login', 'nav.courses', { lazy: page(() => import('@/features/courses/routes/course-catalogue')) }),
      r(paths.webinar.path, 'login', 'nav.courses', { lazy: page(() => import('@/features/courses/routes/course-details')) }),
      r(paths.courseMyCourses.path, 'personal', 'nav.my_courses', { lazy: page(() => import('@/features/courses/routes/my-courses')) }),
      r(paths.courseNew.path, 'login', 'nav.courses', { lazy: page(() => import('@/features/courses/routes/course-new')) }),
    ],
  }),
  r(paths.myCourses.path, 'personal', 'nav.my_courses', { lazy: page(() => import('@/features/courses/routes/my-courses')) }),
  r(paths.myCourse.path, 'personal', 'nav.my_courses', { lazy: page(() => import('@/features/courses/routes/my-course')) }),

  // Jobs
  r(paths.jobs.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/jobs')) }),
  r(paths.jobDetails.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/job-details')) }),
  r(paths.jobCreate.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/job-create')) }),
  r(paths.jobUpdate.path, 'login', 'nav.jobs', { lazy: page(() => import('@/features/jobs/routes/job-update')) }),
  r(paths.myJobs.path, 'personal', 'nav.my_jobs', { lazy: page(() => import('@/features/jobs/routes/my-jobs')) }),
  r(paths.myJobDetails.path, 'personal', 'nav.my_jobs', { lazy: page(() => import('@/features/jobs/routes/my-job-details')) }),

  // Marketplace
  r(paths.marketplace.path, 'login', 'nav.marketplace', { lazy: page(() => import('@/features/marketplace/routes/marketplace')) }),
  r(paths.productDetails.path, 'login', 'nav.marketplace', { lazy: page(() => import('@/features/marketplace/routes/product-details')) }),
  r(paths.productNew.path, 'login', 'nav.marketplace', { lazy: page(() => import('@/features/marketplace/routes/product-new')) }),
  r(paths.myProducts.path, 'personal', 'nav.my_products', { lazy: page(() => import('@/features/marketplace/routes/my-products')) }),
  r(paths.myProductDetails.path, 'personal', 'nav.my_products', { lazy: page(() => import('@/features/marketplace/routes/my-product-details')) }),
  r(paths.myProductUpdate.path, 'personal', 'nav.my_products', { lazy: page(() => import('@/features/marketplace/routes/my-product-update')) }),

  // Videos and audio: confirmed health personnel (approved_hrp 2) or "In review"
  r(paths.videos.path, 'healthPersonnel', 'nav.videos', { lazy: page(() => import('@/features/media/routes/videos')) }),
  r(paths.video.path, 'healthPersonnel', 'nav.videos', { lazy: page(() => import('@/features/media/routes/video')) }),
  r(paths.audio.path, 'healthPersonnel', 'nav.audio', { lazy: page(() => import('@/features/media/routes/audio')) }),
  r(paths.audioItem.path, 'healthPersonnel', 'nav.audio', { lazy: page(() => import('@/features/media/routes/audio-item')) }),

  // Petitions; a published petition's detail is public (docs/api-conventions.md)
  r(paths.petitions.path, 'login', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petitions')) }),
  r(paths.petitionCreate.path, 'personal', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petition-create')) }),
  r(paths.petitionUpdate.path, 'personal', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petition-update')) }),
  r(paths.petitionDetails.path, 'public', 'nav.petitions', { lazy: page(() => import('@/features/petitions/routes/petition-details')) }),

  // Info pages
  r(paths.termsAndPrivacy.path, 'public', 'privacy.title', { lazy: page(() => import('./routes/terms-and-privacy')) }),
  r(paths.about.path, 'public', 'about.title', { lazy: page(() => import('./routes/about')) }),
  r(paths.next.path, 'public', 'next.title', { lazy: page(() => import('./routes/next')) }),
  r(paths.page.path, 'public', undefined, { lazy: page(() => import('./routes/category')) }),

  // Admin area (administrators only)
  r(paths.admin.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-dashboard')) }),
  r(paths.adminUsers.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-users')) }),
  r(paths.adminOutbox.path, 'admin', undefined, { lazy: page(() => import('@/features/admin/routes/admin-outbox')) }),
  r(paths.adminCourses.path, 'admin', undefined, { lazy: page(() => import('@/features/courses/routes/admin-courses')) }),
  r(paths.adminMedia.path, 'admin', undefined, { lazy: page(() => import('@/features/media/routes/admin-media')) }),

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
