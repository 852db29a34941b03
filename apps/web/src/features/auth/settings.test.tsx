import { authEndpoints } from '@legenett/contracts';
import { screen, waitFor } from '@testing-library/react';
import { authStore } from '@/shared/auth/auth-store';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderWithProviders, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { ChangePasswordForm } from './components/change-password-form';
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
