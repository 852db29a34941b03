import { authEndpoints, type Job, jobEndpoints, referenceEndpoints } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { asPhone } from '@/testing/viewport';

const doctor = testUser({ permissions: ['jobs-create', 'jobs-read', 'jobs-update', 'jobs-delete'], locale: 'en' });

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

/** What every jobs screen asks for besides its own endpoint. */
function mockJobsApi() {
  mockEndpoint(authEndpoints.me, { data: doctor });
  mockEndpoint(referenceEndpoints.specialties, { data: [] });
  mockEndpoint(referenceEndpoints.jobCategories, { data: [] });
}

const page = (data: Job[], current = 1, last = 1) => ({ data, meta: { current_page: current, last_page: last, per_page: 10, total: last * 10 } });

describe('jobs board', () => {
  beforeEach(async () => {
    logIn(doctor);
    mockJobsApi();
    await changeLocale('en');
  });

  it('sends the URL filters to the API, shows current and archived jobs, and jumps to old jobs', async () => {
    const user = setupUser();
    const calls = mockEndpoint(jobEndpoints.list, ({ query }) =>
      query.get('show_old') === '1' ? page([job(9, { title: 'Gammel jobb', is_archived: true })], 3, 3) : page([job(1), job(2, { is_archived: true })], 1, 3),
    );
    renderApp('/jobs?county=1&search=kardiologi');
    expect(await screen.findByRole('link', { name: 'Overlege 1' })).toBeInTheDocument();
    // The archived job the API appends stands apart, under its own heading, not among the current ones.
    const current = screen.getByRole('list', { name: 'Jobs' });
    expect(within(current).getByRole('link', { name: 'Overlege 1' })).toBeInTheDocument();
    expect(within(current).queryByRole('link', { name: 'Overlege 2' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Archived jobs (1)', level: 2 })).toBeInTheDocument();
    const archived = screen.getByRole('list', { name: 'Archived jobs (1)' });
    expect(within(archived).getByRole('link', { name: 'Overlege 2' })).toBeInTheDocument();
    expect(within(archived).getByText('Archived')).toBeInTheDocument();
    expect(calls[0]!.query.get('county')).toBe('1');
    expect(calls[0]!.query.get('search')).toBe('kardiologi');

    await user.click(screen.getByRole('button', { name: 'Show old jobs' }));
    expect(await screen.findByRole('link', { name: 'Gammel jobb' })).toBeInTheDocument();
    expect(calls.at(-1)!.query.get('county')).toBe('1');
    expect(calls.at(-1)!.query.get('show_old')).toBe('1');
  });

  it('says when no current job matches, and shows each tag once', async () => {
    mockEndpoint(jobEndpoints.list, page([job(3, { is_archived: true, position_type: 'substitute', job_category: { id: 4, name: 'vikariat' } })]));
    renderApp('/jobs?county=1');
    expect(await screen.findByText('No current jobs match these filters. Archived jobs are below.')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Overlege 3' });
    // The category named like the position type ("Substitute" / "substitute") is one tag, not two.
    expect(within(card).getAllByText(/^substitute$/i)).toHaveLength(1);
    expect(within(card).getByText('Oslo')).toBeInTheDocument();
  });

  it('folds the filters into a "Filters" drawer on a phone, so the first job comes first', async () => {
    asPhone();
    const user = setupUser();
    mockEndpoint(jobEndpoints.list, page([job(1)]));
    renderApp('/jobs?county=1&search=kardiologi');
    expect(await screen.findByRole('link', { name: 'Overlege 1' })).toBeInTheDocument();
    expect(screen.queryByRole('search')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Filters (2 active)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Filters' });
    expect(within(dialog).getByRole('search', { name: 'Filters' })).toBeInTheDocument();
    expect(within(dialog).getByRole('searchbox', { name: 'Search' })).toHaveValue('kardiologi');
  });

  it('marks a job as viewed when its details open', async () => {
    mockEndpoint(jobEndpoints.show, { data: job(5, { recruiting_link: 'https://jobb.example.no' }) });
    const views = mockEndpoint(jobEndpoints.markAsViewed, { data: { id: 5, views_count: 4, counted: true } });
    renderApp('/jobs/details/5');
    expect(await screen.findByRole('heading', { name: 'Overlege 5', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Apply for the position' })).toHaveAttribute('href', 'https://jobb.example.no');
    await waitFor(() => expect(views.map((c) => c.params.id)).toEqual(['5']));
  });

  it('"Send message" writes to the advertiser with the job as topic; not on an own job', async () => {
    mockEndpoint(jobEndpoints.show, ({ params }) => ({ data: job(Number(params.id), { can_edit: params.id === '6' }) }));
    mockEndpoint(jobEndpoints.markAsViewed, ({ params }) => ({ data: { id: Number(params.id), views_count: 4, counted: true } }));
    const first = renderApp('/jobs/details/5');
    expect(await screen.findByRole('link', { name: 'Send message' })).toHaveAttribute('href', '/messages?topic=job&topic_id=5&name=Helse+Oslo&title=Overlege+5');
    first.unmount();
    renderApp('/jobs/details/6');
    expect(await screen.findByRole('link', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send message' })).not.toBeInTheDocument();
  });

  it('validates the form by the contract and shows server 422s on the fields', async () => {
    const user = setupUser();
    const creates = mockEndpoint(jobEndpoints.create, validationError({ organisation_number: ['Invalid organisation number (server).'] }));
    renderApp('/jobs/create');
    const submit = await screen.findByRole('button', { name: 'Save' });
    await user.click(submit);
    expect(await screen.findAllByText('This field is required.')).not.toHaveLength(0);
    expect(creates).toHaveLength(0);
    // An empty required date is "required", never "invalid date".
    const deadline = screen.getByLabelText(/^Application deadline/);
    expect(deadline).toHaveAccessibleDescription(/This field is required\./);
    expect(screen.queryByText('Invalid date.')).not.toBeInTheDocument();
    // One street-address field and one workplace line, named apart.
    expect(screen.getAllByRole('textbox', { name: /address/i }).map((el) => el.getAttribute('name'))).toEqual(['address_line']);
    expect(screen.getByRole('textbox', { name: 'Street address' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Workplace (department, building)' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Fastlege i Bodø');
    await user.type(screen.getByRole('textbox', { name: /^Description/ }), 'Hyggelig praksis');
    await user.type(screen.getByRole('textbox', { name: /^Company name/ }), 'Bodø legesenter');
    await user.type(screen.getByLabelText(/^Application deadline/), '2099-05-01');
    await user.type(screen.getByRole('textbox', { name: /^Postal code/ }), '12');
    await user.click(submit);
    expect(await screen.findByText('The postal code must have four digits.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Postal code/ }), '34');
    await user.click(submit);
    expect(await screen.findAllByText('Invalid organisation number (server).')).not.toHaveLength(0);
    expect(creates[0]!.body).toMatchObject({ title: 'Fastlege i Bodø', postal_code: '1234', application_deadline: '2099-05-01' });
  });

  it('lists own past jobs in their tab and closes a job', async () => {
    const user = setupUser();
    mockEndpoint(jobEndpoints.myList, ({ query }) =>
      page(query.get('status') === 'past' ? [job(8, { title: 'Lukket jobb', status: 'closed', is_archived: true })] : [job(7, { can_edit: true })]),
    );
    mockEndpoint(jobEndpoints.myShow, { data: job(7, { can_edit: true }) });
    const closes = mockEndpoint(jobEndpoints.close, { data: job(7, { status: 'closed', is_archived: true, can_edit: true }) });
    renderApp('/my_jobs');
    expect(await screen.findByRole('link', { name: 'Overlege 7' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Past jobs' }));
    expect(await screen.findByRole('link', { name: 'Lukket jobb' })).toBeInTheDocument();

    renderApp('/my_jobs/details/7');
    await user.click(await screen.findByRole('button', { name: 'Close the listing' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Close the listing' }));
    await waitFor(() => expect(closes.map((c) => c.params.id)).toEqual(['7']));
  });
});
