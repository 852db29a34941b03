import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { jsonResponse } from '@/testing/api-mocks';
import { createTestQueryClient } from '@/testing/test-utils';
import { ChangeEmailForm } from './change-email-form';

function renderForm() {
  return render(
    <MantineProvider>
      <QueryClientProvider client={createTestQueryClient()}>
        <ChangeEmailForm />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('ChangeEmailForm', () => {
  it('sends the new address and the password; a wrong password shows on its field', async () => {
    const fetch = vi.fn(() => Promise.resolve(jsonResponse({ message: 'x', errors: { password: ['Passordet er feil.'] } }, 422)));
    vi.stubGlobal('fetch', fetch);
    const ui = userEvent.setup();
    renderForm();
    await ui.type(screen.getByLabelText(/^Ny e-postadresse/), 'ny@test.no');
    await ui.type(screen.getByLabelText(/^Passord/), 'Feil!Passord1');
    await ui.click(screen.getByRole('button', { name: 'Send bekreftelse' }));
    expect(await screen.findByText('Passordet er feil.')).toBeInTheDocument();
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(JSON.parse(init.body as string)).toEqual({ new_email: 'ny@test.no', password: 'Feil!Passord1' });
  });

  it('checks the address before sending', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const ui = userEvent.setup();
    renderForm();
    await ui.type(screen.getByLabelText(/^Ny e-postadresse/), 'nope');
    await ui.click(screen.getByRole('button', { name: 'Send bekreftelse' }));
    await waitFor(() => expect(screen.getByText('Ugyldig e-postadresse.')).toBeInTheDocument());
    expect(fetch).not.toHaveBeenCalled();
  });
});
