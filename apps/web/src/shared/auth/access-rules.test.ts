import { testUser } from '@/testing/users';
import { decideAccess, mayNavigate } from './access-rules';
import { landingPath } from './account-state';
import { heldPage } from './held-page';

const company = { id: 3, slug: 'firma', name: 'Firma AS', logo: null };
const approved = testUser();
const inReview = testUser({ status_label: 'In review', user_info: { ...testUser().user_info, approved_hrp: 0 } });
const notConfirmed = testUser({ user_info: { ...testUser().user_info, approved_hrp: 1 } });
const acting = testUser({ active_business_profile: company, available_business_profiles: [company] });
const admin = testUser({ roles: ['admin'] });
const pending = testUser({ status_label: 'Awaiting approval', user_info: { ...testUser().user_info, approved_hrp: 0 } });
const rejected = testUser({ status_label: 'Rejected' });

describe('decideAccess (spec point 2)', () => {
  it.each([
    ['visitor on a login route -> home + registration-required modal', 'login', '/jobs', null, { kind: 'redirect', to: '/', notice: 'registration_required' }],
    ['visitor on a personal route -> same', 'personal', '/my_jobs', null, { kind: 'redirect', to: '/', notice: 'registration_required' }],
    ['visitor on videos -> same', 'healthPersonnel', '/videos', null, { kind: 'redirect', to: '/', notice: 'registration_required' }],
    ['visitor on a public page', 'public', '/about_us', null, { kind: 'allow' }],
    ['visitor at home stays', 'public', '/', null, { kind: 'allow' }],
    ['visitor on unauthorized-only', 'unauthorizedOnly', '/user-verification/1', null, { kind: 'allow' }],
    ['logged-in user on unauthorized-only -> toast + home', 'unauthorizedOnly', '/user-verification/1', approved, { kind: 'redirect', to: '/', toast: 'unauthorized_only' }],
    ['"In review" -> its state page, the page held', 'login', '/jobs', inReview, { kind: 'redirect', to: '/', hold: true }],
    ['"In review" may watch videos', 'healthPersonnel', '/videos', inReview, { kind: 'allow' }],
    ['"In review" stays at home', 'public', '/', inReview, { kind: 'allow' }],
    ['business profile on a personal page -> modal + home', 'personal', '/my_jobs', acting, { kind: 'redirect', to: '/', notice: 'company_page' }],
    ['business profile on a login page', 'login', '/jobs', acting, { kind: 'allow' }],
    ['videos without approved_hrp 2 -> modal + home', 'healthPersonnel', '/audio', notConfirmed, { kind: 'redirect', to: '/', notice: 'not_health_personnel' }],
    ['videos awaiting approval -> its state page, no toast', 'healthPersonnel', '/videos/3', pending, { kind: 'redirect', to: '/', hold: true }],
    ['videos with approved_hrp 2', 'healthPersonnel', '/videos/3', approved, { kind: 'allow' }],
    ['after login at "/" -> feed', 'public', '/', approved, { kind: 'redirect', to: '/feed' }],
    ['at "/" acting as a company -> stays', 'public', '/', acting, { kind: 'allow' }],
    ['admin area for an admin', 'admin', '/admin', admin, { kind: 'allow' }],
    ['admin area for others -> home', 'admin', '/admin', approved, { kind: 'redirect', to: '/' }],
    ['awaiting approval at "/" stays (its state page)', 'public', '/', pending, { kind: 'allow' }],
    ['awaiting approval on content -> its state page, the page held', 'login', '/feed', pending, { kind: 'redirect', to: '/', hold: true }],
    ['awaiting approval on a personal page -> same', 'personal', '/profile', pending, { kind: 'redirect', to: '/', hold: true }],
    ['awaiting approval on its own account pages', 'account', '/professional_experience', pending, { kind: 'allow' }],
    ['rejected on content -> its state page', 'login', '/jobs', rejected, { kind: 'redirect', to: '/', hold: true }],
    ['business profile on an account page -> company modal', 'account', '/professional_experience', acting, { kind: 'redirect', to: '/', notice: 'company_page' }],
    ['"In review" on an account page -> its state page', 'account', '/profile_settings/email', inReview, { kind: 'redirect', to: '/', hold: true }],
    ['visitor on the inbox -> registration-required modal', 'inbox', '/messages', null, { kind: 'redirect', to: '/', notice: 'registration_required' }],
    ['"In review" reads the inbox', 'inbox', '/messages', inReview, { kind: 'allow' }],
    ['awaiting approval reads the inbox', 'inbox', '/messages/3', pending, { kind: 'allow' }],
    ['rejected reads the inbox', 'inbox', '/messages', rejected, { kind: 'allow' }],
    ['business profile reads the company inbox', 'inbox', '/messages', acting, { kind: 'allow' }],
  ] as const)('%s', (_label, access, path, user, expected) => {
    expect(decideAccess(access, path, user)).toEqual(expected);
  });

  it('leads an account approved since it tried a page from "/" to that page, not the feed', () => {
    expect(decideAccess('public', '/', approved, '/courses/12')).toEqual({ kind: 'redirect', to: '/courses/12' });
    // Not approved yet: home stays its state page.
    expect(decideAccess('public', '/', pending, '/courses/12')).toEqual({ kind: 'allow' });
  });
});

describe('mayNavigate', () => {
  it('shows visitors every entry and logged-in users only what they may open', () => {
    expect(mayNavigate('personal', null)).toBe(true);
    expect(mayNavigate('public', pending)).toBe(true);
    expect(mayNavigate('login', pending)).toBe(false);
    expect(mayNavigate('account', pending)).toBe(true);
    expect(mayNavigate('personal', acting)).toBe(false);
    expect(mayNavigate('account', acting)).toBe(false);
    expect(mayNavigate('login', acting)).toBe(true);
    expect(mayNavigate('healthPersonnel', inReview)).toBe(true);
    expect(mayNavigate('login', inReview)).toBe(false);
  });
});

describe('landingPath', () => {
  it('starts each account where it can work', () => {
    expect(landingPath(approved)).toBe('/feed');
    expect(landingPath(acting)).toBe('/profile_company/firma');
    expect(landingPath(pending)).toBe('/');
    expect(landingPath(inReview)).toBe('/');
    expect(landingPath(rejected)).toBe('/');
  });

  it('starts an account approved since it tried a page on that page; only that account', () => {
    heldPage.remember({ userId: approved.id, path: '/courses/12', title: 'nav.courses' });
    expect(landingPath(approved)).toBe('/courses/12');
    expect(landingPath(testUser({ id: approved.id + 1 }))).toBe('/feed');
    expect(landingPath(pending)).toBe('/');
  });
});
