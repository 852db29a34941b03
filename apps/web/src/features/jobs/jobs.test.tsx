import { type Job, type User } from '@legenett/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { changeLocale } from '@/shared/i18n/i18n';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });

const doctor: User = {
  id: 1,
  slug: 'lege',
  first_name: 'Lise',
  last_name: 'Lege',
  email: 'lege@demo.no',
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
  permissions: ['jobs-create', 'jobs-read', 'jobs-update', 'jobs-delete'],
  roles: ['doctor'],
  profile_avatar: null,
  profile_background: null,
  last_login_date: null,
  locale: 'en',
  theme: 'light',
  email_verified: true,
  two_factor_enabled: false,
};

const job = (id: number, overrides: Partial<Job> = {}): Job => ({
  id,
  title: `Overlege ${id}`,
  job_category: null,
  position_type: 'full_time',
  description: 'Beskrivelse',
  specialities: [],
  workplace_type: null,
  hospital: null,
  clinic: null,
  work_address: null,
  address_line: null,
  postal_code: '0450',
  city_area: 'Oslo',
  city: null,
  county: { id: 1, name: 'Oslo' },
  contact_person: null,
  phone: null,
  recruiting_link: null,
  application_deadline: '2099-01-01',
  hiring_date: null,
  published_at: '2026-11-01T10:00:00.000Z',
  company_name: 'Helse Oslo',
  company_logo: null,
  organisation_number: null,
  partner_company: null,
  status: 'published',
  is_archived: false,
  closed_at: null,
  views_count: 3,
  can_edit: false,
  created_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

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
      if (call.path === '/api/user') return Promise.resolve(jsonResponse({ data: doctor }));
      if (['/api/specialties', '/api/job-categories'].includes(call.path)) return Promise.resolve(jsonResponse({ data: [] }));
      const handler = handlers[`${call.method} ${call.path}`];
      return handler ? Promise.resolve(handler(call)) : defaultFetch(input, init);
    }),
  );
  return calls;
}

const page = (data: Job[], current = 1, last = 1) => ({ data, meta: { current_page: current, last_page: last, per_page: 10, total: last * 10 } });

describe('jobs board', () => {
  beforeEach(async () => {
    authStore.setSession('test-token', 900, doctor);
    await changeLocale('en');
  });

  it('sends the URL filters to the API, shows current and archived jobs, and jumps to old jobs', async () => {
    const calls = mockApi({
      'GET /api/jobs': (c) =>
        c.query.get('show_old') === '1'
          ? jsonResponse(page([job(9, { title: 'Gammel jobb', is_archived: true })], 3, 3))
          : jsonResponse(page([job(1), job(2, { is_archived: true })], 1, 3)),
    });
    renderApp('/jobs?county=1&search=kardiologi');
    expect(await screen.findByRole('link', { name: 'Overlege 1' })).toBeInTheDocument();
    expect(screen.getByText('Archived')).toBeInTheDocument();
    const first = calls.find((c) => c.path === '/api/jobs')!;
    expect(first.query.get('county')).toBe('1');
    expect(first.query.get('search')).toBe('kardiologi');

    await userEvent.click(screen.getByRole('button', { name: 'Show old jobs' }));
    expect(await screen.findByRole('link', { name: 'Gammel jobb' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/jobs').at(-1)!.query.get('county')).toBe('1');
  });

  it('marks a job as viewed when its details open', async () => {
    const calls = mockApi({
      'GET /api/jobs/5': () => jsonResponse({ data: job(5, { recruiting_link: 'https://jobb.example.no' }) }),
      'GET /api/jobs/5/mark-as-viewed': () => jsonResponse({ data: { id: 5, views_count: 4, counted: true } }),
    });
    renderApp('/jobs/details/5');
    expect(await screen.findByRole('heading', { name: 'Overlege 5', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for the position' })).toHaveAttribute('href', 'https://jobb.example.no');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/jobs/5/mark-as-viewed')).toBe(true));
  });

  it('validates the form by the contract and shows server 422s on the fields', async () => {
    const calls = mockApi({
      'POST /api/my/jobs': () =>
        jsonResponse({ message: 'Invalid', errors: { organisation_number: ['Invalid organisation number (server).'] } }, 422),
    });
    renderApp('/jobs/create');
    const submit = await screen.findByRole('button', { name: 'Save' });
    await userEvent.click(submit);
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.type(screen.getByRole('textbox', { name: /^Title/ }), 'Fastlege i Bodø');
    await userEvent.type(screen.getByRole('textbox', { name: /^Description/ }), 'Hyggelig praksis');
    await userEvent.type(screen.getByRole('textbox', { name: /^Company name/ }), 'Bodø legesenter');
    await userEvent.type(screen.getByLabelText(/^Application deadline/), '2099-05-01');
    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '12');
    await userEvent.click(submit);
    expect(await screen.findByText('The postal code must have four digits.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Postal code/ }), '34');
    await userEvent.click(submit);
    expect(await screen.findAllByText('Invalid organisation number (server).')).not.toHaveLength(0);
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toMatchObject({ title: 'Fastlege i Bodø', postal_code: '1234', application_deadline: '2099-05-01' });
  });

  it('lists own past jobs in their tab and closes a job', async () => {
    const calls = mockApi({
      'GET /api/my/jobs': (c) =>
        jsonResponse(page(c.query.get('status') === 'past' ? [job(8, { title: 'Lukket jobb', status: 'closed', is_archived: true })] : [job(7, { can_edit: true })])),
      'GET /api/my/jobs/7': () => jsonResponse({ data: job(7, { can_edit: true }) }),
      'POST /api/my/jobs/7/close': () => jsonResponse({ data: job(7, { status: 'closed', is_archived: true, can_edit: true }) }),
    });
    renderApp('/my_jobs');
    expect(await screen.findByRole('link', { name: 'Overlege 7' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('tab', { name: 'Past jobs' }));
    expect(await screen.findByRole('link', { name: 'Lukket jobb' })).toBeInTheDocument();

    renderApp('/my_jobs/details/7');
    await userEvent.click(await screen.findByRole('button', { name: 'Close the listing' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close the listing' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.path === '/api/my/jobs/7/close')).toBe(true));
  });
});
