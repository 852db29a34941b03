import { type AdminUser, type AdminUserDetail, type OutboxMessage, type User } from '@legenett/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { changeLocale } from '@/shared/i18n/i18n';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';

// The first render loads the lazy route chunks, which can take over a second on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const sessionUser = (roles: User['roles']): User => ({
  id: 1,
  slug: 'admin',
  first_name: 'Ada',
  last_name: 'Admin',
  email: 'admin@demo.no',
  phone: null,
  status_label: 'Approved',
  user_info: {
    approved_hrp: 2,
    hpr_number: null,
    hpr_verified: true,
    county_id: null,
    city_id: null,
    workplace_situation_id: null,
    workplace_name: null,
    position: null,
    about: null,
    specialities: [],
    notification_settings: { sms_webinar_reminders: false, email_webinar_reminders: true, important_updates: true },
  },
  active_business_profile: null,
  available_business_profiles: [],
  permissions: [],
  roles,
  profile_avatar: null,
  profile_background: null,
  last_login_date: null,
  locale: 'no',
  theme: 'light',
  email_verified: true,
  two_factor_enabled: false,
});

const kari: AdminUser = {
  id: 7,
  slug: 'kari-lege',
  first_name: 'Kari',
  last_name: 'Lege',
  email: 'kari@test.no',
  status: 'awaiting_approval',
  status_label: 'Awaiting approval',
  approved_hrp: 0,
  hpr_number: '9102334',
  registered_via: 'hpr_number',
  roles: [],
  created_at: '2026-11-20T10:00:00.000Z',
  hpr: {
    found: true,
    matched_by: 'hpr_number',
    hpr_number: '9102334',
    profession: 'doctor',
    has_authorisation: true,
    has_licence: false,
    name_matches: true,
    confirms_health_personnel: true,
  },
  available_actions: ['approve', 'reject', 'block'],
};

const nils: AdminUser = {
  ...kari,
  id: 8,
  slug: 'nils',
  first_name: 'Nils',
  last_name: 'Ukjent',
  email: 'nils@test.no',
  hpr_number: null,
  hpr: { ...kari.hpr, found: false, matched_by: null, hpr_number: null, profession: null, has_authorisation: false, name_matches: null, confirms_health_personnel: false },
};

const detailOf = (user: AdminUser, extra: Partial<AdminUserDetail> = {}): AdminUserDetail => ({
  ...user,
  phone: '+4799999999',
  birth_date: '1985-04-12',
  locale: 'no',
  email_verified: true,
  last_login_date: null,
  decisions: [],
  ...extra,
});

const mail: OutboxMessage = {
  id: 31,
  channel: 'mail',
  to: 'kari@test.no',
  user_id: 7,
  subject: 'Kontoen din er godkjent',
  body: 'Hei Kari,\n\nKontoen din er godkjent.',
  template: 'account_approved',
  locale: 'no',
  status: 'queued',
  attempts: 0,
  last_error: null,
  sent_at: null,
  created_at: '2026-11-21T08:00:00.000Z',
};

const page = <T,>(data: T[], total = data.length) => ({ data, meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 10)), per_page: 10, total } });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

/** The admin API as a fake: records every call and answers from `handlers`, else like the shell's fixtures. */
function mockApi(handlers: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const parsed = new URL(raw, 'http://localhost');
      const call: Call = {
        method: init?.method ?? 'GET',
        path: parsed.pathname,
        query: parsed.searchParams,
        body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      };
      calls.push(call);
      if (call.path === '/api/user') return Promise.resolve(jsonResponse({ data: sessionUser(['admin']) }));
      const handler = handlers[`${call.method} ${call.path}`];
      return handler ? Promise.resolve(handler(call)) : defaultFetch(input, init);
    }),
  );
  return calls;
}

function loginAs(roles: User['roles']) {
  authStore.setSession('test-token', 900, sessionUser(roles));
}

describe('admin: approval queue', () => {
  beforeEach(() => loginAs(['admin']));

  it('lists the accounts awaiting approval with their HPR lookup, and switches status by tab', async () => {
    const calls = mockApi({
      'GET /api/admin/users': (c) => jsonResponse(c.query.get('status') === 'blocked' ? page([]) : page([kari, nils])),
    });
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Brukerkontoer' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Kontoer' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Bekreftet helsepersonell')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Lege')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Ikke funnet i registeret')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/admin/users')!.query.get('status')).toBe('awaiting_approval');

    await userEvent.click(screen.getByRole('tab', { name: 'Sperret' }));
    expect(await screen.findByText('Ingen kontoer med denne statusen.')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('status')).toBe('blocked');
  });

  it('searches by name or e-mail', async () => {
    const calls = mockApi({
      'GET /api/admin/users': (c) => jsonResponse(c.query.get('search') ? page([]) : page([kari])),
    });
    renderApp('/admin/users');
    await screen.findByRole('list', { name: 'Kontoer' });

    await userEvent.type(screen.getByRole('searchbox', { name: 'Søk på navn eller e-post' }), 'zed');
    expect(await screen.findByText('Ingen kontoer passer søket.')).toBeInTheDocument();
    // Typing is slow on a loaded machine: the debounced search may also have asked for "ze" on the way.
    await waitFor(() => expect(calls.at(-1)!.query.get('search')).toBe('zed'));
  });

  it('rejects with a reason, asked for in a confirmation', async () => {
    const calls = mockApi({
      'GET /api/admin/users': () => jsonResponse(page([kari])),
      'POST /api/admin/users/7/reject': () =>
        jsonResponse({ data: detailOf({ ...kari, status: 'rejected', status_label: 'Rejected', available_actions: ['approve', 'block'] }) }),
    });
    renderApp('/admin/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Avvis: Kari Lege' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvise Kari Lege?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    expect(within(dialog).getByText('Skriv en begrunnelse.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(within(dialog).getByRole('textbox', { name: /Begrunnelse/ }), 'Ikke lege');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    expect(await screen.findByText('Kari Lege er avvist.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ reason: 'Ikke lege' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Avvise Kari Lege?' })).not.toBeInTheDocument());
  });

  it('approves in English, warning when the register does not confirm', async () => {
    await changeLocale('en');
    const calls = mockApi({
      'GET /api/admin/users': () => jsonResponse(page([nils])),
      'POST /api/admin/users/8/approve': () => jsonResponse({ data: detailOf({ ...nils, status: 'approved', status_label: 'Approved', available_actions: ['block'] }) }),
    });
    renderApp('/admin/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Approve: Nils Ukjent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Nils Ukjent?' });
    expect(within(dialog).getByText('The register does not confirm a doctor or a student with a licence.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Nils Ukjent is approved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual(['/api/admin/users/8/approve']);
  });

  it('shows an account in a drawer with its HPR lookup and decision history', async () => {
    mockApi({
      'GET /api/admin/users': () => jsonResponse(page([kari])),
      'GET /api/admin/users/7': () =>
        jsonResponse({
          data: detailOf(kari, {
            decisions: [
              {
                id: 3,
                decision: 'rejected',
                from_status: 'awaiting_approval',
                reason: 'Mangler HPR',
                created_at: '2026-11-21T09:00:00.000Z',
                admin: { id: 1, first_name: 'Ada', last_name: 'Admin' },
              },
            ],
          }),
        }),
    });
    const { router } = renderApp('/admin/users');

    await userEvent.click(await screen.findByRole('button', { name: 'Vis detaljer for Kari Lege' }));
    const drawer = await screen.findByRole('dialog', { name: 'Konto' });
    expect(router.state.location.search).toBe('?user=7');
    expect(await within(drawer).findByText('Oppslag i Helsepersonellregisteret')).toBeInTheDocument();
    expect(within(drawer).getByText('Funnet på HPR-nummer')).toBeInTheDocument();
    expect(within(drawer).getByText('Begrunnelse: Mangler HPR')).toBeInTheDocument();
    expect(within(drawer).getByText(/av Ada Admin/)).toBeInTheDocument();
  });

  it('shows the API message when a decision conflicts', async () => {
    mockApi({
      'GET /api/admin/users': () => jsonResponse(page([kari])),
      'POST /api/admin/users/7/block': () => jsonResponse({ status_code: 409, message: 'Kontoen har status «Godkjent», så dette kan ikke gjøres nå.' }, 409),
    });
    renderApp('/admin/users');
    await userEvent.click(await screen.findByRole('button', { name: 'Sperr: Kari Lege' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sperre Kari Lege?' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Begrunnelse/ }), 'Spam');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sperr' }));
    expect(await screen.findByText('Kontoen har status «Godkjent», så dette kan ikke gjøres nå.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sperre Kari Lege?' })).toBeInTheDocument();
  });
});

describe('admin: dashboard and outbox', () => {
  beforeEach(() => loginAs(['admin']));

  it('counts the queue on the dashboard', async () => {
    mockApi({ 'GET /api/admin/users': (c) => jsonResponse(page([kari], c.query.get('status') === 'in_review' ? 2 : 14)) });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrasjon' })).toBeInTheDocument();
    expect(await screen.findByText('14')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Åpne utboksen' })).toHaveAttribute('href', '/admin/outbox');
  });

  it('lists the outbox and filters by channel', async () => {
    const calls = mockApi({ 'GET /api/admin/outbox': (c) => jsonResponse(c.query.get('channel') === 'sms' ? page([]) : page([mail])) });
    renderApp('/admin/outbox');
    expect(await screen.findByText('Kontoen din er godkjent')).toBeInTheDocument();
    expect(screen.getByText('I kø')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Vis innhold' }));
    expect(screen.getByText(/Kontoen din er godkjent\./)).toBeInTheDocument();

    await userEvent.click(screen.getByRole('combobox', { name: 'Kanal' }));
    await userEvent.click(await screen.findByRole('option', { name: 'SMS', hidden: true }));
    expect(await screen.findByText('Ingen meldinger.')).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('channel')).toBe('sms');
  });
});

describe('admin: navigation', () => {
  it('shows "Administrasjon" to administrators only', async () => {
    mockApi({});
    loginAs(['admin']);
    const first = renderApp('/about_us');
    expect(await screen.findByRole('link', { name: 'Administrasjon' })).toHaveAttribute('href', '/admin');
    first.unmount();

    loginAs(['doctor']);
    renderApp('/about_us');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('link', { name: 'Administrasjon' })).not.toBeInTheDocument();
  });
});
