import { type Conversation, type Message, messageEndpoints as ep } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, mockEndpoint } from '@/testing/api-mocks';
import { asPhone } from '@/testing/viewport';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

const party = (id: number, name: string) => ({ type: 'user' as const, id, slug: `u${id}`, name, avatar: null, verified_as: 'doctor' as const });

const conversation = (over: Partial<Conversation> = {}): Conversation => ({
  id: 7,
  kind: 'direct',
  title: 'Kari Nordmann',
  topic: null,
  participants: [
    { ...party(1, 'Test Bruker'), state: 'active', last_read_seq: 2, is_me: true },
    { ...party(2, 'Kari Nordmann'), state: 'active', last_read_seq: 2, is_me: false },
  ],
  my_state: 'active',
  is_request: false,
  is_creator: false,
  can_write: true,
  last_seq: 2,
  last_read_seq: 2,
  unread_count: 0,
  last_message: { seq: 2, excerpt: 'Ser deg i morgen', deleted: false, sender_name: 'Kari Nordmann', created_at: '2026-11-27T10:00:00.000Z' },
  last_activity_at: '2026-11-27T10:00:00.000Z',
  archived: false,
  muted: false,
  ...over,
});

const message = (seq: number, over: Partial<Message> = {}): Message => ({
  id: 100 + seq,
  conversation_id: 7,
  seq,
  sender: party(2, 'Kari Nordmann'),
  body: `Melding ${seq}`,
  attachments: [],
  reply_to: null,
  is_mine: false,
  edited: false,
  deleted: false,
  can_edit: false,
  created_at: '2026-11-27T10:00:00.000Z',
  ...over,
});

function mockApi(c = conversation(), messages: Message[] = [message(1, { is_mine: true, sender: party(1, 'Test Bruker') }), message(2, { body: 'Se https://legenett.no/kurs i morgen' })]) {
  mockEndpoint(ep.unread, { data: { unread_total: 0, requests: 0 } });
  mockEndpoint(ep.inbox, { data: [c], meta: { next_cursor: null } });
  mockEndpoint(ep.show, { data: c });
  mockEndpoint(ep.history, { data: messages, meta: { has_more: false, last_seq: messages.length } });
  mockEndpoint(ep.read, { data: { unread_total: 0, requests: 0 } });
  return mockEndpoint(ep.send, ({ body }) => ({ data: message(3, { is_mine: true, body: String((body as FormData).get('body')) }) }));
}

describe('/messages', () => {
  beforeEach(() => {
    localStorage.clear();
    logIn(testUser());
  });

  it('shows the list and the thread side by side, links made clickable, and sends with Enter', async () => {
    const sends = mockApi();
    const ui = setupUser();
    renderApp('/messages/7');
    const list = await screen.findByRole('list', { name: 'Samtaler' });
    expect(within(list).getByText('Kari Nordmann')).toBeInTheDocument();
    const thread = await screen.findByRole('list', { name: 'Kari Nordmann' });
    expect(within(thread).getByText('Melding 1')).toBeInTheDocument();
    expect(within(thread).getByRole('link', { name: 'https://legenett.no/kurs' })).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('Sett')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Skriv en melding' });
    await ui.type(box, 'Første linje{Shift>}{Enter}{/Shift}andre');
    expect(sends).toHaveLength(0);
    await ui.keyboard('{Enter}');
    await waitFor(() => expect(sends).toHaveLength(1));
    // FormData sends line breaks as CRLF, as browsers do.
    expect((sends[0]!.body as FormData).get('body')).toMatch(/^Første linje\r?\nandre$/);
    await waitFor(() => expect(box).toHaveValue(''));
  });

  it('warns about a national identity number while typing and does not send it', async () => {
    const sends = mockApi();
    const ui = setupUser();
    renderApp('/messages/7');
    const box = await screen.findByRole('textbox', { name: 'Skriv en melding' });
    await ui.type(box, 'Pasient 010190 12480');
    expect(screen.getByRole('alert')).toHaveTextContent('fødselsnummer');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAccessibleDescription(/fødselsnummer/);
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await ui.keyboard('{Enter}');
    expect(sends).toHaveLength(0);
    await ui.clear(box);
    await ui.type(box, 'Ring 22 22 22 22');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the draft in the browser per conversation', async () => {
    mockApi();
    const ui = setupUser();
    const first = renderApp('/messages/7');
    await ui.type(await screen.findByRole('textbox', { name: 'Skriv en melding' }), 'Halvferdig');
    first.unmount();
    renderApp('/messages/7');
    expect(await screen.findByRole('textbox', { name: 'Skriv en melding' })).toHaveValue('Halvferdig');
  });

  it('a request: the recipient accepts, declines or blocks', async () => {
    mockApi(conversation({ my_state: 'request', is_request: true }));
    const decisions = mockEndpoint(ep.decide, { data: { state: 'active' } });
    const ui = setupUser();
    renderApp('/messages/7');
    expect(await screen.findByText('Kari Nordmann vil sende deg meldinger')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Godta' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]!.body).toEqual({ decision: 'accept' });
  });

  it('on a phone shows one pane at a time, with a way back', async () => {
    asPhone();
    mockApi();
    renderApp('/messages/7');
    expect(await screen.findByRole('link', { name: /Tilbake til samtalene/ })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Samtaler' })).not.toBeInTheDocument();
  });

  it('"Send melding" from a company page, a job or a course: the first message starts the conversation', async () => {
    mockApi();
    const starts = mockEndpoint(ep.start, ({ body }) => ({ data: { conversation: conversation({ id: 7 }), message: message(1, { is_mine: true, body: String((body as { body: string }).body) }) } }));
    const ui = setupUser();
    const company = renderApp('/messages?company=5&name=Demo+Medisin+AS');
    expect(await screen.findByRole('heading', { name: 'Ny melding til Demo Medisin AS' })).toBeInTheDocument();
    await ui.type(screen.getByRole('textbox', { name: 'Skriv en melding' }), 'Hei bedrift{Enter}');
    await waitFor(() => expect(starts).toHaveLength(1));
    expect(starts[0]!.body).toEqual({ to_company_id: 5, body: 'Hei bedrift' });
    await waitFor(() => expect(company.router.state.location.pathname).toBe('/messages/7'));
    company.unmount();

    renderApp('/messages?topic=job&topic_id=9&name=Helse+Oslo&title=Overlege+9');
    expect(await screen.findByRole('heading', { name: 'Ny melding til Helse Oslo' })).toBeInTheDocument();
    expect(screen.getByText('Om: Overlege 9')).toBeInTheDocument();
    await ui.type(screen.getByRole('textbox', { name: 'Skriv en melding' }), 'Er stillingen ledig?{Enter}');
    await waitFor(() => expect(starts).toHaveLength(2));
    expect(starts[1]!.body).toEqual({ topic_type: 'job', topic_id: 9, body: 'Er stillingen ledig?' });
  });
});

describe('/messages for an account that is not approved', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['In review', 'Profilen din blir sjekket.'],
    ['Awaiting approval', 'Kontoen din venter på godkjenning.'],
    ['Rejected', 'Kontoen din er ikke godkjent'],
  ] as const)('%s: the inbox opens with the state explained and no composer', async (status, text) => {
    logIn(testUser({ status_label: status, user_info: { ...testUser().user_info, approved_hrp: 0 } }));
    mockApi(conversation({ can_write: false }));
    const starts = mockEndpoint(ep.start, apiError(403, 'not expected'));
    const { router } = renderApp('/messages/7');
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Du kan lese, men ikke skrive ennå');
    expect(notice).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/messages/7');
    expect(await screen.findByRole('list', { name: 'Kari Nordmann' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Skriv en melding' })).not.toBeInTheDocument();
    // Nothing that would write: no reply, report, mute or archive.
    for (const name of ['Svar', 'Rapporter', 'Demp', 'Arkiver']) expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();

    // A "Send melding" address opened anyway: no composer, the list instead.
    await act(() => router.navigate('/messages?to=2&name=Kari'));
    expect(await screen.findByRole('list', { name: 'Samtaler' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Ny melding til Kari' })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Skriv en melding' })).not.toBeInTheDocument();
    expect(starts).toHaveLength(0);
  });
});
