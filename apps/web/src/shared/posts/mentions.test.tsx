import { authEndpoints, mentionEndpoints, type Post, postEndpoints } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { mockEndpoint } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { toDisplayText, toStoredText } from './mentions';

const me = testUser();
const kari = { id: 12, slug: 'kari-nordby', first_name: 'Kari', last_name: 'Nordby' };

const post = (overrides: Partial<Post> = {}): Post => ({
  id: 21,
  slug: 'post-21',
  body: `Takk til @[12] og @[99] for hjelpen!`,
  mentions: [kari],
  author: { id: 9, slug: 'per', first_name: 'Per', last_name: 'Lege', verified_as: 'doctor' },
  company: null,
  attachments: [],
  shared_post_id: null,
  shared_post: null,
  likes_count: 0,
  comments_count: 0,
  shares_count: 0,
  liked_by_me: false,
  is_mine: false,
  is_archived: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

let ui: ReturnType<typeof setupUser>;
beforeEach(() => {
  logIn(me);
  mockEndpoint(authEndpoints.me, { data: me });
  ui = setupUser();
});

describe('mentions', () => {
  it('turns picked labels into ids and back', () => {
    const picked = new Map([['@Kari Nordby', 12]]);
    expect(toStoredText('Hei @Kari Nordby og @Kari', picked)).toBe('Hei @[12] og @Kari');
    expect(toDisplayText('Hei @[12] og @[99]', [kari])).toEqual({ text: 'Hei @Kari Nordby og @[99]', picked });
  });

  it('renders a mention as a link to the profile, and one it cannot show as "@noen"', async () => {
    mockEndpoint(postEndpoints.feed, { data: [post()], meta: { next_cursor: null } });
    renderApp('/feed');
    const link = await screen.findByRole('link', { name: '@Kari Nordby' });
    expect(link).toHaveAttribute('href', '/profile/kari-nordby');
    expect(link.closest('p')).toHaveTextContent('Takk til @Kari Nordby og @noen for hjelpen!');
  });

  it('opens the people picker on @, moves with the arrow keys, and sends the pick by id', async () => {
    mockEndpoint(postEndpoints.feed, { data: [], meta: { next_cursor: null } });
    const searches = mockEndpoint(mentionEndpoints.people, {
      data: [
        { ...kari, profile_avatar: null },
        { id: 13, slug: 'kari-berg', first_name: 'Kari', last_name: 'Berg', profile_avatar: null },
      ],
    });
    const creates = mockEndpoint(postEndpoints.create, { data: post({ id: 30 }) });
    renderApp('/feed');
    const box = await screen.findByRole('textbox', { name: 'Hva vil du dele?' });
    await ui.type(box, 'Takk @');
    const search = await screen.findByRole('combobox', { name: 'Søk etter en person å nevne' });
    expect(search).toHaveFocus();
    expect(screen.getByText('Skriv minst to bokstaver av navnet.')).toBeInTheDocument();
    await ui.type(search, 'ka');
    const list = await screen.findByRole('listbox', { name: 'Personer' });
    expect(await within(list).findAllByRole('option')).toHaveLength(2);
    expect(screen.getByText('2 personer passer. Bruk pil opp og ned, og Enter for å velge.')).toBeInTheDocument();
    expect(search).toHaveAttribute('aria-activedescendant', within(list).getAllByRole('option')[0]!.id);
    await ui.keyboard('{ArrowDown}');
    const second = within(list).getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(search).toHaveAttribute('aria-activedescendant', second.id);
    await ui.keyboard('{ArrowUp}{Enter}');
    await waitFor(() => expect(box).toHaveValue('Takk @Kari Nordby '));
    expect(screen.queryByRole('combobox', { name: 'Søk etter en person å nevne' })).not.toBeInTheDocument();
    await waitFor(() => expect(box).toHaveFocus());
    expect(searches.at(-1)!.query.get('search')).toBe('ka');
    await ui.type(box, 'for sist');
    await ui.click(screen.getByRole('button', { name: 'Publiser' }));
    await waitFor(() => expect(creates).toHaveLength(1));
    expect((creates[0]!.body as FormData).get('body')).toBe('Takk @[12] for sist');
  });

  it('closes the picker with Escape and keeps the typed @', async () => {
    mockEndpoint(postEndpoints.feed, { data: [], meta: { next_cursor: null } });
    renderApp('/feed');
    const box = await screen.findByRole('textbox', { name: 'Hva vil du dele?' });
    await ui.click(screen.getByRole('button', { name: 'Nevn noen' }));
    expect(await screen.findByRole('combobox', { name: 'Søk etter en person å nevne' })).toHaveFocus();
    await ui.keyboard('{Escape}');
    expect(screen.queryByRole('combobox', { name: 'Søk etter en person å nevne' })).not.toBeInTheDocument();
    await waitFor(() => expect(box).toHaveFocus());
  });
});
