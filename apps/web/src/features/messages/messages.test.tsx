import { type Conversation, mentionEndpoints, type Message, messageEndpoints as ep } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, apiServer, mockEndpoint, validationError } from '@/testing/api-mocks';
import { FakeEventSource } from '@/testing/fake-event-source';
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
  mockEndpoint(ep.blocks, { data: [] });
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

  it("writes a sent message into the thread from the answer, reads only the inbox again, and nothing on the stream's echo of it (issue 39)", async () => {
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const sends = mockApi();
    // After mockApi's `/conversations/:id`, which would answer this path too.
    mockEndpoint(ep.unread, { data: { unread_total: 0, requests: 0 } });
    const ui = setupUser();
    const { queryClient } = renderApp('/messages/7');
    const thread = await screen.findByRole('list', { name: 'Kari Nordmann' });
    // The header's icon (revealed after the first paint) listens for the counts and the inbox.
    await screen.findByLabelText('Meldinger');
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const reads: string[] = [];
    const count = ({ request }: { request: Request }) => {
      const path = new URL(request.url).pathname;
      if (path.startsWith('/api/conversations')) reads.push(`${request.method} ${path}`);
    };
    apiServer.events.on('request:start', count);
    try {
      await ui.type(screen.getByRole('textbox', { name: 'Skriv en melding' }), 'Hei igjen{Enter}');
      expect(await within(thread).findByText('Hei igjen')).toBeInTheDocument();
      expect(sends).toHaveLength(1);
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      // The answer is the message: no read of the history, the conversation or the counts, no read
      // mark for one's own message; the inbox (its order and excerpt) is read once.
      expect(reads).toEqual(['POST /api/conversations/7/messages', 'GET /api/conversations']);

      stream.emit('chat', { type: 'message', conversation_id: 7, seq: 3, message_id: 103 });
      await waitFor(() => expect(queryClient.isFetching()).toBe(0));
      expect(reads).toHaveLength(2);

      // Someone else's message: the counts, the inbox and the open thread, each once.
      stream.emit('chat', { type: 'message', conversation_id: 7, seq: 4, message_id: 104 });
      await waitFor(() => expect(reads).toHaveLength(5));
      expect(reads.slice(2).sort()).toEqual(['GET /api/conversations', 'GET /api/conversations/7/messages', 'GET /api/conversations/unread']);
    } finally {
      apiServer.events.removeListener('request:start', count);
    }
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

  it('warns with the API\'s words on a number pasted with a non-breaking space, and hints at an account number for eleven plain digits', async () => {
    mockApi();
    const ui = setupUser();
    renderApp('/messages/7');
    const box = await screen.findByRole('textbox', { name: 'Skriv en melding' });
    await ui.click(box);
    await ui.paste('Pasient 150384\u00a010099 ringte');
    expect(screen.getByRole('alert')).toHaveTextContent('Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.');
    expect(box).toHaveAccessibleDescription(/Fjern nummeret før du sender/);
    await ui.clear(box);
    await ui.paste('Betal til 15038410099');
    expect(screen.getByRole('alert')).toHaveTextContent('Er dette et kontonummer? Skriv det med punktum: 1234.56.78903');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it('shows a 422 beside the field it names: a PDF with a number in its text under the files, the text kept', async () => {
    mockApi();
    const refused = mockEndpoint(ep.send, validationError({ 'files[]': ['Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.'] }));
    const ui = setupUser();
    const { container } = renderApp('/messages/7');
    const box = await screen.findByRole('textbox', { name: 'Skriv en melding' });
    await ui.type(box, 'Se vedlegget');
    await ui.upload(container.querySelector<HTMLInputElement>('input[type="file"]')!, new File(['%PDF-1.4'], 'epikrise.pdf', { type: 'application/pdf' }));
    expect(screen.getByText('epikrise.pdf')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(refused).toHaveLength(1));
    expect(await screen.findByText('Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.', { selector: '[role="alert"]' })).toBeInTheDocument();
    expect(box).toHaveValue('Se vedlegget');
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
    expect(await screen.findByText('Du har godtatt forespørselen. Nå kan dere skrive sammen.')).toBeInTheDocument();
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

describe('/messages: safety tools (issue 37)', () => {
  beforeEach(() => {
    localStorage.clear();
    logIn(testUser());
  });

  /** The API after a decline or block: the conversation is no longer the caller's (404). */
  function closesOnDecision(c: Conversation) {
    let decided = false;
    const decisions = mockEndpoint(ep.decide, ({ body }) => {
      decided = true;
      return { data: { state: (body as { decision: string }).decision === 'accept' ? ('active' as const) : ('declined' as const) } };
    });
    mockEndpoint(ep.show, () => (decided ? apiError(404, 'Fant ikke det du lette etter.') : { data: c }));
    mockEndpoint(ep.history, () =>
      decided ? apiError(404, 'Fant ikke det du lette etter.') : { data: [message(1)], meta: { has_more: false, last_seq: 1 } },
    );
    return decisions;
  }

  it('declining a request says so, leaves the conversation and shows no "not found" toast', async () => {
    mockApi(conversation({ my_state: 'request' }));
    const decisions = closesOnDecision(conversation({ my_state: 'request' }));
    const ui = setupUser();
    const { router } = renderApp('/messages/7');
    await ui.click(await screen.findByRole('button', { name: 'Avslå' }));
    expect(await screen.findByText('Forespørselen er avslått. Avsenderen får ikke beskjed.')).toBeInTheDocument();
    expect(decisions[0]!.body).toEqual({ decision: 'decline' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    // The router's state moves before React renders the new route (a transition): wait for the page.
    await waitFor(() => expect(screen.queryByText('Kari Nordmann vil sende deg meldinger')).not.toBeInTheDocument());
    expect(screen.queryByText('Fant ikke det du lette etter.')).not.toBeInTheDocument();
  });

  it("blocking a company's request asks first and speaks of the company", async () => {
    const fromCompany = conversation({
      my_state: 'request',
      title: 'Demo Medisin AS',
      participants: [
        { ...party(1, 'Test Bruker'), state: 'request', last_read_seq: 0, is_me: true },
        { ...party(5, 'Demo Medisin AS'), type: 'company', state: 'active', last_read_seq: 0, is_me: false },
      ],
    });
    mockApi(fromCompany);
    const decisions = closesOnDecision(fromCompany);
    const ui = setupUser();
    const { router } = renderApp('/messages/7');
    expect(await screen.findByText('Demo Medisin AS (en bedrift) vil sende deg meldinger')).toBeInTheDocument();
    expect(screen.getByText(/meldinger fra denne bedriften/)).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Samtaler' })).getByText(/Bedrift/)).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Blokker bedriften' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blokkere Demo Medisin AS?' });
    expect(decisions).toHaveLength(0);
    await ui.click(within(dialog).getByRole('button', { name: 'Blokker bedriften' }));
    await waitFor(() => expect(decisions[0]!.body).toEqual({ decision: 'block' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(screen.getAllByText('Demo Medisin AS er blokkert.').length).toBeGreaterThan(0);
    expect(screen.queryByText('Fant ikke det du lette etter.')).not.toBeInTheDocument();
  });

  it('a first message the API refuses (blocked, "nobody") says so; the text stays', async () => {
    mockApi();
    mockEndpoint(ep.start, apiError(403, 'Meldingen kan ikke leveres.'));
    const ui = setupUser();
    renderApp('/messages?to=2&name=Kari+Nordmann');
    const box = await screen.findByRole('textbox', { name: 'Skriv en melding' });
    await ui.type(box, 'Hei Kari{Enter}');
    expect(await screen.findByText('Meldingen kan ikke leveres.')).toBeInTheDocument();
    expect(box).toHaveValue('Hei Kari');
  });

  it('report sits in the message\'s menu, not beside "Svar", and asks for a reason first', async () => {
    mockApi();
    const reports = mockEndpoint(ep.report, null);
    const ui = setupUser();
    renderApp('/messages/7');
    await screen.findByRole('button', { name: 'Flere valg for meldingen fra Kari Nordmann' });
    expect(screen.queryByRole('button', { name: 'Rapporter' })).not.toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Flere valg for meldingen fra Kari Nordmann' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Rapporter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rapportere meldingen?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Send rapporten' }));
    expect(await within(dialog).findByText('Velg en grunn.')).toBeInTheDocument();
    expect(reports).toHaveLength(0);
    await ui.click(within(dialog).getByRole('radio', { name: 'Trakassering eller trusler' }));
    await ui.type(within(dialog).getByRole('textbox', { name: 'Fortell mer (valgfritt)' }), 'Skriver stygt');
    await ui.click(within(dialog).getByRole('button', { name: 'Send rapporten' }));
    await waitFor(() => expect(reports).toHaveLength(1));
    expect(reports[0]!.body).toEqual({ message_ids: [102], reason: 'Trakassering eller trusler: Skriver stygt' });
    expect((await screen.findAllByText('Meldingen er rapportert til administratorene.')).length).toBeGreaterThan(0);
  });

  it('"Slett for alle" asks first and says it cannot be undone', async () => {
    mockApi();
    const deletes = mockEndpoint(ep.remove, { data: message(1, { is_mine: true, deleted: true, body: '' }) });
    const ui = setupUser();
    renderApp('/messages/7');
    await ui.click(await screen.findByRole('button', { name: 'Flere valg for meldingen fra Du' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Slett for alle' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette meldingen for alle?' });
    expect(dialog).toHaveTextContent('Dette kan ikke angres.');
    expect(deletes).toHaveLength(0);
    await ui.click(within(dialog).getByRole('button', { name: 'Slett for alle' }));
    await waitFor(() => expect(deletes).toHaveLength(1));
    expect(deletes[0]!.params).toEqual({ id: '7', messageId: '101' });
  });

  it('blocks and unblocks the other person from the conversation', async () => {
    mockApi();
    let blocked = false;
    mockEndpoint(ep.blocks, () => ({ data: blocked ? [{ type: 'user' as const, id: 2, slug: 'u2', name: 'Kari Nordmann', blocked_at: '2026-11-28T10:00:00.000Z' }] : [] }));
    const blocks = mockEndpoint(ep.block, () => {
      blocked = true;
      return null;
    });
    const unblocks = mockEndpoint(ep.unblock, () => {
      blocked = false;
      return null;
    });
    const ui = setupUser();
    renderApp('/messages/7');
    await ui.click(await screen.findByRole('button', { name: 'Blokker' }));
    const dialog = await screen.findByRole('dialog', { name: 'Blokkere Kari Nordmann?' });
    expect(dialog).toHaveTextContent('kan ikke lenger skrive til deg');
    await ui.click(within(dialog).getByRole('button', { name: 'Blokker' }));
    await waitFor(() => expect(blocks[0]!.params).toEqual({ userId: '2' }));
    await ui.click(await screen.findByRole('button', { name: 'Opphev blokkering' }));
    const again = await screen.findByRole('dialog', { name: 'Oppheve blokkeringen av Kari Nordmann?' });
    await ui.click(within(again).getByRole('button', { name: 'Opphev blokkering' }));
    await waitFor(() => expect(unblocks).toHaveLength(1));
  });

  it('starts a group: a name, people from the picker, a first message', async () => {
    mockApi();
    mockEndpoint(mentionEndpoints.people, { data: [{ id: 3, first_name: 'Ola', last_name: 'Lege', slug: 'ola', profile_avatar: null }] });
    const group = conversation({ id: 9, kind: 'group', title: 'Vaktlaget', is_creator: true });
    const creates = mockEndpoint(ep.createGroup, { data: { conversation: group, message: message(1, { conversation_id: 9, is_mine: true }) } });
    const ui = setupUser();
    const { router } = renderApp('/messages');
    await ui.click(await screen.findByRole('button', { name: 'Ny gruppe' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ny gruppe' });
    await ui.type(within(dialog).getByRole('textbox', { name: 'Navn på gruppen' }), 'Vaktlaget');
    await ui.type(within(dialog).getByRole('combobox', { name: 'Finn en person' }), 'Ola');
    await ui.click(await within(dialog).findByRole('option', { name: /Ola Lege/ }));
    expect(within(dialog).getByRole('button', { name: 'Fjern Ola Lege' })).toBeInTheDocument();
    await ui.type(within(dialog).getByRole('textbox', { name: 'Første melding' }), 'Velkommen');
    await ui.click(within(dialog).getByRole('button', { name: 'Start gruppen' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect(creates[0]!.body).toEqual({ title: 'Vaktlaget', user_ids: [3], body: 'Velkommen' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages/9'));
  });

  it("a group's creator sees the members, adds and removes people; anyone leaves (asked first)", async () => {
    const group = conversation({
      kind: 'group',
      title: 'Vaktlaget',
      is_creator: true,
      participants: [
        { ...party(1, 'Test Bruker'), state: 'active', last_read_seq: 2, is_me: true },
        { ...party(2, 'Kari Nordmann'), state: 'active', last_read_seq: 2, is_me: false },
      ],
    });
    mockApi(group);
    mockEndpoint(mentionEndpoints.people, { data: [{ id: 3, first_name: 'Ola', last_name: 'Lege', slug: 'ola', profile_avatar: null }] });
    const adds = mockEndpoint(ep.addParticipants, { data: group });
    const removes = mockEndpoint(ep.removeParticipant, { data: group });
    const leaves = mockEndpoint(ep.leave, null);
    const ui = setupUser();
    const { router } = renderApp('/messages/7');
    await ui.click(await screen.findByRole('button', { name: 'Deltakere (2)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deltakere: Vaktlaget' });
    expect(within(dialog).getByText('Test Bruker (Du)')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Finn en person' }));
    await ui.type(within(dialog).getByRole('combobox', { name: 'Finn en person' }), 'Ola');
    await ui.click(await within(dialog).findByRole('option', { name: /Ola Lege/ }));
    await ui.click(within(dialog).getByRole('button', { name: 'Legg til' }));
    await waitFor(() => expect(adds[0]!.body).toEqual({ user_ids: [3] }));
    await ui.click(within(dialog).getByRole('button', { name: 'Fjern Kari Nordmann' }));
    expect(within(dialog).getByText('Fjerne Kari Nordmann fra gruppen?')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Fjern fra gruppen' }));
    await waitFor(() => expect(removes[0]!.params).toEqual({ id: '7', userId: '2' }));
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await ui.click(screen.getByRole('button', { name: 'Forlat gruppen' }));
    const leaving = await screen.findByRole('dialog', { name: 'Forlate gruppen?' });
    expect(leaves).toHaveLength(0);
    mockEndpoint(ep.show, apiError(404, 'Fant ikke det du lette etter.'));
    await ui.click(within(leaving).getByRole('button', { name: 'Forlat gruppen' }));
    await waitFor(() => expect(leaves).toHaveLength(1));
    await waitFor(() => expect(router.state.location.pathname).toBe('/messages'));
    expect(screen.queryByText('Fant ikke det du lette etter.')).not.toBeInTheDocument();
  });
});

describe('settings → Meldinger', () => {
  beforeEach(() => logIn(testUser()));

  it('sets who may start a conversation, says it governs new ones, lists blocked people with unblock', async () => {
    mockEndpoint(ep.mySettings, { data: { who_can_message: 'health_personnel', suspended_until: null } });
    const saves = mockEndpoint(ep.updateSettings, ({ body }) => ({ data: { who_can_message: (body as { who_can_message: 'mutual' }).who_can_message, suspended_until: null } }));
    let blocked = true;
    mockEndpoint(ep.blocks, () => ({ data: blocked ? [{ type: 'user' as const, id: 2, slug: 'u2', name: 'Kari Nordmann', blocked_at: '2026-11-28T10:00:00.000Z' }] : [] }));
    const unblocks = mockEndpoint(ep.unblock, () => {
      blocked = false;
      return null;
    });
    const ui = setupUser();
    renderApp('/profile_settings/messages');
    const group = await screen.findByRole('radiogroup', { name: 'Hvem kan starte en samtale med deg?' });
    expect(group).toHaveAccessibleDescription(/Gjelder nye samtaler. Samtaler du allerede har, fortsetter som før/);
    expect(within(group).getByRole('radio', { name: 'Alle kolleger' })).toBeChecked();
    await ui.click(within(group).getByRole('radio', { name: 'Folk jeg følger og som følger meg' }));
    await waitFor(() => expect(saves[0]!.body).toEqual({ who_can_message: 'mutual' }));
    expect(await screen.findByText('Innstillingen er lagret.')).toBeInTheDocument();

    const list = await screen.findByRole('list', { name: 'Blokkerte personer' });
    expect(within(list).getByText('Kari Nordmann')).toBeInTheDocument();
    await ui.click(within(list).getByRole('button', { name: 'Opphev blokkering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oppheve blokkeringen av Kari Nordmann?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Opphev blokkering' }));
    await waitFor(() => expect(unblocks[0]!.params).toEqual({ userId: '2' }));
    expect(await screen.findByText('Du har ikke blokkert noen.')).toBeInTheDocument();
  });

  it('lists a blocked company beside people, and unblocks the company (not a member with the same id)', async () => {
    mockEndpoint(ep.mySettings, { data: { who_can_message: 'health_personnel', suspended_until: null } });
    let companyBlocked = true;
    mockEndpoint(ep.blocks, () => ({
      data: [
        { type: 'user' as const, id: 7, slug: 'u7', name: 'Ola Bakken', blocked_at: '2026-11-27T10:00:00.000Z' },
        ...(companyBlocked ? [{ type: 'company' as const, id: 7, slug: 'demo-medisin', name: 'Demo Medisin AS', blocked_at: '2026-11-28T10:00:00.000Z' }] : []),
      ],
    }));
    const userUnblocks = mockEndpoint(ep.unblock, () => null);
    const companyUnblocks = mockEndpoint(ep.unblockCompany, () => {
      companyBlocked = false;
      return null;
    });
    const ui = setupUser();
    renderApp('/profile_settings/messages');
    const list = await screen.findByRole('list', { name: 'Blokkerte personer' });
    const company = (await within(list).findByText('Demo Medisin AS')).closest('li')!;
    await ui.click(within(company).getByRole('button', { name: 'Opphev blokkering' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oppheve blokkeringen av Demo Medisin AS?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Opphev blokkering' }));
    await waitFor(() => expect(companyUnblocks.map((c) => c.params)).toEqual([{ companyId: '7' }]));
    expect(userUnblocks).toEqual([]);
    await waitFor(() => expect(within(list).queryByText('Demo Medisin AS')).not.toBeInTheDocument());
    expect(within(list).getByText('Ola Bakken')).toBeInTheDocument();
  });
});
