import { type Experience, type PublicProfile, type User } from '@legenett/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { changeLocale } from '@/shared/i18n/i18n';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';

configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 30_000 });

const me: User = {
  id: 5,
  slug: 'kari-nordmann',
  first_name: 'Kari',
  last_name: 'Nordmann',
  email: 'kari@test.no',
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
  roles: ['doctor'],
  profile_avatar: null,
  profile_background: null,
  last_login_date: null,
  locale: 'no',
  theme: 'light',
  email_verified: true,
  two_factor_enabled: false,
};

const information = {
  first_name: 'Kari',
  last_name: 'Nordmann',
  phone: null,
  county_id: null,
  city_id: null,
  workplace_situation_id: null,
  specialities: [],
  workplace_name: null,
  workplace_hospital_id: null,
  workplace_clinic_id: null,
  workplace_custom_id: null,
  position: null,
  about: null,
  locale: 'no',
  theme: 'light',
};

const experience: Experience = {
  id: 11,
  employer: null,
  position: 'Overlege',
  field_of_work: 'Kardiologi',
  workplace_type: 'hospital',
  hospital: { id: 1, name: 'Haukeland universitetssjukehus' },
  hospital_clinic: null,
  department: null,
  department_name: null,
  city: null,
  clinic: null,
  clinic_name: null,
  custom_workplace: null,
  workplace_name: 'Haukeland universitetssjukehus',
  started_at: '2015-08-01',
  finished_at: null,
  is_current: true,
  resigned: false,
};

type Call = { method: string; path: string; body: unknown };

/** The API as these screens use it; records every call. */
function mockApi(extra: (call: Call) => Response | undefined = () => undefined) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const path = url.split('?')[0]!;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : init?.body;
      const call = { method, path, body };
      calls.push(call);
      const custom = extra(call);
      if (custom) return Promise.resolve(custom);
      if (path === '/api/user/profile-information' && method === 'GET') return Promise.resolve(jsonResponse({ data: information }));
      if (path === '/api/user/profile-information' && method === 'PUT') return Promise.resolve(jsonResponse({ data: me }));
      if (path === '/api/user/settings/notification') return Promise.resolve(jsonResponse({ data: me }));
      if (path === '/api/cities/1/county') return Promise.resolve(jsonResponse({ data: [{ id: 31, name: 'Oslo by', county_id: 1 }] }));
      if (['/api/specialties', '/api/workplace-situations', '/api/hospitals', '/api/clinics', '/api/universities', '/api/university-specialties', '/api/academic-levels'].includes(path)) {
        return Promise.resolve(jsonResponse({ data: path === '/api/universities' ? [{ id: 3, name: 'Universitetet i Oslo', country_code: 'NO' }] : [] }));
      }
      if (path === '/api/user/professional-experiences' && method === 'GET') {
        return Promise.resolve(jsonResponse({ data: [experience], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } }));
      }
      if (path === '/api/user/educations' && method === 'GET') {
        return Promise.resolve(jsonResponse({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } }));
      }
      if (path.startsWith('/api/user/professional-experiences/') && method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      if (path === '/api/user' && method === 'DELETE') return Promise.resolve(new Response(null, { status: 204 }));
      return defaultFetch(input, init);
    }),
  );
  return calls;
}

beforeEach(async () => {
  await changeLocale('no');
  authStore.setSession('token-1', 900, me);
});
afterEach(() => {
  authStore.clear();
});

describe('profile settings', () => {
  it('saves profile information with a county -> city cascade', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    renderApp('/profile_settings/profile-information');
    const firstName = await screen.findByLabelText(/Fornavn/);
    expect(firstName).toHaveValue('Kari');
    expect(screen.getByRole('tab', { name: 'Profilinformasjon' })).toHaveAttribute('aria-selected', 'true');

    const city = screen.getByRole('combobox', { name: 'By / kommune' });
    expect(city).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Fylke' }));
    await user.click(await screen.findByRole('option', { name: 'Oslo', hidden: true }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'By / kommune' })).toBeEnabled());
    await user.click(screen.getByRole('combobox', { name: 'By / kommune' }));
    await user.click(await screen.findByRole('option', { name: 'Oslo by', hidden: true }));

    await user.type(screen.getByLabelText('Stilling'), 'Fastlege');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const put = calls.find((c) => c.method === 'PUT' && c.path === '/api/user/profile-information')!;
    expect(put.body).toMatchObject({ first_name: 'Kari', county_id: 1, city_id: 31, position: 'Fastlege', specialities: [] });
    expect(await screen.findByText('Endringene er lagret.')).toBeInTheDocument();
  });

  it('refuses an empty first name before calling the API', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    renderApp('/profile_settings/profile-information');
    await user.clear(await screen.findByLabelText(/Fornavn/));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Feltet er påkrevd.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('saves a notification switch as soon as it is flipped, in English too', async () => {
    await changeLocale('en');
    const calls = mockApi();
    const user = userEvent.setup();
    renderApp('/profile_settings/notifications');
    const sms = await screen.findByRole('switch', { name: 'Webinar reminders by SMS' });
    expect(sms).not.toBeChecked();
    await user.click(sms);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/settings/notification')).toBe(true));
    expect(calls.find((c) => c.path === '/api/user/settings/notification')!.body).toEqual({
      sms_webinar_reminders: true,
      email_webinar_reminders: true,
      important_updates: true,
    });
    expect(sms).toBeChecked();
  });

  it('deletes the account only after reason, password, the check and the confirmation', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    const { router } = renderApp('/profile_settings/delete-account');
    const submit = await screen.findByRole('button', { name: 'Slett kontoen min' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Hvorfor sletter du kontoen/), 'Slutter som lege');
    await user.type(screen.getByLabelText(/^Passord/, { selector: 'input' }), 'Hemmelig!1');
    await user.click(screen.getByRole('checkbox', { name: 'Jeg forstår at dette ikke kan angres' }));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Slette kontoen?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, slett kontoen' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'DELETE' && c.path === '/api/user')?.body).toEqual({
      reason_to_delete: 'Slutter som lege',
      password: 'Hemmelig!1',
    }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.getToken()).toBeNull();
  });

  it('opens the first tab for an unknown tab name', async () => {
    mockApi();
    const { router } = renderApp('/profile_settings/kari-nordmann');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_settings/profile-information'));
  });
});

describe('professional experience page', () => {
  it('lists experience, deletes one after confirmation, and checks education dates', async () => {
    const calls = mockApi();
    const user = userEvent.setup();
    renderApp('/professional_experience');
    expect(await screen.findByText('Overlege')).toBeInTheDocument();
    expect(screen.getByText('Du har ikke lagt inn noen utdanning ennå.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Slett: Overlege, Haukeland universitetssjukehus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette erfaringen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, slett' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/user/professional-experiences/11')).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Legg til utdanning' }));
    const form = await screen.findByRole('dialog', { name: 'Legg til utdanning' });
    await user.click(within(form).getByRole('combobox', { name: /Universitet/ }));
    await user.click(await screen.findByRole('option', { name: 'Universitetet i Oslo', hidden: true }));
    await user.type(within(form).getByLabelText(/Startet/), '2010-08-01');
    await user.type(within(form).getByLabelText(/Fullført/), '2009-06-01');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await within(form).findByText('Sluttdatoen kan ikke være før startdatoen.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});

describe('profile pages', () => {
  const profile: PublicProfile = {
    id: 9,
    slug: 'ola-lege',
    first_name: 'Ola',
    last_name: 'Lege',
    profile_avatar: null,
    profile_background: null,
    specialities: [{ id: 1, name: 'Indremedisin' }],
    workplace_name: 'Haukeland universitetssjukehus',
    position: 'Overlege',
    about: 'Hjertelege.',
    county: { id: 12, name: 'Vestland' },
    city: { id: 4601, name: 'Bergen' },
    professional_experiences: [experience],
    educations: [],
    followers_count: 4,
    following_count: 2,
    is_following: false,
    is_me: false,
  };
  const noPosts = () => jsonResponse({ data: [], meta: { next_cursor: null } });

  it("shows a member's profile with specialities and experience", async () => {
    mockApi((c) => (c.path === '/api/profile/ola-lege' ? jsonResponse({ data: profile }) : c.path === '/api/profile/ola-lege/posts' ? noPosts() : undefined));
    renderApp('/profile/ola-lege');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ola Lege' })).toBeInTheDocument();
    expect(await screen.findByText('Ingen innlegg ennå.')).toBeInTheDocument();
    expect(screen.getByText('Indremedisin')).toBeInTheDocument();
    expect(screen.getByText('Overlege · Haukeland universitetssjukehus · Bergen')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Erfaring' })).getByText('Overlege')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rediger profil' })).not.toBeInTheDocument();
  });

  it('says so when the profile does not exist', async () => {
    mockApi((c) => (c.path === '/api/profile/nobody' ? jsonResponse({ status_code: 404, message: 'Fant ikke' }, 404) : undefined));
    renderApp('/profile/nobody');
    expect(await screen.findByRole('heading', { name: 'Fant ikke profilen.' })).toBeInTheDocument();
  });

  it('/profile goes to the own profile', async () => {
    mockApi((c) =>
      c.path === '/api/profile/kari-nordmann'
        ? jsonResponse({ data: { ...profile, slug: 'kari-nordmann', first_name: 'Kari', is_me: true } })
        : c.path === '/api/profile/kari-nordmann/posts'
          ? noPosts()
          : undefined,
    );
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/kari-nordmann'));
    expect(await screen.findByRole('link', { name: 'Rediger profil' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Følg' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Arkiverte innlegg' })).toHaveAttribute('href', '/archived_posts/kari-nordmann');
  });

  it('follows and unfollows a member, and lists their followers', async () => {
    const user = userEvent.setup();
    const calls = mockApi((c) => {
      if (c.path === '/api/profile/ola-lege') return jsonResponse({ data: profile });
      if (c.path === '/api/profile/ola-lege/posts') return noPosts();
      if (c.path === '/api/profile/ola-lege/follow') return jsonResponse({ data: { following: c.method === 'POST' } });
      if (c.path === '/api/profile/ola-lege/followers') {
        return jsonResponse({
          data: [{ id: 3, slug: 'per-kirurg', first_name: 'Per', last_name: 'Kirurg', profile_avatar: null }],
          meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
        });
      }
      return undefined;
    });
    renderApp('/profile/ola-lege');
    const follow = await screen.findByRole('button', { name: 'Følg' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: '4 følgere' })).toBeInTheDocument();
    await user.click(follow);
    const unfollow = await screen.findByRole('button', { name: 'Slutt å følge' });
    expect(unfollow).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '5 følgere' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/profile/ola-lege/follow')).toBe(true);
    await user.click(unfollow);
    expect(await screen.findByRole('button', { name: 'Følg' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/profile/ola-lege/follow')).toBe(true);
    await user.click(screen.getByRole('button', { name: '4 følgere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Følgere av Ola Lege' });
    expect(await within(dialog).findByRole('link', { name: 'Per Kirurg' })).toHaveAttribute('href', '/profile/per-kirurg');
  });
});
