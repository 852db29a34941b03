import { authEndpoints, type NotificationPreferences, notificationPreferenceEndpoints as ep, type PushDevice, pushEndpoints } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { formatDateTime } from '@/shared/lib/dates';
import { mockEndpoint } from '@/testing/api-mocks';
import { asPhone } from '@/testing/viewport';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { browserPush } from './api/push';

const cell = (enabled: boolean, locked = false) => ({ enabled, locked });
const prefs = (): NotificationPreferences => ({
  categories: [
    { category: 'comments', in_app: cell(true), email: cell(false), sms: null, push: cell(false) },
    { category: 'mentions', in_app: cell(true), email: cell(true), sms: null, push: cell(true) },
    { category: 'messages', in_app: cell(true), email: cell(true), sms: null, push: cell(true) },
    { category: 'likes_follows', in_app: cell(true), email: cell(false), sms: null, push: cell(false) },
    { category: 'alerts', in_app: cell(true), email: cell(true), sms: null, push: cell(false) },
    { category: 'course_reminders', in_app: cell(true), email: cell(true), sms: cell(false), push: cell(true) },
    { category: 'petitions', in_app: cell(true), email: cell(false), sms: null, push: cell(false) },
    { category: 'important_updates', in_app: cell(true, true), email: cell(true), sms: null, push: cell(true) },
  ],
  quiet_hours: { enabled: true, start: '22:00', end: '07:00' },
  digest: 'weekly',
  push_preview: false,
});

describe('notification settings page', () => {
  let ui: ReturnType<typeof setupUser>;
  beforeEach(() => {
    ui = setupUser();
    const me = testUser();
    logIn(me, 'access-123');
    mockEndpoint(authEndpoints.me, { data: me });
  });

  it('shows each kind x channel as a labelled box, saves a change at once, and quiet hours and the digest', async () => {
    mockEndpoint(ep.show, { data: prefs() });
    const updates = mockEndpoint(ep.update, ({ body }) => {
      const next = prefs();
      const b = body as { channels?: { comments?: { email?: boolean } }; digest?: NotificationPreferences['digest'] };
      if (b.channels?.comments?.email !== undefined) next.categories[0]!.email = cell(b.channels.comments.email);
      if (b.digest) next.digest = b.digest;
      return { data: next };
    });
    renderApp('/notification_settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Varslingsinnstillinger' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Varsler etter type og kanal' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Type', 'I appen', 'E-post', 'SMS', 'Push']);
    // Push: messages and mentions on, likes off by default.
    expect(within(table).getByRole('checkbox', { name: 'Meldinger: Push' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Når noen nevner meg: Push' })).toBeChecked();
    expect(within(table).getByRole('checkbox', { name: 'Liker, delinger og nye følgere: Push' })).not.toBeChecked();
    expect(within(table).getAllByRole('rowheader')).toHaveLength(8);
    expect(within(table).getByRole('rowheader', { name: 'Når noen nevner meg' })).toBeInTheDocument();
    expect(within(table).getByRole('rowheader', { name: 'Nye stillinger, kurs og opprop som passer de lagrede søkene mine' })).toBeInTheDocument();
    expect(within(table).getByRole('checkbox', { name: 'Viktige oppdateringer: I appen' })).toBeDisabled();
    expect(within(table).getByRole('checkbox', { name: 'Kurspåminnelser og endringer i kurs: SMS' })).not.toBeChecked();
    expect(within(table).queryByRole('checkbox', { name: 'Kommentarer på innleggene mine: SMS' })).not.toBeInTheDocument();

    const commentsByMail = within(table).getByRole('checkbox', { name: 'Kommentarer på innleggene mine: E-post' });
    expect(commentsByMail).not.toBeChecked();
    await ui.click(commentsByMail);
    await waitFor(() => expect(updates.map((c) => c.body)).toEqual([{ channels: { comments: { email: true } } }]));
    await waitFor(() => expect(commentsByMail).toBeChecked());

    expect(screen.getByRole('switch', { name: 'Bruk stille timer' })).toBeChecked();
    expect(screen.getByLabelText('Fra')).toHaveValue('22:00');
    expect(screen.getByLabelText('Til')).toHaveValue('07:00');
    const weekly = screen.getByRole('radio', { name: 'Ukentlig' });
    expect(weekly).toBeChecked();
    await ui.click(screen.getByRole('radio', { name: 'Daglig' }));
    await waitFor(() => expect(updates.map((c) => c.body)).toContainEqual({ digest: 'daily' }));
  });

  it('on a phone, stacks each kind with its channels instead of the wide table, with the same boxes (issue 42)', async () => {
    asPhone();
    mockEndpoint(ep.show, { data: prefs() });
    const updates = mockEndpoint(ep.update, { data: prefs() });
    renderApp('/notification_settings');
    expect(await screen.findByRole('heading', { level: 1, name: 'Varslingsinnstillinger' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const kinds = within(screen.getByRole('region', { name: 'Varsler etter type og kanal' })).getAllByRole('group');
    expect(kinds).toHaveLength(8);
    const courses = screen.getByRole('group', { name: 'Kurspåminnelser og endringer i kurs' });
    // Every channel the kind has, named beside its box, in the table's column order.
    expect(within(courses).getAllByRole('checkbox').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Kurspåminnelser og endringer i kurs: I appen',
      'Kurspåminnelser og endringer i kurs: E-post',
      'Kurspåminnelser og endringer i kurs: SMS',
      'Kurspåminnelser og endringer i kurs: Push',
    ]);
    expect(within(courses).getByText('SMS')).toBeInTheDocument();
    // A channel the kind lacks is left out, not shown as a dead box.
    const comments = screen.getByRole('group', { name: 'Kommentarer på innleggene mine' });
    expect(within(comments).getAllByRole('checkbox').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Kommentarer på innleggene mine: I appen',
      'Kommentarer på innleggene mine: E-post',
      'Kommentarer på innleggene mine: Push',
    ]);
    expect(screen.getByRole('checkbox', { name: 'Viktige oppdateringer: I appen' })).toBeDisabled();
    expect(within(screen.getByRole('group', { name: 'Viktige oppdateringer' })).getByText(/Alltid på/)).toBeInTheDocument();
    // The channel's name is the box's label: tapping the word ticks the box.
    await ui.click(within(comments).getByText('E-post'));
    await waitFor(() => expect(updates.map((c) => c.body)).toEqual([{ channels: { comments: { email: true } } }]));
  });

  it('goes back when the API refuses a change, in English', async () => {
    await changeLocale('en');
    mockEndpoint(ep.show, { data: prefs() });
    mockEndpoint(ep.update, new Response(JSON.stringify({ status_code: 422, message: 'Invalid', errors: {} }), { status: 422 }));
    renderApp('/notification_settings');
    const box = await screen.findByRole('checkbox', { name: 'Petition milestones and answers: E-mail' });
    await ui.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
  });
});

describe('push notifications on this device', () => {
  let ui: ReturnType<typeof setupUser>;
  const subscription = { endpoint: 'https://push.example.org/send/abc', keys: { p256dh: `B${'x'.repeat(86)}`, auth: 'y'.repeat(22) } };
  const device = (over: Partial<PushDevice> = {}): PushDevice => ({
    id: 7,
    device: { browser: 'Chrome', system: 'Android' },
    push_service: 'push.example.org',
    created_at: '2026-11-20T09:15:00Z',
    last_used_at: '2026-11-28T13:05:00Z',
    ...over,
  });
  beforeEach(async () => {
    await changeLocale('no');
    ui = setupUser();
    const me = testUser();
    logIn(me, 'access-123');
    mockEndpoint(authEndpoints.me, { data: me });
    mockEndpoint(ep.show, { data: prefs() });
    vi.spyOn(browserPush, 'supported').mockReturnValue(true);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('explains first and asks the browser for permission only after the click; then subscribes with the server key and lists the device', async () => {
    let permission: NotificationPermission = 'default';
    vi.spyOn(browserPush, 'permission').mockImplementation(() => permission);
    const ask = vi.spyOn(browserPush, 'requestPermission').mockImplementation(() => {
      permission = 'granted';
      return Promise.resolve('granted');
    });
    vi.spyOn(browserPush, 'current').mockResolvedValue(null);
    const subscribe = vi.spyOn(browserPush, 'subscribe').mockResolvedValue(subscription);
    mockEndpoint(pushEndpoints.vapidKey, { data: { public_key: 'BKEY' } });
    let devices: PushDevice[] = [];
    mockEndpoint(pushEndpoints.devices, () => ({ data: devices, meta: { current_page: 1, last_page: 1, per_page: 50, total: devices.length } }));
    const added = mockEndpoint(pushEndpoints.subscribe, () => {
      devices = [device({ last_used_at: null })];
      return { data: devices[0]! };
    });
    renderApp('/notification_settings');
    const section = await screen.findByRole('region', { name: 'Push-varsler på denne enheten' });
    expect(within(section).getByText(/aldri selve meldingen/)).toBeInTheDocument();
    expect(await within(section).findByText('Ingen enheter får push-varsler.')).toBeInTheDocument();
    expect(ask).not.toHaveBeenCalled();

    await ui.click(within(section).getByRole('button', { name: 'Slå på push-varsler på denne enheten' }));
    await waitFor(() => expect(added.map((c) => c.body)).toEqual([subscription]));
    expect(ask).toHaveBeenCalledTimes(1);
    expect(subscribe).toHaveBeenCalledWith('BKEY');
    const list = await within(section).findByRole('list', { name: 'Enheter som får push' });
    expect(within(list).getByText('Chrome på Android')).toBeInTheDocument();
    expect(within(list).getByText('Denne enheten')).toBeInTheDocument();
    expect(within(list).getByText(`Ikke brukt ennå · Lagt til ${formatDateTime('2026-11-20T09:15:00Z', 'no')}`)).toBeInTheDocument();
  });

  it('lists the devices with their last use and removes one; a browser that already subscribed is recognised without asking', async () => {
    vi.spyOn(browserPush, 'permission').mockReturnValue('granted');
    const ask = vi.spyOn(browserPush, 'requestPermission');
    vi.spyOn(browserPush, 'current').mockResolvedValue(subscription);
    let devices = [device(), device({ id: 9, device: { browser: 'Safari', system: 'iOS' } })];
    mockEndpoint(pushEndpoints.devices, () => ({ data: devices, meta: { current_page: 1, last_page: 1, per_page: 50, total: devices.length } }));
    mockEndpoint(pushEndpoints.subscribe, { data: device() });
    const removed = mockEndpoint(pushEndpoints.unsubscribe, ({ params }) => {
      devices = devices.filter((d) => d.id !== Number(params.id));
      return new Response(null, { status: 204 });
    });
    renderApp('/notification_settings');
    const list = await screen.findByRole('list', { name: 'Enheter som får push' });
    expect(await within(list).findByText('Denne enheten')).toBeInTheDocument();
    expect(within(list).getAllByText(`Sist brukt ${formatDateTime('2026-11-28T13:05:00Z', 'no')} · Lagt til ${formatDateTime('2026-11-20T09:15:00Z', 'no')}`)).toHaveLength(2);
    expect(screen.getByText('Push-varsler er på for denne enheten.')).toBeInTheDocument();
    await ui.click(within(list).getByRole('button', { name: 'Fjern Safari på iOS' }));
    await waitFor(() => expect(removed.map((c) => c.params.id)).toEqual(['9']));
    await waitFor(() => expect(within(list).queryByText('Safari på iOS')).not.toBeInTheDocument());
    expect(ask).not.toHaveBeenCalled();
  });

  it('says so when the browser blocks notifications, and when it cannot receive pushes at all, in English', async () => {
    await changeLocale('en');
    vi.spyOn(browserPush, 'permission').mockReturnValue('default');
    vi.spyOn(browserPush, 'requestPermission').mockResolvedValue('denied');
    mockEndpoint(pushEndpoints.devices, { data: [], meta: { current_page: 1, last_page: 1, per_page: 50, total: 0 } });
    const { unmount } = renderApp('/notification_settings');
    await ui.click(await screen.findByRole('button', { name: 'Turn on push notifications on this device' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your browser has blocked notifications from Legenett.');
    unmount();
    vi.spyOn(browserPush, 'supported').mockReturnValue(false);
    renderApp('/notification_settings');
    expect(await screen.findByText(/This browser cannot receive push notifications/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on push notifications on this device' })).not.toBeInTheDocument();
  });

  it('turns the lock-screen preview on (off by default)', async () => {
    vi.spyOn(browserPush, 'permission').mockReturnValue('default');
    mockEndpoint(pushEndpoints.devices, { data: [], meta: { current_page: 1, last_page: 1, per_page: 50, total: 0 } });
    const updates = mockEndpoint(ep.update, () => ({ data: { ...prefs(), push_preview: true } }));
    renderApp('/notification_settings');
    await screen.findByRole('region', { name: 'Push-varsler på denne enheten' });
    // Mantine's label holds the hint too: the name starts with the label, the hint follows.
    const preview = screen.getByRole('switch', { name: /^Vis begynnelsen av meldingen på låseskjermen/ });
    expect(preview).not.toBeChecked();
    await ui.click(preview);
    await waitFor(() => expect(updates.map((c) => c.body)).toEqual([{ push_preview: true }]));
    await waitFor(() => expect(preview).toBeChecked());
  });
});

describe('unsubscribe page', () => {
  let ui: ReturnType<typeof setupUser>;
  beforeEach(() => {
    ui = setupUser();
  });

  it('asks first, then makes the one-click call with the signed values of the link, without a login', async () => {
    const calls = mockEndpoint(ep.unsubscribe, { data: { category: 'messages' } });
    renderApp('/unsubscribe?u=7&c=messages&expires=1999999999&signature=abc');
    expect(await screen.findByText('Vil du slutte å få e-post om «Meldinger»?')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
    await ui.click(screen.getByRole('button', { name: 'Meld meg av' }));
    expect(await screen.findByText('Du får ikke lenger e-post om «Meldinger».')).toBeInTheDocument();
    expect(Object.fromEntries(calls[0]!.query)).toEqual({ u: '7', c: 'messages', expires: '1999999999', signature: 'abc' });
  });

  it('says so for an incomplete link', async () => {
    renderApp('/unsubscribe?u=7');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken er ufullstendig');
  });
});
