import { screen, waitFor, within } from '@testing-library/react';
import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { RouteHandle } from '@/shared/auth/route-access';
import { renderApp } from '@/testing/test-utils';
import { logIn } from '@/testing/users';
import { routes } from './router';

describe('routes', () => {
  it('sends unknown paths to /error-404, which links home', async () => {
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Siden ble ikke funnet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/error-404');
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
  });

  it.each(['/search', '/kurs'])('redirects %s to the home page', async (path) => {
    const { router } = renderApp(path);

    expect(await screen.findByRole('heading', { level: 1, name: 'Det profesjonelle nettverket for leger i Norge' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('opens the video archive itself, no longer an "opens soon" page', async () => {
    // Every area of the route table is built now; ComingSoonPage stays for areas still to come.
    logIn();
    renderApp('/videos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Videoer' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Videoer åpner snart' })).not.toBeInTheDocument();
  });

  it('opens /course on the webinars', async () => {
    logIn();
    const { router } = renderApp('/course');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kurs og webinarer' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/course/webinares');
  });

  it('opens the log-in slot over the home page at /login', async () => {
    renderApp('/login');
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    expect(within(dialog).getByRole('textbox', { name: /E-post/ })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Det profesjonelle nettverket for leger i Norge' })).toBeInTheDocument();
  });

  it('renders the info pages', async () => {
    renderApp('/terms-and-privacy-policy');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vilkår og personvern' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Bekreftelse av helsepersonell (HPR)' })).toBeInTheDocument();
  });

  it('renders known category pages and sends unknown ones to not-found', async () => {
    const first = renderApp('/pages/students');
    expect(await screen.findByRole('heading', { level: 1, name: 'For medisinstudenter' })).toBeInTheDocument();
    first.unmount();

    const { router } = renderApp('/pages/nothing-here');
    await waitFor(() => expect(router.state.location.pathname).toBe('/error-404'));
  });

  it('declares every route of spec point 2 with an access rule', () => {
    const spec: [string, RouteHandle['access']][] = [
      ['/user-verification/5', 'unauthorizedOnly'],
      ['/professional_experience', 'account'],
      ['/confirm-changeable-email', 'public'],
      ['/reset-password', 'public'],
      ['/', 'public'],
      ['/second-page', 'login'],
      ['/signicat-registration-callback', 'public'],
      ['/profile', 'personal'],
      ['/profile/ola-nordmann', 'login'],
      ['/my_courses', 'personal'],
      ['/my_courses/3', 'personal'],
      ['/my_jobs', 'personal'],
      ['/profile_company', 'login'],
      ['/profile_company/demo-medisin', 'login'],
      ['/profile_company_manage', 'login'],
      ['/profile_company_manage/7', 'login'],
      ['/profile_settings/ola-nordmann', 'account'],
      ['/archived_posts/ola-nordmann', 'login'],
      ['/post/9', 'login'],
      ['/my_products', 'personal'],
      ['/course/webinares', 'login'],
      ['/course/webinares/4/live', 'login'],
      ['/course/my_courses', 'personal'],
      ['/course/new', 'login'],
      ['/jobs', 'login'],
      ['/jobs/details/1', 'login'],
      ['/my_jobs/details/1', 'personal'],
      ['/jobs/create', 'login'],
      ['/jobs/update/1', 'login'],
      ['/marketplace', 'login'],
      ['/marketplace/details/1', 'login'],
      ['/marketplace/new', 'login'],
      ['/my_products/details/1', 'personal'],
      ['/my_products/update/1', 'personal'],
      ['/feed', 'login'],
      ['/videos', 'healthPersonnel'],
      ['/videos/1', 'healthPersonnel'],
      ['/audio', 'healthPersonnel'],
      ['/audio/1', 'healthPersonnel'],
      ['/terms-and-privacy-policy', 'public'],
      ['/about_us', 'public'],
      ['/next', 'public'],
      ['/pages/doctors', 'public'],
      ['/petitions', 'login'],
      ['/petitions/create_petition', 'personal'],
      ['/petitions/update_petition/1', 'personal'],
      ['/petitions/details/1', 'public'],
      ['/error-404', 'public'],
      ['/login', 'unauthorizedOnly'],
      ['/register', 'unauthorizedOnly'],
    ];
    for (const [path, access] of spec) {
      const matches = matchRoutes(routes, path) ?? [];
      const deepest = matches.at(-1)?.route as RouteObject | undefined;
      expect(deepest?.path ?? (deepest?.index ? '/' : '*'), path).not.toBe('*');
      expect((deepest?.handle as RouteHandle | undefined)?.access, path).toBe(access);
      expect(typeof deepest?.lazy, path).toBe('function');
    }
  });

  it('keeps the full-layout pages free of the side navigation', async () => {
    renderApp('/error-404');
    await screen.findByRole('heading', { level: 1, name: 'Siden ble ikke funnet' });
    expect(screen.queryByRole('navigation', { name: 'Hovedmeny' })).not.toBeInTheDocument();
  });
});
