/**
 * Every path of the web app, as a pattern (`:id` a parameter, `:id?` an optional one), defined once
 * for both sides: the web's route table and links (`apps/web/src/shared/config/paths.ts` builds its
 * typed `paths` from these), and the links the API puts in e-mails (`webLink`), so that a mail never
 * links to a page the web does not have.
 */
export const webRoutes = {
  home: '/',
  login: '/login',
  register: '/register',

  userVerification: '/user-verification/:id',
  professionalExperience: '/professional_experience',
  confirmChangeableEmail: '/confirm-changeable-email',
  resetPassword: '/reset-password',
  signicatCallback: '/signicat-registration-callback',
  forgotPassword: '/forgot-password',
  secondPage: '/second-page',

  profile: '/profile',
  profileBySlug: '/profile/:slug',
  profileSettings: '/profile_settings/:slug',
  archivedPosts: '/archived_posts/:slug',
  post: '/post/:id',

  companyProxy: '/profile_company',
  company: '/profile_company/:slug',
  companyManage: '/profile_company_manage/:id?',

  feed: '/feed',
  notifications: '/notifications',
  notificationSettings: '/notification_settings',
  unsubscribe: '/unsubscribe',
  messages: '/messages/:id?',
  alerts: '/alerts',

  course: '/course',
  webinars: '/course/webinares',
  webinar: '/course/webinares/:id/:type',
  courseMyCourses: '/course/my_courses',
  courseNew: '/course/new',
  myCourses: '/my_courses',
  myCourse: '/my_courses/:id',
  certificate: '/certificates/:code',

  jobs: '/jobs',
  jobDetails: '/jobs/details/:id',
  jobCreate: '/jobs/create',
  jobUpdate: '/jobs/update/:id',
  myJobs: '/my_jobs',
  myJobDetails: '/my_jobs/details/:id',

  marketplace: '/marketplace',
  productDetails: '/marketplace/details/:id',
  productNew: '/marketplace/new',
  myProducts: '/my_products',
  myProductDetails: '/my_products/details/:id',
  myProductUpdate: '/my_products/update/:id',

  videos: '/videos',
  video: '/videos/:id',
  audio: '/audio',
  audioItem: '/audio/:id',

  petitions: '/petitions',
  petitionCreate: '/petitions/create_petition',
  petitionUpdate: '/petitions/update_petition/:id',
  petitionDetails: '/petitions/details/:id',
  petitionLog: '/petition-log',

  about: '/about_us',
  termsAndPrivacy: '/terms-and-privacy-policy',
  next: '/next',
  page: '/pages/:category',

  admin: '/admin',
  adminUsers: '/admin/users',
  adminOutbox: '/admin/outbox',
  adminMailPreviews: '/admin/mail-templates',
  adminReports: '/admin/reports',
  adminGuard: '/admin/guard-findings',
  adminCourses: '/admin/courses',
  adminMedia: '/admin/media',

  notFound: '/error-404',
  search: '/search',
  kurs: '/kurs',
} as const;

export type WebRouteName = keyof typeof webRoutes;

type StripOptional<N extends string> = N extends `${infer Base}?` ? Base : N;
type ParamName<P extends string> = P extends `${string}:${infer Rest}`
  ? Rest extends `${infer Name}/${infer Tail}`
    ? StripOptional<Name> | ParamName<`/${Tail}`>
    : StripOptional<Rest>
  : never;
/** The parameters of a pattern: `{ id: 3 }` for `/post/:id`. */
export type WebRouteParams<P extends string> = { [K in ParamName<P>]: string | number };

/**
 * The path of `pattern` with its parameters filled in (encoded); an optional one left out drops its
 * segment. A missing required parameter throws: a link must never point at `/post/:id`.
 */
export function webPath<P extends string>(pattern: P, params?: WebRouteParams<P>): string {
  const values = (params ?? {}) as Record<string, string | number | undefined>;
  const segments = pattern.split('/').flatMap((segment) => {
    if (!segment.startsWith(':')) return [segment];
    const optional = segment.endsWith('?');
    const name = segment.slice(1, optional ? -1 : undefined);
    const value = values[name];
    if (value === undefined || value === '') {
      if (optional) return [];
      throw new Error(`webPath: ${pattern} needs ${name}`);
    }
    return [encodeURIComponent(String(value))];
  });
  return segments.join('/') || '/';
}

/** An absolute link to a page of the web app at `site` (the public URL), with an optional query. */
export function webLink<P extends string>(site: string, pattern: P, params?: WebRouteParams<P>, query?: Record<string, string>): string {
  const search = query ? `?${new URLSearchParams(query).toString()}` : '';
  return `${site.replace(/\/+$/, '')}${webPath(pattern, params)}${search}`;
}

/** Whether a path (no query) is a page of the web app: some pattern of `webRoutes` matches it. */
export function isWebRoute(path: string): boolean {
  const parts = path.split('/').filter(Boolean);
  return Object.values(webRoutes).some((pattern) => {
    const want = pattern.split('/').filter(Boolean);
    let i = 0;
    for (const segment of want) {
      const optional = segment.startsWith(':') && segment.endsWith('?');
      if (i >= parts.length) {
        if (optional) continue;
        return false;
      }
      if (segment.startsWith(':') || segment === parts[i]) i += 1;
      else return false;
    }
    return i === parts.length;
  });
}
