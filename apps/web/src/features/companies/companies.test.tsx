import { type Company, type CompanyPost, type CompanySummary, type User, type UserCard } from '@legenett/contracts';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';
import { testUser } from '@/testing/users';

configure({ asyncUtilTimeout: 5000 });
// Typing into several fields takes a while under jsdom.
vi.setConfig({ testTimeout: 20_000 });

const summary = (overrides: Partial<CompanySummary> = {}): CompanySummary => ({
  id: 5,
  slug: 'demo-medisin-as',
  name: 'Demo Medisin AS',
  description: 'Legemidler innen allmennmedisin.',
  logo: null,
  is_published: true,
  followers_count: 12,
  categories: [{ id: 3, name: 'Legemidler' }],
  ...overrides,
});

const company = (overrides: Partial<Company> = {}): Company => ({
  ...summary(),
  organisation_number: '912345678',
  email: 'post@demomedisin.no',
  phone: '+47 22 00 00 00',
  website: 'https://demomedisin.no',
  address: 'Storgata 1',
  postal_code: '0155',
  is_comments_allowed: true,
  followed_by_me: false,
  is_manager: false,
  created_at: '2026-11-01T10:00:00.000Z',
  ...overrides,
});

const companyPost = (overrides: Partial<CompanyPost> = {}): CompanyPost => ({
  id: 31,
  slug: 'post-31',
  body: 'Nytt webinar om diabetes neste uke.',
  author: null,
  company: { id: 3, slug: 'demo-medisin-as', name: 'Demo Medisin AS' },
  attachments: [],
  shared_post_id: null,
  likes_count: 4,
  comments_count: 1,
  shares_count: 0,
  liked_by_me: false,
  is_mine: false,
  is_archived: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const member = (id: number, first_name: string, last_name: string): UserCard => ({ id, slug: `${first_name}-${id}`.toLowerCase(), first_name, last_name, profile_avatar: null });

const page = <T,>(data: T[], last_page = 1) => ({ data, meta: { current_page: 1, last_page, per_page: 10, total: data.length } });

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

let me: User = testUser();
const manager = () =>
  testUser({ available_business_profiles: [{ id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null }] });

function mockApi(handlers: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const raw = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const parsed = new URL(raw, 'http://localhost');
      const call: Call = { method: init?.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams, body: init?.body };
      calls.push(call);
      if (call.path === '/api/user') return Promise.resolve(jsonResponse({ data: me }));
      if (call.path === '/api/categories') {
        return Promise.resolve(
          jsonResponse({
            data: [
              { id: 3, name: 'Legemidler', code: 'legemidler', type: 'company' },
              { id: 4, name: 'Medisinsk utstyr', code: 'utstyr', type: 'company' },
            ],
          }),
        );
      }
      const handler = handlers[`${call.method} ${call.path}`];
      return handler ? Promise.resolve(handler(call)) : defaultFetch(input, init);
    }),
  );
  return calls;
}

const jsonOf = (call: Call | undefined): unknown => (typeof call?.body === 'string' ? JSON.parse(call.body) : undefined);

function logInAs(user: User) {
  me = user;
  authStore.setSession('test-token', 900, user);
}

beforeEach(() => logInAs(testUser()));

describe('company directory', () => {
  it('lists companies, keeps name, categories and page in the URL, and lists the companies I manage', async () => {
    logInAs(manager());
    const calls = mockApi({ 'GET /api/partner-companies': () => jsonResponse(page([summary()], 3)) });
    const { router } = renderApp('/profile_company?page=2');

    const list = await screen.findByRole('list', { name: 'Partnerbedrifter' });
    expect(within(list).getByRole('link', { name: 'Demo Medisin AS' })).toHaveAttribute('href', '/profile_company/demo-medisin-as');
    expect(within(list).getByText('12 følgere')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/partner-companies')!.query.get('page')).toBe('2');

    expect(screen.getByRole('link', { name: 'Opprett bedrift' })).toHaveAttribute('href', '/profile_company_manage');
    const mine = screen.getByRole('list', { name: 'Bedrifter du administrerer' });
    expect(within(mine).getByRole('link', { name: 'Administrer Demo Medisin AS' })).toHaveAttribute('href', '/profile_company_manage/5');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Navn' }), 'demo');
    await waitFor(() => expect(router.state.location.search).toBe('?name=demo'));
    await waitFor(() => expect(calls.at(-1)!.query.get('name')).toBe('demo'));

    await userEvent.click(screen.getByRole('combobox', { name: 'Kategorier' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Legemidler', hidden: true }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('categories')).toBe('3'));
    await waitFor(() => expect(calls.at(-1)!.query.get('categories')).toBe('3'));
    expect(calls.at(-1)!.query.get('name')).toBe('demo');
  });

  it('reads the filters from a shared URL and hides "Create company" while acting as a company', async () => {
    logInAs(
      testUser({
        active_business_profile: { id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null },
        available_business_profiles: [{ id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null }],
      }),
    );
    const calls = mockApi({ 'GET /api/partner-companies': () => jsonResponse(page([])) });
    renderApp('/profile_company?name=klinikk&categories=3,4');
    expect(await screen.findByText('Ingen bedrifter passer søket.')).toBeInTheDocument();
    const first = calls.find((c) => c.path === '/api/partner-companies')!;
    expect([first.query.get('name'), first.query.get('categories')]).toEqual(['klinikk', '3,4']);
    expect(screen.getByRole('searchbox', { name: 'Navn' })).toHaveValue('klinikk');
    expect(screen.queryByRole('link', { name: 'Opprett bedrift' })).not.toBeInTheDocument();
  });
});

describe('company page', () => {
  it('shows the company, its posts and followers, and follows and unfollows', async () => {
    let following = false;
    const calls = mockApi({
      'GET /api/partner-companies/demo-medisin-as/show': () => jsonResponse({ data: company({ followed_by_me: following, followers_count: following ? 13 : 12 }) }),
      'GET /api/partner-companies/followers/demo-medisin-as': () => jsonResponse(page([member(9, 'Ola', 'Nordmann')])),
      'GET /api/partner-company-posts/demo-medisin-as': () => jsonResponse(page([companyPost()])),
      'POST /api/partner-companies/demo-medisin-as/follow': () => {
        following = true;
        return jsonResponse({ data: { following: true, followers_count: 13 } });
      },
      'DELETE /api/partner-companies/demo-medisin-as/follow': () => {
        following = false;
        return jsonResponse({ data: { following: false, followers_count: 12 } });
      },
    });
    renderApp('/profile_company/demo-medisin-as');

    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Medisin AS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'post@demomedisin.no' })).toHaveAttribute('href', 'mailto:post@demomedisin.no');
    expect(screen.queryByRole('link', { name: 'Administrer' })).not.toBeInTheDocument();
    const posts = await screen.findByRole('list', { name: 'Innlegg fra Demo Medisin AS' });
    expect(within(posts).getByText('Nytt webinar om diabetes neste uke.')).toBeInTheDocument();
    expect(within(posts).getByRole('link', { name: '1 kommentar' })).toHaveAttribute('href', '/post/31');
    expect(within(posts).getByRole('button', { name: 'Liker' })).toHaveAttribute('aria-pressed', 'false');
    const followers = await screen.findByRole('list', { name: 'Følgere' });
    expect(within(followers).getByRole('link', { name: 'Ola Nordmann' })).toHaveAttribute('href', '/profile/ola-9');

    await userEvent.click(screen.getByRole('button', { name: 'Følg' }));
    expect(await screen.findByRole('button', { name: 'Slutt å følge' })).toBeInTheDocument();
    expect(screen.getAllByText('13 følgere').length).toBeGreaterThan(0);
    expect(await screen.findByText('Du følger nå Demo Medisin AS.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Slutt å følge' }));
    expect(await screen.findByRole('button', { name: 'Følg' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET' && c.path !== '/api/user').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/partner-companies/demo-medisin-as/follow',
      'DELETE /api/partner-companies/demo-medisin-as/follow',
    ]);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Søk i innlegg' }), 'diabetes');
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/partner-company-posts/demo-medisin-as').at(-1)!.query.get('search')).toBe('diabetes'));
  });

  it('offers "Manage" to managers and a not-found state for a missing or unpublished company', async () => {
    mockApi({
      'GET /api/partner-companies/demo-medisin-as/show': () => jsonResponse({ data: company({ is_manager: true, is_published: false }) }),
      'GET /api/partner-companies/followers/demo-medisin-as': () => jsonResponse(page([])),
      'GET /api/partner-company-posts/demo-medisin-as': () => jsonResponse(page([])),
      'GET /api/partner-companies/skjult/show': () => jsonResponse({ status_code: 404, message: 'Finnes ikke.' }, 404),
    });
    const { router } = renderApp('/profile_company/demo-medisin-as');
    expect(await screen.findByRole('link', { name: 'Administrer' })).toHaveAttribute('href', '/profile_company_manage/5');
    expect(screen.getByText('Siden er ikke publisert. Bare de som administrerer bedriften ser den.')).toBeInTheDocument();

    await act(() => router.navigate('/profile_company/skjult'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke bedriften' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til partnerbedrifter' })).toHaveAttribute('href', '/profile_company');
  });
});

describe('create company', () => {
  it('checks the fields by the contract, sends multipart, and shows a server 422 beside the field', async () => {
    const calls = mockApi({
      'POST /api/partner-companies': () =>
        jsonResponse({ message: 'Valideringen feilet.', errors: { name: ['Navnet er allerede i bruk.'], logo: ['Filtypen støttes ikke.'] } }, 422),
    });
    renderApp('/profile_company_manage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opprett partnerbedrift' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    expect(await screen.findByText('Må være minst 2 tegn.')).toBeInTheDocument();
    expect(screen.getByText('Velg minst 1.')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /^Navn/ }), 'Nordlys Helse AS');
    await userEvent.click(screen.getByRole('combobox', { name: /^Kategorier/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Medisinsk utstyr', hidden: true }));
    await userEvent.type(screen.getByRole('textbox', { name: 'E-post' }), 'ikke-epost');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    expect(await screen.findByText('Ugyldig e-postadresse.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/partner-companies')).toBe(false);

    await userEvent.clear(screen.getByRole('textbox', { name: 'E-post' }));
    await userEvent.type(screen.getByRole('textbox', { name: 'E-post' }), 'post@nordlys.no');
    await userEvent.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    // Beside the field and as a warning toast.
    await waitFor(() => expect(screen.getAllByText('Navnet er allerede i bruk.')).toHaveLength(2));
    expect(screen.getAllByText('Filtypen støttes ikke.').length).toBeGreaterThanOrEqual(1);
    const body = calls.find((c) => c.method === 'POST' && c.path === '/api/partner-companies')!.body as FormData;
    expect([body.get('name'), body.get('categories'), body.get('email'), body.get('phone')]).toEqual(['Nordlys Helse AS', '4', 'post@nordlys.no', '']);
  });

  it('creates the company and opens its manage page', async () => {
    const created = company({ id: 8, slug: 'nordlys-helse-as', name: 'Nordlys Helse AS', is_manager: true, is_published: false });
    const calls = mockApi({
      'POST /api/partner-companies': () => {
        me = testUser({ available_business_profiles: [{ id: 8, slug: 'nordlys-helse-as', name: 'Nordlys Helse AS', logo: null }] });
        return jsonResponse({ data: created }, 201);
      },
      'GET /api/partner-companies/nordlys-helse-as/show': () => jsonResponse({ data: created }),
    });
    const { router } = renderApp('/profile_company_manage');
    await userEvent.type(await screen.findByRole('textbox', { name: /^Navn/ }), 'Nordlys Helse AS');
    await userEvent.click(screen.getByRole('combobox', { name: /^Kategorier/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Legemidler', hidden: true }));
    await userEvent.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_company_manage/8'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrer Nordlys Helse AS' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Publisert/ })).not.toBeChecked();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/user')).toBe(true);
  });

  it('is not offered while acting as a business profile', async () => {
    logInAs(testUser({ active_business_profile: { id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null } }));
    mockApi({});
    renderApp('/profile_company_manage');
    expect(await screen.findByText('Bytt til din personlige profil for å opprette en bedrift.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opprett bedrift' })).not.toBeInTheDocument();
  });
});

describe('manage company', () => {
  const manageHandlers = (extra: Record<string, (call: Call) => Response> = {}) => ({
    'GET /api/partner-companies/demo-medisin-as/show': () => jsonResponse({ data: company({ is_manager: true, is_published: false }) }),
    'GET /api/partner-companies/followers/demo-medisin-as': () => jsonResponse(page([member(9, 'Ola', 'Nordmann')])),
    ...extra,
  });

  it('maps the id to the slug and toggles the settings', async () => {
    logInAs(manager());
    const calls = mockApi(
      manageHandlers({
        'PATCH /api/partner-companies/demo-medisin-as/settings': (call) => {
          const patch = JSON.parse(String(call.body)) as Partial<Company>;
          return jsonResponse({ data: company({ is_manager: true, is_published: false, ...patch }) });
        },
      }),
    );
    renderApp('/profile_company_manage/5');
    const published = await screen.findByRole('switch', { name: /Publisert/ });
    expect(published).not.toBeChecked();
    await userEvent.click(published);
    expect(await screen.findByText('Innstillingene er lagret.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /Publisert/ })).toBeChecked());

    await userEvent.click(screen.getByRole('switch', { name: /Tillat kommentarer/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Tillat kommentarer/ })).not.toBeChecked());
    const patches = calls.filter((c) => c.method === 'PATCH');
    expect(patches.map(jsonOf)).toEqual([{ is_published: true }, { is_comments_allowed: false }]);

    await userEvent.click(screen.getByRole('tab', { name: 'Følgere' }));
    expect(await screen.findByRole('link', { name: 'Ola Nordmann' })).toBeInTheDocument();
  });

  it('edits the details with the current values filled in, as multipart to the update call', async () => {
    logInAs(manager());
    const calls = mockApi(
      manageHandlers({
        'POST /api/partner-companies/demo-medisin-as': () => jsonResponse({ data: company({ is_manager: true, name: 'Demo Medisin Norge AS' }) }),
      }),
    );
    renderApp('/profile_company_manage/5?tab=details');
    const name = await screen.findByRole('textbox', { name: /^Navn/ });
    expect(name).toHaveValue('Demo Medisin AS');
    expect(screen.getByRole('textbox', { name: 'Nettsted' })).toHaveValue('https://demomedisin.no');
    await userEvent.clear(name);
    await userEvent.type(name, 'Demo Medisin Norge AS');
    await userEvent.click(screen.getByRole('button', { name: 'Lagre endringer' }));
    expect(await screen.findByText('Endringene er lagret.')).toBeInTheDocument();
    const sent = calls.find((c) => c.method === 'POST' && c.path === '/api/partner-companies/demo-medisin-as')!.body as FormData;
    expect(sent.get('name')).toBe('Demo Medisin Norge AS');
    expect(sent.get('categories')).toBe('3');
    expect(sent.get('website')).toBe('https://demomedisin.no');
  });

  it('shows a no-access state to someone who does not manage the company', async () => {
    const calls = mockApi({});
    renderApp('/profile_company_manage/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingen tilgang' })).toBeInTheDocument();
    // The stored user was asked for again (the company may be new) before giving up.
    expect(calls.some((c) => c.path === '/api/user')).toBe(true);
    expect(calls.some((c) => c.path.startsWith('/api/partner-companies'))).toBe(false);
  });

  it('finds members and invites them to follow', async () => {
    logInAs(manager());
    const calls = mockApi(
      manageHandlers({
        'GET /api/profile/search': () => jsonResponse(page([member(9, 'Ola', 'Nordmann'), member(10, 'Ola', 'Hansen')])),
        'POST /api/partner-company/demo-medisin-as/follow-invitation': () => jsonResponse({ data: { invited: [9, 10] } }),
      }),
    );
    renderApp('/profile_company_manage/5?tab=invitations');
    await userEvent.type(await screen.findByRole('searchbox', { name: 'Søk etter medlemmer' }), 'Ola');
    const results = await screen.findByRole('list', { name: 'Søkeresultater' });
    // Debounced: on a slow machine "Ol" may be asked for first; the last search is the full name.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/profile/search').at(-1)!.query.get('name')).toBe('Ola'));
    expect(calls.find((c) => c.path === '/api/profile/search')!.query.get('type')).toBe('user');

    await userEvent.click(within(results).getByRole('button', { name: 'Legg til Ola Nordmann' }));
    await userEvent.click(within(results).getByRole('button', { name: 'Legg til Ola Hansen' }));
    const selected = screen.getByRole('list', { name: 'Valgte medlemmer' });
    await userEvent.click(within(selected).getByRole('button', { name: 'Fjern Ola Hansen' }));
    await userEvent.click(within(results).getByRole('button', { name: 'Legg til Ola Hansen' }));
    await userEvent.click(screen.getByRole('button', { name: 'Send invitasjoner' }));

    expect(await screen.findByText('Invitasjon sendt til 2 medlemmer.')).toBeInTheDocument();
    const invite = calls.find((c) => c.method === 'POST' && c.path === '/api/partner-company/demo-medisin-as/follow-invitation');
    expect(jsonOf(invite)).toEqual({ users: [9, 10] });
    expect(screen.getByText('Ingen valgt ennå.')).toBeInTheDocument();
  });

  it('deletes the company with a required reason after a confirmation', async () => {
    logInAs(manager());
    const calls = mockApi(
      manageHandlers({
        'DELETE /api/partner-companies/demo-medisin-as': () => {
          me = testUser();
          return new Response(null, { status: 204 });
        },
        'GET /api/partner-companies': () => jsonResponse(page([])),
      }),
    );
    const { router } = renderApp('/profile_company_manage/5');
    await userEvent.click(await screen.findByRole('tab', { name: 'Slett' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Slett bedriften' }));
    expect(await screen.findByText('Må være minst 3 tegn.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: /Hvorfor slettes bedriften/ }), 'Virksomheten er lagt ned.');
    await userEvent.click(screen.getByRole('button', { name: 'Slett bedriften' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette Demo Medisin AS?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ja, slett bedriften' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_company'));
    expect(await screen.findByText('Bedriften er slettet.')).toBeInTheDocument();
    const del = calls.find((c) => c.method === 'DELETE');
    expect(del?.path).toBe('/api/partner-companies/demo-medisin-as');
    expect(jsonOf(del)).toEqual({ reason_to_delete: 'Virksomheten er lagt ned.' });
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Bedrifter du administrerer' })).not.toBeInTheDocument());
  });
});
