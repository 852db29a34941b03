import { networkEndpoints, postEndpoints, professionalEndpoints, profileEndpoints, referenceEndpoints, type Experience, type ProfileInformation, type PublicProfile } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { authStore } from '@/shared/auth/auth-store';
import { changeLocale } from '@/shared/i18n/i18n';
import { apiError, mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { asPhone } from '@/testing/viewport';

const me = testUser({ id: 5, user_info: { ...testUser().user_info, hpr_number: null }, permissions: [] });

const information: ProfileInformation = {
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

const emptyPage = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };

/** The API as these screens use it. */
function mockProfileApi() {
  mockEndpoint(profileEndpoints.showInformation, { data: information });
  mockEndpoint(referenceEndpoints.citiesOfCounty, { data: [{ id: 31, name: 'Oslo by', county_id: 1 }] });
  for (const list of ['specialties', 'workplaceSituations', 'hospitals', 'clinics', 'universitySpecialties', 'academicLevels'] as const) {
    mockEndpoint(referenceEndpoints[list], { data: [] });
  }
  mockEndpoint(referenceEndpoints.universities, { data: [{ id: 3, name: 'Universitetet i Oslo', country_code: 'NO' }] });
  mockEndpoint(professionalEndpoints.listExperiences, { data: [experience], meta: { current_page: 1, last_page: 1, per_page: 10, total: 1 } });
  mockEndpoint(professionalEndpoints.listEducations, emptyPage);
  return {
    updateInformation: mockEndpoint(profileEndpoints.updateInformation, { data: me }),
    deleteExperience: mockEndpoint(professionalEndpoints.deleteExperience, null),
    createEducation: mockEndpoint(professionalEndpoints.createEducation, apiError(500, 'not expected')),
    deleteAccount: mockEndpoint(profileEndpoints.deleteAccount, null),
  };
}

beforeEach(() => {
  logIn(me, 'token-1');
});

describe('profile settings', () => {
  it('saves profile information with a county -> city cascade', async () => {
    const api = mockProfileApi();
    const user = setupUser();
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
    await waitFor(() => expect(api.updateInformation).toHaveLength(1));
    expect(api.updateInformation[0]!.body).toMatchObject({ first_name: 'Kari', county_id: 1, city_id: 31, position: 'Fastlege', specialities: [] });
    expect(await screen.findByText('Endringene er lagret.')).toBeInTheDocument();
  });

  it('refuses an empty first name before calling the API', async () => {
    const api = mockProfileApi();
    const user = setupUser();
    renderApp('/profile_settings/profile-information');
    await user.clear(await screen.findByLabelText(/Fornavn/));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Feltet er påkrevd.')).toBeInTheDocument();
    expect(api.updateInformation).toHaveLength(0);
  });

  it('shows a server 422 beside its field (a city outside the county)', async () => {
    mockProfileApi();
    mockEndpoint(profileEndpoints.updateInformation, validationError({ city_id: ['Byen ligger ikke i fylket.'] }));
    const user = setupUser();
    renderApp('/profile_settings/profile-information');
    await screen.findByLabelText(/Fornavn/);
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    const city = screen.getByRole('combobox', { name: 'By / kommune' });
    await waitFor(() => expect(city).toHaveAccessibleDescription('Byen ligger ikke i fylket.'));
    expect(city).toHaveAttribute('aria-invalid', 'true');
  });

  it('the notifications tab points to the one settings page, with no switches of its own (issue 42), in English too', async () => {
    await changeLocale('en');
    mockProfileApi();
    const user = setupUser();
    const { router } = renderApp('/profile_settings/notifications');
    expect(await screen.findByText(/You choose every notification in one place/)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    expect(screen.queryByText(/Webinar reminders/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Open the notification settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/notification_settings'));
  });

  it('deletes the account only after reason, password, the check and the confirmation', async () => {
    const api = mockProfileApi();
    const user = setupUser();
    const { router } = renderApp('/profile_settings/delete-account');
    const submit = await screen.findByRole('button', { name: 'Slett kontoen min' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/Hvorfor sletter du kontoen/), 'Slutter som lege');
    await user.type(screen.getByLabelText(/^Passord/, { selector: 'input' }), 'Hemmelig!1');
    await user.click(screen.getByRole('checkbox', { name: 'Jeg forstår at dette ikke kan angres' }));
    await user.click(submit);
    const dialog = await screen.findByRole('dialog', { name: 'Slette kontoen?' });
    expect(api.deleteAccount).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, slett kontoen' }));
    await waitFor(() => expect(api.deleteAccount[0]?.body).toEqual({ reason_to_delete: 'Slutter som lege', password: 'Hemmelig!1' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(authStore.getToken()).toBeNull();
  });

  it('shows a wrong password (422) beside the password field and stays', async () => {
    mockProfileApi();
    mockEndpoint(profileEndpoints.deleteAccount, validationError({ password: ['Feil passord.'] }));
    const user = setupUser();
    const { router } = renderApp('/profile_settings/delete-account');
    await user.type(await screen.findByLabelText(/Hvorfor sletter du kontoen/), 'Slutter som lege');
    await user.type(screen.getByLabelText(/^Passord/, { selector: 'input' }), 'Galt!1');
    await user.click(screen.getByRole('checkbox', { name: 'Jeg forstår at dette ikke kan angres' }));
    await user.click(screen.getByRole('button', { name: 'Slett kontoen min' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Slette kontoen?' })).getByRole('button', { name: 'Ja, slett kontoen' }));
    await waitFor(() => expect(screen.getByLabelText(/^Passord/, { selector: 'input' })).toHaveAccessibleDescription('Feil passord.'));
    expect(router.state.location.pathname).toBe('/profile_settings/delete-account');
    expect(authStore.getToken()).toBe('token-1');
  });

  it('offers the settings pages as a select on a phone, where seven tabs do not fit', async () => {
    asPhone();
    const user = setupUser();
    mockProfileApi();
    const { router } = renderApp('/profile_settings/profile-information');
    const select = await screen.findByRole('combobox', { name: 'Vis innstillinger for' });
    expect(screen.queryByRole('tablist')).not.toBeInTheDocument();
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toHaveLength(7);
    await user.selectOptions(select, 'notifications');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_settings/notifications'));
    expect(await screen.findByRole('region', { name: 'Varslinger' })).toBeInTheDocument();
  });

  it('opens the first tab for an unknown tab name', async () => {
    mockProfileApi();
    const { router } = renderApp('/profile_settings/kari-nordmann');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_settings/profile-information'));
  });
});

describe('professional experience page', () => {
  it('lists experience, deletes one after confirmation, and checks education dates', async () => {
    const api = mockProfileApi();
    const user = setupUser();
    renderApp('/professional_experience');
    expect(await screen.findByText('Overlege')).toBeInTheDocument();
    expect(screen.getByText('Du har ikke lagt inn noen utdanning ennå.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Slett: Overlege, Haukeland universitetssjukehus' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette erfaringen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, slett' }));
    await waitFor(() => expect(api.deleteExperience.map((c) => c.params.id)).toEqual(['11']));

    await user.click(screen.getByRole('button', { name: 'Legg til utdanning' }));
    const form = await screen.findByRole('dialog', { name: 'Legg til utdanning' });
    await user.click(within(form).getByRole('combobox', { name: /Universitet/ }));
    await user.click(await screen.findByRole('option', { name: 'Universitetet i Oslo', hidden: true }));
    await user.type(within(form).getByLabelText(/Startet/), '2010-08-01');
    await user.type(within(form).getByLabelText(/Fullført/), '2009-06-01');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await within(form).findByText('Sluttdatoen kan ikke være før startdatoen.')).toBeInTheDocument();
    expect(api.createEducation).toHaveLength(0);
  });

  it('shows a server 422 of an education beside its field', async () => {
    mockProfileApi();
    const create = mockEndpoint(professionalEndpoints.createEducation, validationError({ started_at: ['Datoen kan ikke være i fremtiden.'] }));
    const user = setupUser();
    renderApp('/professional_experience');
    await user.click(await screen.findByRole('button', { name: 'Legg til utdanning' }));
    const form = await screen.findByRole('dialog', { name: 'Legg til utdanning' });
    await user.click(within(form).getByRole('combobox', { name: /Universitet/ }));
    await user.click(await screen.findByRole('option', { name: 'Universitetet i Oslo', hidden: true }));
    await user.type(within(form).getByLabelText(/Startet/), '2030-08-01');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(create).toHaveLength(1));
    expect(await within(form).findByText('Datoen kan ikke være i fremtiden.')).toBeInTheDocument();
    expect(within(form).getByLabelText(/Startet/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('"Studerer fortsatt" clears and locks the end date, and the education is saved without one', async () => {
    mockProfileApi();
    const create = mockEndpoint(professionalEndpoints.createEducation, apiError(422, 'stop here'));
    const user = setupUser();
    renderApp('/professional_experience');
    await user.click(await screen.findByRole('button', { name: 'Legg til utdanning' }));
    const form = await screen.findByRole('dialog', { name: 'Legg til utdanning' });
    await user.click(within(form).getByRole('combobox', { name: /Universitet/ }));
    await user.click(await screen.findByRole('option', { name: 'Universitetet i Oslo', hidden: true }));
    await user.type(within(form).getByLabelText(/Startet/), '1.8.2010');
    await user.type(within(form).getByLabelText(/Fullført/), '1.6.2016');
    // An optional date with a value can be cleared by a named button (axe: button-name).
    expect(within(form).getByRole('button', { name: 'Tøm datoen' })).toBeInTheDocument();
    await user.click(within(form).getByRole('checkbox', { name: 'Studerer fortsatt' }));
    expect(within(form).getByLabelText(/Fullført/)).toBeDisabled();
    expect(within(form).getByLabelText(/Fullført/)).toHaveValue('');
    await user.click(within(form).getByRole('checkbox', { name: 'Doktorgrad' }));
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(create).toHaveLength(1));
    expect(create[0]!.body).toMatchObject({
      started_at: '2010-08-01',
      graduated_at: null,
      currently_studying: true,
      doctorate: true,
    });
  });

  it('shows a server 422 of an experience beside its field', async () => {
    mockProfileApi();
    const update = mockEndpoint(professionalEndpoints.updateExperience, validationError({ position: ['Stillingen er for lang.'] }));
    const user = setupUser();
    renderApp('/professional_experience');
    await user.click(await screen.findByRole('button', { name: 'Endre: Overlege, Haukeland universitetssjukehus' }));
    const form = await screen.findByRole('dialog', { name: 'Endre erfaring' });
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    await waitFor(() => expect(update.map((c) => c.params.id)).toEqual(['11']));
    expect(await within(form).findByText('Stillingen er for lang.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Stilling')).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('profile pages', () => {
  const profile: PublicProfile = {
    id: 9,
    slug: 'ola-lege',
    verified_as: 'doctor',
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
  const noPosts = { data: [], meta: { next_cursor: null } };

  it("shows a member's profile with specialities and experience", async () => {
    mockEndpoint(profileEndpoints.show, { data: profile });
    mockEndpoint(postEndpoints.userPosts, noPosts);
    renderApp('/profile/ola-lege');
    expect(await screen.findByRole('heading', { level: 1, name: 'Ola Lege' })).toBeInTheDocument();
    expect(await screen.findByText('Ingen innlegg ennå.')).toBeInTheDocument();
    expect(screen.getByText('Indremedisin')).toBeInTheDocument();
    expect(screen.getByText('Overlege · Haukeland universitetssjukehus · Bergen')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Erfaring' })).getByText('Overlege')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Rediger profil' })).not.toBeInTheDocument();
  });

  it('says so when the profile does not exist', async () => {
    mockEndpoint(profileEndpoints.show, apiError(404, 'Fant ikke'));
    renderApp('/profile/nobody');
    expect(await screen.findByRole('heading', { name: 'Fant ikke profilen.' })).toBeInTheDocument();
  });

  it('/profile goes to the own profile', async () => {
    mockEndpoint(profileEndpoints.show, { data: { ...profile, slug: 'kari-nordmann', first_name: 'Kari', is_me: true } });
    mockEndpoint(postEndpoints.userPosts, noPosts);
    const { router } = renderApp('/profile');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/kari-nordmann'));
    expect(await screen.findByRole('link', { name: 'Rediger profil' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Følg' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Arkiverte innlegg' })).toHaveAttribute('href', '/archived_posts/kari-nordmann');
  });

  it('follows and unfollows a member, and lists their followers', async () => {
    const user = setupUser();
    mockEndpoint(profileEndpoints.show, { data: profile });
    mockEndpoint(postEndpoints.userPosts, noPosts);
    const follows = mockEndpoint(networkEndpoints.follow, { data: { following: true } });
    const unfollows = mockEndpoint(networkEndpoints.unfollow, { data: { following: false } });
    mockEndpoint(networkEndpoints.followers, {
      data: [{ id: 3, slug: 'per-kirurg', first_name: 'Per', last_name: 'Kirurg', profile_avatar: null, verified_as: 'student' }],
      meta: { current_page: 1, last_page: 1, per_page: 20, total: 1 },
    });
    renderApp('/profile/ola-lege');
    const follow = await screen.findByRole('button', { name: 'Følg' });
    expect(follow).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: '4 følgere' })).toBeInTheDocument();
    await user.click(follow);
    const unfollow = await screen.findByRole('button', { name: 'Slutt å følge' });
    expect(unfollow).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '5 følgere' })).toBeInTheDocument();
    expect(follows.map((c) => c.params.slug)).toEqual(['ola-lege']);
    await user.click(unfollow);
    expect(await screen.findByRole('button', { name: 'Følg' })).toBeInTheDocument();
    expect(unfollows.map((c) => c.params.slug)).toEqual(['ola-lege']);
    await user.click(screen.getByRole('button', { name: '4 følgere' }));
    const dialog = await screen.findByRole('dialog', { name: 'Følgere av Ola Lege' });
    expect(await within(dialog).findByRole('link', { name: 'Per Kirurg' })).toHaveAttribute('href', '/profile/per-kirurg');
    // A medical student with a licence is shown as such.
    expect(within(dialog).getByRole('img', { name: 'Verifisert medisinstudent med lisens' })).toBeInTheDocument();
    // The badge beside a follower: a student with a licence, named as such.
    expect(within(dialog).getByRole('img', { name: 'Verifisert medisinstudent med lisens' })).toBeInTheDocument();
  });

  it('"Følger N" opens the paged list of whom the member follows; the profile shows the HPR badge', async () => {
    const user = setupUser();
    mockEndpoint(profileEndpoints.show, { data: profile });
    mockEndpoint(postEndpoints.userPosts, noPosts);
    const following = mockEndpoint(networkEndpoints.following, ({ query }) => ({
      data: [
        query.get('page') === '2'
          ? { id: 6, slug: 'siri-psykiater', first_name: 'Siri', last_name: 'Psykiater', profile_avatar: null, verified_as: null }
          : { id: 5, slug: 'nina-nevrolog', first_name: 'Nina', last_name: 'Nevrolog', profile_avatar: null, verified_as: 'doctor' as const },
      ],
      meta: { current_page: Number(query.get('page') ?? 1), last_page: 2, per_page: 20, total: 2 },
    }));
    renderApp('/profile/ola-lege');
    expect(await screen.findByText('Verifisert lege')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Følger 2' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ola Lege følger' });
    const list = await within(dialog).findByRole('list', { name: 'Følger' });
    expect(within(list).getByRole('link', { name: 'Nina Nevrolog' })).toHaveAttribute('href', '/profile/nina-nevrolog');
    expect(within(list).getByRole('img', { name: 'Verifisert lege' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Side 2' }));
    expect(await within(dialog).findByRole('link', { name: 'Siri Psykiater' })).toBeInTheDocument();
    expect(following.map((c) => [c.params.slug, c.query.get('page')])).toEqual([
      ['ola-lege', '1'],
      ['ola-lege', '2'],
    ]);
  });
});
