import { type Comment, type Post } from '@legenett/contracts';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { authStore } from '@/shared/auth/auth-store';
import { defaultFetch, jsonResponse } from '@/testing/api-mocks';
import { renderApp } from '@/testing/test-utils';
import { testUser } from '@/testing/users';

configure({ asyncUtilTimeout: 5000 });

const post = (overrides: Partial<Post> = {}): Post => ({
  id: 21,
  slug: 'post-21',
  body: 'God morgen, kolleger!',
  author: { id: 9, slug: 'kari', first_name: 'Kari', last_name: 'Lege' },
  company: null,
  attachments: [
    { id: 1, kind: 'image', url: '/api/files/images/1-lg.webp', thumb_url: '/api/files/images/1-sm.webp', original_name: 'a.png', mime: 'image/webp' },
    { id: 2, kind: 'document', url: '/api/files/docs/2.pdf', thumb_url: null, original_name: 'retningslinjer.pdf', mime: 'application/pdf' },
  ],
  shared_post_id: null,
  likes_count: 2,
  comments_count: 3,
  shares_count: 0,
  liked_by_me: false,
  is_mine: false,
  is_archived: false,
  created_at: '2026-11-20T10:00:00.000Z',
  updated_at: '2026-11-20T10:00:00.000Z',
  ...overrides,
});

const comment = (overrides: Partial<Comment> = {}): Comment => ({
  id: 5,
  post_id: 21,
  text: 'Takk for sist!',
  author: { id: 4, slug: 'per', first_name: 'Per', last_name: 'Kirurg' },
  company: null,
  is_mine: false,
  created_at: '2026-11-20T11:00:00.000Z',
  ...overrides,
});

interface Call {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
}

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
      const handler = handlers[`${call.method} ${call.path}`];
      return handler ? Promise.resolve(handler(call)) : defaultFetch(input, init);
    }),
  );
  return calls;
}

const me = testUser();
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

beforeEach(() => authStore.setSession('test-token', 900, me));

describe('feed', () => {
  it('renders posts from the API with author, attachments, and a comments link', async () => {
    mockApi({ 'GET /api/feed': () => jsonResponse({ data: [post()], meta: { next_cursor: null } }) });
    renderApp('/feed');
    const list = await screen.findByRole('list', { name: 'Innlegg i feeden' });
    const article = within(list).getByRole('article', { name: 'Kari Lege' });
    expect(within(article).getByText('God morgen, kolleger!')).toBeInTheDocument();
    expect(within(article).getByRole('img', { name: 'Bilde 1 av 1' })).toHaveAttribute('src', '/api/files/images/1-sm.webp');
    expect(within(article).getByRole('link', { name: 'PDF: retningslinjer.pdf' })).toHaveAttribute('href', '/api/files/docs/2.pdf');
    expect(within(article).getByRole('link', { name: '3 kommentarer' })).toHaveAttribute('href', '/post/21');
    expect(screen.queryByRole('button', { name: 'Last inn flere' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockApi({ 'GET /api/feed': () => jsonResponse({ data: [], meta: { next_cursor: null } }) });
    renderApp('/feed');
    expect(await screen.findByText(/Ingen innlegg ennå/)).toBeInTheDocument();
  });

  it('toggles a like with aria-pressed and the new count', async () => {
    const calls = mockApi({
      'GET /api/feed': () => jsonResponse({ data: [post()], meta: { next_cursor: null } }),
      'POST /api/posts/21/like': () => jsonResponse({ data: { liked: true, likes_count: 3 } }),
      'DELETE /api/posts/21/like': () => jsonResponse({ data: { liked: false, likes_count: 2 } }),
    });
    renderApp('/feed');
    const like = await screen.findByRole('button', { name: 'Liker' });
    expect(like).toHaveAttribute('aria-pressed', 'false');
    await userEvent.click(like);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Liker' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByText('3 liker')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Liker' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Liker' })).toHaveAttribute('aria-pressed', 'false'));
    expect(screen.getByText('2 liker')).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual(['POST /api/posts/21/like', 'DELETE /api/posts/21/like']);
  });

  it('loads more with the next cursor', async () => {
    const calls = mockApi({
      'GET /api/feed': (call) =>
        call.query.get('cursor') === 'abc'
          ? jsonResponse({ data: [post({ id: 20, body: 'Eldre innlegg' })], meta: { next_cursor: null } })
          : jsonResponse({ data: [post()], meta: { next_cursor: 'abc' } }),
    });
    renderApp('/feed');
    await userEvent.click(await screen.findByRole('button', { name: 'Last inn flere' }));
    expect(await screen.findByText('Eldre innlegg')).toBeInTheDocument();
    expect(screen.getByText('God morgen, kolleger!')).toBeInTheDocument();
    const feedCalls = calls.filter((c) => c.path === '/api/feed');
    expect(feedCalls.map((c) => c.query.get('cursor'))).toEqual([null, 'abc']);
    expect(screen.queryByRole('button', { name: 'Last inn flere' })).not.toBeInTheDocument();
  });

  it('refuses 6 files in the browser and posts text and files as multipart', async () => {
    const calls = mockApi({
      'GET /api/feed': () => jsonResponse({ data: [], meta: { next_cursor: null } }),
      'POST /api/posts': () => jsonResponse({ data: post({ id: 30, body: 'Hei' }) }, 201),
    });
    renderApp('/feed');
    const input = await screen.findByLabelText('Bilder og PDF-er');
    await userEvent.upload(input, [1, 2, 3, 4, 5, 6].map((i) => png(`p${i}.png`)));
    expect(await screen.findByText('Du kan ikke laste opp mer enn 5 bilder!')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.upload(input, [png('a.png')]);
    await userEvent.type(screen.getByRole('textbox', { name: 'Hva vil du dele?' }), 'Hei');
    await userEvent.click(screen.getByRole('button', { name: 'Publiser' }));
    expect(await screen.findByText('Innlegget er publisert.')).toBeInTheDocument();
    const body = calls.find((c) => c.method === 'POST')!.body as FormData;
    expect(body.get('body')).toBe('Hei');
    expect(body.getAll('files[]')).toHaveLength(1);
  });

  it('says when the post will be published as the company I act as', async () => {
    authStore.setSession('test-token', 900, testUser({ active_business_profile: { id: 3, slug: 'medico', name: 'Medico AS', logo: null } }));
    mockApi({ 'GET /api/feed': () => jsonResponse({ data: [], meta: { next_cursor: null } }) });
    renderApp('/feed');
    expect(await screen.findByText('Du publiserer som Medico AS.')).toBeInTheDocument();
  });

  it('shows a server 422 beside the composer', async () => {
    mockApi({
      'GET /api/feed': () => jsonResponse({ data: [], meta: { next_cursor: null } }),
      'POST /api/posts': () => jsonResponse({ message: 'Valideringen feilet.', errors: { body: ['Skriv en tekst eller legg ved en fil.'] } }, 422),
    });
    renderApp('/feed');
    await userEvent.click(await screen.findByRole('button', { name: 'Publiser' }));
    expect(await screen.findAllByText('Skriv en tekst eller legg ved en fil.')).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Hva vil du dele?' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('post page', () => {
  it('lists comments oldest first, adds one and deletes my own', async () => {
    let comments = [comment()];
    const calls = mockApi({
      'GET /api/posts/21': () => jsonResponse({ data: post() }),
      'GET /api/post/21/comments': () => jsonResponse({ data: comments, meta: { current_page: 1, last_page: 1, per_page: 10, total: comments.length } }),
      'POST /api/post/21/comments': () => {
        const added = comment({ id: 6, text: 'Enig!', is_mine: true, author: { id: me.id, slug: 'me', first_name: 'Meg', last_name: 'Selv' } });
        comments = [...comments, added];
        return jsonResponse({ data: added }, 201);
      },
      'DELETE /api/post/21/comments/6': () => {
        comments = comments.filter((c) => c.id !== 6);
        return new Response(null, { status: 204 });
      },
    });
    renderApp('/post/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari Lege' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Kommentarer' });
    expect(within(list).getByText('Takk for sist!')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Slett kommentaren' })).not.toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Skriv en kommentar' }), 'Enig!');
    await userEvent.click(screen.getByRole('button', { name: 'Kommenter' }));
    expect(await within(list).findByText('Enig!')).toBeInTheDocument();
    const posted = calls.find((c) => c.method === 'POST')!;
    expect(JSON.parse(posted.body as string)).toEqual({ text: 'Enig!' });

    await userEvent.click(within(list).getByRole('button', { name: 'Slett kommentaren' }));
    await waitFor(() => expect(within(list).queryByText('Enig!')).not.toBeInTheDocument());
  });

  it('shows the message of a 403 refusal to comment', async () => {
    mockApi({
      'GET /api/posts/21': () => jsonResponse({ data: post({ company: { id: 2, slug: 'medico', name: 'Medico AS' }, author: null }) }),
      'GET /api/post/21/comments': () => jsonResponse({ data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } }),
      'POST /api/post/21/comments': () => jsonResponse({ status_code: 403, message: 'Firmaet har slått av kommentarer på sine innlegg.' }, 403),
    });
    renderApp('/post/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Medico AS' })).toBeInTheDocument();
    expect(await screen.findByText('Ingen kommentarer ennå.')).toBeInTheDocument();
    await userEvent.type(screen.getByRole('textbox', { name: 'Skriv en kommentar' }), 'Hallo');
    await userEvent.click(screen.getByRole('button', { name: 'Kommenter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Firmaet har slått av kommentarer på sine innlegg.');
  });
});

describe('feed texts', () => {
  it('uses the singular for one comment or like, in both languages', async () => {
    const { i18n } = await import('@/shared/i18n/i18n');
    expect(i18n.t('feed:post.comments', { count: 1, lng: 'no' })).toBe('1 kommentar');
    expect(i18n.t('feed:post.comments', { count: 2, lng: 'no' })).toBe('2 kommentarer');
    expect(i18n.t('feed:post.comments', { count: 1, lng: 'en' })).toBe('1 comment');
    expect(i18n.t('feed:post.likes', { count: 1, lng: 'en' })).toBe('1 like');
    expect(i18n.t('feed:post.likes', { count: 3, lng: 'en' })).toBe('3 likes');
  });
});

describe('my posts: edit, archive, delete, share', () => {
  const mine = () => post({ id: 40, slug: 'mitt-innlegg', body: 'Første utkast', is_mine: true, author: { id: me.id, slug: me.slug, first_name: 'Meg', last_name: 'Selv' } });

  it('edits the text of my post in place', async () => {
    const ui = userEvent.setup();
    let current = mine();
    const calls = mockApi({
      'GET /api/feed': () => jsonResponse({ data: [current], meta: { next_cursor: null } }),
      'PUT /api/posts/40': (call) => {
        current = { ...current, body: (JSON.parse(call.body as string) as { body: string }).body };
        return jsonResponse({ data: current });
      },
    });
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Meg Selv' });
    expect(within(article).getByRole('link', { name: 'Meg Selv' })).toHaveAttribute('href', `/profile/${me.slug}`);
    await ui.click(within(article).getByRole('button', { name: 'Valg for innlegget' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Rediger' }));
    const text = within(article).getByRole('textbox', { name: 'Tekst' });
    await ui.clear(text);
    await ui.type(text, 'Rettet tekst');
    await ui.click(within(article).getByRole('button', { name: 'Lagre' }));
    expect(await within(article).findByText('Rettet tekst')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body as string)).toEqual({ body: 'Rettet tekst' });
  });

  // One menu use per render: Mantine's menu transition does not reopen reliably in jsdom (it does in Chromium, see e2e).
  it('archives a post, which leaves the feed', async () => {
    const ui = userEvent.setup();
    let gone = false;
    const calls = mockApi({
      'GET /api/feed': () => jsonResponse({ data: gone ? [] : [mine()], meta: { next_cursor: null } }),
      'PUT /api/user-posts/mitt-innlegg/archive': () => {
        gone = true;
        return jsonResponse({ data: { ...mine(), is_archived: true } });
      },
    });
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Meg Selv' });
    await ui.click(within(article).getByRole('button', { name: 'Valg for innlegget' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Arkiver' }));
    expect(await screen.findByText('Innlegget er arkivert.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/archive'))!.body as string)).toEqual({ archive: 'archive' });
    expect(await screen.findByText(/Ingen innlegg ennå/)).toBeInTheDocument();
  });

  it('asks before deleting and deletes through the company path for a company post', async () => {
    const ui = userEvent.setup();
    const companyPost = post({ id: 41, slug: 'firma-innlegg', is_mine: true, author: null, company: { id: 2, slug: 'medico', name: 'Medico AS' } });
    const calls = mockApi({
      'GET /api/feed': () => jsonResponse({ data: [companyPost], meta: { next_cursor: null } }),
      'DELETE /api/partner-company-posts/firma-innlegg': () => new Response(null, { status: 204 }),
    });
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Medico AS' });
    expect(within(article).getByRole('link', { name: 'Medico AS' })).toHaveAttribute('href', '/profile_company/medico');
    await ui.click(within(article).getByRole('button', { name: 'Valg for innlegget' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Slett' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette innlegget?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await ui.click(within(dialog).getByRole('button', { name: 'Slett' }));
    expect(await screen.findByText('Innlegget er slettet.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/partner-company-posts/firma-innlegg']);
  });

  it("shares someone else's post with a comment; no owner menu on it", async () => {
    const ui = userEvent.setup();
    const calls = mockApi({
      'GET /api/feed': () => jsonResponse({ data: [post()], meta: { next_cursor: null } }),
      'POST /api/posts/21/share': () => jsonResponse({ data: post({ id: 50, shared_post_id: 21, is_mine: true }) }, 201),
    });
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Kari Lege' });
    expect(within(article).queryByRole('button', { name: 'Valg for innlegget' })).not.toBeInTheDocument();
    await ui.click(within(article).getByRole('button', { name: 'Del' }));
    const dialog = await screen.findByRole('dialog', { name: 'Del innlegget' });
    await ui.type(within(dialog).getByRole('textbox', { name: 'Skriv noe om det (valgfritt)' }), 'Verdt å lese');
    await ui.click(within(dialog).getByRole('button', { name: 'Del' }));
    expect(await screen.findByText('Innlegget er delt.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body as string)).toEqual({ body: 'Verdt å lese' });
  });
});

describe('archived posts and colleague search', () => {
  it('lists my archived posts and restores one', async () => {
    const ui = userEvent.setup();
    let archived = [post({ id: 60, slug: 'gammelt', body: 'Gammelt innlegg', is_mine: true, is_archived: true })];
    const calls = mockApi({
      [`GET /api/archived-posts/${me.slug}`]: () => jsonResponse({ data: archived, meta: { current_page: 1, last_page: 1, per_page: 10, total: archived.length } }),
      'PUT /api/user-posts/gammelt/archive': () => {
        archived = [];
        return jsonResponse({ data: post({ id: 60, slug: 'gammelt', is_mine: true }) });
      },
    });
    renderApp(`/archived_posts/${me.slug}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Arkiverte innlegg' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Arkiverte innlegg' });
    const article = within(list).getByRole('article');
    expect(within(article).getByText('Arkivert')).toBeInTheDocument();
    expect(within(article).queryByRole('button', { name: 'Del' })).not.toBeInTheDocument();
    await ui.click(within(article).getByRole('button', { name: 'Valg for innlegget' }));
    expect(screen.queryByRole('menuitem', { name: 'Rediger' })).not.toBeInTheDocument();
    await ui.click(await screen.findByRole('menuitem', { name: 'Hent fram fra arkivet' }));
    expect(await screen.findByText('Du har ingen arkiverte innlegg.')).toBeInTheDocument();
    expect(JSON.parse(calls.find((c) => c.method === 'PUT')!.body as string)).toEqual({ archive: 'unarchive' });
  });

  it("says so on someone else's archive", async () => {
    mockApi({ 'GET /api/archived-posts/kari': () => jsonResponse({ status_code: 403, message: 'Ikke tillatt', reason: 'not_owner' }, 403) });
    renderApp('/archived_posts/kari');
    expect(await screen.findByText('Du kan bare se dine egne arkiverte innlegg.')).toBeInTheDocument();
  });

  it('finds colleagues by name from the feed', async () => {
    const ui = userEvent.setup();
    const calls = mockApi({
      'GET /api/feed': () => jsonResponse({ data: [], meta: { next_cursor: null } }),
      'GET /api/profile/search': () =>
        jsonResponse({ data: [{ id: 3, slug: 'per-kirurg', first_name: 'Per', last_name: 'Kirurg', profile_avatar: null }], meta: { current_page: 1, last_page: 1, per_page: 8, total: 1 } }),
    });
    renderApp('/feed');
    await ui.type(await screen.findByRole('searchbox', { name: 'Søk etter navn' }), 'Per');
    const results = await screen.findByRole('list', { name: 'Søkeresultater' });
    expect(within(results).getByRole('link', { name: 'Per Kirurg' })).toHaveAttribute('href', '/profile/per-kirurg');
    // Debounced: on a slow machine "Pe" may be asked for first; the last search is the full name.
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/profile/search').at(-1)!.query.get('name')).toBe('Per'));
    expect(calls.find((c) => c.path === '/api/profile/search')!.query.get('type')).toBe('user');
  });
});
