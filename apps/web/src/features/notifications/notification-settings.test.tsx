import { authEndpoints, type NotificationPreferences, notificationPreferenceEndpoints as ep } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint } from '@/testing/api-mocks';
import { asPhone } from '@/testing/viewport';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

const cell = (enabled: boolean, locked = false) => ({ enabled, locked });
const prefs = (): NotificationPreferences => ({
  categories: [
    { category: 'comments', in_app: cell(true), email: cell(false), sms: null },
    { category: 'mentions', in_app: cell(true), email: cell(true), sms: null },
    { category: 'messages', in_app: cell(true), email: cell(true), sms: null },
    { category: 'likes_follows', in_app: cell(true), email: cell(false), sms: null },
    { category: 'alerts', in_app: cell(true), email: cell(true), sms: null },
    { category: 'course_reminders', in_app: cell(true), email: cell(true), sms: cell(false) },
    { category: 'petitions', in_app: cell(true), email: cell(false), sms: null },
    { category: 'important_updates', in_app: cell(true, true), email: cell(true), sms: null },
  ],
  quiet_hours: { enabled: true, start: '22:00', end: '07:00' },
  digest: 'weekly',
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
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Type', 'I appen', 'E-post', 'SMS']);
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
    ]);
    expect(within(courses).getByText('SMS')).toBeInTheDocument();
    // A channel the kind lacks is left out, not shown as a dead box.
    const comments = screen.getByRole('group', { name: 'Kommentarer på innleggene mine' });
    expect(within(comments).getAllByRole('checkbox')).toHaveLength(2);
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
