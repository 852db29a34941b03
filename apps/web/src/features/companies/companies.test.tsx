import {
  authEndpoints,
  type Company,
  companyEndpoints,
  type CompanyPost,
  type CompanySummary,
  networkEndpoints,
  referenceEndpoints,
  type User,
  type UserCard,
} from '@legenett/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import { apiError, mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';

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
  shared_post: null,
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

const member = (id: number, first_name: string, last_name: string): UserCard => ({ id, slug: `${first_name}-${id}`.toLowerCase(), first_name, last_name, profile_avatar: null, verified_as: null });

const page = <T,>(data: T[], last_page = 1) => ({ data, meta: { current_page: 1, last_page, per_page: 10, total: data.length } });

let me: User = testUser();
const manager = () =>
  testUser({ available_business_profiles: [{ id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null }] });

/** The stored user (asked for again after creating or deleting a company) and the company categories. */
function mockCommonApi() {
  const userReloads = mockEndpoint(authEndpoints.me, () => ({ data: me }));
  mockEndpoint(referenceEndpoints.categories, {
    data: [
      { id: 3, name: 'Legemidler', type: 'company' },
      { id: 4, name: 'Medisinsk utstyr', type: 'company' },
    ],
  });
  return userReloads;
}

function logInAs(user: User) {
  me = user;
  logIn(user);
}

let user: ReturnType<typeof setupUser>;
let userReloads: ReturnType<typeof mockCommonApi>;
beforeEach(() => {
  logInAs(testUser());
  userReloads = mockCommonApi();
  user = setupUser();
});

describe('company directory', () => {
  it('lists companies, keeps name, categories and page in the URL, and lists the companies I manage', async () => {
    logInAs(manager());
    const calls = mockEndpoint(companyEndpoints.list, page([summary()], 3));
    const { router } = renderApp('/profile_company?page=2');

    const list = await screen.findByRole('list', { name: 'Partnerbedrifter' });
    expect(within(list).getByRole('link', { name: 'Demo Medisin AS' })).toHaveAttribute('href', '/profile_company/demo-medisin-as');
    expect(within(list).getByText('12 følgere')).toBeInTheDocument();
    expect(calls[0]!.query.get('page')).toBe('2');

    expect(screen.getByRole('link', { name: 'Opprett bedrift' })).toHaveAttribute('href', '/profile_company_manage');
    const mine = screen.getByRole('list', { name: 'Bedrifter du administrerer' });
    expect(within(mine).getByRole('link', { name: 'Administrer Demo Medisin AS' })).toHaveAttribute('href', '/profile_company_manage/5');

    await user.type(screen.getByRole('searchbox', { name: 'Navn' }), 'demo');
    await waitFor(() => expect(router.state.location.search).toBe('?name=demo'));
    await waitFor(() => expect(calls.at(-1)!.query.get('name')).toBe('demo'));

    await user.click(screen.getByRole('combobox', { name: 'Kategorier' }));
    await user.click(await screen.findByRole('option', { name: 'Legemidler', hidden: true }));
    await waitFor(() => expect(new URLSearchParams(router.state.location.search).get('categories')).toBe('3'));
    await waitFor(() => expect(calls.at(-1)!.query.get('categories')).toBe('3'));
    expect(calls.at(-1)!.query.get('name')).toBe('demo');
    // A filter change goes back to the first page.
    expect(calls.at(-1)!.query.get('page')).toBe('1');
  });

  it('reads the filters from a shared URL and hides "Create company" while acting as a company', async () => {
    logInAs(
      testUser({
        active_business_profile: { id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null },
        available_business_profiles: [{ id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null }],
      }),
    );
    const calls = mockEndpoint(companyEndpoints.list, page([]));
    renderApp('/profile_company?name=klinikk&categories=3,4');
    expect(await screen.findByText('Ingen bedrifter passer søket.')).toBeInTheDocument();
    const first = calls[0]!;
    expect([first.query.get('name'), first.query.get('categories')]).toEqual(['klinikk', '3,4']);
    expect(screen.getByRole('searchbox', { name: 'Navn' })).toHaveValue('klinikk');
    expect(screen.queryByRole('link', { name: 'Opprett bedrift' })).not.toBeInTheDocument();
  });
});

describe('company page', () => {
  it('shows the company, its posts and followers, and follows and unfollows', async () => {
    let following = false;
    mockEndpoint(companyEndpoints.show, () => ({ data: company({ followed_by_me: following, followers_count: following ? 13 : 12 }) }));
    mockEndpoint(companyEndpoints.followers, page([member(9, 'Ola', 'Nordmann')]));
    const postSearches = mockEndpoint(companyEndpoints.posts, page([companyPost()]));
    const follows = mockEndpoint(companyEndpoints.follow, () => {
      following = true;
      return { data: { following: true, followers_count: 13 } };
    });
    const unfollows = mockEndpoint(companyEndpoints.unfollow, () => {
      following = false;
      return { data: { following: false, followers_count: 12 } };
    });
    renderApp('/profile_company/demo-medisin-as');

    expect(await screen.findByRole('heading', { level: 1, name: 'Demo Medisin AS' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'post@demomedisin.no' })).toHaveAttribute('href', 'mailto:post@demomedisin.no');
    expect(screen.queryByRole('link', { name: 'Administrer' })).not.toBeInTheDocument();
    const posts = await screen.findByRole('list', { name: 'Innlegg fra Demo Medisin AS' });
    expect(within(posts).getByText('Nytt webinar om diabetes neste uke.')).toBeInTheDocument();
    expect(within(posts).getByRole('link', { name: '1 kommentar' })).toHaveAttribute('href', '/post/31');
    expect(within(posts).getByRole('button', { name: 'Liker' })).toBeInTheDocument();
    const followers = await screen.findByRole('list', { name: 'Følgere' });
    expect(within(followers).getByRole('link', { name: 'Ola Nordmann' })).toHaveAttribute('href', '/profile/ola-9');

    await user.click(screen.getByRole('button', { name: 'Følg' }));
    expect(await screen.findByRole('button', { name: 'Slutt å følge' })).toBeInTheDocument();
    expect(screen.getAllByText('13 følgere').length).toBeGreaterThan(0);
    expect(await screen.findByText('Du følger nå Demo Medisin AS.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Slutt å følge' }));
    expect(await screen.findByRole('button', { name: 'Følg' })).toBeInTheDocument();
    expect(follows.map((c) => c.params.slug)).toEqual(['demo-medisin-as']);
    expect(unfollows.map((c) => c.params.slug)).toEqual(['demo-medisin-as']);

    await user.type(screen.getByRole('searchbox', { name: 'Søk i innlegg' }), 'diabetes');
    await waitFor(() => expect(postSearches.at(-1)!.query.get('search')).toBe('diabetes'));
  });

  it('offers "Manage" to managers and a not-found state for a missing or unpublished company', async () => {
    mockEndpoint(companyEndpoints.show, ({ params }) =>
      params.slug === 'skjult' ? apiError(404, 'Finnes ikke.') : { data: company({ is_manager: true, is_published: false }) },
    );
    mockEndpoint(companyEndpoints.followers, page([]));
    mockEndpoint(companyEndpoints.posts, page([]));
    const { router } = renderApp('/profile_company/demo-medisin-as');
    expect(await screen.findByRole('link', { name: 'Administrer' })).toHaveAttribute('href', '/profile_company_manage/5');
    expect(screen.getByText('Siden er ikke publisert. Bare de som administrerer bedriften ser den.')).toBeInTheDocument();

    await act(() => router.navigate('/profile_company/skjult'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke bedriften' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til partnerbedrifter' })).toHaveAttribute('href', '/profile_company');
  });

  it('"Send melding" writes to the company (its managers answer); not offered to its managers', async () => {
    let managed = false;
    mockEndpoint(companyEndpoints.show, () => ({ data: company({ is_manager: managed }) }));
    mockEndpoint(companyEndpoints.followers, page([]));
    mockEndpoint(companyEndpoints.posts, page([]));
    const first = renderApp('/profile_company/demo-medisin-as');
    const send = await screen.findByRole('link', { name: 'Send melding' });
    expect(send).toHaveAttribute('href', '/messages?company=5&name=Demo+Medisin+AS');
    first.unmount();

    managed = true;
    renderApp('/profile_company/demo-medisin-as');
    expect(await screen.findByRole('link', { name: 'Administrer' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Send melding' })).not.toBeInTheDocument();
  });
});

describe('create company', () => {
  it('checks the fields by the contract, sends multipart, and shows a server 422 beside the field', async () => {
    const creates = mockEndpoint(
      companyEndpoints.create,
      validationError({ name: ['Navnet er allerede i bruk.'], logo: ['Filtypen støttes ikke.'] }, 'Valideringen feilet.'),
    );
    renderApp('/profile_company_manage');
    expect(await screen.findByRole('heading', { level: 1, name: 'Opprett partnerbedrift' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    // An empty name is missing, not "too short".
    expect(await screen.findAllByText('Feltet er påkrevd.')).not.toHaveLength(0);
    expect(screen.queryByText('Må være minst 2 tegn.')).not.toBeInTheDocument();
    expect(screen.getByText('Velg minst 1.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Navn/ }), 'Nordlys Helse AS');
    await user.click(screen.getByRole('combobox', { name: /^Kategorier/ }));
    await user.click(await screen.findByRole('option', { name: 'Medisinsk utstyr', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'ikke-epost');
    await user.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    expect(await screen.findByText('Ugyldig e-postadresse.')).toBeInTheDocument();
    expect(creates).toHaveLength(0);

    await user.clear(screen.getByRole('textbox', { name: 'E-post' }));
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'post@nordlys.no');
    await user.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    // Beside the field and as a warning toast.
    await waitFor(() => expect(screen.getAllByText('Navnet er allerede i bruk.')).toHaveLength(2));
    expect(screen.getAllByText('Filtypen støttes ikke.').length).toBeGreaterThanOrEqual(1);
    const body = creates[0]!.body as FormData;
    expect([body.get('name'), body.get('categories'), body.get('email'), body.get('phone')]).toEqual(['Nordlys Helse AS', '4', 'post@nordlys.no', '']);
  });

  it('creates the company and opens its manage page', async () => {
    const created = company({ id: 8, slug: 'nordlys-helse-as', name: 'Nordlys Helse AS', is_manager: true, is_published: false });
    mockEndpoint(companyEndpoints.create, () => {
      me = testUser({ available_business_profiles: [{ id: 8, slug: 'nordlys-helse-as', name: 'Nordlys Helse AS', logo: null }] });
      return { data: created };
    });
    mockEndpoint(companyEndpoints.show, { data: created });
    const { router } = renderApp('/profile_company_manage');
    await user.type(await screen.findByRole('textbox', { name: /^Navn/ }), 'Nordlys Helse AS');
    await user.click(screen.getByRole('combobox', { name: /^Kategorier/ }));
    await user.click(await screen.findByRole('option', { name: 'Legemidler', hidden: true }));
    await user.click(screen.getByRole('button', { name: 'Opprett bedrift' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_company_manage/8'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administrer Nordlys Helse AS' })).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Publisert/ })).not.toBeChecked();
    expect(userReloads).not.toHaveLength(0);
  });

  it('is not offered while acting as a business profile', async () => {
    logInAs(testUser({ active_business_profile: { id: 5, slug: 'demo-medisin-as', name: 'Demo Medisin AS', logo: null } }));
    renderApp('/profile_company_manage');
    expect(await screen.findByText('Bytt til din personlige profil for å opprette en bedrift.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Opprett bedrift' })).not.toBeInTheDocument();
  });
});

describe('manage company', () => {
  const mockManagedCompany = () => {
    mockEndpoint(companyEndpoints.show, { data: company({ is_manager: true, is_published: false }) });
    mockEndpoint(companyEndpoints.followers, page([member(9, 'Ola', 'Nordmann')]));
  };

  it('maps the id to the slug and toggles the settings', async () => {
    logInAs(manager());
    mockManagedCompany();
    const patches = mockEndpoint(companyEndpoints.settings, ({ body }) => ({
      data: company({ is_manager: true, is_published: false, ...(body as Partial<Company>) }),
    }));
    renderApp('/profile_company_manage/5');
    const published = await screen.findByRole('switch', { name: /Publisert/ });
    expect(published).not.toBeChecked();
    await user.click(published);
    expect(await screen.findByText('Innstillingene er lagret.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('switch', { name: /Publisert/ })).toBeChecked());

    await user.click(screen.getByRole('switch', { name: /Tillat kommentarer/ }));
    await waitFor(() => expect(screen.getByRole('switch', { name: /Tillat kommentarer/ })).not.toBeChecked());
    expect(patches.map((c) => c.body)).toEqual([{ is_published: true }, { is_comments_allowed: false }]);

    await user.click(screen.getByRole('tab', { name: 'Følgere' }));
    expect(await screen.findByRole('link', { name: 'Ola Nordmann' })).toBeInTheDocument();
  });

  it('edits the details with the current values filled in, as multipart to the update call', async () => {
    logInAs(manager());
    mockManagedCompany();
    const updates = mockEndpoint(companyEndpoints.update, { data: company({ is_manager: true, name: 'Demo Medisin Norge AS' }) });
    renderApp('/profile_company_manage/5?tab=details');
    const name = await screen.findByRole('textbox', { name: /^Navn/ });
    expect(name).toHaveValue('Demo Medisin AS');
    expect(screen.getByRole('textbox', { name: 'Nettsted' })).toHaveValue('https://demomedisin.no');
    await user.clear(name);
    await user.type(name, 'Demo Medisin Norge AS');
    await user.click(screen.getByRole('button', { name: 'Lagre endringer' }));
    expect(await screen.findByText('Endringene er lagret.')).toBeInTheDocument();
    expect(updates.map((c) => c.params.slug)).toEqual(['demo-medisin-as']);
    const sent = updates[0]!.body as FormData;
    expect(sent.get('name')).toBe('Demo Medisin Norge AS');
    expect(sent.get('categories')).toBe('3');
    expect(sent.get('website')).toBe('https://demomedisin.no');
  });

  it('shows a no-access state to someone who does not manage the company', async () => {
    const companyCalls = [companyEndpoints.show, companyEndpoints.followers, companyEndpoints.list].map((ep) => mockEndpoint(ep, apiError(500, 'not expected')));
    renderApp('/profile_company_manage/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ingen tilgang' })).toBeInTheDocument();
    // The stored user was asked for again (the company may be new) before giving up.
    expect(userReloads).not.toHaveLength(0);
    expect(companyCalls.flat()).toHaveLength(0);
  });

  it('finds members and invites them to follow', async () => {
    logInAs(manager());
    mockManagedCompany();
    const searches = mockEndpoint(networkEndpoints.search, page([member(9, 'Ola', 'Nordmann'), member(10, 'Ola', 'Hansen')]));
    const invites = mockEndpoint(companyEndpoints.invite, { data: { invited: [9, 10] } });
    renderApp('/profile_company_manage/5?tab=invitations');
    await user.type(await screen.findByRole('searchbox', { name: 'Søk etter medlemmer' }), 'Ola');
    const results = await screen.findByRole('list', { name: 'Søkeresultater' });
    // Debounced: on a slow machine "Ol" may be asked for first; the last search is the full name.
    await waitFor(() => expect(searches.at(-1)!.query.get('name')).toBe('Ola'));
    expect(searches[0]!.query.get('type')).toBe('user');

    await user.click(within(results).getByRole('button', { name: 'Legg til Ola Nordmann' }));
    await user.click(within(results).getByRole('button', { name: 'Legg til Ola Hansen' }));
    const selected = screen.getByRole('list', { name: 'Valgte medlemmer' });
    await user.click(within(selected).getByRole('button', { name: 'Fjern Ola Hansen' }));
    await user.click(within(results).getByRole('button', { name: 'Legg til Ola Hansen' }));
    await user.click(screen.getByRole('button', { name: 'Send invitasjoner' }));

    expect(await screen.findByText('Invitasjon sendt til 2 medlemmer.')).toBeInTheDocument();
    expect(invites.map((c) => [c.params.slug, c.body])).toEqual([['demo-medisin-as', { users: [9, 10] }]]);
    expect(screen.getByText('Ingen valgt ennå.')).toBeInTheDocument();
  });

  it('deletes the company with a required reason after a confirmation', async () => {
    logInAs(manager());
    mockManagedCompany();
    const deletes = mockEndpoint(companyEndpoints.remove, () => {
      me = testUser();
      return null;
    });
    mockEndpoint(companyEndpoints.list, page([]));
    const { router } = renderApp('/profile_company_manage/5');
    await user.click(await screen.findByRole('tab', { name: 'Slett' }));
    await user.click(await screen.findByRole('button', { name: 'Slett bedriften' }));
    expect(await screen.findByText('Feltet er påkrevd.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Hvorfor slettes bedriften/ }), 'Virksomheten er lagt ned.');
    await user.click(screen.getByRole('button', { name: 'Slett bedriften' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette Demo Medisin AS?' });
    expect(deletes).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, slett bedriften' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_company'));
    expect(await screen.findByText('Bedriften er slettet.')).toBeInTheDocument();
    expect(deletes.map((c) => [c.params.slug, c.body])).toEqual([['demo-medisin-as', { reason_to_delete: 'Virksomheten er lagt ned.' }]]);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Bedrifter du administrerer' })).not.toBeInTheDocument());
  });
});
