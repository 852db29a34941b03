import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { authStore } from '@/shared/auth/auth-store';
import { jsonResponse } from '@/testing/api-mocks';
import { renderWithProviders } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { ChangePasswordForm } from './components/change-password-form';
import { TwoFactorSettings } from './components/two-factor-settings';


function stubFetch(answer: (path: string, body: unknown) => Response) {
  const mock = vi.fn<typeof fetch>((input, init) => {
    const path = String(input).split('?')[0]!;
    return Promise.resolve(answer(`${init?.method ?? 'GET'} ${path}`, typeof init?.body === 'string' ? JSON.parse(init.body) : null));
  });
  vi.stubGlobal('fetch', mock);
  return mock;
}

describe('ChangePasswordForm', () => {
  it('checks the rule before calling, then stores the fresh token', async () => {
    logIn(testUser(), 'old-token');
    const fetchMock = stubFetch(() => jsonResponse({ access_token: 'fresh-token', token_type: 'Bearer', expires_in: 900, user: testUser() }));
    renderWithProviders(<ChangePasswordForm />);
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText(/Nåværende passord/), 'Gammel!123');
    await ui.type(screen.getByLabelText(/^Nytt passord/), 'svakt');
    await ui.type(screen.getByLabelText(/Gjenta nytt passord/), 'svakt');
    await ui.click(screen.getByRole('button', { name: 'Endre passord' }));
    expect((await screen.findAllByText(/minst én stor bokstav/)).length).toBeGreaterThan(0);
    expect(fetchMock).not.toHaveBeenCalled();

    await ui.clear(screen.getByLabelText(/^Nytt passord/));
    await ui.type(screen.getByLabelText(/^Nytt passord/), 'Sterkt!Passord9');
    await ui.clear(screen.getByLabelText(/Gjenta nytt passord/));
    await ui.type(screen.getByLabelText(/Gjenta nytt passord/), 'Sterkt!Passord9');
    await ui.click(screen.getByRole('button', { name: 'Endre passord' }));
    await waitFor(() => expect(authStore.getToken()).toBe('fresh-token'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      old_password: 'Gammel!123',
      new_password: 'Sterkt!Passord9',
      new_password_confirmation: 'Sterkt!Passord9',
    });
    expect(await screen.findByText('Passordet er endret. Andre økter er logget ut.')).toBeInTheDocument();
  });
});

describe('TwoFactorSettings', () => {
  it('sets up with a QR code, confirms with a code and shows the recovery codes once', async () => {
    logIn(testUser({ two_factor_enabled: false }));
    const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-BBBB${i}`);
    stubFetch((route) => {
      if (route === 'POST /api/user/two-factor/setup') {
        return jsonResponse({ data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/Legenett:kari', qr_code: 'data:image/png;base64,AAAA' } });
      }
      if (route === 'POST /api/user/two-factor/enable') return jsonResponse({ data: { recovery_codes: codes } });
      if (route === 'POST /api/user') return jsonResponse({ data: testUser({ two_factor_enabled: true }) });
      return jsonResponse({ status_code: 404, message: 'x' }, 404);
    });
    renderWithProviders(<TwoFactorSettings />);
    const ui = userEvent.setup();
    expect(screen.getByRole('status')).toHaveTextContent('Totrinnsbekreftelse er slått av.');
    await ui.click(screen.getByRole('button', { name: 'Slå på totrinnsbekreftelse' }));
    expect(await screen.findByRole('img', { name: 'QR-kode for autentiseringsappen' })).toHaveAttribute('src', 'data:image/png;base64,AAAA');
    expect(screen.getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();
    await ui.type(screen.getByLabelText('Kode fra appen'), '123456');
    await ui.click(screen.getByRole('button', { name: 'Bekreft og slå på' }));
    const list = await screen.findByRole('list', { name: 'Gjenopprettingskoder' });
    expect(list.querySelectorAll('li')).toHaveLength(10);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Totrinnsbekreftelse er slått på.'));
    await ui.click(screen.getByRole('button', { name: 'Jeg har lagret kodene' }));
    expect(screen.queryByRole('list', { name: 'Gjenopprettingskoder' })).not.toBeInTheDocument();
  });

  it('turns two-step off with the password and a code', async () => {
    logIn(testUser({ two_factor_enabled: true }));
    const fetchMock = stubFetch((route) =>
      route === 'POST /api/user/two-factor/disable' ? jsonResponse({ data: testUser({ two_factor_enabled: false }) }) : jsonResponse({}, 404),
    );
    renderWithProviders(<TwoFactorSettings />);
    const ui = userEvent.setup();
    await ui.type(screen.getByLabelText('Passord'), 'Hemmelig!123');
    await ui.type(screen.getByLabelText('Kode eller gjenopprettingskode'), '654321');
    await ui.click(screen.getByRole('button', { name: 'Slå av totrinnsbekreftelse' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Totrinnsbekreftelse er slått av.'));
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ password: 'Hemmelig!123', code: '654321' });
    expect(await screen.findByText('Totrinnsbekreftelse er slått av.', { selector: '.mantine-Notification-description' })).toBeInTheDocument();
  });
});
