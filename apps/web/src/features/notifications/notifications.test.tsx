import { authEndpoints, type Notification, notificationEndpoints } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderApp, renderWithProviders, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { NotificationBell } from './components/notification-bell';
import { notificationHref } from './components/notification-item';

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static instances: FakeEventSource[] = [];
  readyState = FakeEventSource.OPEN;
  private listeners = new Map<string, ((event: MessageEvent) => void)[]>();
  constructor(public url: string) {
    FakeEventSource.instances.push(this);
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  removeEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
  emit(type: string, data: unknown) {
    act(() => this.listeners.get(type)?.forEach((l) => l(new MessageEvent(type, { data: JSON.stringify(data) }))));
  }
  fail() {
    this.readyState = FakeEventSource.CLOSED;
    act(() => this.listeners.get('error')?.forEach((l) => l(new MessageEvent('error'))));
  }
}

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
const actor = { id: 3, slug: 'ola', first_name: 'Ola', last_name: 'Hansen' };
const note = (id: number, kind: Notification['kind'], overrides: Partial<Notification> = {}): Notification => ({
  id,
  kind,
  actor,
  partner_company_id: null,
  entity_type: null,
  entity_id: null,
  data: {},
  read_at: null,
  created_at: minutesAgo(5),
  ...overrides,
});

const fixtures: Notification[] = [
  note(11, 'comment', { entity_type: 'post', entity_id: 21, data: { post_slug: 'p-21' } }),
  note(10, 'like', { entity_type: 'post', entity_id: 21 }),
  note(9, 'new_follower', { read_at: minutesAgo(60) }),
  note(8, 'follow_invitation', { read_at: minutesAgo(60) }),
  note(7, 'new_content', { read_at: minutesAgo(60) }),
  note(6, 'account_decision', { actor: null, data: { decision: 'approved' }, read_at: minutesAgo(60), created_at: minutesAgo(3 * 24 * 60) }),
  note(5, 'chat_message', { read_at: minutesAgo(60) }),
];

/** The list (read once marked) and marking read; returns the mark-read calls. */
function mockApi(unreadCount = 2) {
  let unread = unreadCount;
  mockEndpoint(notificationEndpoints.list, () => ({
    data: fixtures.map((n) => (unread === 0 ? { ...n, read_at: n.read_at ?? minutesAgo(0) } : n)),
    meta: { current_page: 1, last_page: 1, per_page: 10, total: fixtures.length },
    unreadCount: unread,
  }));
  const marks = mockEndpoint(notificationEndpoints.markRead, () => {
    unread = 0;
    return { unreadCount: 0 };
  });
  const markAll = mockEndpoint(notificationEndpoints.markAllRead, () => {
    unread = 0;
    return { unreadCount: 0 };
  });
  return Object.assign(marks, { all: markAll });
}

function renderBell() {
  return renderWithProviders(<MemoryRouter>
        <NotificationBell />
      </MemoryRouter>);
}

describe('notification bell', () => {
  let ui: ReturnType<typeof setupUser>;
  beforeEach(() => {
    ui = setupUser();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    logIn(undefined, 'access-123');
  });

  it('shows the unread count from the stream and follows new events', async () => {
    mockApi(2);
    const view = renderBell();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;
    expect(stream.url).toBe('/api/user-notifications/stream?token=access-123');

    stream.emit('unread', { unreadCount: 3 });
    expect(await screen.findByRole('button', { name: 'Varsler, 3 uleste' })).toBeInTheDocument();
    expect(screen.getByText('3')).toBeInTheDocument();

    stream.emit('unread', { unreadCount: 4 });
    expect(await screen.findByRole('button', { name: 'Varsler, 4 uleste' })).toBeInTheDocument();
    expect(screen.getByText('4')).toBeInTheDocument();

    view.unmount();
    expect(stream.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('reads the list again when the live count differs from it, not when the stream confirms it', async () => {
    mockApi(2);
    const reads = mockEndpoint(notificationEndpoints.list, () => ({
      data: fixtures,
      meta: { current_page: 1, last_page: 1, per_page: 10, total: fixtures.length },
      unreadCount: 2,
    }));
    renderBell();
    expect(await screen.findByRole('button', { name: 'Varsler, 2 uleste' })).toBeInTheDocument();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;
    expect(reads).toHaveLength(1);

    stream.emit('unread', { unreadCount: 2 });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(reads).toHaveLength(1);

    stream.emit('unread', { unreadCount: 3 });
    expect(await screen.findByRole('button', { name: 'Varsler, 3 uleste' })).toBeInTheDocument();
    await waitFor(() => expect(reads).toHaveLength(2));
  });

  it('falls back to the count from the list, and reconnects a refused stream', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockApi(2);
    renderBell();
    expect(await screen.findByRole('button', { name: 'Varsler, 2 uleste' })).toBeInTheDocument();
    FakeEventSource.instances[0]!.fail();
    await act(() => vi.advanceTimersByTimeAsync(2_500));
    expect(FakeEventSource.instances).toHaveLength(2);
    FakeEventSource.instances[1]!.emit('unread', { unreadCount: 5 });
    expect(await screen.findByRole('button', { name: 'Varsler, 5 uleste' })).toBeInTheDocument();
  });

  it('lists the newest notifications in English and marks all as read', async () => {
    await changeLocale('en');
    const marks = mockApi(2);
    renderBell();
    FakeEventSource.instances[0]!.emit('unread', { unreadCount: 2 });
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await ui.click(bell);

    const dialog = await screen.findByRole('dialog', { name: 'Notifications' });
    const list = await within(dialog).findByRole('list', { name: 'Newest notifications' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(items[0]).toHaveTextContent('Unread: Ola Hansen commented on your post');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(items[1]).toHaveTextContent('Ola Hansen liked your post');
    expect(items[2]).not.toHaveTextContent('Unread');
    expect(within(list).getByText('Ola Hansen is now following you')).toBeInTheDocument();
    expect(within(list).getByText('Ola Hansen invited you to follow')).toBeInTheDocument();
    expect(within(list).getByText('Ola Hansen published new content')).toBeInTheDocument();
    expect(within(list).getByText('Your account has been approved')).toBeInTheDocument();
    expect(within(list).getByText('3 days ago')).toBeInTheDocument();
    expect(within(list).getByText('New message from Ola Hansen')).toBeInTheDocument();

    await ui.click(within(dialog).getByRole('button', { name: 'Mark all as read' }));
    // All of them, not only the loaded ones.
    await waitFor(() => expect(marks.all).toHaveLength(1));
    expect(marks).toHaveLength(0);
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(within(list).queryByText(/^Unread/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Mark all as read' })).toBeDisabled();

    await ui.click(screen.getByRole('button', { name: 'Notifications' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('lists the texts in Norwegian', async () => {
    mockApi(2);
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Varsler, 2 uleste' }));
    const list = await screen.findByRole('list', { name: 'Nyeste varsler' });
    expect(within(list).getByText('Ola Hansen kommenterte innlegget ditt')).toBeInTheDocument();
    expect(within(list).getByText('Ny melding fra Ola Hansen')).toBeInTheDocument();
    expect(within(list).getAllByText('for 5 minutter siden')).toHaveLength(6);

    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Varsler, 2 uleste' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('opens what a notification is about and marks that one read', async () => {
    const marks = mockApi(2);
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Varsler, 2 uleste' }));
    const list = await screen.findByRole('list', { name: 'Nyeste varsler' });
    const link = within(list).getByRole('link', { name: /^Ulest:\s*Ola Hansen kommenterte innlegget ditt$/ });
    expect(link).toHaveAttribute('href', '/post/21');
    expect(within(list).getByRole('link', { name: 'Ola Hansen følger deg nå' })).toHaveAttribute('href', '/profile/ola');
    await ui.click(link);
    await waitFor(() => expect(marks.map((c) => c.body)).toEqual([{ ids: [11] }]));
  });
  it('links to the notifications page and closes', async () => {
    mockApi(2);
    renderBell();
    await ui.click(await screen.findByRole('button', { name: 'Varsler, 2 uleste' }));
    const dialog = await screen.findByRole('dialog', { name: 'Varsler' });
    const all = within(dialog).getByRole('link', { name: 'Se alle varsler' });
    expect(all).toHaveAttribute('href', '/notifications');
    await ui.click(all);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Varsler, 2 uleste' })).toHaveAttribute('aria-expanded', 'false'));
  });

  it('names the inviting company', async () => {
    mockApi(2);
    fixtures.push(note(4, 'follow_invitation', { actor: null, data: { company_name: 'Medico AS', company_slug: 'medico' } }));
    try {
      renderBell();
      await ui.click(await screen.findByRole('button', { name: 'Varsler, 2 uleste' }));
      const list = await screen.findByRole('list', { name: 'Nyeste varsler' });
      expect(within(list).getByRole('link', { name: /Medico AS inviterer deg til å følge bedriften/ })).toHaveAttribute('href', '/profile_company/medico');
    } finally {
      fixtures.pop();
    }
  });
});

describe('notificationHref', () => {
  it('leads to the post, the follower, the company or my profile', () => {
    expect(notificationHref(note(1, 'like', { entity_type: 'post', entity_id: 5 }))).toBe('/post/5');
    expect(notificationHref(note(2, 'new_follower'))).toBe('/profile/ola');
    expect(notificationHref(note(3, 'follow_invitation', { entity_type: 'follow_invitation', entity_id: 9, data: { company_slug: 'medico' } }))).toBe('/profile_company/medico');
    expect(notificationHref(note(4, 'account_decision', { actor: null }))).toBe('/profile');
    expect(notificationHref(note(5, 'chat_message'))).toBe('/profile/ola');
    expect(notificationHref(note(6, 'new_content', { entity_type: 'job', entity_id: 7 }))).toBe('/jobs/details/7');
    expect(notificationHref(note(7, 'chat_message', { actor: null }))).toBeNull();
  });

});

describe('notifications page', () => {
  let ui: ReturnType<typeof setupUser>;
  beforeEach(() => {
    ui = setupUser();
    FakeEventSource.instances = [];
    vi.stubGlobal('EventSource', FakeEventSource);
    const me = testUser();
    logIn(me, 'access-123');
    mockEndpoint(authEndpoints.me, { data: me });
  });

  /** 25 notifications, 20 a page; page 2 holds the last 5. Marking all read makes every one read. */
  function mockPages() {
    let allRead = false;
    const many = Array.from({ length: 25 }, (_, i) =>
      note(100 - i, i % 2 === 0 ? 'like' : 'new_follower', { entity_type: i % 2 === 0 ? 'post' : null, entity_id: i % 2 === 0 ? 500 + i : null }),
    );
    const lists = mockEndpoint(notificationEndpoints.list, ({ query }) => {
      const page = Number(query.get('page'));
      const perPage = Number(query.get('per_page'));
      const rows = many.slice((page - 1) * perPage, page * perPage).map((n) => (allRead ? { ...n, read_at: minutesAgo(0) } : n));
      return { data: rows, meta: { current_page: page, last_page: Math.ceil(many.length / perPage), per_page: perPage, total: many.length }, unreadCount: allRead ? 0 : 25 };
    });
    const markAll = mockEndpoint(notificationEndpoints.markAllRead, () => {
      allRead = true;
      return { unreadCount: 0 };
    });
    return { lists, markAll };
  }

  it('lists every notification as a link, page by page, and marks all read', async () => {
    const { lists, markAll } = mockPages();
    renderApp('/notifications');
    expect(await screen.findByRole('heading', { level: 1, name: 'Varsler' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Alle varsler' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(20));
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(20);
    expect(links[0]).toHaveAccessibleName(/^Ulest:\s*Ola Hansen likte innlegget ditt$/);
    expect(links[0]).toHaveAttribute('href', '/post/500');
    expect(links[1]).toHaveAttribute('href', '/profile/ola');
    // The full date beside the relative time, in the Norwegian format.
    expect(within(list).getAllByText(/^for 5 minutter siden · \d{1,2}\. \p{L}+\.? \d{4}, \d{2}:\d{2}$/u)).toHaveLength(20);

    await ui.click(screen.getByRole('button', { name: 'Neste side' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Alle varsler' })).getAllByRole('listitem')).toHaveLength(5));
    expect(lists.some((c) => c.query.get('page') === '2' && c.query.get('per_page') === '20')).toBe(true);

    await ui.click(screen.getByRole('button', { name: 'Merk alle som lest' }));
    await waitFor(() => expect(markAll).toHaveLength(1));
    expect(await screen.findAllByText('Alle varsler er merket som lest.')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Merk alle som lest' })).toBeDisabled());
    expect(within(screen.getByRole('list', { name: 'Alle varsler' })).queryByText(/^Ulest/)).not.toBeInTheDocument();
  });

  it('says so when there are none, in English', async () => {
    await changeLocale('en');
    mockEndpoint(notificationEndpoints.list, { data: [], meta: { current_page: 1, last_page: 1, per_page: 20, total: 0 }, unreadCount: 0 });
    renderApp('/notifications');
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
