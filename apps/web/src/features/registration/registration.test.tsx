import { type LoginResponse, referenceEndpoints, registrationEndpoints } from '@legenett/contracts';
import { screen, waitFor } from '@testing-library/react';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { changeLocale } from '@/shared/i18n/i18n';
import { apiError, mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { testUser } from '@/testing/users';

const SESSION = '5b0f8f0e-6a3c-4a51-9a4f-2f9f6f1c1a11';
const VERIFICATION = '9d2b8e7c-1f4a-4c3b-8a5d-6e7f8a9b0c1d';

const user = testUser({ id: 5, slug: 'marte-olsen', first_name: 'Marte', last_name: 'Olsen', email: 'marte@test.no', permissions: [] });

/** The registration API as the contract answers it; a test mocks an endpoint again to answer otherwise. */
function mockRegistrationApi() {
  mockEndpoint(referenceEndpoints.workplaceSituations, {
    data: [
      { id: 2, name: 'I arbeid', code: 'working' },
      { id: 1, name: 'Student', code: 'student' },
    ],
  });
  mockEndpoint(referenceEndpoints.specialties, { data: [{ id: 11, name: 'Allmennmedisin' }] });
  mockEndpoint(registrationEndpoints.retrieveIdentitySession, {
    data: {
      id: SESSION,
      status: 'completed',
      expires_at: '2026-11-22T10:00:00.000Z',
      person: { first_name: 'Marte', last_name: 'Olsen', birth_date: '1990-08-17', hpr_number: '9301133' },
    },
  });
  mockEndpoint(registrationEndpoints.showVerification, {
    data: { id: VERIFICATION, masked_email: 'm***e@test.no', expires_at: '2026-11-22T10:30:00.000Z', verified: false },
  });
  const login: LoginResponse = { access_token: 'token-1', token_type: 'Bearer', expires_in: 900, user };
  return {
    createSession: mockEndpoint(registrationEndpoints.createIdentitySession, { data: { id: SESSION, url: `/api/identity-simulator/${SESSION}?lang=no` } }),
    createFromIdentity: mockEndpoint(registrationEndpoints.createUserFromIdentity, { data: { verification_id: VERIFICATION } }),
    register: mockEndpoint(registrationEndpoints.registerWithHpr, { data: { verification_id: VERIFICATION } }),
    verify: mockEndpoint(registrationEndpoints.verify, login),
  };
}

let api: ReturnType<typeof mockRegistrationApi>;
let ui: ReturnType<typeof setupUser>;
beforeEach(() => {
  api = mockRegistrationApi();
  ui = setupUser();
});

async function fillCommonFields() {
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
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    renderApp('/register');
    await ui.click(await screen.findByRole('button', { name: 'Fortsett med BankID' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(`/api/identity-simulator/${SESSION}?lang=no`));
    expect(api.createSession).toHaveLength(1);
  });

  it('shows live password hints and checks the form before sending', async () => {
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrer deg', level: 1 });
    expect(screen.getByText(/10–128 tegn/)).toHaveTextContent('ikke oppfylt');
    await ui.type(screen.getByLabelText(/^Passord/), 'Sterkt!Passord42');
    expect(screen.getByText(/10–128 tegn/)).toHaveTextContent('(oppfylt)');
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findAllByText('Du må godta dette for å registrere deg.')).toHaveLength(2);
    expect(screen.getByText('HPR-nummeret må være 7–9 sifre.')).toBeInTheDocument();
  });

  it('registers with an HPR number and goes to e-mail verification', async () => {
    const view = renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrer deg', level: 1 });
    await ui.type(screen.getByLabelText(/^Fornavn/), 'Per');
    await ui.type(screen.getByLabelText(/^Etternavn/), 'Hansen');
    await ui.type(screen.getByLabelText(/^HPR-nummer/), '9301133');
    await fillCommonFields();
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/user-verification/${VERIFICATION}`));
    const sent = api.register[0]!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ first_name: 'Per', phone: '+4791234567', workplace_situation_id: 2, hpr_number: '9301133', accept_terms: true });
  });

  it('shows server 422 messages on their fields', async () => {
    mockEndpoint(
      registrationEndpoints.registerWithHpr,
      validationError({ email: ['Ugyldig e-postadresse.'] }, 'Noen felt er ikke fylt ut riktig.'),
    );
    renderApp('/register');
    await screen.findByRole('heading', { name: 'Registrer deg', level: 1 });
    await ui.type(screen.getByLabelText(/^Fornavn/), 'Per');
    await ui.type(screen.getByLabelText(/^Etternavn/), 'Hansen');
    await ui.type(screen.getByLabelText(/^HPR-nummer/), '9301133');
    await fillCommonFields();
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    expect(await screen.findAllByText('Ugyldig e-postadresse.')).not.toHaveLength(0);
    expect(screen.getByLabelText(/^E-post/)).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('return from the identity provider', () => {
  it('shows the identified person, then (after the delay) the form; success goes to verification', async () => {
    const view = renderApp(`/signicat-registration-callback?sessionId=${SESSION}`);
    expect(await screen.findByText('Identifisert som Marte Olsen')).toBeInTheDocument();
    expect(screen.getByText(/17\. aug\. 1990/)).toBeInTheDocument();
    expect(screen.getByText('Registreringen fortsetter etter en kort pause etter identitetssjekken.')).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Fornavn/)).not.toBeInTheDocument();
    await screen.findByRole('button', { name: 'Opprett konto' });
    // The HPR number the register knows for the identified person is filled in.
    expect(screen.getByLabelText(/^HPR-nummer \(valgfritt\)/)).not.toBeRequired();
    expect(screen.getByLabelText(/^HPR-nummer \(valgfritt\)/)).toHaveValue('9301133');
    await fillCommonFields();
    await ui.click(screen.getByRole('button', { name: 'Opprett konto' }));
    await waitFor(() => expect(view.router.state.location.pathname).toBe(`/user-verification/${VERIFICATION}`));
    expect(api.createFromIdentity.map((c) => c.params.id)).toEqual([SESSION]);
    const sent = api.createFromIdentity[0]!.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('first_name');
    expect(sent).toMatchObject({ email: 'marte@test.no', accept_no_sensitive_info: true, hpr_number: '9301133' });
  });

  it('shows an identity-session error directly (time-out), in English too', async () => {
    await changeLocale('en');
    mockEndpoint(registrationEndpoints.retrieveIdentitySession, apiError(409, 'The identification session has timed out, please try again.'));
    renderApp(`/signicat-registration-callback?sessionId=${SESSION}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('The identification session has timed out, please try again.');
    expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/register');
  });
});

describe('e-mail verification', () => {
  it('enters the code, logs in and goes to the feed', async () => {
    const view = renderApp(`/user-verification/${VERIFICATION}`);
    expect(await screen.findByText(/Vi har sendt en kode med 6 sifre til m\*\*\*e@test\.no/)).toBeInTheDocument();
    const group = screen.getByRole('group', { name: 'Bekreftelseskode' });
    await ui.click(group.querySelector('input')!);
    await ui.keyboard('123456');
    await waitFor(() => expect(authStore.getToken()).toBe('token-1'));
    await waitFor(() => expect(view.router.state.location.pathname).not.toBe(`/user-verification/${VERIFICATION}`));
    expect(api.verify.map((c) => [c.params.id, c.body])).toEqual([[VERIFICATION, { code: '123456' }]]);
  });

  it('a wrong code is shown on the page', async () => {
    mockEndpoint(registrationEndpoints.verify, validationError({ code: ['Koden er feil.'] }));
    renderApp(`/user-verification/${VERIFICATION}`);
    const group = await screen.findByRole('group', { name: 'Bekreftelseskode' });
    await ui.click(group.querySelector('input')!);
    await ui.keyboard('000000');
    // On the page and as a warning toast (both alerts); waiting for a single alert would outlast the toast.
    await waitFor(() => expect(screen.getAllByRole('alert').filter((a) => a.textContent?.includes('Koden er feil.'))).toHaveLength(2));
  });
});

describe('e-mail verification of an id that verifies nothing', () => {
  it('asks to check the mail and offers login (a sign-up with an address that has an account)', async () => {
    mockEndpoint(registrationEndpoints.showVerification, apiError(404, 'Fant ikke siden.'));
    renderApp(`/user-verification/${VERIFICATION}`);
    const note = await screen.findByText(/Sjekk e-posten din\. Har adressen allerede en konto hos oss/);
    expect(note.querySelector('a')).toHaveAttribute('href', '/login');
  });
});

describe('password and e-mail', () => {
  it('forgot password shows the server answer', async () => {
    mockEndpoint(registrationEndpoints.forgotPassword, { data: { message: 'Hvis adressen er registrert hos oss, har vi sendt en lenke.' } });
    renderApp('/forgot-password');
    await ui.type(await screen.findByLabelText(/^E-post/), 'kari@test.no');
    await ui.click(screen.getByRole('button', { name: 'Send lenke' }));
    expect(await screen.findByText(/Hvis adressen er registrert hos oss/)).toBeInTheDocument();
  });

  it('reset password sends the token from the link and the new password', async () => {
    const resets = mockEndpoint(registrationEndpoints.resetPassword, { data: { message: 'Passordet er endret.' } });
    const token = 'a'.repeat(43);
    renderApp(`/reset-password?token=${token}`);
    await ui.type(await screen.findByLabelText(/^Nytt passord/), 'Sterkt!Passord42');
    await ui.type(screen.getByLabelText(/^Gjenta passord/), 'Sterkt!Passord42');
    await ui.click(screen.getByRole('button', { name: 'Lagre passord' }));
    expect(await screen.findByText(/Passordet er endret\./)).toBeInTheDocument();
    expect(resets.map((c) => c.body)).toEqual([{ token, password: 'Sterkt!Passord42', password_confirmation: 'Sterkt!Passord42' }]);
  });

  it('confirm-changeable-email confirms on arrival and shows a refused token', async () => {
    mockEndpoint(registrationEndpoints.confirmEmailChange, validationError({ token: ['Lenken er ugyldig eller utløpt.'] }));
    renderApp(`/confirm-changeable-email?token=${'b'.repeat(43)}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken er ugyldig eller utløpt.');
  });
});
