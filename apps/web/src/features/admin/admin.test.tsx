import { adminEndpoints, type AdminUser, type AdminUserDetail, authEndpoints, courseEndpoints, type MailPreview, type MessageReport, messageEndpoints, type OutboxMessage, type User } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { apiError, mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

const sessionUser = (roles: User['roles']): User => testUser({ roles, permissions: [] });

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
    other_accounts: 0,
    number_in_use: false,
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
  hpr: {
    ...kari.hpr,
    found: false,
    matched_by: null,
    hpr_number: null,
    profession: null,
    has_authorisation: false,
    name_matches: null,
    other_accounts: 0,
    number_in_use: false,
    confirms_health_personnel: false,
  },
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

const page = <T,>(data: T[], total = data.length) => ({
  data,
  meta: { current_page: 1, last_page: Math.max(1, Math.ceil(total / 10)), per_page: 10, total },
});

function loginAs(roles: User['roles']) {
  logIn(sessionUser(roles));
}

let user: ReturnType<typeof setupUser>;
beforeEach(() => {
  mockEndpoint(authEndpoints.me, { data: sessionUser(['admin']) });
  user = setupUser();
});

describe('admin: approval queue', () => {
  beforeEach(() => loginAs(['admin']));

  it('lists the accounts awaiting approval with their HPR lookup, and switches status by tab', async () => {
    const calls = mockEndpoint(adminEndpoints.users, ({ query }) => (query.get('status') === 'blocked' ? page([]) : page([kari, nils])));
    renderApp('/admin/users');

    expect(await screen.findByRole('heading', { level: 1, name: 'Brukerkontoer' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Kontoer' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('Bekreftet helsepersonell')).toBeInTheDocument();
    expect(within(items[0]!).getByText('Lege')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Ikke funnet i registeret')).toBeInTheDocument();
    expect(calls[0]!.query.get('status')).toBe('awaiting_approval');

    await user.click(screen.getByRole('tab', { name: 'Sperret' }));
    expect(await screen.findByText('Ingen kontoer med denne statusen.')).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)!.query.get('status')).toBe('blocked'));
  });

  it('searches by name or e-mail', async () => {
    const calls = mockEndpoint(adminEndpoints.users, ({ query }) => (query.get('search') ? page([]) : page([kari])));
    renderApp('/admin/users');
    await screen.findByRole('list', { name: 'Kontoer' });

    await user.type(screen.getByRole('searchbox', { name: 'Søk på navn eller e-post' }), 'zed');
    expect(await screen.findByText('Ingen kontoer passer søket.')).toBeInTheDocument();
    // Typing is slow on a loaded machine: the debounced search may also have asked for "ze" on the way.
    await waitFor(() => expect(calls.at(-1)!.query.get('search')).toBe('zed'));
  });

  it('rejects with a reason, asked for in a confirmation', async () => {
    mockEndpoint(adminEndpoints.users, page([kari]));
    const rejects = mockEndpoint(adminEndpoints.reject, {
      data: detailOf({ ...kari, status: 'rejected', status_label: 'Rejected', available_actions: ['approve', 'block'] }),
    });
    renderApp('/admin/users');

    await user.click(await screen.findByRole('button', { name: 'Avvis: Kari Lege' }));
    const dialog = await screen.findByRole('dialog', { name: 'Avvise Kari Lege?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    // Checked by the endpoint's schema through the form kit: the general "required" beside the field.
    expect(await within(dialog).findByText('Feltet er påkrevd.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Begrunnelse/ })).toHaveAttribute('aria-invalid', 'true');
    expect(rejects).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Begrunnelse/ }), 'Ikke lege');
    await user.click(within(dialog).getByRole('button', { name: 'Avvis' }));
    expect(await screen.findByText('Kari Lege er avvist.')).toBeInTheDocument();
    expect(rejects.map((c) => [c.params.id, c.body])).toEqual([['7', { reason: 'Ikke lege' }]]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Avvise Kari Lege?' })).not.toBeInTheDocument());
  });

  it('approves in English, warning when the register does not confirm', async () => {
    await changeLocale('en');
    mockEndpoint(adminEndpoints.users, page([nils]));
    const approvals = mockEndpoint(adminEndpoints.approve, {
      data: detailOf({ ...nils, status: 'approved', status_label: 'Approved', available_actions: ['block'] }),
    });
    renderApp('/admin/users');

    await user.click(await screen.findByRole('button', { name: 'Approve: Nils Ukjent' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approve Nils Ukjent?' });
    expect(within(dialog).getByText('The register does not confirm a doctor or a student with a licence.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Approve' }));
    expect(await screen.findByText('Nils Ukjent is approved.')).toBeInTheDocument();
    expect(approvals.map((c) => c.params.id)).toEqual(['8']);
  });

  it('shows an account in a drawer with its HPR lookup and decision history', async () => {
    mockEndpoint(adminEndpoints.users, page([kari]));
    mockEndpoint(adminEndpoints.user, {
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
    });
    const { router } = renderApp('/admin/users');

    await user.click(await screen.findByRole('button', { name: 'Vis detaljer for Kari Lege' }));
    const drawer = await screen.findByRole('dialog', { name: 'Konto' });
    expect(router.state.location.search).toBe('?user=7');
    expect(await within(drawer).findByText('Oppslag i Helsepersonellregisteret')).toBeInTheDocument();
    expect(within(drawer).getByText('Funnet på HPR-nummer')).toBeInTheDocument();
    expect(within(drawer).getByText('Begrunnelse: Mangler HPR')).toBeInTheDocument();
    expect(within(drawer).getByText(/av Ada Admin/)).toBeInTheDocument();
  });

  it('shows the API message when a decision conflicts', async () => {
    mockEndpoint(adminEndpoints.users, page([kari]));
    mockEndpoint(adminEndpoints.block, apiError(409, 'Kontoen har status «Godkjent», så dette kan ikke gjøres nå.'));
    renderApp('/admin/users');
    await user.click(await screen.findByRole('button', { name: 'Sperr: Kari Lege' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sperre Kari Lege?' });
    await user.type(within(dialog).getByRole('textbox', { name: /Begrunnelse/ }), 'Spam');
    await user.click(within(dialog).getByRole('button', { name: 'Sperr' }));
    expect(await screen.findByText('Kontoen har status «Godkjent», så dette kan ikke gjøres nå.')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Sperre Kari Lege?' })).toBeInTheDocument();
  });
});

describe('admin: dashboard and outbox', () => {
  beforeEach(() => loginAs(['admin']));

  it('counts the queues on the dashboard: accounts and courses waiting, each with its list', async () => {
    mockEndpoint(adminEndpoints.users, ({ query }) => page([kari], query.get('status') === 'in_review' ? 2 : 14));
    const courses = mockEndpoint(courseEndpoints.adminQueue, { data: [], meta: { current_page: 1, last_page: 1234, per_page: 1, total: 1234 } });
    renderApp('/admin');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrasjon' })).toBeInTheDocument();
    expect(await screen.findByText('14')).toBeInTheDocument();
    expect(screen.getByText('2')).toBeInTheDocument();
    // Thousands with the Norwegian (no-break) space.
    expect(await screen.findByText('1 234')).toBeInTheDocument();
    expect(screen.getByText('Kurs som venter på godkjenning')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Åpne kurskøen: Kurs som venter på godkjenning' })).toHaveAttribute('href', '/admin/courses');
    expect(courses[0]!.query.get('per_page')).toBe('1');
    expect(screen.getByRole('link', { name: 'Åpne utboksen' })).toHaveAttribute('href', '/admin/outbox');
  });

  it('lists the outbox and filters by channel', async () => {
    const calls = mockEndpoint(adminEndpoints.outbox, ({ query }) => (query.get('channel') === 'sms' ? page([]) : page([mail])));
    renderApp('/admin/outbox');
    expect(await screen.findByText('Kontoen din er godkjent')).toBeInTheDocument();
    expect(screen.getByText('I kø')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Vis innhold' }));
    expect(screen.getByText(/Kontoen din er godkjent\./)).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Kanal' }));
    await user.click(await screen.findByRole('option', { name: 'SMS', hidden: true }));
    expect(await screen.findByText('Ingen meldinger.')).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)!.query.get('channel')).toBe('sms'));
  });
});

describe('admin: e-mail templates', () => {
  beforeEach(() => loginAs(['admin']));

  const previewOf = (template: string, locale: 'no' | 'en'): MailPreview => ({
    template,
    locale,
    engine: template === 'digest' ? 'react_email' : 'catalogue',
    subject: `${template} ${locale}`,
    html: `<!DOCTYPE html><html lang="${locale}"><body><p>HTML ${template} ${locale}</p><script>parent.hacked = true</script></body></html>`,
    text: `Tekst ${template} ${locale}`,
    headers: template === 'digest' ? { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {},
  });

  it('lists every template and shows the chosen one in a sandboxed frame, in either language, or as text', async () => {
    mockEndpoint(adminEndpoints.mailTemplates, {
      data: [
        { template: 'account_approved', subject: 'Kontoen din er godkjent', engine: 'catalogue' },
        { template: 'digest', subject: 'Sammendrag denne uken', engine: 'react_email' },
      ],
    });
    const calls = mockEndpoint(adminEndpoints.mailPreview, ({ params, query }) => ({
      data: previewOf(String(params.template), query.get('locale') === 'en' ? 'en' : 'no'),
    }));
    renderApp('/admin/mail-templates');
    expect(await screen.findByRole('heading', { level: 1, name: 'E-postmaler' })).toBeInTheDocument();
    const nav = await screen.findByRole('navigation', { name: 'Maler' });
    expect(within(nav).getAllByRole('link')).toHaveLength(2);
    // The first template is shown until another is chosen.
    const frame = await screen.findByTitle('Forhåndsvisning av «account_approved no»');
    expect(frame.tagName).toBe('IFRAME');
    // An empty sandbox: no scripts run, the mail has an opaque origin.
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('HTML account_approved no');
    expect(within(nav).getByRole('link', { name: /Kontoen din er godkjent/ })).toHaveAttribute('aria-current', 'page');

    await user.click(within(nav).getByRole('link', { name: /Sammendrag denne uken/ }));
    expect(await screen.findByTitle('Forhåndsvisning av «digest no»')).toHaveAttribute('sandbox', '');
    expect(screen.getByRole('table', { name: 'Ekstra topptekster' })).toHaveTextContent('List-Unsubscribe=One-Click');

    await user.click(screen.getByRole('radio', { name: 'Engelsk' }));
    expect(await screen.findByTitle('Forhåndsvisning av «digest en»')).toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)!.query.get('locale')).toBe('en'));

    await user.click(screen.getByRole('radio', { name: 'Tekst' }));
    expect(await screen.findByText('Tekst digest en')).toBeInTheDocument();
    expect(screen.queryByTitle(/Forhåndsvisning/)).not.toBeInTheDocument();
  });

  it('is linked from the dashboard', async () => {
    mockEndpoint(adminEndpoints.users, page([kari]));
    renderApp('/admin');
    expect(await screen.findByRole('link', { name: 'E-postmaler' })).toHaveAttribute('href', '/admin/mail-templates');
  });

  it('says so when the templates cannot be loaded', async () => {
    mockEndpoint(adminEndpoints.mailTemplates, () => apiError(500, 'Feil'));
    renderApp('/admin/mail-templates');
    expect(await screen.findByText('Kunne ikke hente malene.')).toBeInTheDocument();
  });
});

describe('admin: reported messages', () => {
  beforeEach(() => loginAs(['admin']));

  const report: MessageReport = {
    id: 41,
    status: 'open',
    reason: 'Pasientopplysninger i klartekst',
    reporter: { id: 3, name: 'Kari Nordby' },
    reported: { id: 9, slug: 'per-hansen', name: 'Per Hansen' },
    messages: [{ id: 501, seq: 4, body: 'Pasienten på rom 12 heter …', created_at: '2026-11-26T09:30:00.000Z' }],
    created_at: '2026-11-26T10:00:00.000Z',
    decided_at: null,
    decided_by: null,
  };

  it('lists the open reports with only the reported messages, and suspends the sender after asking', async () => {
    const lists = mockEndpoint(messageEndpoints.adminReports, ({ query }) =>
      query.get('status') === 'open' ? page([report]) : page([{ ...report, id: 42, status: 'suspended', decided_at: '2026-11-26T11:00:00.000Z' }]),
    );
    const decisions = mockEndpoint(messageEndpoints.decideReport, ({ body }) => ({
      data: { ...report, status: (body as { decision: string }).decision === 'suspend' ? ('suspended' as const) : ('open' as const), decided_at: '2026-11-26T11:00:00.000Z' },
    }));
    renderApp('/admin/reports');
    expect(await screen.findByRole('heading', { level: 1, name: 'Rapporterte meldinger' })).toBeInTheDocument();
    const item = (await within(await screen.findByRole('list', { name: 'Rapporterte meldinger' })).findAllByRole('listitem'))[0]!;
    expect(within(item).getByText('Pasienten på rom 12 heter …')).toBeInTheDocument();
    expect(within(item).getByRole('link', { name: 'Per Hansen' })).toHaveAttribute('href', '/profile/per-hansen');
    expect(within(item).getByText('Rapportert av Kari Nordby')).toBeInTheDocument();
    expect(within(item).getByText('Pasientopplysninger i klartekst')).toBeInTheDocument();

    await user.click(within(item).getByRole('button', { name: 'Stopp meldinger' }));
    const dialog = await screen.findByRole('dialog', { name: 'Stopp meldinger' });
    expect(within(dialog).getByText(/7 dager/)).toBeInTheDocument();
    expect(decisions).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Stopp meldinger' }));
    await waitFor(() => expect(decisions).toHaveLength(1));
    expect(decisions[0]!.params.id).toBe('41');
    expect(decisions[0]!.body).toEqual({ decision: 'suspend' });
    expect(await screen.findByText('Avsenderens meldinger er stoppet.')).toBeInTheDocument();
    // The lists are read again after the decision.
    await waitFor(() => expect(lists.length).toBeGreaterThan(1));
  });

  it('filters by status in the URL; decided reports show when, and no buttons', async () => {
    mockEndpoint(messageEndpoints.adminReports, ({ query }) =>
      query.get('status') === 'suspended' ? page([{ ...report, status: 'suspended', decided_at: '2026-11-26T11:00:00.000Z' }]) : page([]),
    );
    renderApp('/admin/reports?status=suspended');
    const item = (await within(await screen.findByRole('list', { name: 'Rapporterte meldinger' })).findAllByRole('listitem'))[0]!;
    expect(within(item).getByText('Meldinger stoppet')).toBeInTheDocument();
    expect(within(item).getByText(/^Avgjort /)).toBeInTheDocument();
    expect(within(item).queryByRole('button')).not.toBeInTheDocument();
  });

  it('names the administrator who decided, and "Alle" lists every status (issue 42)', async () => {
    const decided = { ...report, id: 43, status: 'warned' as const, decided_at: '2026-11-26T11:00:00.000Z', decided_by: { id: 1, name: 'Ingrid Bakke' } };
    const lists = mockEndpoint(messageEndpoints.adminReports, ({ query }) => (query.get('status') === 'all' ? page([report, decided]) : page([report])));
    renderApp('/admin/reports');
    await within(await screen.findByRole('list', { name: 'Rapporterte meldinger' })).findAllByRole('listitem');
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Alle', hidden: true }));
    await waitFor(() => expect(lists.at(-1)!.query.get('status')).toBe('all'));
    const items = await within(screen.getByRole('list', { name: 'Rapporterte meldinger' })).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    // The open one can still be decided; the decided one says by whom.
    expect(within(items[0]!).getByRole('button', { name: 'Avvis' })).toBeInTheDocument();
    expect(within(items[1]!).getByText('Advart')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/^Avgjort .+ av Ingrid Bakke$/)).toBeInTheDocument();
    expect(within(items[1]!).queryByRole('button')).not.toBeInTheDocument();
  });

  it('is linked from the dashboard, and refuses a doctor', async () => {
    mockEndpoint(adminEndpoints.users, page([kari]));
    const first = renderApp('/admin');
    expect(await screen.findByRole('link', { name: 'Rapporterte meldinger' })).toHaveAttribute('href', '/admin/reports');
    first.unmount();
    loginAs(['doctor']);
    mockEndpoint(authEndpoints.me, { data: sessionUser(['doctor']) });
    renderApp('/admin/reports');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Rapporterte meldinger' })).not.toBeInTheDocument());
  });
});

describe('admin: navigation', () => {
  it('shows "Administrasjon" to administrators only', async () => {
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
