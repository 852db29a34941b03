import { authEndpoints } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { accessNotice } from '@/shared/auth/access-notice';
import { maintenance } from '@/shared/ui/maintenance-store';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

/**
 * WCAG 2.4.3: when the maintenance dialog or an access notice closes, the keyboard focus goes back
 * to the element that had it before the dialog opened, or, when that element is gone, to the page's
 * main landmark (where the skip link leads), never to <body>.
 */

const nav = () => screen.getByRole('navigation', { name: 'Hovedmeny' });
const main = () => screen.getByRole('main');

/** The dialog is open and its focus trap has taken the focus. */
async function openedDialog(name: string) {
  const dialog = await screen.findByRole('dialog', { name });
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return dialog;
}

/** A visitor follows the menu's feed link from the front page and gets the "log in to continue" notice. */
async function noticeFromTheFeedLink() {
  const user = setupUser();
  const { router } = renderApp('/');
  await screen.findByRole('heading', { level: 1 });
  await user.click(within(nav()).getByRole('link', { name: 'Nyhetsstrøm' }));
  return { user, router, dialog: await openedDialog('Logg inn for å fortsette') };
}

describe('the maintenance dialog', () => {
  it('gives the focus back to the element that had it', async () => {
    const user = setupUser();
    renderApp('/about_us');
    const link = await within(await screen.findByRole('navigation', { name: 'Hovedmeny' })).findByRole(
      'link',
      { name: 'Om oss' },
    );
    link.focus();

    act(() => maintenance.open());
    const dialog = await openedDialog('Vedlikehold');
    await user.keyboard('{Escape}');

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(within(nav()).getByRole('link', { name: 'Om oss' })).toHaveFocus();
  });

  it('puts the focus on the main landmark when that element is gone', async () => {
    const user = setupUser();
    const { router } = renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const pageLink = await within(main()).findByRole('link', { name: 'Registrer deg gratis' });
    pageLink.focus();

    act(() => maintenance.open());
    const dialog = await openedDialog('Vedlikehold');
    // The page behind the dialog changes: the focused link is no longer there.
    await act(() => router.navigate('/about_us'));
    await screen.findByRole('heading', { level: 1, name: 'Om Legenett' });
    expect(pageLink).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Lukk' }));

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(main()).toHaveFocus());
  });
});

describe('the access notices', () => {
  it('give the focus back to the link that led to the refused page', async () => {
    const { user, router, dialog } = await noticeFromTheFeedLink();
    expect(router.state.location.pathname).toBe('/');
    await user.keyboard('{Escape}');

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(within(nav()).getByRole('link', { name: 'Nyhetsstrøm' })).toHaveFocus());
  });

  it('put the focus on the main landmark when nothing had it (the refused page was opened by its address)', async () => {
    const user = setupUser();
    const notConfirmed = testUser({ user_info: { ...testUser().user_info, approved_hrp: 1 } });
    logIn(notConfirmed);
    mockEndpoint(authEndpoints.me, { data: notConfirmed });
    renderApp('/videos');

    const dialog = await openedDialog('Bare for helsepersonell');
    // The dialog's own "Lukk" (the corner's close button has the same name).
    await user.click(within(dialog).getAllByRole('button', { name: 'Lukk' }).at(-1)!);

    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(main()).toHaveFocus());
  });

  it('leave the focus on the page a button of the notice leads to, not on the link left behind', async () => {
    const { user, router, dialog } = await noticeFromTheFeedLink();
    await user.click(within(dialog).getByRole('button', { name: 'Registrer deg' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    await waitFor(() => expect(main()).toHaveFocus());
    expect(within(nav()).getByRole('link', { name: 'Nyhetsstrøm' })).not.toHaveFocus();
  });

  it("leave the focus to the login dialog when the notice's login button leads there", async () => {
    const { user, router, dialog } = await noticeFromTheFeedLink();
    await user.click(within(dialog).getByRole('button', { name: 'Logg inn' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const login = await screen.findByRole('dialog', { name: 'Logg inn' });
    await waitFor(() => expect(login).toContainElement(document.activeElement as HTMLElement));
    // The notice is gone once its exit transition is over, and the focus is still in the login dialog.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(login).toContainElement(document.activeElement as HTMLElement);
  });

  it('open again after closing, with the focus going back each time', async () => {
    const user = setupUser();
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    for (const name of ['Nyhetsstrøm', 'Jobber']) {
      await user.click(within(nav()).getByRole('link', { name }));
      const dialog = await openedDialog('Logg inn for å fortsette');
      await user.keyboard('{Escape}');
      await waitFor(() => expect(dialog).not.toBeInTheDocument());
      await waitFor(() => expect(within(nav()).getByRole('link', { name })).toHaveFocus());
    }
    expect(accessNotice.get()).toBeNull();
  });
});
