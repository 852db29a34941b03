import {
  authEndpoints,
  postEndpoints,
  type SearchHit,
  type SearchResult,
  searchEndpoints,
} from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { seeAllHref } from './components/search-options';

const hit = (id: number, title: string, over: Partial<SearchHit> = {}): SearchHit => ({
  id,
  slug: null,
  title,
  subtitle: null,
  type: null,
  image: null,
  ...over,
});

const result: SearchResult = {
  people: { items: [hit(3, 'Ola Hansen', { slug: 'ola-hansen' })], total: 1 },
  companies: { items: [hit(5, 'Hjerteklinikken AS', { slug: 'hjerteklinikken' })], total: 1 },
  jobs: {
    items: [hit(7, 'Overlege hjerte', { subtitle: 'Hjerteklinikken AS, Bergen' }), hit(8, 'LIS hjerte')],
    total: null,
  },
  courses: { items: [hit(9, 'Hjertekurs', { type: 'webinar' })], total: 1 },
  petitions: { items: [], total: 0 },
  posts: { items: [], total: null },
};

let ui: ReturnType<typeof setupUser>;
beforeEach(() => {
  ui = setupUser();
});

function start(user = testUser()) {
  logIn(user);
  mockEndpoint(authEndpoints.me, { data: user });
  mockEndpoint(postEndpoints.feed, { data: [], meta: { next_cursor: null } });
  return mockEndpoint(searchEndpoints.search, { data: result });
}

describe('global search', () => {
  it('finds people, companies, jobs and courses in one call, grouped, as a keyboard combobox', async () => {
    const calls = start();
    const { router } = renderApp('/feed');
    const box = await screen.findByRole('combobox', { name: 'Søk i Legenett' });
    expect(box).toHaveAttribute('aria-expanded', 'false');

    await ui.type(box, 'h');
    // Shown, and announced in the live region.
    await waitFor(() => expect(screen.getByTestId('search-status')).toHaveTextContent('Skriv minst 2 tegn.'));
    expect(screen.getAllByText('Skriv minst 2 tegn.')).toHaveLength(2);
    await ui.type(box, 'jerte');
    const listbox = await screen.findByRole('listbox', { name: 'Søk i Legenett' });
    expect(box).toHaveAttribute('aria-expanded', 'true');
    expect(box).toHaveAttribute('aria-controls', listbox.id);
    // One call for the settled term (debounced), none for a single letter.
    await waitFor(() => expect(calls.map((c) => c.query.get('search'))).toEqual(['hjerte']));

    const groups = within(listbox).getAllByRole('group');
    expect(
      groups.map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          document.getElementById(g.getAttribute('aria-labelledby')!)?.textContent,
      ),
    ).toEqual(['Personer', 'Bedrifter', 'Jobber', 'Kurs og webinarer']);
    const jobs = within(listbox).getByRole('group', { name: 'Jobber' });
    expect(
      within(jobs)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Overlege hjerteHjerteklinikken AS, Bergen', 'LIS hjerte', 'Se alle i Jobber']);
    expect(within(listbox).queryByRole('group', { name: 'Opprop' })).not.toBeInTheDocument();
    expect(screen.getByTestId('search-status')).toHaveTextContent(
      '5 treff. Bruk pil opp og ned for å velge.',
    );

    // Arrow keys move the active option; the input keeps the focus.
    await ui.keyboard('{ArrowDown}');
    const first = within(listbox).getByRole('option', { name: 'Ola Hansen' });
    expect(box).toHaveAttribute('aria-activedescendant', first.id);
    expect(first).toHaveAttribute('aria-selected', 'true');
    // Companies' "see all" comes before the jobs.
    await ui.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: /^Overlege hjerte/ }).id,
    );
    await ui.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    // From the first option up wraps to the last: the course's "see all".
    expect(box).toHaveAttribute(
      'aria-activedescendant',
      within(listbox).getByRole('option', { name: 'Se alle 1 i Kurs og webinarer' }).id,
    );
    expect(box).toHaveFocus();

    await ui.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/course/webinares/9/webinar'));
    expect(box).toHaveValue('');
  });

  it('opens "see all" as the filtered list page, and Escape closes then empties (English)', async () => {
    await changeLocale('en');
    start();
    const { router } = renderApp('/feed');
    const box = await screen.findByRole('combobox', { name: 'Search Legenett' });
    await ui.type(box, 'hjerte');
    const listbox = await screen.findByRole('listbox', { name: 'Search Legenett' });
    await ui.keyboard('{Escape}');
    expect(box).toHaveAttribute('aria-expanded', 'false');
    expect(box).toHaveValue('hjerte');
    await ui.keyboard('{ArrowDown}');
    expect(await screen.findByRole('listbox')).toBeInTheDocument();
    await ui.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'See all in Jobs' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/jobs'));
    expect(router.state.location.search).toBe('?search=hjerte');
    expect(listbox).not.toBeInTheDocument();
  });

  it('finds posts by their text: the hit names the writer, opens the post, and has no "see all"', async () => {
    start();
    mockEndpoint(searchEndpoints.search, {
      data: {
        ...result,
        people: { items: [], total: 0 },
        companies: { items: [], total: 0 },
        jobs: null,
        courses: null,
        posts: {
          items: [hit(41, 'Erfaringer med hjertesvikt i allmennpraksis', { subtitle: 'Kari Nordby' })],
          total: null,
        },
      },
    });
    const { router } = renderApp('/feed');
    await ui.type(await screen.findByRole('combobox', { name: 'Søk i Legenett' }), 'hjertesvikt');
    const posts = await screen.findByRole('group', { name: 'Innlegg' });
    expect(
      within(posts)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['KNErfaringer med hjertesvikt i allmennpraksisKari Nordby']); // the writer's initials, then the hit
    await ui.click(within(posts).getByRole('option', { name: /^Erfaringer med hjertesvikt/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/post/41'));
  });

  it('says when nothing matches', async () => {
    start();
    mockEndpoint(searchEndpoints.search, {
      data: {
        people: { items: [], total: 0 },
        companies: { items: [], total: 0 },
        jobs: null,
        courses: null,
        petitions: { items: [], total: 0 },
        posts: { items: [], total: null },
      },
    });
    renderApp('/feed');
    await ui.type(await screen.findByRole('combobox', { name: 'Søk i Legenett' }), 'xyzzy');
    await waitFor(() =>
      expect(screen.getByTestId('search-status')).toHaveTextContent('Ingen treff for «xyzzy».'),
    );
    expect(screen.getAllByText('Ingen treff for «xyzzy».')).toHaveLength(2);
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('opens as a full-screen dialog from the search button (phones) and closes after a choice', async () => {
    start();
    const { router } = renderApp('/feed');
    await ui.click(await screen.findByRole('button', { name: 'Søk' }));
    const dialog = await screen.findByRole('dialog', { name: 'Søk i Legenett' });
    const box = within(dialog).getByRole('combobox', { name: 'Søk i Legenett' });
    await waitFor(() => expect(box).toHaveFocus());
    await ui.type(box, 'hjerte');
    const option = await within(dialog).findByRole('option', { name: 'Hjerteklinikken AS' });
    await ui.click(option);
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile_company/hjerteklinikken'));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: 'Søk i Legenett' })).not.toBeInTheDocument(),
    );
  });

  it('is not offered to an account awaiting approval', async () => {
    const pending = testUser({ status_label: 'Awaiting approval' });
    const calls = start(pending);
    renderApp('/');
    expect(await screen.findByRole('banner')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Søk i Legenett' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Søk' })).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});

describe('seeAllHref', () => {
  it("leads to each list's own search parameter; people have no list", () => {
    expect(seeAllHref('companies', 'a&b')).toBe('/profile_company?name=a%26b');
    expect(seeAllHref('jobs', 'lege')).toBe('/jobs?search=lege');
    expect(seeAllHref('courses', 'lege')).toBe('/course/webinares?search=lege');
    expect(seeAllHref('petitions', 'lege')).toBe('/petitions?search=lege');
    expect(seeAllHref('people', 'lege')).toBeNull();
  });
});
