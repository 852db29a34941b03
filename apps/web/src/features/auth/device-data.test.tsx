import { authEndpoints, type LoginResponse, messageEndpoints, type User } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { authStore } from '@/shared/auth/auth-store';
import { messageKeys } from '@/shared/messages/keys';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

// Issue 41: no other user's data stays on the device after logout or when another account logs in.

const loginAnswer = (user: User): LoginResponse => ({ access_token: 'new-token', token_type: 'Bearer', expires_in: 900, user });

const queued = (conversationId: number) =>
  JSON.stringify([{ client_key: crypto.randomUUID(), conversation_id: conversationId, body: 'Pasienten i rom 4', reply_to_id: null, written_at: '2026-11-28T20:00:00.000Z' }]);

const PRECACHE = 'workbox-precache-v2-http://localhost:3000/';
let cacheNames: string[];
const deleted: string[] = [];

describe('what the device keeps of a user', () => {
  beforeEach(() => {
    localStorage.clear();
    cacheNames = [PRECACHE, 'legenett-assets-v1', 'legenett-old-runtime'];
    deleted.length = 0;
    vi.stubGlobal('caches', {
      keys: () => Promise.resolve([...cacheNames]),
      delete: (name: string) => {
        deleted.push(name);
        cacheNames = cacheNames.filter((n) => n !== name);
        return Promise.resolve(true);
      },
    });
  });

  afterEach(() => vi.unstubAllGlobals());

  it('logging out clears the offline queue, the query cache and the runtime caches, keeping only the shell precache', async () => {
    mockEndpoint(authEndpoints.logout, null);
    logIn(testUser());
    localStorage.setItem('legenett-outbox-7', queued(7));
    localStorage.setItem('legenett.messages.draft.7', 'Halvskrevet om pasienten');
    const { router, queryClient } = renderApp('/jobs');
    queryClient.setQueryData(messageKeys.inbox('all'), { pages: [], pageParams: [] });
    const ui = setupUser();
    await ui.click(await screen.findByRole('button', { name: /Brukermeny$/ }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Logg ut' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));

    expect(localStorage.getItem('legenett-outbox-7')).toBeNull();
    expect(localStorage.getItem('legenett.messages.draft.7')).toBeNull();
    expect(queryClient.getQueryData(messageKeys.inbox('all'))).toBeUndefined();
    expect(deleted.sort()).toEqual(['legenett-assets-v1', 'legenett-old-runtime']);
    expect(cacheNames).toEqual([PRECACHE]);
  });

  it('another account logging in on the device removes the previous one\'s queue, query cache and runtime caches', async () => {
    // Kari's session ran out with a message still queued; Ola logs in on the same phone.
    logIn(testUser({ id: 9 }));
    authStore.clear();
    localStorage.setItem('legenett-outbox-9', queued(3));
    localStorage.setItem('legenett.messages.draft.3', 'Karis utkast');
    mockEndpoint(authEndpoints.login, loginAnswer(testUser()));
    const { queryClient } = renderApp('/login');
    queryClient.setQueryData(messageKeys.conversation(3), { id: 3 });
    const ui = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    await ui.type(within(dialog).getByLabelText(/E-post/), 'ola@test.no');
    await ui.type(within(dialog).getByLabelText(/Passord/), 'Hemmelig!123');
    await ui.click(within(dialog).getByRole('button', { name: 'Logg inn' }));

    await waitFor(() => expect(authStore.getToken()).toBe('new-token'));
    expect(localStorage.getItem('legenett-outbox-9')).toBeNull();
    expect(localStorage.getItem('legenett.messages.draft.3')).toBeNull();
    expect(queryClient.getQueryData(messageKeys.conversation(3))).toBeUndefined();
    await waitFor(() => expect(cacheNames).toEqual([PRECACHE]));
  });

  it('the same account logging in again keeps its own queue (to send when the connection allows)', async () => {
    // The connection is still poor: the queue's send finds none, and the message waits.
    const sends = mockEndpoint(messageEndpoints.send, () => HttpResponse.error());
    logIn(testUser());
    authStore.clear();
    localStorage.setItem('legenett-outbox-7', queued(7));
    mockEndpoint(authEndpoints.login, loginAnswer(testUser()));
    renderApp('/login');
    const ui = setupUser();
    const dialog = await screen.findByRole('dialog', { name: 'Logg inn' });
    await ui.type(within(dialog).getByLabelText(/E-post/), 'test@test.no');
    await ui.type(within(dialog).getByLabelText(/Passord/), 'Hemmelig!123');
    await ui.click(within(dialog).getByRole('button', { name: 'Logg inn' }));
    await waitFor(() => expect(authStore.getToken()).toBe('new-token'));
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(localStorage.getItem('legenett-outbox-7')).not.toBeNull();
    expect(deleted).toEqual([]);
  });
});
