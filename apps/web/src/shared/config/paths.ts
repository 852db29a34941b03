import { generatePath, type PathParam } from 'react-router-dom';

type Params<P extends string> = { [K in PathParam<P>]: string | number | null };

/** One path: its pattern for the route table and a typed link builder. */
function route<const P extends string>(path: P) {
  return {
    path,
    href: (...args: PathParam<P> extends never ? [] : [Params<P>]): string => {
      const params = args[0] as Record<string, string | number | null> | undefined;
      if (!params) return path;
      const asStrings = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, v === null ? null : String(v)]));
      return generatePath(path, asStrings as never);
    },
  };
}

/** Every path of the SPA, defined once (spec point 2). Route table, links and redirects use these. */
export const paths = {
  home: route('/'),
  login: route('/login'),
  register: route('/register'),

  userVerification: route('/user-verification/:id'),
  professionalExperience: route('/professional_experience'),
  confirmChangeableEmail: route('/confirm-changeable-email'),
  resetPassword: route('/reset-password'),
  signicatCallback: route('/signicat-registration-callback'),
  forgotPassword: route('/forgot-password'),
  secondPage: route('/second-page'),

  profile: route('/profile'),
  profileBySlug: route('/profile/:slug'),
  profileSettings: route('/profile_settings/:slug'),
  archivedPosts: route('/archived_posts/:slug'),
  post: route('/post/:id'),

  companyProxy: route('/profile_company'),
  company: route('/profile_company/:slug'),
  companyManage: route('/profile_company_manage/:id?'),

  feed: route('/feed'),
  notifications: route('/notifications'),
  notificationSettings: route('/notification_settings'),
  unsubscribe: route('/unsubscribe'),
  messages: route('/messages/:id?'),
  alerts: route('/alerts'),

  course: route('/course'),
  webinars: route('/course/webinares'),
  webinar: route('/course/webinares/:id/:type'),
  courseMyCourses: route('/course/my_courses'),
  courseNew: route('/course/new'),
  myCourses: route('/my_courses'),
  myCourse: route('/my_courses/:id'),
  certificate: route('/certificates/:code'),

  jobs: route('/jobs'),
  jobDetails: route('/jobs/details/:id'),
  jobCreate: route('/jobs/create'),
  jobUpdate: route('/jobs/update/:id'),
  myJobs: route('/my_jobs'),
  myJobDetails: route('/my_jobs/details/:id'),

  marketplace: route('/marketplace'),
  productDetails: route('/marketplace/details/:id'),
  productNew: route('/marketplace/new'),
  myProducts: route('/my_products'),
  myProductDetails: route('/my_products/details/:id'),
  myProductUpdate: route('/my_products/update/:id'),

  videos: route('/videos'),
  video: route('/videos/:id'),
  audio: route('/audio'),
  audioItem: route('/audio/:id'),

  petitions: route('/petitions'),
  petitionCreate: route('/petitions/create_petition'),
  petitionUpdate: route('/petitions/update_petition/:id'),
  petitionDetails: route('/petitions/details/:id'),
  /** Public: how anyone checks a receipt against the signature log (issue 42). */
  petitionLog: route('/petition-log'),

  about: route('/about_us'),
  termsAndPrivacy: route('/terms-and-privacy-policy'),
  next: route('/next'),
  page: route('/pages/:category'),

  admin: route('/admin'),
  adminUsers: route('/admin/users'),
  adminOutbox: route('/admin/outbox'),
  adminMailPreviews: route('/admin/mail-templates'),
  adminReports: route('/admin/reports'),
  adminCourses: route('/admin/courses'),
  adminMedia: route('/admin/media'),

  notFound: route('/error-404'),
  search: route('/search'),
  kurs: route('/kurs'),
} as const;

/**
 * The login dialog that returns to `next` afterwards (a petition opened from a shared link). Only a
 * path of this app is kept: anything else (another host, `//x`) is dropped by `safeNext`.
 */
export function loginHref(next: string): string {
  return `${paths.login.path}?${new URLSearchParams({ next }).toString()}`;
}

/** The `next` of a login link when it is a path of this app, else null. */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}
