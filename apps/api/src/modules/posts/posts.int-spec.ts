import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Endpoint, POST_FILES_FIELD, postEndpoints as ep, SHARED_EXCERPT_LENGTH } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { JobQueue } from '../../common/queue';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCompany, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, invalid, type Upload } from '../../../test/call';
import { fileRows, keyOfUrl, objectsExist } from '../../../test/files';
import { settleJobs } from '../../../test/jobs';

let t: TestApp;
let dataDir: string;
let enqueue: jest.SpyInstance;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-posts-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir } });
  enqueue = jest.spyOn(t.app.get(JobQueue), 'enqueue');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Params = Record<string, string | number>;

/** Creates a post: text fields and files as multipart, answers in English. */
function send(as: Caller, body: BodyIn<typeof ep.create>, files: Upload[] = []) {
  return t.call(ep.create, { as, body, files: { [POST_FILES_FIELD]: files }, locale: 'en' });
}

const png = async (): Promise<Upload> => ({
  buffer: await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer(),
  name: 'photo.png',
});
const pdf: Upload = { buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), name: 'guide.pdf' };

async function createPost(me: Caller, body = 'Hei fra legen', files: Upload[] = []) {
  const res = await send(me, { body }, files);
  expect(res.status).toBe(201);
  return res.parsed.data;
}

/** The notification jobs the queue was handed so far, once the outbox is settled. */
const notificationsOf = async (kind: string) => {
  await settleJobs(t);
  return enqueue.mock.calls.filter(([name, payload]) => name === 'notifications.create' && (payload as { kind: string }).kind === kind).map(([, payload]) => payload as Record<string, unknown>);
};

describe('POST /posts', () => {
  it('creates a post with images and a PDF and shows it', async () => {
    const me = await t.session();
    const { user } = me;
    const post = await createPost(me, 'Ny studie', [await png(), pdf]);
    expect(post).toMatchObject({ body: 'Ny studie', author: { id: user.id }, company: null, likes_count: 0, comments_count: 0, liked_by_me: false, is_mine: true });
    expect(post.attachments.map((a) => a.kind)).toEqual(['image', 'document']);
    expect(post.attachments[0]!.mime).toBe('image/webp');
    expect(post.attachments[1]).toMatchObject({ original_name: 'guide.pdf', thumb_url: null });
    const shown = await t.call(ep.show, { as: me, params: { id: post.id } });
    expect(shown.status).toBe(200);
    expect(shown.parsed.data.id).toBe(post.id);
  });

  it('posts as the company while acting as it', async () => {
    const { user } = await t.session();
    const company = await createCompany(t.db, { managers: [user.id] });
    const me = await tokenFor(t, user, { actAs: company.id });
    const post = await createPost(me, 'Firmanytt');
    expect(post).toMatchObject({ author: null, company: { id: company.id, slug: company.slug }, is_mine: true });
  });

  it('refuses more than 5 files, empty posts, non-images (422), anonymous (401) and unapproved (403)', async () => {
    const me = await t.session();
    const six = await Promise.all(Array.from({ length: 6 }, png));
    const many = await send(me, { body: 'x' }, six);
    expect(many.status).toBe(422);
    expect(many.validation.errors[POST_FILES_FIELD]).toEqual(["You can't upload more than 5 photos!"]);
    const empty = await send(me, { body: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.validation.errors.body).toEqual(['Write some text or attach a file.']);
    expect((await send(me, { body: 'x' }, [{ buffer: Buffer.from('not a file'), name: 'a.txt' }])).status).toBe(422);
    expect((await send(me, { body: 'x'.repeat(5001) })).status).toBe(422);
    expect((await send(null, { body: 'x' })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await send(waiting, { body: 'x' })).status).toBe(403);
  });
});

describe('GET /posts/:id and PUT /posts/:id', () => {
  it('edits own text; others get 403, unknown 404, bad input 422', async () => {
    const me = await t.session();
    const other = await t.session();
    const post = await createPost(me);
    const res = await t.call(ep.update, { as: me, params: { id: post.id }, body: { body: 'Rettet tekst' } });
    expect(res.status).toBe(200);
    expect(res.parsed.data.body).toBe('Rettet tekst');
    const forbidden = await t.call(ep.update, { as: other, params: { id: post.id }, body: { body: 'Hack' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.error.reason).toBe('not_owner');
    expect((await t.call(ep.update, { as: me, params: { id: 999999999 }, body: { body: 'x' } })).status).toBe(404);
    expect((await t.call(ep.update, { as: me, params: { id: post.id }, body: invalid({ body: 5 }) })).status).toBe(422);
    expect((await t.call(ep.show, { as: me, params: { id: 999999999 } })).status).toBe(404);
    expect((await t.call(ep.show, { as: me, params: { id: 'abc' } })).status).toBe(422);
    expect((await t.call(ep.show, { as: null, params: { id: post.id } })).status).toBe(401);
  });
});

describe('delete and archive', () => {
  it('deletes own user posts (204); other users 403; company posts need a manager', async () => {
    const me = await t.session();
    const { user } = me;
    const other = await t.session();
    const post = await createPost(me, 'Med vedlegg', [await png(), pdf]);
    const [image, document] = post.attachments;
    const rows = [...(await fileRows(t.db, image!.url)), ...(await fileRows(t.db, document!.url))];
    expect(rows.map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['post_image', 'lg', user.id],
      ['post_image', 'sm', user.id],
      ['post_document', null, user.id],
    ]);
    expect(rows[1]!.storage_key).toBe(keyOfUrl(image!.thumb_url!));
    expect(rows[2]).toMatchObject({ original_name: 'guide.pdf', content_type: 'application/pdf' });
    expect(objectsExist(dataDir, rows.map((r) => r.storage_key))).toEqual([true, true, true]);
    expect((await t.call(ep.deleteUserPost, { as: other, params: { slug: post.slug } })).status).toBe(403);
    expect((await t.call(ep.deleteCompanyPost, { as: me, params: { slug: post.slug } })).status).toBe(404);
    expect((await t.call(ep.deleteUserPost, { as: me, params: { slug: post.slug } })).status).toBe(204);
    // The attachments' rows and objects go with the post.
    expect([...(await fileRows(t.db, image!.url)), ...(await fileRows(t.db, document!.url))]).toEqual([]);
    expect(objectsExist(dataDir, rows.map((r) => r.storage_key))).toEqual([false, false, false]);
    expect((await t.call(ep.show, { as: me, params: { id: post.id } })).status).toBe(404);
    expect((await t.call(ep.deleteUserPost, { as: me, params: { slug: 'no-such-post' } })).status).toBe(404);

    const company = await createCompany(t.db, { managers: [user.id] });
    const companyPost = await createPost(await tokenFor(t, user, { actAs: company.id }));
    expect((await t.call(ep.deleteCompanyPost, { as: other, params: { slug: companyPost.slug } })).status).toBe(403);
    expect((await t.call(ep.deleteCompanyPost, { as: me, params: { slug: companyPost.slug } })).status).toBe(204);
  });

  it('archives and unarchives; archived posts are listed for the owner only and hidden from others', async () => {
    const me = await t.session();
    const { user } = me;
    const other = await t.session();
    const post = await createPost(me);
    expect((await t.call(ep.archiveUserPost, { as: me, params: { slug: post.slug }, body: invalid({ archive: 'later' }) })).status).toBe(422);
    const res = await t.call(ep.archiveUserPost, { as: me, params: { slug: post.slug }, body: { archive: 'archive' } });
    expect(res.status).toBe(200);
    expect(res.parsed.data.is_archived).toBe(true);
    expect((await t.call(ep.show, { as: other, params: { id: post.id } })).status).toBe(404);
    const list = await t.call(ep.archived, { as: me, params: { slug: user.slug } });
    expect(list.status).toBe(200);
    expect(list.parsed.data.map((p) => p.id)).toEqual([post.id]);
    expect((await t.call(ep.archived, { as: other, params: { slug: user.slug } })).status).toBe(403);
    expect((await t.call(ep.archived, { as: me, params: { slug: 'nobody-here' } })).status).toBe(404);
    const back = await t.call(ep.archiveUserPost, { as: me, params: { slug: post.slug }, body: { archive: 'unarchive' } });
    expect(back.parsed.data.is_archived).toBe(false);

    const company = await createCompany(t.db, { managers: [user.id] });
    const companyPost = await createPost(await tokenFor(t, user, { actAs: company.id }));
    expect((await t.call(ep.archiveCompanyPost, { as: other, params: { slug: companyPost.slug }, body: { archive: 'archive' } })).status).toBe(403);
    expect((await t.call(ep.archiveCompanyPost, { as: me, params: { slug: companyPost.slug }, body: { archive: 'archive' } })).status).toBe(200);
  });
});

describe('GET /feed', () => {
  it('shows followed users and companies and my own posts, not others or archived ones', async () => {
    const reader = await t.session();
    const stranger = await t.session();
    const followed = await t.session();
    const manager = await t.session();
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    await t.db.insert(schema.userFollows).values({ follower_id: reader.user.id, followed_user_id: followed.user.id });
    await t.db.insert(schema.partnerCompanyFollowers).values({ partner_company_id: company.id, user_id: reader.user.id });
    const mine = await createPost(reader, 'mitt');
    const fromFollowed = await createPost(followed, 'fulgt');
    const fromCompany = await createPost(await tokenFor(t, manager.user, { actAs: company.id }), 'firma');
    const fromStranger = await createPost(stranger, 'fremmed');
    const archived = await createPost(followed, 'arkiv');
    await t.call(ep.archiveUserPost, { as: followed, params: { slug: archived.slug }, body: { archive: 'archive' } });

    const res = await t.call(ep.feed, { as: reader });
    expect(res.status).toBe(200);
    const ids = res.parsed.data.map((p) => p.id);
    expect(ids).toEqual([fromCompany.id, fromFollowed.id, mine.id]);
    expect(ids).not.toContain(fromStranger.id);
    expect(ids).not.toContain(archived.id);

    const strangerFeed = (await t.call(ep.feed, { as: stranger })).parsed.data.map((p) => p.id);
    expect(strangerFeed).toEqual([fromStranger.id]);
  });

  it('pages by keyset without repeats or gaps', async () => {
    const me = await t.session();
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) created.push((await createPost(me, `post ${i}`)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const query: Params = cursor ? { limit: 3, cursor } : { limit: 3 };
      const res = await t.call(ep.feed, { as: me, query });
      expect(res.status).toBe(200);
      const body = res.parsed;
      seen.push(...body.data.map((p) => p.id));
      cursor = body.meta.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...created].reverse());
  });

  it('answers 422 for a bad cursor or limit and 401 anonymously', async () => {
    const me = await t.session();
    expect((await t.call(ep.feed, { as: me, query: { cursor: 'bm90LWEtY3Vyc29y' } })).status).toBe(422);
    expect((await t.call(ep.feed, { as: me, query: { limit: 51 } })).status).toBe(422);
    expect((await t.call(ep.feed, { as: null })).status).toBe(401);
  });
});

describe('GET /profile/:slug/posts', () => {
  it("pages a member's own live posts newest first, without company or archived posts", async () => {
    const viewer = await t.session();
    const author = await t.session({ roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [author.user.id] });
    const first = await createPost(author, 'en');
    const second = await createPost(author, 'to');
    const archived = await createPost(author, 'arkiv');
    await t.call(ep.archiveUserPost, { as: author, params: { slug: archived.slug }, body: { archive: 'archive' } });
    await createPost(await tokenFor(t, author.user, { actAs: company.id }), 'firma');
    const third = await createPost(author, 'tre');

    const page1 = (await t.call(ep.userPosts, { as: viewer, params: { slug: author.user.slug }, query: { limit: 2 } })).parsed;
    expect(page1.data.map((p) => p.id)).toEqual([third.id, second.id]);
    expect(page1.data[0]).toMatchObject({ is_mine: false, author: { id: author.user.id } });
    expect(page1.meta.next_cursor).not.toBeNull();
    const page2 = ep.userPosts.response.parse(
      (await t.call(ep.userPosts, { as: viewer, params: { slug: author.user.slug }, query: { limit: 2, cursor: page1.meta.next_cursor! } })).body,
    );
    expect(page2.data.map((p) => p.id)).toEqual([first.id]);
    expect(page2.meta.next_cursor).toBeNull();
  });

  it('answers 404 for an unknown member, 422 for a bad cursor, 401 anonymously', async () => {
    const me = await t.session();
    const { user } = me;
    expect((await t.call(ep.userPosts, { as: me, params: { slug: 'nobody-at-all-here' } })).status).toBe(404);
    // A NUL character (which PostgreSQL cannot store) is bad input, in the path or in a body.
    const nulPath = await t.call(ep.userPosts, { as: me, params: { slug: 'a\u0000b' } });
    expect(nulPath.status).toBe(422);
    expect(nulPath.validation.errors).toHaveProperty('slug');
    const post = await createPost(me, 'NUL-test');
    const nulBody = await t.call(ep.addComment, { as: me, params: { id: post.id }, body: { text: 'a\u0000b' } });
    expect(nulBody.status).toBe(422);
    expect(nulBody.validation.errors).toHaveProperty('text');
    expect((await t.call(ep.userPosts, { as: me, params: { slug: user.slug }, query: { cursor: 'xyz' } })).status).toBe(422);
    expect((await t.call(ep.userPosts, { as: null, params: { slug: user.slug } })).status).toBe(401);
  });
});

describe('posts of a blocked member', () => {
  it('leave the feeds of their followers and their page answers 404', async () => {
    const reader = await t.session();
    const author = await t.session();
    await t.db.insert(schema.userFollows).values({ follower_id: reader.user.id, followed_user_id: author.user.id });
    const post = await createPost(author, 'før blokkering');
    const feedIds = async () => (await t.call(ep.feed, { as: reader })).parsed.data.map((p) => p.id);
    expect(await feedIds()).toContain(post.id);
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, author.user.id));
    expect(await feedIds()).not.toContain(post.id);
    expect((await t.call(ep.userPosts, { as: reader, params: { slug: author.user.slug } })).status).toBe(404);
  });
});

describe('comments', () => {
  it('comments, lists oldest first, notifies the author, and deletes by owner rules', async () => {
    const author = await t.session();
    const commenter = await t.session();
    const other = await t.session();
    const post = await createPost(author);
    const first = await t.call(ep.addComment, { as: commenter, params: { id: post.id }, body: { text: 'Første' } });
    expect(first.status).toBe(201);
    const c1 = first.parsed.data;
    const c2 = (await t.call(ep.addComment, { as: author, params: { id: post.id }, body: { text: 'Andre' } })).parsed.data;
    expect((await notificationsOf('comment')).filter((p) => p.entity_id === post.id)).toEqual([
      expect.objectContaining({ user_id: author.user.id, actor_user_id: commenter.user.id, entity_type: 'post', entity_id: post.id }),
    ]);
    const list = (await t.call(ep.comments, { as: other, params: { id: post.id } })).parsed;
    expect(list.data.map((c) => c.id)).toEqual([c1.id, c2.id]);
    expect(list.meta.total).toBe(2);
    const shown = (await t.call(ep.show, { as: author, params: { id: post.id } })).parsed.data;
    expect(shown.comments_count).toBe(2);

    expect((await t.call(ep.addComment, { as: commenter, params: { id: post.id }, body: { text: '' } })).status).toBe(422);
    expect((await t.call(ep.addComment, { as: commenter, params: { id: post.id }, body: { text: 'x'.repeat(2001) } })).status).toBe(422);
    expect((await t.call(ep.addComment, { as: commenter, params: { id: 999999999 }, body: { text: 'x' } })).status).toBe(404);
    expect((await t.call(ep.addComment, { as: null, params: { id: post.id }, body: { text: 'x' } })).status).toBe(401);

    expect((await t.call(ep.deleteComment, { as: other, params: { id: post.id, commentId: c1.id } })).status).toBe(403);
    expect((await t.call(ep.deleteComment, { as: author, params: { id: post.id, commentId: c1.id } })).status).toBe(204);
    expect((await t.call(ep.deleteComment, { as: author, params: { id: post.id, commentId: c1.id } })).status).toBe(404);
    const after = (await t.call(ep.show, { as: author, params: { id: post.id } })).parsed.data;
    expect(after.comments_count).toBe(1);
  });

  it('comments as the company in business-profile mode; the company deletes its own comment', async () => {
    const author = await t.session();
    const manager = await t.session();
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    const asCompany = await tokenFor(t, manager.user, { actAs: company.id });
    const post = await createPost(author);
    const res = await t.call(ep.addComment, { as: asCompany, params: { id: post.id }, body: { text: 'Fra firmaet' } });
    expect(res.status).toBe(201);
    const comment = res.parsed.data;
    expect(comment).toMatchObject({ author: null, company: { id: company.id }, is_mine: true });
    expect((await notificationsOf('comment')).filter((p) => p.entity_id === post.id)).toEqual([
      expect.objectContaining({ user_id: author.user.id, actor_user_id: manager.user.id, partner_company_id: company.id }),
    ]);
    expect((await t.call(ep.deleteComment, { as: manager, params: { id: post.id, commentId: comment.id } })).status).toBe(403);
    expect((await t.call(ep.deleteComment, { as: asCompany, params: { id: post.id, commentId: comment.id } })).status).toBe(204);
  });

  it('refuses comments on a company post with comments turned off (403)', async () => {
    const manager = await t.session();
    const reader = await t.session();
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    await t.db.update(schema.partnerCompanies).set({ is_comments_allowed: false }).where(eq(schema.partnerCompanies.id, company.id));
    const post = await createPost(await tokenFor(t, manager.user, { actAs: company.id }));
    const res = await t.call(ep.addComment, { as: reader, params: { id: post.id }, body: { text: 'Hei' }, locale: 'en' });
    expect(res.status).toBe(403);
    expect(res.error.message).toBe('This company has turned off comments on its posts.');
  });
});

describe('likes and shares', () => {
  it('likes idempotently, keeps the count right, notifies once and never for own likes', async () => {
    const author = await t.session();
    const fan = await t.session();
    const post = await createPost(author);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.call(ep.like, { as: fan, params: { id: post.id } });
      expect(res.status).toBe(200);
      expect(res.parsed.data).toEqual({ liked: true, likes_count: 1 });
    }
    await t.call(ep.like, { as: author, params: { id: post.id } });
    expect((await notificationsOf('like')).filter((p) => p.entity_id === post.id)).toEqual([expect.objectContaining({ user_id: author.user.id, actor_user_id: fan.user.id })]);
    const shown = (await t.call(ep.show, { as: fan, params: { id: post.id } })).parsed.data;
    expect(shown).toMatchObject({ likes_count: 2, liked_by_me: true });
    for (let i = 0; i < 2; i += 1) {
      const res = await t.call(ep.unlike, { as: fan, params: { id: post.id } });
      expect(res.parsed.data).toEqual({ liked: false, likes_count: 1 });
    }
    expect((await t.call(ep.like, { as: fan, params: { id: 999999999 } })).status).toBe(404);
    expect((await t.call(ep.like, { as: null, params: { id: post.id } })).status).toBe(401);
  });

  it('shares a post as a new post of mine', async () => {
    const author = await t.session();
    const sharer = await t.session();
    const post = await createPost(author);
    const res = await t.call(ep.share, { as: sharer, params: { id: post.id }, body: { body: 'Les denne' } });
    expect(res.status).toBe(201);
    const share = res.parsed.data;
    expect(share).toMatchObject({ body: 'Les denne', shared_post_id: post.id, author: { id: sharer.user.id } });
    const original = (await t.call(ep.show, { as: author, params: { id: post.id } })).parsed.data;
    expect(original.shares_count).toBe(1);
    expect((await t.call(ep.share, { as: sharer, params: { id: 999999999 }, body: {} })).status).toBe(404);
    expect((await t.call(ep.share, { as: sharer, params: { id: post.id }, body: invalid({ body: 7 }) })).status).toBe(422);
  });

  it('embeds the original in the share: writer, excerpt, first image; in the feed and on the post page', async () => {
    const author = await t.session({ firstName: 'Embla' });
    const sharer = await t.session();
    const long = `${'Lang tekst. '.repeat(40)}slutt`;
    const post = await createPost(author, long, [pdf, await png(), await png()]);
    const share = (await t.call(ep.share, { as: sharer, params: { id: post.id }, body: {} })).parsed.data;
    const firstImage = post.attachments.find((a) => a.kind === 'image')!;
    const expected = {
      available: true,
      id: post.id,
      author: { id: author.user.id, first_name: 'Embla', profile_avatar: null },
      company: null,
      excerpt: long.slice(0, SHARED_EXCERPT_LENGTH),
      truncated: true,
      created_at: post.created_at,
    };
    expect(share.shared_post).toMatchObject(expected);
    // The same image (signed links differ only in their expiry).
    expect(keyOfUrl(share.shared_post!.available ? share.shared_post!.image!.url : '')).toBe(keyOfUrl(firstImage.url));
    const shown = (await t.call(ep.show, { as: sharer, params: { id: share.id } })).parsed.data;
    expect(shown.shared_post).toMatchObject(expected);
    const feed = (await t.call(ep.feed, { as: sharer, query: {} })).parsed.data;
    expect(feed.find((p) => p.id === share.id)!.shared_post).toMatchObject(expected);
    // A post that is no share embeds nothing.
    expect(post.shared_post).toBeNull();
  });

  it('says "no longer available" once the original is archived or deleted, or its company is not visible', async () => {
    const author = await t.session();
    const sharer = await t.session();
    const post = await createPost(author, 'Snart borte');
    const share = (await t.call(ep.share, { as: sharer, params: { id: post.id }, body: {} })).parsed.data;
    const embedOf = async () => (await t.call(ep.show, { as: sharer, params: { id: share.id } })).parsed.data.shared_post;

    await t.call(ep.archiveUserPost, { as: author, params: { slug: post.slug }, body: { archive: 'archive' } });
    expect(await embedOf()).toEqual({ available: false });
    await t.call(ep.archiveUserPost, { as: author, params: { slug: post.slug }, body: { archive: 'unarchive' } });
    expect(await embedOf()).toMatchObject({ available: true, id: post.id });

    // The company's page was unpublished: its post is not visible to others any more.
    const manager = await t.session({ roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    const companyPost = await createPost(await tokenFor(t, manager.user, { actAs: company.id }), 'Fra bedriften');
    const companyShare = (await t.call(ep.share, { as: sharer, params: { id: companyPost.id }, body: {} })).parsed.data;
    expect(companyShare.shared_post).toMatchObject({ available: true, author: null, company: { id: company.id, logo: null } });
    await t.db.update(schema.partnerCompanies).set({ is_published: false }).where(eq(schema.partnerCompanies.id, company.id));
    expect((await t.call(ep.show, { as: sharer, params: { id: companyShare.id } })).parsed.data.shared_post).toEqual({ available: false });
    // Its manager still sees it, as on the company's page.
    expect((await t.call(ep.show, { as: manager, params: { id: companyShare.id } })).parsed.data.shared_post).toMatchObject({ available: true });

    expect((await t.call(ep.deleteUserPost, { as: author, params: { slug: post.slug } })).status).toBe(204);
    const after = (await t.call(ep.show, { as: sharer, params: { id: share.id } })).parsed.data;
    expect(after).toMatchObject({ shared_post_id: null, shared_post: { available: false } });
  });
});

describe('access gates, visibility, not-found and hostile input', () => {
  const HUGE_ID = '99999999999999999999';

  it('every endpoint answers 401 anonymously and 403 account_in_review to accounts in review, never touching the post', async () => {
    const owner = await t.session();
    const post = await createPost(owner, 'Urørt');
    const inReview = await t.session({ status: 'in_review' });
    const cases: [Endpoint, { params?: Params; body?: object }][] = [
      [ep.feed, {}],
      [ep.userPosts, { params: { slug: owner.user.slug } }],
      [ep.show, { params: { id: post.id } }],
      [ep.update, { params: { id: post.id }, body: { body: 'x' } }],
      [ep.deleteUserPost, { params: { slug: post.slug } }],
      [ep.deleteCompanyPost, { params: { slug: post.slug } }],
      [ep.archiveUserPost, { params: { slug: post.slug }, body: { archive: 'archive' } }],
      [ep.archiveCompanyPost, { params: { slug: post.slug }, body: { archive: 'archive' } }],
      [ep.archived, { params: { slug: owner.user.slug } }],
      [ep.comments, { params: { id: post.id } }],
      [ep.addComment, { params: { id: post.id }, body: { text: 'x' } }],
      [ep.deleteComment, { params: { id: post.id, commentId: 1 } }],
      [ep.like, { params: { id: post.id } }],
      [ep.unlike, { params: { id: post.id } }],
      [ep.share, { params: { id: post.id }, body: { body: 'x' } }],
    ];
    for (const [endpoint, opts] of cases) {
      const anonymous = await t.call(endpoint, { as: null, ...opts, locale: 'en' });
      expect([endpoint.path, anonymous.status, anonymous.error.message]).toEqual([endpoint.path, 401, 'You need to log in to continue.']);
      const refused = await t.call(endpoint, { as: inReview, ...opts });
      expect([endpoint.path, refused.status, refused.error.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
    const created = await send(inReview, { body: 'x' });
    expect(created.status).toBe(403);
    expect(created.error.reason).toBe('account_in_review');
    const after = (await t.call(ep.show, { as: owner, params: { id: post.id } })).parsed.data;
    expect(after).toMatchObject({ body: 'Urørt', likes_count: 0, comments_count: 0, shares_count: 0, is_archived: false });
  });

  it("someone else's post: 403 not_owner while live, 404 for everything once archived", async () => {
    const owner = await t.session();
    const other = await t.session();
    const post = await createPost(owner);
    const archive = await t.call(ep.archiveUserPost, { as: other, params: { slug: post.slug }, body: { archive: 'archive' } });
    expect(archive.status).toBe(403);
    expect(archive.error.reason).toBe('not_owner');
    expect((await t.call(ep.archiveCompanyPost, { as: owner, params: { slug: post.slug }, body: { archive: 'archive' } })).status).toBe(404);
    await t.call(ep.archiveUserPost, { as: owner, params: { slug: post.slug }, body: { archive: 'archive' } });
    const hidden: [Endpoint, { params: Params; body?: object }][] = [
      [ep.update, { params: { id: post.id }, body: { body: 'x' } }],
      [ep.deleteUserPost, { params: { slug: post.slug } }],
      [ep.archiveUserPost, { params: { slug: post.slug }, body: { archive: 'unarchive' } }],
      [ep.comments, { params: { id: post.id } }],
      [ep.addComment, { params: { id: post.id }, body: { text: 'x' } }],
      [ep.like, { params: { id: post.id } }],
      [ep.unlike, { params: { id: post.id } }],
      [ep.share, { params: { id: post.id }, body: {} }],
    ];
    for (const [endpoint, opts] of hidden) {
      const res = await t.call(endpoint, { as: other, ...opts, locale: 'en' });
      expect([endpoint.path, res.status, res.error.message]).toEqual([endpoint.path, 404, 'We could not find what you were looking for.']);
    }
    const archived = (await t.call(ep.archived, { as: owner, params: { slug: owner.user.slug } })).parsed;
    expect(archived.data.map((p) => p.id)).toEqual([post.id]);
  });

  it("posts of an unpublished company are 404 for non-managers (and not in their feed), visible to its managers", async () => {
    const manager = await t.session();
    const reader = await t.session();
    const company = await createCompany(t.db, { managers: [manager.user.id], published: false });
    await t.db.insert(schema.partnerCompanyFollowers).values({ partner_company_id: company.id, user_id: reader.user.id });
    const post = await createPost(await tokenFor(t, manager.user, { actAs: company.id }), 'Ikke publisert ennå');
    const hidden: [Endpoint, { params: Params; body?: object }][] = [
      [ep.show, { params: { id: post.id } }],
      [ep.comments, { params: { id: post.id } }],
      [ep.addComment, { params: { id: post.id }, body: { text: 'x' } }],
      [ep.like, { params: { id: post.id } }],
      [ep.unlike, { params: { id: post.id } }],
      [ep.share, { params: { id: post.id }, body: {} }],
      [ep.deleteCompanyPost, { params: { slug: post.slug } }],
      [ep.archiveCompanyPost, { params: { slug: post.slug }, body: { archive: 'archive' } }],
    ];
    for (const [endpoint, opts] of hidden) {
      expect([endpoint.path, (await t.call(endpoint, { as: reader, ...opts })).status]).toEqual([endpoint.path, 404]);
    }
    expect((await t.call(ep.feed, { as: reader })).parsed.data.map((p) => p.id)).not.toContain(post.id);
    expect((await t.call(ep.show, { as: manager, params: { id: post.id } })).status).toBe(200);
    await t.db.insert(schema.partnerCompanyFollowers).values({ partner_company_id: company.id, user_id: manager.user.id });
    expect((await t.call(ep.feed, { as: manager })).parsed.data.map((p) => p.id)).toContain(post.id);
    // Once published, members see it.
    await t.db.update(schema.partnerCompanies).set({ is_published: true }).where(eq(schema.partnerCompanies.id, company.id));
    expect((await t.call(ep.show, { as: reader, params: { id: post.id } })).status).toBe(200);
    expect((await t.call(ep.feed, { as: reader })).parsed.data.map((p) => p.id)).toContain(post.id);
  });

  it('answers 404 for unknown posts, comments and slugs on every endpoint', async () => {
    const me = await t.session();
    const post = await createPost(me);
    const missing: [Endpoint, { params: Params; body?: object }][] = [
      [ep.archiveUserPost, { params: { slug: 'no-such-post' }, body: { archive: 'archive' } }],
      [ep.archiveCompanyPost, { params: { slug: 'no-such-post' }, body: { archive: 'archive' } }],
      [ep.deleteCompanyPost, { params: { slug: 'no-such-post' } }],
      [ep.comments, { params: { id: 999999999 } }],
      [ep.unlike, { params: { id: 999999999 } }],
      [ep.deleteComment, { params: { id: 999999999, commentId: 1 } }],
      [ep.deleteComment, { params: { id: post.id, commentId: 999999999 } }],
      // Beyond PostgreSQL's integer range, but a valid JSON number: still just "not found".
      [ep.show, { params: { id: 2147483648 } }],
      [ep.like, { params: { id: 9007199254740991 } }],
    ];
    for (const [endpoint, opts] of missing) {
      const res = await t.call(endpoint, { as: me, ...opts, locale: 'en' });
      expect([endpoint.path, res.status, res.error.message]).toEqual([endpoint.path, 404, 'We could not find what you were looking for.']);
    }
  });

  it('answers 422 with per-field messages for bad path parameters, queries and bodies', async () => {
    const me = await t.session();
    const { user } = me;
    const post = await createPost(me);
    const longSlug = 's'.repeat(201);
    const bad: [Endpoint, { params?: Params; query?: Params; body?: object }, string, string][] = [
      [ep.show, { params: { id: HUGE_ID } }, 'id', 'Can be at most 9007199254740991.'],
      [ep.update, { params: { id: -1 }, body: { body: 'x' } }, 'id', 'Must be greater than 0.'],
      [ep.like, { params: { id: '1.5' } }, 'id', 'Must be a whole number.'],
      [ep.unlike, { params: { id: "1' OR '1'='1" } }, 'id', 'Invalid value.'],
      [ep.share, { params: { id: '😀' }, body: {} }, 'id', 'Invalid value.'],
      [ep.comments, { params: { id: HUGE_ID } }, 'id', 'Can be at most 9007199254740991.'],
      [ep.addComment, { params: { id: 0 }, body: { text: 'x' } }, 'id', 'Must be greater than 0.'],
      [ep.deleteComment, { params: { id: post.id, commentId: 'abc' } }, 'commentId', 'Invalid value.'],
      [ep.deleteComment, { params: { id: post.id, commentId: HUGE_ID } }, 'commentId', 'Can be at most 9007199254740991.'],
      [ep.deleteUserPost, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.deleteCompanyPost, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.archiveUserPost, { params: { slug: post.slug }, body: { archive: true } }, 'archive', 'Invalid choice.'],
      [ep.archiveCompanyPost, { params: { slug: longSlug }, body: { archive: 'archive' } }, 'slug', 'Can be at most 200 characters.'],
      [ep.archiveCompanyPost, { params: { slug: post.slug }, body: {} }, 'archive', 'This field is required.'],
      [ep.archived, { params: { slug: user.slug }, query: { page: 0 } }, 'page', 'Must be at least 1.'],
      [ep.archived, { params: { slug: user.slug }, query: { per_page: 999 } }, 'per_page', 'Can be at most 50.'],
      [ep.comments, { params: { id: post.id }, query: { page: 'abc' } }, 'page', 'Invalid value.'],
      [ep.feed, { query: { limit: 'ten' } }, 'limit', 'Invalid value.'],
      [ep.feed, { query: { cursor: 'x'.repeat(201) } }, 'cursor', 'Can be at most 200 characters.'],
      [ep.userPosts, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.update, { params: { id: post.id }, body: { body: ['x'] } }, 'body', 'Invalid value.'],
      [ep.update, { params: { id: post.id }, body: { body: null } }, 'body', 'Invalid value.'],
      [ep.update, { params: { id: post.id }, body: { body: 'x'.repeat(5001) } }, 'body', 'Can be at most 5000 characters.'],
      [ep.addComment, { params: { id: post.id }, body: { text: { $ne: '' } } }, 'text', 'Invalid value.'],
      [ep.addComment, { params: { id: post.id }, body: { text: '😀'.repeat(2001) } }, 'text', 'Can be at most 2000 characters.'],
      [ep.share, { params: { id: post.id }, body: { body: 'x'.repeat(5001) } }, 'body', 'Can be at most 5000 characters.'],
    ];
    for (const [endpoint, opts, field, message] of bad) {
      const res = await t.call(endpoint, { as: me, ...opts, locale: 'en' });
      expect([endpoint.path, res.status, res.validation.errors?.[field]]).toEqual([endpoint.path, 422, [message]]);
    }
    const after = (await t.call(ep.show, { as: me, params: { id: post.id } })).parsed.data;
    expect(after).toMatchObject({ body: 'Hei fra legen', comments_count: 0, shares_count: 0, likes_count: 0 });
  });

  it('refuses well-formed cursors that carry an impossible time (422, not a database error)', async () => {
    const me = await t.session();
    const { user } = me;
    await createPost(me);
    const cursorOf = (time: string) => Buffer.from(JSON.stringify([time, 5]), 'utf8').toString('base64url');
    for (const time of ['2026-99-99T99:99:99Z', '2026-02-30T10:00:00Z', '2026-01-01T24:00:00Z', '0000-01-01T00:00:00Z', '2026-01-01T00:00:00.000+99']) {
      for (const endpoint of [ep.feed, ep.userPosts]) {
        const res = await t.call(endpoint, { as: me, params: { slug: user.slug }, query: { cursor: cursorOf(time) }, locale: 'en' });
        expect([time, endpoint.path, res.status, res.validation.errors?.cursor]).toEqual([time, endpoint.path, 422, ['Invalid value.']]);
      }
    }
    // The API's own format and PostgreSQL's text format both still page.
    for (const time of ['2026-02-28T10:00:00.123456Z', '2099-01-01 00:00:00+01']) {
      expect((await t.call(ep.feed, { as: me, query: { cursor: cursorOf(time) } })).status).toBe(200);
    }
  });

  it('stores emoji and SQL-looking text verbatim', async () => {
    const me = await t.session();
    const text = "Robert'); DROP TABLE posts;-- 😀 <script>alert(1)</script>";
    const post = await createPost(me, text);
    expect(post.body).toBe(text);
    const edited = await t.call(ep.update, { as: me, params: { id: post.id }, body: { body: `${text} ✅` } });
    expect(edited.parsed.data.body).toBe(`${text} ✅`);
    const comment = await t.call(ep.addComment, { as: me, params: { id: post.id }, body: { text: "1' OR '1'='1 🙂" } });
    expect(comment.status).toBe(201);
    expect(comment.parsed.data.text).toBe("1' OR '1'='1 🙂");
    const notFound = await t.call(ep.userPosts, { as: me, params: { slug: "' OR 1=1 --" } });
    expect(notFound.status).toBe(404);
  });
});
