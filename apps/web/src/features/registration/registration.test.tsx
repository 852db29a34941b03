import { type LoginResponse, type User } from '@legenett/contracts';
import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { changeLocale } from '@/shared/i18n/i18n';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });
// Typing whole forms with user-event takes a few seconds on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const SESSION = '5b0f8f0e-6a3c-4a51-9a4f-2f9f6f1c1a11';
const VERIFICATION = '9d2b8e7c-1f4a-4c3b-8a5d-6e7f8a9b0c1d';

const user: User = {
  id: 5,
  slug: 'marte-olsen',
  first_name: 'Marte',
  last_name: 'Olsen',
  email: 'marte@test.no',
  phone: '+4791234567',
  status_label: 'Approved',
  user_info: {
    approved_hrp: 2,
    hpr_number: '9301133',
    hpr_verified: true,
    county_id: null,
    city_id: null,
    workplace_situation_id: 2,
    workplace_name: null,
    position: null,
    about: null,
    specialities: [],
    notification_settings: { sms_webinar_reminders: false, email_webinar_reminders: true, important_updates: true },
  },
  active_business_profile: null,
  available_business_profiles: [],
  permissions: [],
  roles: ['doctor'],
  profile_avatar: null,
  profile_background: null,
  last_login_date: null,
  locale: 'no',
  theme: 'light',
  email_verified: true,
  two_factor_enabled: false,
};

interface Call {
  method: string;
  path: string;
  body: unknown;
}

/** The registration API as the contract answers it; `overrides` replace single answers. */
function stubApi(overrides: Record<string, () => Response> = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0]!;
      const method = init?.method ?? 'GET';
      calls.push({ method, path, body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
      const key = `${method} ${path}`;
      if (overrides[key]) return Promise.resolve(overrides[key]());
      switch (key) {
        case 'GET /api/signicat/create-session':
          return Promise.resolve(jsonResponse({ data: { id: SESSION, url: `/api/identity-simulator/${SESSION}?lang=no` } }));
        case `GET /api/signicat/retrieve-session/${SESSION}`:
          return Promise.resolve(
            jsonResponse({
              data: { id: SESSION, status: 'completed', expires_at: '2026-11-22T10:00:00.000Z', person: { first_name: 'Marte', last_name: 'Olsen', birth_date: '1990-08-17' } },
            }),
          );
        case 'GET /api/workplace-situations':
          return Promise.resolve(jsonResponse({ data: [{ id: 2, name: 'I arbeid', code: 'working' }, { id: 1, name: 'Student', code: 'student' }] }));
        case 'GET /api/specialties':
          return Promise.resolve(jsonResponse({ data: [{ id: 11, name: 'Allmennmedisin' }] }));
        case `POST /api/signicat/create-user/${SESSION}`:
        case 'POST /api/user/register':
          return Promise.resolve(jsonResponse({ data: { verification_id: VERIFICATION } }, 201));
        case `GET /api/user-verification/${VERIFICATION}`:
          return Promise.resolve(jsonResponse({ data: { id: VERIFICATION, masked_email: 'm***e@test.no', expires_at: '2026-11-22T10:30:00.000Z', verified: false } }));
        case `POST /api/user-verification/${VERIFICATION}`: {
          const login: LoginResponse = { access_token: 'token-1', token_type: 'Bearer', expires_in: 900, user };
          return Promise.resolve(jsonResponse(login));
        }
        default:
          return defaultFetch(input, init);
      }
    }),
  );
  return calls;
}

async function fillCommonFields(ui: ReturnType<typeof userEvent.setup>) {
  await ui.type(screen.getByLabelText(/^E-post/), 'marte@test.no');
  await ui.type(screen.getByLabelText(/^Passord/), 'Sterkt!Passord42');
  await ui.type(screen.getByLabelText(/^Gjenta passord/), 'Sterkt!Passord42');
  await ui.type(screen.getByLabelText(/^Mobilnummer/), '91234567');
  await ui.click(screen.getByRole('combobox', { name: /^Arbeidssituasjon/ }));
  await ui.click(await screen.findByRole('option', { name: 'I arbeid', hidden: true }));
  await ui.click(screen.getByRole('checkbox', { name: /godtar vilkårene/ }));
  await ui.click(screen.getByRole('checkbox', { name: /sensitive opplysninger/ }));
}

describe('sign-up', () => {
  it('/register offers the identity provider: the button starts a session and goes to its URL', async () => {
    const calls = stubApi();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/register');
    await userEvent.click(await screen.findByRole('button', { name: 'Fortsett med BankID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/identity-simulator/${SESSION}?lang=no`));
    expect(calls.some((c) => c.path === '/api/signicat/create-session')).toBe(true);
    vi.unstubAllGlobals();
  });

  it('shows live password hints and checks the form before sending', async () => {
    stubApi();
    const ui = userEvent.setup();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrer deg', level: 1 });
    expect(screen.getByText(/8–128 tegn/)).toHaveTextContent('ikke oppfylt');
    await ui.type(screen.getByLabelText(/^Passord/), 'Sterkt!Passord42');
    expect(screen.getByText(/8–128 tegn/)).toHaveTextContent('(oppfylt)');
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findAllByText('Du må godta dette for å registrere deg.')).toHaveLength(2);
    expect(screen.getByText('HPR-nummeret må være 7–9 sifre.')).toBeInTheDocument();
  });

  it('registers with an HPR number and goes to e-mail verification', async () => {
    const calls = stubApi();
    const ui = userEvent.setup();
    const view = renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrer deg', level: 1 });
    await ui.type(screen.getByLabelText(/^Fornavn/), 'Per');
    await ui.type(screen.getByLabelText(/^Etternavn/), 'Hansen');
    await ui.type(screen.getByLabelText(/^HPR-nummer/), '9301133');
    await fillCommonFields(ui);
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/user-verification/${VERIFICATION}`));
    const sent = calls.find((c) => c.path === '/api/user/register')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ first_name: 'Per', phone: '+4791234567', workplace_situation_id: 2, hpr_number: '9301133', accept_terms: true });
  });

  it('shows server 422 messages on their fields', async () => {
    stubApi({
      'POST /api/user/register': () =>
        jsonResponse({ message: 'Noen felt er ikke fylt ut riktig.', errors: { email: ['E-postadressen er allerede registrert.'] } }, 422),
    });
    const ui = userEvent.setup();
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrer deg', level: 1 });
    await ui.type(screen.getByLabelText(/^Fornavn/), 'Per');
    await ui.type(screen.getByLabelText(/^Etternavn/), 'Hansen');
    await ui.type(screen.getByLabelText(/^HPR-nummer/), '9301133');
    await fillCommonFields(ui);
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findAllByText('E-postadressen er allerede registrert.')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^E-post/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('return from the identity provider', () => {
  it('shows the identified person, then (after the delay) the form; success goes to verification', async () => {
    const calls = stubApi();
    const ui = userEvent.setup();
    const view = renderApp(`/signicat-registration-callback?sessionId=${SESSION}`);
    expect(await screen.findByText('Identifisert som Marte Olsen')).toBeInTheDocument();
    expect(screen.getByText('Registreringen fortsetter etter en kort pause etter identitetssjekken.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Fornavn/)).not.toBeInTheDocument();
    await screen.findByRole('button', { name: 'Opprett konto' });
    expect(screen.getByLabelText(/^HPR-nummer \(valgfritt\)/)).not.toBeRequired();
    await fillCommonFields(ui);
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/user-verification/${VERIFICATION}`));
    const sent = calls.find((c) => c.path === `/api/signicat/create-user/${SESSION}`)!.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('first_name');
    expect(sent).toMatchObject({ email: 'marte@test.no', accept_no_sensitive_info: true });
  });

  it('shows an identity-session error directly (time-out), in English too', async () => {
    await changeLocale('en');
    stubApi({
      [`GET /api/signicat/retrieve-session/${SESSION}`]: () =>
        jsonResponse({ status_code: 409, message: 'The identification session has timed out, please try again.' }, 409),
    });
    renderApp(`/signicat-registration-callback?sessionId=${SESSION}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The identification session has timed out, please try again.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/register');
  });
});

describe('e-mail verification', () => {
  it('enters the code, logs in and goes to the feed', async () => {
    const calls = stubApi();
    const ui = userEvent.setup();
    const view = renderApp(`/user-verification/${VERIFICATION}`);
    expect(await screen.findByText(/Vi har sendt en kode med 6 sifre til m\*\*\*e@test\.no/)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Bekreftelseskode' });
    await ui.click(group.querySelector('input')!);
    await ui.keyboard('123456');
    await waitFor(() => expect(authStore.getToken()).toBe('token-1'));
    await waitFor(() => expect(view.router.state.location.pathname).not.toBe(`/user-verification/${VERIFICATION}`));
    expect(calls.find((c) => c.method === 'POST' && c.path === `/api/user-verification/${VERIFICATION}`)!.body).toEqual({ code: '123456' });
  });

  it('a wrong code is shown on the page', async () => {
    stubApi({
      [`POST /api/user-verification/${VERIFICATION}`]: () => jsonResponse({ message: 'x', errors: { code: ['Koden er feil.'] } }, 422),
    });
    const ui = userEvent.setup();
    renderApp(`/user-verification/${VERIFICATION}`);
    const group = await screen.findByRole('group', { name: 'Bekreftelseskode' });
    await ui.click(group.querySelector('input')!);
    await ui.keyboard('000000');
    expect(await screen.findByRole('alert')).toHaveTextContent('Koden er feil.');
  });
});

describe('password and e-mail', () => {
  it('forgot password shows the server answer', async () => {
    stubApi({ 'POST /api/user/forgot-password': () => jsonResponse({ data: { message: 'Hvis adressen er registrert hos oss, har vi sendt en lenke.' } }) });
    const ui = userEvent.setup();
    renderApp('/forgot-password');
    await ui.type(await screen.findByLabelText(/^E-post/), 'kari@test.no');
    await ui.click(screen.getByRole('button', { name: 'Send lenke' }));
    expect(await screen.findByText(/Hvis adressen er registrert hos oss/)).toBeInTheDocument();
  });

  it('reset password sends the token from the link and the new password', async () => {
    const calls = stubApi({ 'PUT /api/user/reset-password': () => jsonResponse({ data: { message: 'Passordet er endret.' } }) });
    const ui = userEvent.setup();
    const token = 'a'.repeat(43);
    renderApp(`/reset-password?token=${token}`);
    await ui.type(await screen.findByLabelText(/^Nytt passord/), 'Sterkt!Passord42');
    await ui.type(screen.getByLabelText(/^Gjenta passord/), 'Sterkt!Passord42');
    await ui.click(screen.getByRole('button', { name: 'Lagre passord' }));
    expect(await screen.findByText(/Passordet er endret\./)).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/user/reset-password')!.body).toEqual({
      token,
      password: 'Sterkt!Passord42',
      password_confirmation: 'Sterkt!Passord42',
    });
  });

  it('confirm-changeable-email confirms on arrival and shows a refused token', async () => {
    stubApi({
      'PUT /api/user/confirm-changeable-email': () => jsonResponse({ message: 'x', errors: { token: ['Lenken er ugyldig eller utløpt.'] } }, 422),
    });
    renderApp(`/confirm-changeable-email?token=${'b'.repeat(43)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken er ugyldig eller utløpt.');
  });
});
