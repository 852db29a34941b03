import { type User } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@/shared/auth/auth-store';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

type Route = (body: unknown, init: RequestInit | undefined) => Response;

/** A fetch that answers the given `METHOD /api/path` routes and falls back to the fixtures. */
function stubApi(routes: Record<string, Route>) {
  const mock = vi.fn<typeof fetch>((input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const key = `${init?.method ?? 'GET'} ${url.split('?')[0]}`;
    const route = routes[key];
    if (!route) return defaultFetch(input, init);
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : null;
    return Promise.resolve(route(body, init));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

const loginAnswer = (user: User, token = 'new-token') => ({ access_token: token, token_type: 'Bearer', expires_in: 900, user });

describe('login with two-step authentication', () => {
  it('asks for a code after the password, then logs in and goes to the feed', async () => {
    const user = testUser({ two_factor_enabled: true });
    const fetchMock = stubApi({
      'POST /api/user/login': () => jsonResponse({ two_factor_required: true, challenge_token: 'challenge-1', expires_in: 300 }),
      'POST /api/user/login/two-factor': (body) =>
        (body as { recovery_code?: string }).recovery_code === 'ABCDE-FGHJK'
          ? jsonResponse(loginAnswer(user))
          : jsonResponse({ message: 'Koden er ugyldig', errors: { code: ['Koden er ugyldig eller allerede brukt.'] } }, 422),
    });
    const { router } = renderApp('/login');
    const ui = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    await ui.type(within(dialog).getByLabelText(/E-post/), 'kari@test.no');
    await ui.type(within(dialog).getByLabelText(/Passord/), 'Hemmelig!123');
    await ui.click(within(dialog).getByRole('button', { name: 'Logg inn' }));

    expect(await within(dialog).findByRole('heading', { name: 'Totrinnsbekreftelse' })).toBeInTheDocument();
    expect(authStore.getToken()).toBeNull();
    await ui.click(within(dialog).getByRole('button', { name: 'Bruk en gjenopprettingskode' }));
    await ui.type(within(dialog).getByLabelText(/Gjenopprettingskode/), 'ABCDE-FGHJK');
    await ui.click(within(dialog).getByRole('button', { name: 'Bekreft' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(authStore.getToken()).toBe('new-token');
    expect(screen.getByRole('button', { name: 'Brukermeny' })).toBeInTheDocument();
    expect(screen.queryByText('Denne siden er bare for brukere som ikke er logget inn!')).not.toBeInTheDocument();
    const step2 = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/login/two-factor'));
    expect(JSON.parse(String(step2?.[1]?.body))).toEqual({ challenge_token: 'challenge-1', recovery_code: 'ABCDE-FGHJK' });
  });

  it('sends the six-digit code of the app', async () => {
    const fetchMock = stubApi({
      'POST /api/user/login': () => jsonResponse({ two_factor_required: true, challenge_token: 'challenge-2', expires_in: 300 }),
      'POST /api/user/login/two-factor': () => jsonResponse(loginAnswer(testUser())),
    });
    const { router } = renderApp('/login');
    const ui = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    await ui.type(within(dialog).getByLabelText(/E-post/), 'kari@test.no');
    await ui.type(within(dialog).getByLabelText(/Passord/), 'Hemmelig!123');
    await ui.click(within(dialog).getByRole('button', { name: 'Logg inn' }));
    await within(dialog).findByRole('heading', { name: 'Totrinnsbekreftelse' });
    await ui.keyboard('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    const step2 = fetchMock.mock.calls.find(([u]) => String(u).endsWith('/login/two-factor'));
    expect(JSON.parse(String(step2?.[1]?.body))).toEqual({ challenge_token: 'challenge-2', code: '123456' });
  });

  it('shows the server refusal of a wrong password as a warning toast', async () => {
    stubApi({
      'POST /api/user/login': () =>
        jsonResponse({ message: 'Noen felt er ikke fylt ut riktig.', errors: { email: ['Feil e-postadresse eller passord.'] } }, 422),
    });
    renderApp('/login');
    const ui = userEvent.setup();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    await ui.type(within(dialog).getByLabelText(/E-post/), 'kari@test.no');
    await ui.type(within(dialog).getByLabelText(/Passord/), 'feil');
    await ui.click(within(dialog).getByRole('button', { name: 'Logg inn' }));
    expect(await screen.findByText('Feil e-postadresse eller passord.')).toBeInTheDocument();
    expect(authStore.getToken()).toBeNull();
  });
});

describe('route access guard in the app', () => {
  it('visitor on a login route: home and the registration-required modal', async () => {
    const { router } = renderApp('/jobs');
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn for å fortsette' });
    expect(within(dialog).getByText('Logg inn eller registrer deg for å få tilgang til innholdet.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Jobber åpner snart' })).not.toBeInTheDocument();
  });

  it('logged-in user on a page for visitors: warning toast and home (then the feed)', async () => {
    logIn();
    const { router } = renderApp('/user-verification/abc');
    expect(await screen.findByText('Denne siden er bare for brukere som ikke er logget inn!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('"In review": home and the on-review modal', async () => {
    logIn(testUser({ status_label: 'In review' }));
    const { router } = renderApp('/jobs');
    const dialog = await screen.findByRole('dialog', { name: 'Profilen er til vurdering' });
    expect(within(dialog).getByText('Profilen din blir sjekket, prøv å logge inn senere.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('business profile on a personal page: the company modal and home', async () => {
    const company = { id: 3, slug: 'firma', name: 'Firma AS', logo: null };
    logIn(testUser({ active_business_profile: company, available_business_profiles: [company] }));
    const { router } = renderApp('/my_jobs');
    expect(await screen.findByRole('dialog', { name: 'Ikke tilgjengelig for bedriftsprofil' })).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('videos without confirmed health personnel: the message and home', async () => {
    logIn(testUser({ user_info: { ...testUser().user_info, approved_hrp: 1 } }));
    renderApp('/videos');
    expect(await screen.findByText('Innholdet er bare for bekreftet helsepersonell.')).toBeInTheDocument();
  });

  it('an approved doctor reaches the page', async () => {
    logIn();
    renderApp('/petitions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opprop åpner snart' })).toBeInTheDocument();
  });
});

describe('header user menu', () => {
  it('switches to the business profile and back, and logs out', async () => {
    const company = { id: 3, slug: 'firma', name: 'Firma AS', logo: null };
    const personal = testUser({ available_business_profiles: [company] });
    const acting = { ...personal, active_business_profile: company };
    stubApi({
      'POST /api/user/available-business-profile/3/auth-as': () => jsonResponse(loginAnswer(acting, 'company-token')),
      'DELETE /api/user/active-business-profiles': () => jsonResponse(loginAnswer(personal, 'personal-token')),
      'POST /api/user/logout': () => new Response(null, { status: 204 }),
    });
    logIn(personal);
    const { router } = renderApp('/jobs');
    const ui = userEvent.setup();
    await ui.click(await screen.findByRole('button', { name: 'Brukermeny' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Opptre som bedrift: Firma AS' }));
    await waitFor(() => expect(authStore.getToken()).toBe('company-token'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Du opptrer nå som Firma AS.')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Brukermeny' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Tilbake til personlig profil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(authStore.getToken()).toBe('personal-token');

    await ui.click(screen.getByRole('button', { name: 'Brukermeny' }));
    await act(async () => {
      await ui.click(await screen.findByRole('menuitem', { name: 'Logg ut' }));
    });
    await waitFor(() => expect(authStore.get()).toEqual({ token: null, user: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getAllByRole('link', { name: 'Logg inn' }).length).toBeGreaterThan(0);
  });
});
