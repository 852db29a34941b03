import { type Conversation, type Message, messageEndpoints as ep } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

// The offline message queue (issue 41): written offline, kept with its key, sent once when back.

const party = (id: number, name: string) => ({ type: 'user' as const, id, slug: `u${id}`, name, avatar: null, verified_as: 'doctor' as const });

const conversation: Conversation = {
  id: 7,
  kind: 'direct',
  title: 'Kari Nordmann',
  topic: null,
  participants: [
    { ...party(7, 'Test Bruker'), state: 'active', last_read_seq: 1, is_me: true },
    { ...party(2, 'Kari Nordmann'), state: 'active', last_read_seq: 1, is_me: false },
  ],
  my_state: 'active',
  is_request: false,
  is_creator: false,
  can_write: true,
  last_seq: 1,
  last_read_seq: 1,
  unread_count: 0,
  last_message: null,
  last_activity_at: '2026-11-27T10:00:00.000Z',
  archived: false,
  muted: false,
};

const message = (seq: number, body: string): Message => ({
  id: 100 + seq,
  conversation_id: 7,
  seq,
  sender: party(2, 'Kari Nordmann'),
  body,
  attachments: [],
  reply_to: null,
  is_mine: false,
  edited: false,
  deleted: false,
  can_edit: false,
  created_at: '2026-11-27T10:00:00.000Z',
});

const OUTBOX = 'legenett-outbox-7';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

let online = true;
function setOnline(value: boolean) {
  online = value;
  act(() => {
    window.dispatchEvent(new Event(value ? 'online' : 'offline'));
  });
}

function mockThread() {
  mockEndpoint(ep.unread, { data: { unread_total: 0, requests: 0 } });
  mockEndpoint(ep.inbox, { data: [conversation], meta: { next_cursor: null } });
  mockEndpoint(ep.show, { data: conversation });
  mockEndpoint(ep.history, { data: [message(1, 'Hei')], meta: { has_more: false, last_seq: 1 } });
  mockEndpoint(ep.read, { data: { unread_total: 0, requests: 0 } });
  mockEndpoint(ep.blocks, { data: [] });
}

const keyOf = (body: unknown) => (body as FormData).get('client_key');
const sent = (body: string) => ({ data: { ...message(2, body), is_mine: true, sender: party(7, 'Test Bruker') } });

describe('the offline message queue', () => {
  beforeEach(() => {
    localStorage.clear();
    online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    logIn(testUser());
  });

  afterEach(() => vi.restoreAllMocks());

  it('keeps a message written offline with its key, shows "Venter på nett", and sends it once with that key when back online', async () => {
    mockThread();
    const sends = mockEndpoint(ep.send, ({ body }) => sent(String((body as FormData).get('body'))));
    const ui = setupUser();
    renderApp('/messages/7');
    const box = await screen.findByRole('textbox', { name: 'Skriv en melding' });

    setOnline(false);
    // The offline mark, in a status region (announced), with the time of the newest saved answer.
    const mark = screen.getByText(/^Frakoblet – viser sist lagrede \(oppdatert kl\. \d{2}\.\d{2}\)$/);
    expect(mark.closest('[role="status"]')).not.toBeNull();
    await ui.type(box, 'Skrevet i heisen{Enter}');

    const thread = await screen.findByRole('list', { name: 'Kari Nordmann' });
    const waiting = await within(thread).findByText('Venter på nett');
    expect(within(waiting.closest('li')!).getByText('Skrevet i heisen')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(screen.getByText('Ingen forbindelse: meldingen sendes når du er på nett igjen.')).toBeInTheDocument();
    expect(sends).toHaveLength(0);
    const stored = JSON.parse(localStorage.getItem(OUTBOX) ?? '[]') as { client_key: string; body: string }[];
    expect(stored).toHaveLength(1);
    expect(stored[0]!.client_key).toMatch(UUID);
    expect(stored[0]!.body).toBe('Skrevet i heisen');

    // Back online: two events in a row still send it once, with the key it was written with.
    online = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(within(thread).queryByText('Venter på nett')).not.toBeInTheDocument());
    expect(sends).toHaveLength(1);
    expect(keyOf(sends[0]!.body)).toBe(stored[0]!.client_key);
    expect((sends[0]!.body as FormData).get('body')).toBe('Skrevet i heisen');
    expect(localStorage.getItem(OUTBOX)).toBeNull();
    expect(screen.queryByText(/^Frakoblet/)).not.toBeInTheDocument();
  });

  it('queues a send that fails for want of a connection and retries with the same key until it goes through', async () => {
    mockThread();
    let answer: 'network' | 'ok' = 'network';
    const sends = mockEndpoint(ep.send, ({ body }) => (answer === 'network' ? HttpResponse.error() : sent(String((body as FormData).get('body')))));
    const ui = setupUser();
    renderApp('/messages/7');
    const box = await screen.findByRole('textbox', { name: 'Skriv en melding' });
    await ui.type(box, 'Tapte forbindelsen{Enter}');

    const thread = await screen.findByRole('list', { name: 'Kari Nordmann' });
    await within(thread).findByText('Venter på nett');
    expect(sends).toHaveLength(1);
    const key = keyOf(sends[0]!.body);
    expect(key).toMatch(UUID);

    // The connection comes back but drops again: still queued, the same key.
    setOnline(true);
    await waitFor(() => expect(sends).toHaveLength(2));
    expect(keyOf(sends[1]!.body)).toBe(key);
    expect(within(thread).getByText('Venter på nett')).toBeInTheDocument();

    answer = 'ok';
    setOnline(true);
    await waitFor(() => expect(within(thread).queryByText('Venter på nett')).not.toBeInTheDocument());
    expect(sends).toHaveLength(3);
    expect(keyOf(sends[2]!.body)).toBe(key);
    expect(localStorage.getItem(OUTBOX)).toBeNull();
  });

  it('sends what an earlier visit left in the queue when the app starts', async () => {
    mockThread();
    const sends = mockEndpoint(ep.send, ({ body }) => sent(String((body as FormData).get('body'))));
    const key = crypto.randomUUID();
    localStorage.setItem(OUTBOX, JSON.stringify([{ client_key: key, conversation_id: 7, body: 'Fra i går', reply_to_id: null, written_at: '2026-11-28T20:00:00.000Z' }]));
    renderApp('/messages/7');
    await waitFor(() => expect(sends).toHaveLength(1));
    expect(keyOf(sends[0]!.body)).toBe(key);
    await waitFor(() => expect(localStorage.getItem(OUTBOX)).toBeNull());
  });
});
