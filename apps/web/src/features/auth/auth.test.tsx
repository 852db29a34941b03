import { authEndpoints, type LoginResponse, mediaEndpoints, type User } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@/shared/auth/auth-store';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

const loginAnswer = (user: User, token = 'new-token'): LoginResponse => ({
  access_token: token,
  token_type: 'Bearer',
  expires_in: 900,
  user,
});

describe('login with two-step authentication', () => {
  it('asks for a code after the password, then logs in and goes to the feed', async () => {
    const user = testUser({ two_factor_enabled: true });
    mockEndpoint(authEndpoints.login, {
      two_factor_required: true,
      challenge_token: 'challenge-1',
      expires_in: 300,
    });
    const secondSteps = mockEndpoint(authEndpoints.loginTwoFactor, ({ body }) =>
      (body as { recovery_code?: string }).recovery_code === 'ABCDE-FGHJK'
        ? loginAnswer(user)
        : validationError({ code: ['Koden er ugyldig eller allerede brukt.'] }, 'Koden er ugyldig'),
    );
    const { router } = renderApp('/login');
    const ui = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    // The focus starts in the e-mail field, not on the dialog's close button.
    await waitFor(() => expect(within(dialog).getByLabelText(/E-post/)).toHaveFocus());
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
    expect(await screen.findByRole('button', { name: /Brukermeny$/ })).toBeInTheDocument();
    expect(
      screen.queryByText('Denne siden er bare for brukere som ikke er logget inn!'),
    ).not.toBeInTheDocument();
    expect(secondSteps.map((c) => c.body)).toEqual([
      { challenge_token: 'challenge-1', recovery_code: 'ABCDE-FGHJK' },
    ]);
  });

  it('sends the six-digit code of the app', async () => {
    mockEndpoint(authEndpoints.login, {
      two_factor_required: true,
      challenge_token: 'challenge-2',
      expires_in: 300,
    });
    const secondSteps = mockEndpoint(authEndpoints.loginTwoFactor, loginAnswer(testUser()));
    const { router } = renderApp('/login');
    const ui = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    await ui.type(within(dialog).getByLabelText(/E-post/), 'kari@test.no');
    await ui.type(within(dialog).getByLabelText(/Passord/), 'Hemmelig!123');
    await ui.click(within(dialog).getByRole('button', { name: 'Logg inn' }));
    await within(dialog).findByRole('heading', { name: 'Totrinnsbekreftelse' });
    await ui.keyboard('123456');
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(secondSteps.map((c) => c.body)).toEqual([{ challenge_token: 'challenge-2', code: '123456' }]);
  });

  it('shows the server refusal of a wrong password as a warning toast', async () => {
    mockEndpoint(
      authEndpoints.login,
      validationError({ email: ['Feil e-postadresse eller passord.'] }, 'Noen felt er ikke fylt ut riktig.'),
    );
    renderApp('/login');
    const ui = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    await ui.type(within(dialog).getByLabelText(/E-post/), 'kari@test.no');
    await ui.type(within(dialog).getByLabelText(/Passord/), 'feil');
    await ui.click(within(dialog).getByRole('button', { name: 'Logg inn' }));
    // As a warning toast and beside the field (looking for one text would wait for the toast to close).
    await waitFor(() => expect(screen.getAllByText('Feil e-postadresse eller passord.')).toHaveLength(2));
    expect(within(dialog).getByLabelText(/E-post/)).toHaveAccessibleDescription(
      'Feil e-postadresse eller passord.',
    );
    expect(authStore.getToken()).toBeNull();
  });
});

describe('route access guard in the app', () => {
  it('visitor on a login route: home and the registration-required modal', async () => {
    const { router } = renderApp('/jobs');
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn for å fortsette' });
    expect(
      within(dialog).getByText('Logg inn eller registrer deg for å få tilgang til innholdet.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByRole('heading', { name: 'Jobber åpner snart' })).not.toBeInTheDocument();
  });

  it('logged-in user on a page for visitors: warning toast and home (then the feed)', async () => {
    logIn();
    const { router } = renderApp('/user-verification/abc');
    expect(
      await screen.findByText('Denne siden er bare for brukere som ikke er logget inn!'),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
  });

  it('"In review": home is its state page, naming the page it tried (no modal)', async () => {
    logIn(testUser({ status_label: 'In review' }));
    const { router } = renderApp('/jobs');
    const held = await screen.findByRole('region', { name: 'Siden du prøvde å åpne' });
    expect(within(held).getByRole('link', { name: 'Jobber' })).toHaveAttribute('href', '/jobs');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('business profile on a personal page: the company modal and home', async () => {
    const company = { id: 3, slug: 'firma', name: 'Firma AS', logo: null };
    logIn(testUser({ active_business_profile: company, available_business_profiles: [company] }));
    const { router } = renderApp('/my_jobs');
    expect(
      await screen.findByRole('dialog', { name: 'Ikke tilgjengelig for bedriftsprofil' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('videos without confirmed health personnel: the notice (as for the API refusal), not a toast, and home', async () => {
    logIn(testUser({ user_info: { ...testUser().user_info, approved_hrp: 1 } }));
    const { router } = renderApp('/videos');
    expect(await screen.findByRole('dialog', { name: 'Bare for helsepersonell' })).toBeInTheDocument();
    expect(screen.queryByText('Innholdet er bare for bekreftet helsepersonell.')).not.toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('an approved doctor reaches the page', async () => {
    logIn();
    mockEndpoint(mediaEndpoints.videoCategories, { data: [] });
    mockEndpoint(mediaEndpoints.continueList, { data: [] });
    mockEndpoint(mediaEndpoints.videos, {
      data: [],
      meta: { current_page: 1, last_page: 1, per_page: 12, total: 0 },
    });
    mockEndpoint(mediaEndpoints.preferences, { data: { resume: true } });
    renderApp('/videos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Videoer' })).toBeInTheDocument();
    expect(screen.queryByText('Innholdet er bare for bekreftet helsepersonell.')).not.toBeInTheDocument();
  });
});

describe('header user menu', () => {
  it('switches to the business profile and back, and logs out', async () => {
    const company = { id: 3, slug: 'firma', name: 'Firma AS', logo: null };
    const personal = testUser({ available_business_profiles: [company] });
    const acting = { ...personal, active_business_profile: company };
    const authAs = mockEndpoint(authEndpoints.authAs, loginAnswer(acting, 'company-token'));
    mockEndpoint(authEndpoints.leaveBusinessProfile, loginAnswer(personal, 'personal-token'));
    const logouts = mockEndpoint(authEndpoints.logout, null);
    logIn(personal);
    const { router } = renderApp('/jobs');
    const ui = setupUser();
    await ui.click(await screen.findByRole('button', { name: /Brukermeny$/ }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Opptre som bedrift: Firma AS' }));
    await waitFor(() => expect(authStore.getToken()).toBe('company-token'));
    expect(authAs.map((c) => c.params.id)).toEqual(['3']);
    // Acting as the company starts on its own page, not the visitors' home.
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_company/firma'));
    expect(await screen.findByText('Du opptrer nå som Firma AS.')).toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: /Brukermeny$/ }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Tilbake til personlig profil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(authStore.getToken()).toBe('personal-token');

    await ui.click(screen.getByRole('button', { name: /Brukermeny$/ }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Logg ut' }));
    await waitFor(() => expect(authStore.get()).toEqual({ token: null, user: null }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.getAllByRole('link', { name: 'Logg inn' }).length).toBeGreaterThan(0);
    expect(logouts).toHaveLength(1);
  });
});
