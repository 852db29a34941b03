import { authEndpoints, type Notification, notificationEndpoints, notificationMessage } from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { vi } from 'vitest';
import { MemoryRouter } from 'react-router-dom';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint } from '@/testing/api-mocks';
import { FakeEventSource } from '@/testing/fake-event-source';
import { renderApp, renderWithProviders, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { NotificationBell } from './components/notification-bell';
import { notificationHref } from './components/notification-item';

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
  grouped: false,
  actor_count: 1,
  notification_count: 1,
  unread: true,
  created_at: minutesAgo(5),
  ...overrides,
});

const fixtures: Notification[] = [
  note(11, 'comment', { entity_type: 'post', entity_id: 21, data: { post_slug: 'p-21' } }),
  note(10, 'like', { entity_type: 'post', entity_id: 21 }),
  note(9, 'new_follower', { unread: false }),
  note(8, 'follow_invitation', { unread: false }),
  note(7, 'new_content', { unread: false }),
  note(6, 'account_decision', { actor: null, data: { decision: 'approved' }, unread: false, created_at: minutesAgo(3 * 24 * 60) }),
  note(5, 'chat_message', { unread: false }),
];

/** The list (read once marked) and marking read; returns the mark-read calls. */
function mockApi(unreadCount = 2) {
  let unread = unreadCount;
  mockEndpoint(notificationEndpoints.list, () => ({
    data: fixtures.map((n) => (unread === 0 ? { ...n, unread: false } : n)),
    meta: { next_cursor: null },
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
      meta: { next_cursor: null },
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

  it('with the list open, regroups an entry live on an event that keeps the count (issue 42)', async () => {
    let likers = 1;
    const reads = mockEndpoint(notificationEndpoints.list, () => ({
      data: [note(10, 'like', { entity_type: 'post', entity_id: 21, grouped: likers > 1, actor_count: likers, notification_count: likers })],
      meta: { next_cursor: null },
      unreadCount: 1,
    }));
    renderBell();
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const stream = FakeEventSource.instances[0]!;
    stream.emit('unread', { unreadCount: 1 });
    await ui.click(await screen.findByRole('button', { name: 'Varsler, 1 uleste' }));
    const list = await within(await screen.findByRole('dialog', { name: 'Varsler' })).findByRole('list', { name: 'Nyeste varsler' });
    expect(within(list).getByRole('listitem')).toHaveTextContent('Ola Hansen likte innlegget ditt');
    const before = reads.length;

    // Two more likes join the unread entry: still 1 unread, and the open list shows all three.
    likers = 3;
    stream.emit('unread', { unreadCount: 1 });
    await waitFor(() => expect(within(list).getByRole('listitem')).toHaveTextContent('Ola Hansen og 2 andre likte innlegget ditt'));
    expect(reads.length).toBe(before + 1);
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
    // A moderator's warning after a reported message leads to the inbox.
    expect(notificationMessage(note(8, 'account_decision', { data: { decision: 'messaging_suspended', days: 7 } }), 'x')).toEqual({
      key: 'kinds.account_decision_messaging_suspended',
      vars: { days: 7 },
    });
    expect(notificationHref(note(8, 'account_decision', { actor: null, data: { decision: 'messaging_warned', report_id: 3, days: 7 } }))).toMatch(/^\/messages\/?$/);
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

  /** 25 notifications, 20 a page by cursor; the second holds the last 5. Marking all read makes every one read. */
  function mockPages() {
    let allRead = false;
    const many = Array.from({ length: 25 }, (_, i) =>
      note(100 - i, i % 2 === 0 ? 'like' : 'new_follower', { entity_type: i % 2 === 0 ? 'post' : null, entity_id: i % 2 === 0 ? 500 + i : null }),
    );
    const lists = mockEndpoint(notificationEndpoints.list, ({ query }) => {
      const after = query.get('cursor') === 'c20' ? 20 : 0;
      const limit = Number(query.get('limit'));
      const rows = many.slice(after, after + limit).map((n) => (allRead ? { ...n, unread: false } : n));
      return { data: rows, meta: { next_cursor: after + limit < many.length ? 'c20' : null }, unreadCount: allRead ? 0 : 25 };
    });
    const markAll = mockEndpoint(notificationEndpoints.markAllRead, () => {
      allRead = true;
      return { unreadCount: 0 };
    });
    return { lists, markAll };
  }

  it('lists every entry as a link, loads more by cursor, and marks all read', async () => {
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
    expect(screen.getByRole('link', { name: 'Varslingsinnstillinger' })).toHaveAttribute('href', '/notification_settings');

    await ui.click(screen.getByRole('button', { name: 'Vis flere varsler' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Alle varsler' })).getAllByRole('listitem')).toHaveLength(25));
    expect(lists.some((c) => c.query.get('cursor') === 'c20' && c.query.get('limit') === '20')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Vis flere varsler' })).not.toBeInTheDocument();

    await ui.click(screen.getByRole('button', { name: 'Merk alle som lest' }));
    await waitFor(() => expect(markAll).toHaveLength(1));
    expect(await screen.findAllByText('Alle varsler er merket som lest.')).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Merk alle som lest' })).toBeDisabled());
    expect(within(screen.getByRole('list', { name: 'Alle varsler' })).queryByText(/^Ulest/)).not.toBeInTheDocument();
  });

  it('shows a grouped entry as one line and, on asking, who is in it', async () => {
    const grouped = note(50, 'like', { entity_type: 'post', entity_id: 9, grouped: true, actor_count: 5, notification_count: 5, actor: { id: 1, slug: 'kari', first_name: 'Kari', last_name: 'Nordby' } });
    const pair = note(49, 'new_follower', { grouped: true, actor_count: 2, notification_count: 2 });
    const comments = note(48, 'comment', { entity_type: 'post', entity_id: 9, grouped: true, actor_count: 1, notification_count: 3 });
    mockEndpoint(notificationEndpoints.list, { data: [grouped, pair, comments], meta: { next_cursor: null }, unreadCount: 3 });
    const members = mockEndpoint(notificationEndpoints.members, () => ({
      data: [
        { id: 5, actor: { id: 1, slug: 'kari', first_name: 'Kari', last_name: 'Nordby' }, data: {}, created_at: minutesAgo(1) },
        { id: 4, actor: { id: 2, slug: 'per', first_name: 'Per', last_name: 'Berg' }, data: {}, created_at: minutesAgo(2) },
      ],
      meta: { next_cursor: null },
    }));
    renderApp('/notifications');
    const list = await screen.findByRole('list', { name: 'Alle varsler' });
    expect(await within(list).findByRole('link', { name: /Kari Nordby og 4 andre likte innlegget ditt$/ })).toHaveAttribute('href', '/post/9');
    expect(within(list).getByText('Ola Hansen og én annen følger deg nå')).toBeInTheDocument();
    expect(within(list).getByText('Ola Hansen skrev 3 kommentarer til innlegget ditt')).toBeInTheDocument();
    const who = within(list).getByRole('button', { name: 'Vis hvem (5)' });
    expect(who).toHaveAttribute('aria-expanded', 'false');
    await ui.click(who);
    const people = await within(list).findByRole('list', { name: 'Hvem' });
    expect(within(people).getByRole('link', { name: 'Per Berg' })).toHaveAttribute('href', '/profile/per');
    expect(members[0]!.params).toEqual({ id: '50' });
    expect(within(list).getByRole('button', { name: 'Skjul hvem' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('says so when there are none, in English', async () => {
    await changeLocale('en');
    mockEndpoint(notificationEndpoints.list, { data: [], meta: { next_cursor: null }, unreadCount: 0 });
    renderApp('/notifications');
    expect(await screen.findByText('You have no notifications.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark all as read' })).toBeDisabled();
  });
});
