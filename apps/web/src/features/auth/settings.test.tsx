import { authEndpoints, type Session } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@/shared/auth/auth-store';
import { apiError, mockEndpoint } from '@/testing/api-mocks';
import { renderWithProviders, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { ChangePasswordForm } from './components/change-password-form';
import { SessionsSettings } from './components/sessions-settings';
import { TwoFactorSettings } from './components/two-factor-settings';

describe('ChangePasswordForm', () => {
  it('checks the rule before calling, then stores the fresh token', async () => {
    logIn(testUser(), 'old-token');
    const changes = mockEndpoint(authEndpoints.changePassword, { access_token: 'fresh-token', token_type: 'Bearer', expires_in: 900, user: testUser() });
    renderWithProviders(<ChangePasswordForm />);
    const ui = setupUser();
    await ui.type(screen.getByLabelText(/Nåværende passord/), 'Gammel!123');
    await ui.type(screen.getByLabelText(/^Nytt passord/), 'svakt');
    await ui.type(screen.getByLabelText(/Gjenta nytt passord/), 'svakt');
    await ui.click(screen.getByRole('button', { name: 'Endre passord' }));
    expect((await screen.findAllByText(/minst én stor bokstav/)).length).toBeGreaterThan(0);
    expect(changes).toHaveLength(0);

    await ui.clear(screen.getByLabelText(/^Nytt passord/));
    await ui.type(screen.getByLabelText(/^Nytt passord/), 'Sterkt!Passord9');
    await ui.clear(screen.getByLabelText(/Gjenta nytt passord/));
    await ui.type(screen.getByLabelText(/Gjenta nytt passord/), 'Sterkt!Passord9');
    await ui.click(screen.getByRole('button', { name: 'Endre passord' }));
    await waitFor(() => expect(authStore.getToken()).toBe('fresh-token'));
    expect(changes.map((c) => c.body)).toEqual([
      {
        old_password: 'Gammel!123',
      new_password: 'Sterkt!Passord9',
        new_password_confirmation: 'Sterkt!Passord9',
      },
    ]);
    expect(await screen.findByText('Passordet er endret. Andre økter er logget ut.')).toBeInTheDocument();
  });
});

describe('TwoFactorSettings', () => {
  it('sets up with a QR code, confirms with a code and shows the recovery codes once', async () => {
    logIn(testUser({ two_factor_enabled: false }));
    const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${i}`);
    mockEndpoint(authEndpoints.twoFactorSetup, {
      data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Legenett:kari', qr_code: 'data:image/png;base64,AAAA' },
    });
    const enables = mockEndpoint(authEndpoints.twoFactorEnable, { data: { recovery_codes: codes } });
    mockEndpoint(authEndpoints.me, { data: testUser({ two_factor_enabled: true }) });
    renderWithProviders(<TwoFactorSettings />);
    const ui = setupUser();
    expect(screen.getByRole('status')).toHaveTextContent('Totrinnsbekreftelse er slått av.');
    await ui.click(screen.getByRole('button', { name: 'Slå på totrinnsbekreftelse' }));
    expect(await screen.findByRole('img', { name: 'QR-kode for autentiseringsappen' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Kode fra appen'), '123456');
    await ui.click(screen.getByRole('button', { name: 'Bekreft og slå på' }));
    const list = await screen.findByRole('list', { name: 'Gjenopprettingskoder' });
    expect(enables.map((c) => c.body)).toEqual([{ code: '123456' }]);
    expect(list.querySelectorAll('li')).toHaveLength(10);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Totrinnsbekreftelse er slått på.'));
    await ui.click(screen.getByRole('button', { name: 'Jeg har lagret kodene' }));
    expect(screen.queryByRole('list', { name: 'Gjenopprettingskoder' })).not.toBeInTheDocument();
  });

  it('turns two-step off with the password and a code', async () => {
    logIn(testUser({ two_factor_enabled: true }));
    const disables = mockEndpoint(authEndpoints.twoFactorDisable, { data: testUser({ two_factor_enabled: false }) });
    renderWithProviders(<TwoFactorSettings />);
    const ui = setupUser();
    await ui.type(screen.getByLabelText('Passord'), 'Hemmelig!123');
    await ui.type(screen.getByLabelText('Kode eller gjenopprettingskode'), '654321');
    await ui.click(screen.getByRole('button', { name: 'Slå av totrinnsbekreftelse' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Totrinnsbekreftelse er slått av.'));
    expect(disables.map((c) => c.body)).toEqual([{ password: 'Hemmelig!123', code: '654321' }]);
    expect(await screen.findByText('Totrinnsbekreftelse er slått av.', { selector: '.mantine-Notification-description' })).toBeInTheDocument();
  });
});

describe('SessionsSettings', () => {
  const session = (overrides: Partial<Session>): Session => ({
    id: 1,
    device: { browser: 'Firefox', system: 'Windows' },
    ip: '84.210.x.x',
    created_at: '2026-11-02T08:30:00.000Z',
    last_used_at: '2026-11-23T13:05:00.000Z',
    current: true,
    ...overrides,
  });

  it('lists the sessions with device, masked address and Norwegian dates, and logs one out', async () => {
    logIn(testUser());
    let sessions = [
      session({}),
      session({ id: 2, device: { browser: 'Safari', system: 'iOS' }, ip: '10.1.x.x', last_used_at: '2026-11-20T07:00:00.000Z', current: false }),
      session({ id: 3, device: { browser: null, system: null }, ip: null, last_used_at: null, current: false }),
    ];
    mockEndpoint(authEndpoints.sessions, () => ({ data: sessions }));
    const revokes = mockEndpoint(authEndpoints.revokeSession, (call) => {
      sessions = sessions.filter((s) => String(s.id) !== call.params.id);
      return null;
    });
    renderWithProviders(<SessionsSettings />);
    const ui = setupUser();

    const list = await screen.findByRole('list', { name: 'Aktive økter' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Firefox på Windows');
    expect(items[0]).toHaveTextContent('Denne enheten');
    expect(items[0]).toHaveTextContent('IP-adresse 84.210.x.x');
    expect(items[0]).toHaveTextContent(/Logget inn 2\. nov\. 2026/);
    expect(items[2]).toHaveTextContent('Ukjent enhet');
    // This session is not revoked from here (that is "Logg ut"); the others are.
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();

    await ui.click(within(items[1]!).getByRole('button', { name: /^Logg ut Safari på iOS, sist brukt 20\. nov\. 2026/ }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(revokes.map((c) => c.params.id)).toEqual(['2']);
    expect(await screen.findByText('Enheten er logget ut.', { selector: '.mantine-Notification-description' })).toBeInTheDocument();
  });

  it('logs out of all devices: every session ends and the browser forgets this one', async () => {
    logIn(testUser(), 'my-token');
    mockEndpoint(authEndpoints.sessions, { data: [session({})] });
    const revokesAll = mockEndpoint(authEndpoints.revokeSessions, null);
    renderWithProviders(<SessionsSettings />);
    const ui = setupUser();
    await screen.findByRole('list', { name: 'Aktive økter' });
    await ui.click(screen.getByRole('button', { name: 'Logg ut av alle enheter' }));
    await waitFor(() => expect(authStore.getToken()).toBeNull());
    expect(revokesAll.map((c) => c.query.get('scope'))).toEqual(['all']);
  });

  it('says so when the sessions cannot be loaded', async () => {
    logIn(testUser());
    mockEndpoint(authEndpoints.sessions, apiError(500, 'Feil'));
    renderWithProviders(<SessionsSettings />);
    expect(await screen.findByText('Kunne ikke hente øktene. Prøv igjen senere.')).toBeInTheDocument();
  });
});
