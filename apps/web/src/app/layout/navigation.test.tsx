import { screen } from '@testing-library/react';
import { renderApp } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

describe('sign-up and log-in entries', () => {
  it('are offered to visitors, in the header and in the (mobile) menu', async () => {
    renderApp('/about_us');
    await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(screen.getAllByRole('link', { name: 'Registrer deg' })).toHaveLength(2);
  });

  it('are not offered anywhere to someone who is logged in', async () => {
    logIn(testUser());
    renderApp('/about_us');
    await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(screen.queryByRole('link', { name: 'Registrer deg' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Logg inn' })).not.toBeInTheDocument();
  });
});
