import { screen, within } from '@testing-library/react';
import { asPhone } from '@/testing/viewport';
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

describe('the header on a phone', () => {
  it('leaves the language and the skin to the menu, so search, bell and avatar fit at 390 px', async () => {
    asPhone();
    logIn(testUser());
    renderApp('/about_us');
    const banner = await screen.findByRole('banner');
    const menu = await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(within(banner).queryByRole('radiogroup', { name: 'Språk' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Mørkt utseende' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('radiogroup', { name: 'Språk' })).toBeInTheDocument();
    expect(within(menu).getByRole('button', { name: 'Mørkt utseende' })).toBeInTheDocument();
  });

  it('keeps them in the header on a laptop', async () => {
    renderApp('/about_us');
    const banner = await screen.findByRole('banner');
    expect(within(banner).getByRole('radiogroup', { name: 'Språk' })).toBeInTheDocument();
  });
});

describe('the current page in the navigation', () => {
  it("marks \"My profile\" on the caller's own profile only, never on a colleague's", async () => {
    logIn(testUser());
    const own = renderApp('/profile/kari-nordmann');
    const menu = await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(within(menu).getByRole('link', { name: 'Min profil' })).toHaveAttribute('aria-current', 'page');
    own.unmount();

    renderApp('/profile/ola-bakken');
    const again = await screen.findByRole('navigation', { name: 'Hovedmeny' });
    expect(within(again).getByRole('link', { name: 'Min profil' })).not.toHaveAttribute('aria-current');
  });
});

describe('saved searches and notifications (issue 42)', () => {
  it('names saved searches "Lagrede søk" with an icon of their own, not the bell of "Varsler"', async () => {
    logIn(testUser());
    renderApp('/about_us');
    const menu = await screen.findByRole('navigation', { name: 'Hovedmeny' });
    const saved = within(menu).getByRole('link', { name: 'Lagrede søk' });
    expect(saved).toHaveAttribute('href', '/alerts');
    expect(within(menu).queryByRole('link', { name: 'Mine varsler' })).not.toBeInTheDocument();
    // The bell (notifications) and the saved searches do not share an icon.
    const bell = (await screen.findByTestId('notification-bell')).querySelector('svg')!;
    expect(saved.querySelector('svg')!.innerHTML).not.toBe(bell.innerHTML);
  });
});
