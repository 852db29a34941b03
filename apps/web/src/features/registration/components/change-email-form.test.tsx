import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { registrationEndpoints } from '@legenett/contracts';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { createTestQueryClient, setupUser } from '@/testing/test-utils';
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
    const changes = mockEndpoint(registrationEndpoints.changeEmail, validationError({ password: ['Passordet er feil.'] }));
    const ui = setupUser();
    renderForm();
    await ui.type(screen.getByLabelText(/^Ny e-postadresse/), 'ny@test.no');
    await ui.type(screen.getByLabelText(/^Passord/), 'Feil!Passord1');
    await ui.click(screen.getByRole('button', { name: 'Send bekreftelse' }));
    expect(await screen.findByText('Passordet er feil.')).toBeInTheDocument();
    expect(changes.map((c) => c.body)).toEqual([{ new_email: 'ny@test.no', password: 'Feil!Passord1' }]);
  });

  it('checks the address before sending', async () => {
    const changes = mockEndpoint(registrationEndpoints.changeEmail, { data: { message: 'Sendt.' } });
    const ui = setupUser();
    renderForm();
    await ui.type(screen.getByLabelText(/^Ny e-postadresse/), 'nope');
    await ui.click(screen.getByRole('button', { name: 'Send bekreftelse' }));
    await waitFor(() => expect(screen.getByText('Ugyldig e-postadresse.')).toBeInTheDocument());
    expect(changes).toHaveLength(0);
  });
});
