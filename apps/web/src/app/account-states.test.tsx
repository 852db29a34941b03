import { authEndpoints, jobEndpoints, messageEndpoints, professionalEndpoints, type User } from '@legenett/contracts';
import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { onTestFinished } from 'vitest';
import { heldPage } from '@/shared/auth/held-page';
import { changeLocale } from '@/shared/i18n/i18n';
import { apiError, apiServer, mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

const company = { id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null };
const pending = testUser({ status_label: 'Awaiting approval', user_info: { ...testUser().user_info, approved_hrp: 0 } });
const inReview = testUser({ status_label: 'In review', user_info: { ...testUser().user_info, approved_hrp: 0 } });
const manager = testUser({ available_business_profiles: [company] });
const acting = testUser({ active_business_profile: company, available_business_profiles: [company] });

/**
 * Every API path the screens call besides the ones a test answers: an account may call only what
 * its state allows, so a test can assert that nothing else was asked for.
 */
function recordOtherCalls(): string[] {
  const paths: string[] = [];
  apiServer.use(
    http.all('http://localhost:3000/api/*', ({ request }) => {
      const { pathname } = new URL(request.url);
      // Public reference data: answered by the default fixtures.
      if (['/api/counties', '/api/frontend-settings'].includes(pathname)) return undefined;
      paths.push(`${request.method} ${pathname}`);
      return HttpResponse.json({ status_code: 403, message: 'Forbidden', reason: 'account_not_approved' }, { status: 403 });
    }),
  );
  return paths;
}

function session(user: User) {
  logIn(user);
  const others = recordOtherCalls();
  const me = mockEndpoint(authEndpoints.me, { data: user });
  return { others, me };
}

const nav = () => screen.getByRole('navigation', { name: 'Hovedmeny' });

describe('an account awaiting approval', () => {
  it('lands on a page that explains its state and calls nothing it may not read', async () => {
    const { others, me } = session(pending);
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Profilen din blir sjekket' })).toBeInTheDocument();
    expect(screen.getByText('Ingen tilgang til innhold før kontoen er godkjent.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Hva skjer nå?' })).toBeInTheDocument();
    expect(screen.getByText(/tar vanligvis én til to virkedager/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fyll ut profilinformasjonen din' })).toHaveAttribute('href', '/profile_settings/profile-information');
    expect(screen.getByRole('link', { name: 'Legg til erfaring og utdanning' })).toHaveAttribute('href', '/professional_experience');
    expect(within(screen.getByRole('banner')).getByText('Venter på godkjenning')).toBeInTheDocument();
    await waitFor(() => expect(me).toHaveLength(1));

    // Navigation: only what the account may open; no bell, no content, no "My pages" it cannot use.
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Nyhetsstrøm' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Jobber' })).not.toBeInTheDocument();
    expect(within(nav()).queryByRole('link', { name: 'Min profil' })).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Erfaring og utdanning' })).toHaveAttribute('href', '/professional_experience');
    expect(within(nav()).getByRole('link', { name: 'Om oss' })).toBeInTheDocument();
    expect(others).toEqual([]);
  });

  it('lands on its state page after logging in, without a refusal modal', async () => {
    const user = setupUser();
    const others = recordOtherCalls();
    mockEndpoint(authEndpoints.me, { data: pending });
    mockEndpoint(authEndpoints.login, { access_token: 'pending-token', token_type: 'Bearer', expires_in: 900, user: pending });
    const { router } = renderApp('/login');

    await user.type(await screen.findByLabelText(/^E-post/), 'pending@test.no');
    await user.type(screen.getByLabelText(/^Passord/), 'Demo!2026-pass');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Profilen din blir sjekket' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(others).toEqual([]);
    expect(screen.queryByRole('dialog', { name: 'Profilen din blir sjekket' })).not.toBeInTheDocument();
  });

  it('is sent from content pages to its state page, which names the page and keeps its link (no modal)', async () => {
    const { others } = session(pending);
    const jobs = mockEndpoint(jobEndpoints.list, apiError(403, 'Ingen tilgang', 'account_not_approved'));
    const { router } = renderApp('/jobs?q=lege');

    const held = await screen.findByRole('region', { name: 'Siden du prøvde å åpne' });
    expect(within(held).getByRole('link', { name: 'Jobber' })).toHaveAttribute('href', '/jobs?q=lege');
    expect(within(held).getByText(/tar deg rett dit når godkjenningen er klar/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Profilen din blir sjekket' })).toBeInTheDocument();
    expect(screen.getByText(/tar vanligvis én til to virkedager/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skriv til post@legenett.no' })).toHaveAttribute('href', 'mailto:post@legenett.no');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(jobs).toHaveLength(0);
    expect(others).toEqual([]);
  });

  it('opens videos to its state page, never a toast', async () => {
    const { others } = session(pending);
    const { router } = renderApp('/videos/3');

    const held = await screen.findByRole('region', { name: 'Siden du prøvde å åpne' });
    expect(within(held).getByRole('link', { name: 'Videoer' })).toHaveAttribute('href', '/videos/3');
    expect(screen.queryByText('Innholdet er bare for bekreftet helsepersonell.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(others).toEqual([]);
  });

  it('is taken to the held page once an administrator approves it', async () => {
    logIn(pending);
    recordOtherCalls();
    const approved = testUser({ id: pending.id });
    let approvedNow = false;
    mockEndpoint(authEndpoints.me, () => ({ data: approvedNow ? approved : pending }));
    mockEndpoint(jobEndpoints.list, { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });
    const { router } = renderApp('/jobs');

    await screen.findByRole('region', { name: 'Siden du prøvde å åpne' });
    approvedNow = true;
    // The state page reads the account again when the tab gets the focus back (and every minute).
    act(() => focusManager.setFocused(false));
    act(() => focusManager.setFocused(true));
    onTestFinished(() => focusManager.setFocused(undefined));

    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    await waitFor(() => expect(heldPage.of(pending.id)).toBeNull());
  });

  it('after logging in from a shared link, names that page instead of forgetting it', async () => {
    const user = setupUser();
    recordOtherCalls();
    mockEndpoint(authEndpoints.me, { data: pending });
    mockEndpoint(authEndpoints.login, { access_token: 'pending-token', token_type: 'Bearer', expires_in: 900, user: pending });
    const { router } = renderApp('/login?next=%2Fpetitions%2Fdetails%2F7');

    await user.type(await screen.findByLabelText(/^E-post/), 'pending@test.no');
    await user.type(screen.getByLabelText(/^Passord/), 'Demo!2026-pass');
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));

    const held = await screen.findByRole('region', { name: 'Siden du prøvde å åpne' });
    expect(within(held).getByRole('link', { name: '/petitions/details/7' })).toHaveAttribute('href', '/petitions/details/7');
    expect(router.state.location.pathname).toBe('/');
  });

  it('may complete its professional experience meanwhile', async () => {
    const { others } = session(pending);
    const empty = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };
    mockEndpoint(professionalEndpoints.listExperiences, empty);
    mockEndpoint(professionalEndpoints.listEducations, empty);
    renderApp('/professional_experience');

    expect(await screen.findByRole('heading', { level: 1, name: 'Erfaring og utdanning' })).toBeInTheDocument();
    expect(await screen.findByText('Du har ikke lagt inn noen erfaring ennå.')).toBeInTheDocument();
    expect(others).toEqual([]);
  });
});

describe('an account in review', () => {
  it('shows its state in the header and the page, without a bell and without notification calls', async () => {
    const { others } = session(inReview);
    await changeLocale('en');
    renderApp('/');

    expect(await screen.findByRole('heading', { level: 1, name: 'Your profile is being reviewed' })).toBeInTheDocument();
    expect(screen.getByText(/usually takes two to three working days/)).toBeInTheDocument();
    expect(screen.queryByText(/log in later/)).not.toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('In review')).toBeInTheDocument();
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    const menu = screen.getByRole('navigation', { name: 'Main menu' });
    // Videos and audio are open to "In review" (spec point 2); the feed is not.
    expect(within(menu).getByRole('link', { name: 'Videos' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Feed' })).not.toBeInTheDocument();
    expect(within(menu).queryByText('My pages')).not.toBeInTheDocument();
    expect(others).toEqual([]);
  });
});

describe('acting as a business profile', () => {
  it('blocks /professional_experience like the other personal pages', async () => {
    const { others } = session(acting);
    // The header's messages count is the company's in business mode (it reads its conversations).
    mockEndpoint(messageEndpoints.unread, { data: { unread_total: 0, requests: 0 } });
    const { router } = renderApp('/professional_experience');

    expect(await screen.findByRole('dialog', { name: 'Ikke tilgjengelig for bedriftsprofil' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
    expect(others).toEqual([]);
  });

  it('has no "My pages" and no bell, so nothing asks for personal data', async () => {
    const { others } = session(acting);
    renderApp('/about_us');

    await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(within(nav()).queryByText('Mine sider')).not.toBeInTheDocument();
    expect(within(nav()).getByRole('link', { name: 'Nyhetsstrøm' })).toBeInTheDocument();
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(others).toEqual([]);
  });

  it("switching to the company lands on the company's page", async () => {
    const user = setupUser();
    session(manager);
    mockEndpoint(authEndpoints.authAs, { access_token: 'company-token', token_type: 'Bearer', expires_in: 900, user: acting });
    const { router } = renderApp('/about_us');

    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Opptre som bedrift: Demo Medisin AS' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_company/demo-medisin-as'));
  });
});

describe('answers of the API that are a state, not an error', () => {
  it('maps a 403 for the account state to the state page, never to an error toast, and reads the account again', async () => {
    // The stored copy says "Approved"; meanwhile an administrator put the account in review.
    logIn(testUser());
    const me = mockEndpoint(authEndpoints.me, { data: inReview });
    mockEndpoint(jobEndpoints.list, apiError(403, 'Server text that must not be toasted', 'account_in_review'));
    const { router } = renderApp('/jobs');

    // The header and the page follow the account's real state; the refused page is held.
    await waitFor(() => expect(me.length).toBeGreaterThan(0));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Profilen din er til vurdering' })).toBeInTheDocument();
    const held = screen.getByRole('region', { name: 'Siden du prøvde å åpne' });
    expect(within(held).getByRole('link', { name: 'Jobber' })).toHaveAttribute('href', '/jobs');
    expect(screen.getByText(/tar vanligvis to til tre virkedager/)).toBeInTheDocument();
    expect(screen.queryByText('Server text that must not be toasted')).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText(/logge inn senere/)).not.toBeInTheDocument();
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
  });

  it.each([
    ['no', '120', 'For mange forespørsler på kort tid. Vent 2 minutter og prøv igjen.'],
    ['en', '30', 'Too many requests in a short time. Wait 30 seconds and try again.'],
  ] as const)('a 429 says how long to wait (%s, Retry-After %s)', async (locale, retryAfter, text) => {
    logIn(testUser());
    mockEndpoint(authEndpoints.me, { data: testUser() });
    mockEndpoint(jobEndpoints.list, HttpResponse.json({ status_code: 429, message: 'Too Many Requests' }, { status: 429, headers: { 'Retry-After': retryAfter } }));
    await changeLocale(locale);
    renderApp('/jobs');

    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('Too Many Requests')).not.toBeInTheDocument();
  });
});
