import { type Alert, alertEndpoints, authEndpoints, jobEndpoints, referenceEndpoints } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { apiError, mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { asPhone } from '@/testing/viewport';

const me = testUser();

const alert = (overrides: Partial<Extract<Alert, { type: 'job' }>> = {}): Alert => ({
  id: 3,
  type: 'job',
  name: 'Kardiologi i Oslo',
  frequency: 'immediate',
  filters: { search: 'kardiologi', county: 1 },
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});
const pageOf = (data: Alert[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });
const emptyJobs = { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } };

let ui: ReturnType<typeof setupUser>;
beforeEach(() => {
  logIn(me);
  mockEndpoint(authEndpoints.me, { data: me });
  mockEndpoint(referenceEndpoints.specialties, { data: [{ id: 2, name: 'Allmennmedisin' }] });
  mockEndpoint(referenceEndpoints.jobCategories, { data: [{ id: 5, name: 'Fastlege' }] });
  mockEndpoint(referenceEndpoints.counties, { data: [{ id: 1, name: 'Oslo', code: '03' }, { id: 4, name: 'Vestland', code: '46' }] });
  ui = setupUser();
});

describe('"Varsle meg" on the jobs board', () => {
  it("saves the board's filters from the URL with a name and how often, and says where to find it", async () => {
    mockEndpoint(jobEndpoints.list, emptyJobs);
    const saves = mockEndpoint(alertEndpoints.create, ({ body }) => ({ data: { ...alert(), ...(body as object), id: 9 } as Alert }));
    renderApp('/jobs?county=4&speciality=2&search=kardiologi');
    await ui.click(await screen.findByRole('button', { name: 'Varsle meg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lagre søket og varsle meg om nye treff' });
    // The filters by name (not "2 filtre"), and a name suggested from them (not "Nye stillinger").
    expect(await within(dialog).findByText('Stillinger: Søkeord: «kardiologi», Vestland, Allmennmedisin')).toBeInTheDocument();
    const name = within(dialog).getByRole('textbox', { name: /Navn på søket/ });
    expect(name).toHaveValue('Stillinger: Søkeord: «kardiologi», Vestland, Allmennmedisin');
    await ui.clear(name);
    await ui.type(name, 'Kardiologi i Oslo');
    await ui.click(within(dialog).getByRole('radio', { name: 'Daglig sammendrag' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Lagre søket' }));
    expect(await screen.findByText('Søket er lagret. Du finner det under «Lagrede søk».')).toBeInTheDocument();
    expect(saves[0]!.body).toEqual({
      type: 'job',
      name: 'Kardiologi i Oslo',
      frequency: 'daily',
      filters: { search: 'kardiologi', speciality: 2, county: 4 },
    });
  });

  it('names a county, a job category and a fixed value (the workplace), and suggests the name from them', async () => {
    mockEndpoint(jobEndpoints.list, emptyJobs);
    renderApp('/jobs?county=4&category=5&workplace=general_practice');
    await ui.click(await screen.findByRole('button', { name: 'Varsle meg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lagre søket og varsle meg om nye treff' });
    expect(await within(dialog).findByText('Stillinger: Vestland, Fastlege, Legesenter / allmennpraksis')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Navn på søket/ })).toHaveValue('Stillinger: Vestland, Fastlege, Legesenter / allmennpraksis');
  });

  it('suggests "Nye stillinger" for the whole board, and shows a 422 on the name beside the field (the forms kit)', async () => {
    mockEndpoint(jobEndpoints.list, emptyJobs);
    mockEndpoint(alertEndpoints.create, validationError({ name: ['Navnet er allerede i bruk.'] }));
    renderApp('/jobs');
    await ui.click(await screen.findByRole('button', { name: 'Varsle meg' }));
    const dialog = await screen.findByRole('dialog', { name: 'Lagre søket og varsle meg om nye treff' });
    const name = within(dialog).getByRole('textbox', { name: /Navn på søket/ });
    expect(name).toHaveValue('Nye stillinger');
    await ui.click(within(dialog).getByRole('button', { name: 'Lagre søket' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription(/Navnet er allerede i bruk\./));
    // An empty name is refused by the contract's schema before any call.
    await ui.clear(name);
    await ui.click(within(dialog).getByRole('button', { name: 'Lagre søket' }));
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'));
  });

  it('shows why the API refused (the limit of 20) in the dialog, in English too', async () => {
    await changeLocale('en');
    mockEndpoint(jobEndpoints.list, emptyJobs);
    mockEndpoint(alertEndpoints.create, apiError(409, 'You can have at most 20 saved searches. Delete one you do not need to save a new one.'));
    renderApp('/jobs');
    await ui.click(await screen.findByRole('button', { name: 'Notify me' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save the search and notify me of new matches' });
    expect(within(dialog).getByText('Jobs: Everything new in the list')).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Save the search' }));
    // Not a field's message: the API client's toast says it, and the dialog stays open.
    expect(await screen.findByText('You can have at most 20 saved searches. Delete one you do not need to save a new one.')).toBeInTheDocument();
    expect(dialog).toBeInTheDocument();
    await changeLocale('no');
  });

  it('is not offered while acting as a company (alerts are personal)', async () => {
    const acting = testUser({ active_business_profile: { id: 3, slug: 'medico', name: 'Medico AS', logo: null } });
    logIn(acting);
    mockEndpoint(authEndpoints.me, { data: acting });
    mockEndpoint(jobEndpoints.list, emptyJobs);
    renderApp('/jobs');
    expect(await screen.findByRole('heading', { name: 'Jobber', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Varsle meg' })).not.toBeInTheDocument();
  });
});

describe('saved searches ("Lagrede søk")', () => {
  it('lists my alerts with what they watch, and opens the saved search', async () => {
    mockEndpoint(alertEndpoints.list, pageOf([alert(), alert({ id: 4, name: 'Ukentlig', frequency: 'weekly', filters: {} })]));
    renderApp('/alerts');
    const list = await screen.findByRole('list', { name: 'De lagrede søkene dine' });
    const first = within(list).getByRole('article', { name: 'Kardiologi i Oslo' });
    expect(within(first).getByText('Med en gang')).toBeInTheDocument();
    expect(await within(first).findByText('Stillinger: Søkeord: «kardiologi», Oslo')).toBeInTheDocument();
    expect(within(first).getByText('Laget 20. nov. 2026')).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Åpne søket' })).toHaveAttribute('href', '/jobs?search=kardiologi&county=1');
    expect(within(list).getByRole('article', { name: 'Ukentlig' })).toHaveTextContent('Stillinger: Alt nytt i listen');
    expect(screen.getByText('2 av 20 lagrede søk')).toBeInTheDocument();
  });

  it('renames an alert and changes how often it notifies', async () => {
    mockEndpoint(alertEndpoints.list, pageOf([alert()]));
    const updates = mockEndpoint(alertEndpoints.update, ({ body }) => ({ data: { ...alert(), ...(body as object) } as Alert }));
    renderApp('/alerts');
    await ui.click(await screen.findByRole('button', { name: 'Endre det lagrede søket «Kardiologi i Oslo»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Endre det lagrede søket' });
    const name = within(dialog).getByRole('textbox', { name: /Navn på søket/ });
    expect(name).toHaveValue('Kardiologi i Oslo');
    await ui.clear(name);
    await ui.type(name, 'Hjertejobber');
    await ui.click(within(dialog).getByRole('radio', { name: 'Ukentlig sammendrag' }));
    await ui.click(within(dialog).getByRole('button', { name: 'Lagre endringene' }));
    expect(await screen.findByText('Det lagrede søket er endret.')).toBeInTheDocument();
    expect(updates[0]!.params).toEqual({ id: '3' });
    expect(updates[0]!.body).toMatchObject({ type: 'job', name: 'Hjertejobber', frequency: 'weekly', filters: { search: 'kardiologi', county: 1 } });
  });

  it('asks before deleting, saying what goes and what stays, and deletes', async () => {
    mockEndpoint(alertEndpoints.list, pageOf([alert()]));
    const deletes = mockEndpoint(alertEndpoints.remove, null);
    renderApp('/alerts');
    await ui.click(await screen.findByRole('button', { name: 'Slett det lagrede søket «Kardiologi i Oslo»' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette det lagrede søket?' });
    expect(
      within(dialog).getByText(
        '«Kardiologi i Oslo» fjernes fra de lagrede søkene dine, og du får ikke lenger beskjed om nye treff for det. Stillingene, kursene, oppropene og videoene selv blir ikke berørt.',
      ),
    ).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Slett' }));
    expect(await screen.findByText('Det lagrede søket «Kardiologi i Oslo» er slettet.')).toBeInTheDocument();
    await waitFor(() => expect(deletes).toHaveLength(1));
  });

  it('says what to do when there are none, and fits a phone', async () => {
    asPhone();
    mockEndpoint(alertEndpoints.list, pageOf([]));
    renderApp('/alerts');
    expect(await screen.findByText(/Du har ingen lagrede søk ennå/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Lagrede søk', level: 1 })).toBeInTheDocument();
  });
});
