import { authEndpoints, type Comment, networkEndpoints, type Post, postEndpoints } from '@legenett/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { changeLocale } from '@/shared/i18n/i18n';
import { apiError, mockEndpoint, validationError } from '@/testing/api-mocks';
import { renderApp, setupUser } from '@/testing/test-utils';
import { logIn, testUser } from '@/testing/users';
import { asPhone } from '@/testing/viewport';

const post = (overrides: Partial<Post> = {}): Post => ({
  id: 21,
  slug: 'post-21',
  body: 'God morgen, kolleger!',
  author: { id: 9, slug: 'kari', first_name: 'Kari', last_name: 'Lege', verified_as: 'doctor' },
  company: null,
  attachments: [
    { id: 1, kind: 'image', url: '/api/files/images/1-lg.webp', thumb_url: '/api/files/images/1-sm.webp', original_name: 'a.png', mime: 'image/webp' },
    { id: 2, kind: 'document', url: '/api/files/docs/2.pdf', thumb_url: null, original_name: 'retningslinjer.pdf', mime: 'application/pdf' },
  ],
  shared_post_id: null,
  shared_post: null,
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
  author: { id: 4, slug: 'per', first_name: 'Per', last_name: 'Kirurg', verified_as: null },
  company: null,
  is_mine: false,
  created_at: '2026-11-20T11:00:00.000Z',
  ...overrides,
});

const feedOf = (posts: Post[], next_cursor: string | null = null) => ({ data: posts, meta: { next_cursor } });
const pageOf = <T,>(data: T[]) => ({ data, meta: { current_page: 1, last_page: 1, per_page: 10, total: data.length } });

const me = testUser();
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

let ui: ReturnType<typeof setupUser>;
beforeEach(() => {
  logIn(me);
  mockEndpoint(authEndpoints.me, { data: me });
  ui = setupUser();
});

describe('feed', () => {
  it('renders posts from the API with author, attachments, and a comments link', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([post()]));
    renderApp('/feed');
    const list = await screen.findByRole('list', { name: 'Innlegg i feeden' });
    const article = within(list).getByRole('article', { name: 'Kari Lege' });
    expect(within(article).getByText('God morgen, kolleger!')).toBeInTheDocument();
    // The trust badge beside the author names the confirmed profession: a shape with a text
    // alternative, not colour alone, described by what the register confirmed (shown on hover, tap
    // and keyboard focus: shared/ui/verified-badge.test.tsx).
    expect(within(article).getByRole('img', { name: 'Verifisert lege' })).toHaveAccessibleDescription(
      'Bekreftet som lege med autorisasjon i Helsepersonellregisteret (HPR).',
    );
    expect(within(article).getByRole('img', { name: 'Bilde 1 av 1' })).toHaveAttribute('src', '/api/files/images/1-sm.webp');
    expect(within(article).getByRole('link', { name: 'PDF: retningslinjer.pdf' })).toHaveAttribute('href', '/api/files/docs/2.pdf');
    expect(within(article).getByRole('link', { name: '3 kommentarer' })).toHaveAttribute('href', '/post/21');
    expect(screen.queryByRole('button', { name: 'Last inn flere' })).not.toBeInTheDocument();
  });

  it('shows the empty state', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([]));
    renderApp('/feed');
    expect(await screen.findByText(/Ingen innlegg ennå/)).toBeInTheDocument();
  });

  it('toggles a like, saying "Likt" when pressed (not only by colour), and the new count', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([post()]));
    const likes = mockEndpoint(postEndpoints.like, { data: { liked: true, likes_count: 3 } });
    const unlikes = mockEndpoint(postEndpoints.unlike, { data: { liked: false, likes_count: 2 } });
    renderApp('/feed');
    await ui.click(await screen.findByRole('button', { name: 'Liker' }));
    expect(await screen.findByRole('button', { name: 'Likt' })).toBeInTheDocument();
    expect(screen.getByText('3 liker')).toBeInTheDocument();
    await ui.click(screen.getByRole('button', { name: 'Likt' }));
    expect(await screen.findByRole('button', { name: 'Liker' })).toBeInTheDocument();
    expect(screen.getByText('2 liker')).toBeInTheDocument();
    expect(likes.map((c) => c.params.id)).toEqual(['21']);
    expect(unlikes.map((c) => c.params.id)).toEqual(['21']);
  });

  it('loads more with the next cursor', async () => {
    const feedCalls = mockEndpoint(postEndpoints.feed, ({ query }) =>
      query.get('cursor') === 'abc' ? feedOf([post({ id: 20, body: 'Eldre innlegg' })]) : feedOf([post()], 'abc'),
    );
    renderApp('/feed');
    await ui.click(await screen.findByRole('button', { name: 'Last inn flere' }));
    expect(await screen.findByText('Eldre innlegg')).toBeInTheDocument();
    expect(screen.getByText('God morgen, kolleger!')).toBeInTheDocument();
    expect(feedCalls.map((c) => c.query.get('cursor'))).toEqual([null, 'abc']);
    expect(screen.queryByRole('button', { name: 'Last inn flere' })).not.toBeInTheDocument();
  });

  it('refuses 6 files in the browser and posts text and files as multipart', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([]));
    const creates = mockEndpoint(postEndpoints.create, { data: post({ id: 30, body: 'Hei' }) });
    renderApp('/feed');
    const input = await screen.findByLabelText('Bilder og PDF-er');
    await ui.upload(input, [1, 2, 3, 4, 5, 6].map((i) => png(`p${i}.png`)));
    expect(await screen.findByText('Du kan ikke laste opp mer enn 5 bilder!')).toBeInTheDocument();
    expect(creates).toHaveLength(0);

    await ui.upload(input, [png('a.png')]);
    await ui.type(screen.getByRole('textbox', { name: 'Hva vil du dele?' }), 'Hei');
    await ui.click(screen.getByRole('button', { name: 'Publiser' }));
    expect(await screen.findByText('Innlegget er publisert.')).toBeInTheDocument();
    const body = creates[0]!.body as FormData;
    expect(body.get('body')).toBe('Hei');
    expect(body.getAll('files[]')).toHaveLength(1);
  });

  it('says when the post will be published as the company I act as', async () => {
    logIn(testUser({ active_business_profile: { id: 3, slug: 'medico', name: 'Medico AS', logo: null } }));
    mockEndpoint(postEndpoints.feed, feedOf([]));
    renderApp('/feed');
    expect(await screen.findByText('Du publiserer som Medico AS.')).toBeInTheDocument();
  });

  it('shows a server 422 beside the composer', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([]));
    mockEndpoint(postEndpoints.create, validationError({ body: ['Skriv en tekst eller legg ved en fil.'] }, 'Valideringen feilet.'));
    renderApp('/feed');
    await ui.click(await screen.findByRole('button', { name: 'Publiser' }));
    expect(await screen.findAllByText('Skriv en tekst eller legg ved en fil.')).not.toHaveLength(0);
    expect(screen.getByRole('textbox', { name: 'Hva vil du dele?' })).toHaveAttribute('aria-invalid', 'true');
  });
});

describe('post page', () => {
  it('lists comments oldest first, adds one and deletes my own', async () => {
    let comments = [comment()];
    mockEndpoint(postEndpoints.show, { data: post() });
    mockEndpoint(postEndpoints.comments, () => pageOf(comments));
    const added = mockEndpoint(postEndpoints.addComment, () => {
      const made = comment({ id: 6, text: 'Enig!', is_mine: true, author: { id: me.id, slug: 'me', first_name: 'Meg', last_name: 'Selv', verified_as: null } });
      comments = [...comments, made];
      return { data: made };
    });
    const deleted = mockEndpoint(postEndpoints.deleteComment, ({ params }) => {
      comments = comments.filter((c) => String(c.id) !== params.commentId);
      return null;
    });
    renderApp('/post/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Kari Lege' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Kommentarer' });
    expect(within(list).getByText('Takk for sist!')).toBeInTheDocument();
    expect(within(list).queryByRole('button', { name: 'Slett kommentaren' })).not.toBeInTheDocument();

    await ui.type(screen.getByRole('textbox', { name: 'Skriv en kommentar' }), 'Enig!');
    await ui.click(screen.getByRole('button', { name: 'Kommenter' }));
    expect(await within(list).findByText('Enig!')).toBeInTheDocument();
    expect(added.map((c) => [c.params.id, c.body])).toEqual([['21', { text: 'Enig!' }]]);

    await ui.click(within(list).getByRole('button', { name: 'Slett kommentaren' }));
    await waitFor(() => expect(within(list).queryByText('Enig!')).not.toBeInTheDocument());
    expect(deleted.map((c) => c.params)).toEqual([{ id: '21', commentId: '6' }]);
  });

  it('shows the message of a 403 refusal to comment', async () => {
    mockEndpoint(postEndpoints.show, { data: post({ company: { id: 2, slug: 'medico', name: 'Medico AS' }, author: null }) });
    mockEndpoint(postEndpoints.comments, pageOf([]));
    mockEndpoint(postEndpoints.addComment, apiError(403, 'Firmaet har slått av kommentarer på sine innlegg.'));
    renderApp('/post/21');
    expect(await screen.findByRole('heading', { level: 1, name: 'Medico AS' })).toBeInTheDocument();
    expect(await screen.findByText('Ingen kommentarer ennå.')).toBeInTheDocument();
    await ui.type(screen.getByRole('textbox', { name: 'Skriv en kommentar' }), 'Hallo');
    await ui.click(screen.getByRole('button', { name: 'Kommenter' }));
    // An alert of its own (the empty list's note is one too).
    expect((await screen.findByText('Firmaet har slått av kommentarer på sine innlegg.')).closest('[role="alert"]')).not.toBeNull();
  });
});

describe('the patient-data guard on comments', () => {
  it('warns on the field while typing a number written with a non-breaking space, and does not send', async () => {
    mockEndpoint(postEndpoints.show, { data: post() });
    mockEndpoint(postEndpoints.comments, pageOf([]));
    const added = mockEndpoint(postEndpoints.addComment, () => ({ data: comment() }));
    renderApp('/post/21');
    const box = await screen.findByRole('textbox', { name: 'Skriv en kommentar' });
    await ui.type(box, 'Pasient 150384\u00a010099');
    expect(await screen.findByText('Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.')).toBeInTheDocument();
    expect(box).toHaveAccessibleDescription(/Dette ser ut som et fødselsnummer/);
    expect(screen.getByRole('button', { name: 'Kommenter' })).toBeDisabled();
    expect(added).toHaveLength(0);
  });

  it("puts the API's refusal on the text field, not a general note", async () => {
    mockEndpoint(postEndpoints.show, { data: post() });
    mockEndpoint(postEndpoints.comments, pageOf([]));
    mockEndpoint(
      postEndpoints.addComment,
      validationError({ text: ['Dette ser ut som et fødselsnummer. Fjern nummeret før du sender.'] }, 'Noen felt er ikke fylt ut riktig.'),
    );
    renderApp('/post/21');
    const box = await screen.findByRole('textbox', { name: 'Skriv en kommentar' });
    // A number the web's rule lets through but the API refuses (say, after a change of the rule).
    await ui.type(box, 'Hei');
    await ui.click(screen.getByRole('button', { name: 'Kommenter' }));
    await waitFor(() => expect(box).toHaveAccessibleDescription(/Dette ser ut som et fødselsnummer/));
  });
});

describe('post images and shared posts', () => {
  const images = [
    { id: 1, kind: 'image' as const, url: '/api/files/images/1-lg.webp', thumb_url: '/api/files/images/1-sm.webp', original_name: null, mime: 'image/webp' },
    { id: 3, kind: 'image' as const, url: '/api/files/images/3-lg.webp', thumb_url: '/api/files/images/3-sm.webp', original_name: null, mime: 'image/webp' },
    { id: 4, kind: 'image' as const, url: '/api/files/images/4-lg.webp', thumb_url: null, original_name: null, mime: 'image/webp' },
  ];

  it('opens an image in a lightbox: named close button, arrow keys, Escape, focus back on the thumbnail', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([post({ attachments: images })]));
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Kari Lege' });
    // No link to the raw file any more: a button per image.
    expect(within(article).queryByRole('link', { name: /Bilde/ })).not.toBeInTheDocument();
    const second = within(article).getByRole('button', { name: 'Vis bilde 2 av 3 i stort format' });
    await ui.click(second);

    const dialog = await screen.findByRole('dialog', { name: 'Bilder i innlegget' });
    expect(within(dialog).getByRole('img', { name: 'Bilde 2 av 3' })).toHaveAttribute('src', '/api/files/images/3-lg.webp');
    expect(within(dialog).getByText('Bilde 2 av 3')).toBeInTheDocument();
    const close = within(dialog).getByRole('button', { name: 'Lukk bildevisningen' });
    await waitFor(() => expect(close).toHaveFocus());

    await ui.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img', { name: 'Bilde 3 av 3' })).toHaveAttribute('src', '/api/files/images/4-lg.webp');
    await ui.keyboard('{ArrowRight}');
    expect(within(dialog).getByRole('img', { name: 'Bilde 1 av 3' })).toBeInTheDocument();
    await ui.keyboard('{ArrowLeft}');
    expect(within(dialog).getByRole('img', { name: 'Bilde 3 av 3' })).toBeInTheDocument();
    await ui.click(within(dialog).getByRole('button', { name: 'Forrige bilde' }));
    expect(within(dialog).getByRole('img', { name: 'Bilde 2 av 3' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Åpne originalfilen' })).toHaveAttribute('href', '/api/files/images/3-lg.webp');

    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Bilder i innlegget' })).not.toBeInTheDocument());
    await waitFor(() => expect(second).toHaveFocus());
  });

  it('shows the images full size on the post page, and the lightbox closes with its button (English)', async () => {
    await changeLocale('en');
    mockEndpoint(postEndpoints.show, { data: post({ attachments: images.slice(0, 2) }) });
    mockEndpoint(postEndpoints.comments, pageOf([]));
    renderApp('/post/21');
    const first = await screen.findByRole('button', { name: 'Show image 1 of 2 full size' });
    // The page shows the large image, not the thumbnail.
    expect(within(first).getByRole('img', { name: 'Image 1 of 2' })).toHaveAttribute('src', '/api/files/images/1-lg.webp');
    await ui.click(first);
    const dialog = await screen.findByRole('dialog', { name: 'Images of the post' });
    await ui.click(within(dialog).getByRole('button', { name: 'Close the image viewer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(first).toHaveFocus());
  });

  it('embeds the shared original: author with avatar, excerpt, first image, link to it', async () => {
    const shared: Post['shared_post'] = {
      available: true,
      id: 40,
      author: { id: 12, slug: 'ola-hjerte', first_name: 'Ola', last_name: 'Hjerte', verified_as: 'doctor', profile_avatar: '/api/files/avatars/12.webp' },
      company: null,
      excerpt: 'Ny veileder for hjertesvikt',
      truncated: true,
      image: { url: '/api/files/images/9-lg.webp', thumb_url: '/api/files/images/9-sm.webp' },
      created_at: '2026-11-19T08:00:00.000Z',
    };
    mockEndpoint(postEndpoints.feed, feedOf([post({ id: 50, body: 'Les denne!', attachments: [], shared_post_id: 40, shared_post: shared })]));
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Kari Lege' });
    const embed = within(article).getByRole('complementary', { name: 'Delt innlegg fra Ola Hjerte' });
    expect(within(embed).getByRole('link', { name: 'Ola Hjerte' })).toHaveAttribute('href', '/profile/ola-hjerte');
    expect(embed.querySelector('img[src="/api/files/avatars/12.webp"]')).not.toBeNull();
    expect(within(embed).getByText('Ny veileder for hjertesvikt …')).toBeInTheDocument();
    expect(within(embed).getByRole('img', { name: 'Bilde fra innlegget som er delt' })).toHaveAttribute('src', '/api/files/images/9-sm.webp');
    expect(within(embed).getByRole('link', { name: 'Vis hele innlegget' })).toHaveAttribute('href', '/post/40');
    expect(within(embed).getByText('19. nov. 2026, 09:00')).toBeInTheDocument();
    expect(within(article).getByText('Les denne!')).toBeInTheDocument();
  });

  it('says when the shared original is no longer available, also on the post page', async () => {
    const gone = post({ id: 51, body: '', attachments: [], shared_post_id: null, shared_post: { available: false } });
    mockEndpoint(postEndpoints.show, { data: gone });
    mockEndpoint(postEndpoints.comments, pageOf([]));
    renderApp('/post/51');
    const embed = await screen.findByRole('complementary', { name: 'Delt innlegg' });
    expect(within(embed).getByText('Dette innlegget er ikke lenger tilgjengelig.')).toBeInTheDocument();
    expect(within(embed).queryByRole('link')).not.toBeInTheDocument();
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
  const mine = () => post({ id: 40, slug: 'mitt-innlegg', body: 'Første utkast', is_mine: true, author: { id: me.id, slug: me.slug, first_name: 'Meg', last_name: 'Selv', verified_as: null } });

  it('edits the text of my post in place', async () => {
    let current = mine();
    mockEndpoint(postEndpoints.feed, () => feedOf([current]));
    const updates = mockEndpoint(postEndpoints.update, ({ body }) => {
      current = { ...current, body: (body as { body: string }).body };
      return { data: current };
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
    expect(updates.map((c) => [c.params.id, c.body])).toEqual([['40', { body: 'Rettet tekst' }]]);
  });

  it('loads the owner menu on the first press; Escape closes it and the focus is back on its button', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([mine()]));
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Meg Selv' });
    const button = within(article).getByRole('button', { name: 'Valg for innlegget' });
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    await ui.click(button);
    expect(await screen.findByRole('menuitem', { name: 'Rediger' })).toBeInTheDocument();
    await ui.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menuitem', { name: 'Rediger' })).not.toBeInTheDocument());
    await waitFor(() => expect(within(article).getByRole('button', { name: 'Valg for innlegget' })).toHaveFocus());
  });

  // One menu use per render: Mantine's menu transition does not reopen reliably in jsdom (it does in Chromium, see e2e).
  it('archives a post, which leaves the feed', async () => {
    let gone = false;
    mockEndpoint(postEndpoints.feed, () => feedOf(gone ? [] : [mine()]));
    const archives = mockEndpoint(postEndpoints.archiveUserPost, () => {
      gone = true;
      return { data: { ...mine(), is_archived: true } };
    });
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Meg Selv' });
    await ui.click(within(article).getByRole('button', { name: 'Valg for innlegget' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Arkiver' }));
    expect(await screen.findByText('Innlegget er arkivert.')).toBeInTheDocument();
    expect(archives.map((c) => [c.params.slug, c.body])).toEqual([['mitt-innlegg', { archive: 'archive' }]]);
    expect(await screen.findByText(/Ingen innlegg ennå/)).toBeInTheDocument();
  });

  it('asks before deleting and deletes through the company path for a company post', async () => {
    const companyPost = post({ id: 41, slug: 'firma-innlegg', is_mine: true, author: null, company: { id: 2, slug: 'medico', name: 'Medico AS' } });
    mockEndpoint(postEndpoints.feed, feedOf([companyPost]));
    const userDeletes = mockEndpoint(postEndpoints.deleteUserPost, null);
    const companyDeletes = mockEndpoint(postEndpoints.deleteCompanyPost, null);
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Medico AS' });
    expect(within(article).getByRole('link', { name: 'Medico AS' })).toHaveAttribute('href', '/profile_company/medico');
    await ui.click(within(article).getByRole('button', { name: 'Valg for innlegget' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Slett' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette innlegget?' });
    expect(companyDeletes).toHaveLength(0);
    await ui.click(within(dialog).getByRole('button', { name: 'Slett' }));
    expect(await screen.findByText('Innlegget er slettet.')).toBeInTheDocument();
    expect(companyDeletes.map((c) => c.params.slug)).toEqual(['firma-innlegg']);
    expect(userDeletes).toHaveLength(0);
  });

  it('deleting my post from its own page goes back to the feed, with no "not found" toast (issue 37)', async () => {
    let deleted = false;
    mockEndpoint(postEndpoints.show, () => (deleted ? apiError(404, 'Fant ikke det du lette etter.') : { data: mine() }));
    mockEndpoint(postEndpoints.comments, { data: [], meta: { current_page: 1, last_page: 1, per_page: 10, total: 0 } });
    mockEndpoint(postEndpoints.feed, feedOf([]));
    mockEndpoint(postEndpoints.deleteUserPost, () => {
      deleted = true;
      return null;
    });
    const { router } = renderApp('/post/40');
    const article = await screen.findByRole('article', { name: 'Meg Selv' });
    await ui.click(within(article).getByRole('button', { name: 'Valg for innlegget' }));
    await ui.click(await screen.findByRole('menuitem', { name: 'Slett' }));
    const dialog = await screen.findByRole('dialog', { name: 'Slette innlegget?' });
    await ui.click(within(dialog).getByRole('button', { name: 'Slett' }));
    expect(await screen.findByText('Innlegget er slettet.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/feed'));
    expect(screen.queryByText('Fant ikke det du lette etter.')).not.toBeInTheDocument();
  });

  it("shares someone else's post with a comment; no owner menu on it", async () => {
    mockEndpoint(postEndpoints.feed, feedOf([post()]));
    const shares = mockEndpoint(postEndpoints.share, { data: post({ id: 50, shared_post_id: 21, is_mine: true }) });
    renderApp('/feed');
    const article = await screen.findByRole('article', { name: 'Kari Lege' });
    expect(within(article).queryByRole('button', { name: 'Valg for innlegget' })).not.toBeInTheDocument();
    await ui.click(within(article).getByRole('button', { name: 'Del' }));
    const dialog = await screen.findByRole('dialog', { name: 'Del innlegget' });
    await ui.type(within(dialog).getByRole('textbox', { name: 'Skriv noe om det (valgfritt)' }), 'Verdt å lese');
    await ui.click(within(dialog).getByRole('button', { name: 'Del' }));
    expect(await screen.findByText('Innlegget er delt.')).toBeInTheDocument();
    expect(shares.map((c) => [c.params.id, c.body])).toEqual([['21', { body: 'Verdt å lese' }]]);
  });
});

describe('archived posts and colleague search', () => {
  it('lists my archived posts and restores one', async () => {
    let archived = [post({ id: 60, slug: 'gammelt', body: 'Gammelt innlegg', is_mine: true, is_archived: true })];
    mockEndpoint(postEndpoints.archived, () => pageOf(archived));
    const archives = mockEndpoint(postEndpoints.archiveUserPost, () => {
      archived = [];
      return { data: post({ id: 60, slug: 'gammelt', is_mine: true }) };
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
    expect(archives.map((c) => [c.params.slug, c.body])).toEqual([['gammelt', { archive: 'unarchive' }]]);
  });

  it("says so on someone else's archive", async () => {
    mockEndpoint(postEndpoints.archived, apiError(403, 'Ikke tillatt', 'not_owner'));
    renderApp('/archived_posts/kari');
    expect(await screen.findByText('Du kan bare se dine egne arkiverte innlegg.')).toBeInTheDocument();
  });

  it('suggests people you may know, with why, and follows one from the list', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([]));
    const nina = { id: 5, slug: 'nina-nevrolog', first_name: 'Nina', last_name: 'Nevrolog', profile_avatar: null, verified_as: 'doctor' as const, reason: 'workplace' as const, followed_by_count: 0 };
    const per = { id: 3, slug: 'per-kirurg', first_name: 'Per', last_name: 'Kirurg', profile_avatar: null, verified_as: null, reason: 'followed_by_followed' as const, followed_by_count: 2 };
    let followed = false;
    const suggestions = mockEndpoint(networkEndpoints.suggestions, () => ({ data: followed ? [per] : [nina, per] }));
    const follows = mockEndpoint(networkEndpoints.follow, () => {
      followed = true;
      return { data: { following: true } };
    });
    renderApp('/feed');
    const section = await screen.findByRole('region', { name: 'Folk du kanskje kjenner' });
    const list = await within(section).findByRole('list', { name: 'Forslag til folk å følge' });
    expect(within(list).getByRole('link', { name: 'Nina Nevrolog' })).toHaveAttribute('href', '/profile/nina-nevrolog');
    expect(within(list).getByText('Samme arbeidssted')).toBeInTheDocument();
    expect(within(list).getByText('Følges av 2 du følger')).toBeInTheDocument();
    expect(suggestions[0]!.query.get('limit')).toBe('5');
    await ui.click(within(list).getByRole('button', { name: 'Følg Nina Nevrolog' }));
    await waitFor(() => expect(within(list).queryByRole('link', { name: 'Nina Nevrolog' })).not.toBeInTheDocument());
    expect(follows.map((c) => c.params.slug)).toEqual(['nina-nevrolog']);
  });

  it('puts three suggestions below the posts on a phone, so the feed comes first', async () => {
    asPhone();
    mockEndpoint(postEndpoints.feed, feedOf([post()]));
    const suggestions = mockEndpoint(networkEndpoints.suggestions, { data: [] });
    renderApp('/feed');
    const section = await screen.findByRole('region', { name: 'Folk du kanskje kjenner' });
    const list = await screen.findByRole('list', { name: 'Innlegg i feeden' });
    expect(list.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(suggestions[0]!.query.get('limit')).toBe('3');
  });

  it('asks for no suggestions while acting as a business profile (the endpoint is personal)', async () => {
    const company = { id: 4, slug: 'demo-medisin', name: 'Demo Medisin AS', logo: null };
    const acting = testUser({ active_business_profile: company, available_business_profiles: [company] });
    logIn(acting);
    mockEndpoint(authEndpoints.me, { data: acting });
    mockEndpoint(postEndpoints.feed, feedOf([]));
    const suggestions = mockEndpoint(networkEndpoints.suggestions, { data: [] });
    renderApp('/feed');
    expect(await screen.findByText(/Ingen innlegg ennå/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Folk du kanskje kjenner' })).not.toBeInTheDocument();
    expect(suggestions).toHaveLength(0);
  });

  it('finds colleagues by name from the feed', async () => {
    mockEndpoint(postEndpoints.feed, feedOf([]));
    const searches = mockEndpoint(networkEndpoints.search, pageOf([{ id: 3, slug: 'per-kirurg', first_name: 'Per', last_name: 'Kirurg', profile_avatar: null, verified_as: null }]));
    renderApp('/feed');
    await ui.type(await screen.findByRole('searchbox', { name: 'Søk etter navn' }), 'Per');
    const results = await screen.findByRole('list', { name: 'Søkeresultater' });
    expect(within(results).getByRole('link', { name: 'Per Kirurg' })).toHaveAttribute('href', '/profile/per-kirurg');
    // Debounced: on a slow machine "Pe" may be asked for first; the last search is the full name.
    await waitFor(() => expect(searches.at(-1)!.query.get('name')).toBe('Per'));
    expect(searches[0]!.query.get('type')).toBe('user');
  });
});
