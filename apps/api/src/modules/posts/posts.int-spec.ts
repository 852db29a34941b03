import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPath, type Endpoint, POST_FILES_FIELD, postEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { JobQueue } from '../../common/queue';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
import { fileRows, objectsExist } from '../../../test/files';
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

async function session(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, options);
  return { user, auth: bearer(await tokenFor(t, user)) };
}

type Params = Record<string, string | number>;

function call(endpoint: Endpoint, auth: string | null, opts: { params?: Params; query?: Params; body?: object } = {}) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  let req = t.http[method](`/api${buildPath(endpoint.path, opts.params)}`).set('X-localization', 'en');
  if (opts.query) req = req.query(opts.query);
  if (auth) req = req.set('Authorization', auth);
  return opts.body ? req.send(opts.body) : req;
}

interface UploadFile {
  buffer: Buffer;
  name: string;
}

function send(auth: string | null, fields: Record<string, string>, files: UploadFile[] = []) {
  let req = t.http.post(`/api${ep.create.path}`).set('X-localization', 'en');
  if (auth) req = req.set('Authorization', auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, v);
  for (const f of files) req = req.attach(POST_FILES_FIELD, f.buffer, f.name);
  return req;
}

const png = async (): Promise<UploadFile> => ({
  buffer: await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } }).png().toBuffer(),
  name: 'photo.png',
});
const pdf: UploadFile = { buffer: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'), name: 'guide.pdf' };

async function createPost(auth: string, body = 'Hei fra legen', files: UploadFile[] = []) {
  const res = await send(auth, { body }, files);
  expect(res.status).toBe(201);
  return ep.create.response.parse(res.body).data;
}

/** The notification jobs the queue was handed so far, once the outbox is settled. */
const notificationsOf = async (kind: string) => {
  await settleJobs(t);
  return enqueue.mock.calls.filter(([name, payload]) => name === 'notifications.create' && (payload as { kind: string }).kind === kind).map(([, payload]) => payload as Record<string, unknown>);
};

describe('POST /posts', () => {
  it('creates a post with images and a PDF and shows it', async () => {
    const { user, auth } = await session();
    const post = await createPost(auth, 'Ny studie', [await png(), pdf]);
    expect(post).toMatchObject({ body: 'Ny studie', author: { id: user.id }, company: null, likes_count: 0, comments_count: 0, liked_by_me: false, is_mine: true });
    expect(post.attachments.map((a) => a.kind)).toEqual(['image', 'document']);
    expect(post.attachments[0]!.mime).toBe('image/webp');
    expect(post.attachments[1]).toMatchObject({ original_name: 'guide.pdf', thumb_url: null });
    const shown = await call(ep.show, auth, { params: { id: post.id } });
    expect(shown.status).toBe(200);
    expect(ep.show.response.parse(shown.body).data.id).toBe(post.id);
  });

  it('posts as the company while acting as it', async () => {
    const { user } = await session();
    const company = await createCompany(t.db, { managers: [user.id] });
    const auth = bearer(await tokenFor(t, user, { actAs: company.id }));
    const post = await createPost(auth, 'Firmanytt');
    expect(post).toMatchObject({ author: null, company: { id: company.id, slug: company.slug }, is_mine: true });
  });

  it('refuses more than 5 files, empty posts, non-images (422), anonymous (401) and unapproved (403)', async () => {
    const { auth } = await session();
    const six = await Promise.all(Array.from({ length: 6 }, png));
    const many = await send(auth, { body: 'x' }, six);
    expect(many.status).toBe(422);
    expect(many.body.errors[POST_FILES_FIELD]).toEqual(["You can't upload more than 5 photos!"]);
    const empty = await send(auth, { body: '   ' });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.body).toEqual(['Write some text or attach a file.']);
    expect((await send(auth, { body: 'x' }, [{ buffer: Buffer.from('not a file'), name: 'a.txt' }])).status).toBe(422);
    expect((await send(auth, { body: 'x'.repeat(5001) })).status).toBe(422);
    expect((await send(null, { body: 'x' })).status).toBe(401);
    const waiting = await session({ status: 'awaiting_approval' });
    expect((await send(waiting.auth, { body: 'x' })).status).toBe(403);
  });
});

describe('GET /posts/:id and PUT /posts/:id', () => {
  it('edits own text; others get 403, unknown 404, bad input 422', async () => {
    const { auth } = await session();
    const other = await session();
    const post = await createPost(auth);
    const res = await call(ep.update, auth, { params: { id: post.id }, body: { body: 'Rettet tekst' } });
    expect(res.status).toBe(200);
    expect(ep.update.response.parse(res.body).data.body).toBe('Rettet tekst');
    const forbidden = await call(ep.update, other.auth, { params: { id: post.id }, body: { body: 'Hack' } });
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.reason).toBe('not_owner');
    expect((await call(ep.update, auth, { params: { id: 999999999 }, body: { body: 'x' } })).status).toBe(404);
    expect((await call(ep.update, auth, { params: { id: post.id }, body: { body: 5 } })).status).toBe(422);
    expect((await call(ep.show, auth, { params: { id: 999999999 } })).status).toBe(404);
    expect((await call(ep.show, auth, { params: { id: 'abc' } })).status).toBe(422);
    expect((await call(ep.show, null, { params: { id: post.id } })).status).toBe(401);
  });
});

describe('delete and archive', () => {
  it('deletes own user posts (204); other users 403; company posts need a manager', async () => {
    const { user, auth } = await session();
    const other = await session();
    const post = await createPost(auth, 'Med vedlegg', [await png(), pdf]);
    const [image, document] = post.attachments;
    const rows = [...(await fileRows(t.db, image!.url)), ...(await fileRows(t.db, document!.url))];
    expect(rows.map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['post_image', 'lg', user.id],
      ['post_image', 'sm', user.id],
      ['post_document', null, user.id],
    ]);
    expect(rows[1]!.storage_key).toBe(image!.thumb_url!.replace('/api/files/', ''));
    expect(rows[2]).toMatchObject({ original_name: 'guide.pdf', content_type: 'application/pdf' });
    expect(objectsExist(dataDir, rows.map((r) => r.storage_key))).toEqual([true, true, true]);
    expect((await call(ep.deleteUserPost, other.auth, { params: { slug: post.slug } })).status).toBe(403);
    expect((await call(ep.deleteCompanyPost, auth, { params: { slug: post.slug } })).status).toBe(404);
    expect((await call(ep.deleteUserPost, auth, { params: { slug: post.slug } })).status).toBe(204);
    // The attachments' rows and objects go with the post.
    expect([...(await fileRows(t.db, image!.url)), ...(await fileRows(t.db, document!.url))]).toEqual([]);
    expect(objectsExist(dataDir, rows.map((r) => r.storage_key))).toEqual([false, false, false]);
    expect((await call(ep.show, auth, { params: { id: post.id } })).status).toBe(404);
    expect((await call(ep.deleteUserPost, auth, { params: { slug: 'no-such-post' } })).status).toBe(404);

    const company = await createCompany(t.db, { managers: [user.id] });
    const companyPost = await createPost(bearer(await tokenFor(t, user, { actAs: company.id })));
    expect((await call(ep.deleteCompanyPost, other.auth, { params: { slug: companyPost.slug } })).status).toBe(403);
    expect((await call(ep.deleteCompanyPost, auth, { params: { slug: companyPost.slug } })).status).toBe(204);
  });

  it('archives and unarchives; archived posts are listed for the owner only and hidden from others', async () => {
    const { user, auth } = await session();
    const other = await session();
    const post = await createPost(auth);
    expect((await call(ep.archiveUserPost, auth, { params: { slug: post.slug }, body: { archive: 'later' } })).status).toBe(422);
    const res = await call(ep.archiveUserPost, auth, { params: { slug: post.slug }, body: { archive: 'archive' } });
    expect(res.status).toBe(200);
    expect(ep.archiveUserPost.response.parse(res.body).data.is_archived).toBe(true);
    expect((await call(ep.show, other.auth, { params: { id: post.id } })).status).toBe(404);
    const list = await call(ep.archived, auth, { params: { slug: user.slug } });
    expect(list.status).toBe(200);
    expect(ep.archived.response.parse(list.body).data.map((p) => p.id)).toEqual([post.id]);
    expect((await call(ep.archived, other.auth, { params: { slug: user.slug } })).status).toBe(403);
    expect((await call(ep.archived, auth, { params: { slug: 'nobody-here' } })).status).toBe(404);
    const back = await call(ep.archiveUserPost, auth, { params: { slug: post.slug }, body: { archive: 'unarchive' } });
    expect(ep.archiveUserPost.response.parse(back.body).data.is_archived).toBe(false);

    const company = await createCompany(t.db, { managers: [user.id] });
    const companyPost = await createPost(bearer(await tokenFor(t, user, { actAs: company.id })));
    expect((await call(ep.archiveCompanyPost, other.auth, { params: { slug: companyPost.slug }, body: { archive: 'archive' } })).status).toBe(403);
    expect((await call(ep.archiveCompanyPost, auth, { params: { slug: companyPost.slug }, body: { archive: 'archive' } })).status).toBe(200);
  });
});

describe('GET /feed', () => {
  it('shows followed users and companies and my own posts, not others or archived ones', async () => {
    const reader = await session();
    const stranger = await session();
    const followed = await session();
    const manager = await session();
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    await t.db.insert(schema.userFollows).values({ follower_id: reader.user.id, followed_user_id: followed.user.id });
    await t.db.insert(schema.partnerCompanyFollowers).values({ partner_company_id: company.id, user_id: reader.user.id });
    const mine = await createPost(reader.auth, 'mitt');
    const fromFollowed = await createPost(followed.auth, 'fulgt');
    const fromCompany = await createPost(bearer(await tokenFor(t, manager.user, { actAs: company.id })), 'firma');
    const fromStranger = await createPost(stranger.auth, 'fremmed');
    const archived = await createPost(followed.auth, 'arkiv');
    await call(ep.archiveUserPost, followed.auth, { params: { slug: archived.slug }, body: { archive: 'archive' } });

    const res = await call(ep.feed, reader.auth);
    expect(res.status).toBe(200);
    const ids = ep.feed.response.parse(res.body).data.map((p) => p.id);
    expect(ids).toEqual([fromCompany.id, fromFollowed.id, mine.id]);
    expect(ids).not.toContain(fromStranger.id);
    expect(ids).not.toContain(archived.id);

    const strangerFeed = ep.feed.response.parse((await call(ep.feed, stranger.auth)).body).data.map((p) => p.id);
    expect(strangerFeed).toEqual([fromStranger.id]);
  });

  it('pages by keyset without repeats or gaps', async () => {
    const { auth } = await session();
    const created: number[] = [];
    for (let i = 0; i < 7; i += 1) created.push((await createPost(auth, `post ${i}`)).id);
    const seen: number[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page += 1) {
      const query: Params = cursor ? { limit: 3, cursor } : { limit: 3 };
      const res = await call(ep.feed, auth, { query });
      expect(res.status).toBe(200);
      const body = ep.feed.response.parse(res.body);
      seen.push(...body.data.map((p) => p.id));
      cursor = body.meta.next_cursor;
      if (!cursor) break;
    }
    expect(seen).toEqual([...created].reverse());
  });

  it('answers 422 for a bad cursor or limit and 401 anonymously', async () => {
    const { auth } = await session();
    expect((await call(ep.feed, auth, { query: { cursor: 'bm90LWEtY3Vyc29y' } })).status).toBe(422);
    expect((await call(ep.feed, auth, { query: { limit: 51 } })).status).toBe(422);
    expect((await call(ep.feed, null)).status).toBe(401);
  });
});

describe('GET /profile/:slug/posts', () => {
  it("pages a member's own live posts newest first, without company or archived posts", async () => {
    const viewer = await session();
    const author = await session({ roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [author.user.id] });
    const first = await createPost(author.auth, 'en');
    const second = await createPost(author.auth, 'to');
    const archived = await createPost(author.auth, 'arkiv');
    await call(ep.archiveUserPost, author.auth, { params: { slug: archived.slug }, body: { archive: 'archive' } });
    await createPost(bearer(await tokenFor(t, author.user, { actAs: company.id })), 'firma');
    const third = await createPost(author.auth, 'tre');

    const page1 = ep.userPosts.response.parse((await call(ep.userPosts, viewer.auth, { params: { slug: author.user.slug }, query: { limit: 2 } })).body);
    expect(page1.data.map((p) => p.id)).toEqual([third.id, second.id]);
    expect(page1.data[0]).toMatchObject({ is_mine: false, author: { id: author.user.id } });
    expect(page1.meta.next_cursor).not.toBeNull();
    const page2 = ep.userPosts.response.parse(
      (await call(ep.userPosts, viewer.auth, { params: { slug: author.user.slug }, query: { limit: 2, cursor: page1.meta.next_cursor! } })).body,
    );
    expect(page2.data.map((p) => p.id)).toEqual([first.id]);
    expect(page2.meta.next_cursor).toBeNull();
  });

  it('answers 404 for an unknown member, 422 for a bad cursor, 401 anonymously', async () => {
    const { user, auth } = await session();
    expect((await call(ep.userPosts, auth, { params: { slug: 'nobody-at-all-here' } })).status).toBe(404);
    // A NUL character (which PostgreSQL cannot store) is bad input, in the path or in a body.
    const nulPath = await t.http.get('/api/profile/a%00b/posts').set('Authorization', auth);
    expect(nulPath.status).toBe(422);
    expect(nulPath.body.errors).toHaveProperty('slug');
    const post = await createPost(auth, 'NUL-test');
    const nulBody = await call(ep.addComment, auth, { params: { id: post.id }, body: { text: 'a\u0000b' } });
    expect(nulBody.status).toBe(422);
    expect(nulBody.body.errors).toHaveProperty('text');
    expect((await call(ep.userPosts, auth, { params: { slug: user.slug }, query: { cursor: 'xyz' } })).status).toBe(422);
    expect((await call(ep.userPosts, null, { params: { slug: user.slug } })).status).toBe(401);
  });
});

describe('posts of a blocked member', () => {
  it('leave the feeds of their followers and their page answers 404', async () => {
    const reader = await session();
    const author = await session();
    await t.db.insert(schema.userFollows).values({ follower_id: reader.user.id, followed_user_id: author.user.id });
    const post = await createPost(author.auth, 'før blokkering');
    const feedIds = async () => ep.feed.response.parse((await call(ep.feed, reader.auth)).body).data.map((p) => p.id);
    expect(await feedIds()).toContain(post.id);
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, author.user.id));
    expect(await feedIds()).not.toContain(post.id);
    expect((await call(ep.userPosts, reader.auth, { params: { slug: author.user.slug } })).status).toBe(404);
  });
});

describe('comments', () => {
  it('comments, lists oldest first, notifies the author, and deletes by owner rules', async () => {
    const author = await session();
    const commenter = await session();
    const other = await session();
    const post = await createPost(author.auth);
    const first = await call(ep.addComment, commenter.auth, { params: { id: post.id }, body: { text: 'Første' } });
    expect(first.status).toBe(201);
    const c1 = ep.addComment.response.parse(first.body).data;
    const c2 = ep.addComment.response.parse((await call(ep.addComment, author.auth, { params: { id: post.id }, body: { text: 'Andre' } })).body).data;
    expect((await notificationsOf('comment')).filter((p) => p.entity_id === post.id)).toEqual([
      expect.objectContaining({ user_id: author.user.id, actor_user_id: commenter.user.id, entity_type: 'post', entity_id: post.id }),
    ]);
    const list = ep.comments.response.parse((await call(ep.comments, other.auth, { params: { id: post.id } })).body);
    expect(list.data.map((c) => c.id)).toEqual([c1.id, c2.id]);
    expect(list.meta.total).toBe(2);
    const shown = ep.show.response.parse((await call(ep.show, author.auth, { params: { id: post.id } })).body).data;
    expect(shown.comments_count).toBe(2);

    expect((await call(ep.addComment, commenter.auth, { params: { id: post.id }, body: { text: '' } })).status).toBe(422);
    expect((await call(ep.addComment, commenter.auth, { params: { id: post.id }, body: { text: 'x'.repeat(2001) } })).status).toBe(422);
    expect((await call(ep.addComment, commenter.auth, { params: { id: 999999999 }, body: { text: 'x' } })).status).toBe(404);
    expect((await call(ep.addComment, null, { params: { id: post.id }, body: { text: 'x' } })).status).toBe(401);

    expect((await call(ep.deleteComment, other.auth, { params: { id: post.id, commentId: c1.id } })).status).toBe(403);
    expect((await call(ep.deleteComment, author.auth, { params: { id: post.id, commentId: c1.id } })).status).toBe(204);
    expect((await call(ep.deleteComment, author.auth, { params: { id: post.id, commentId: c1.id } })).status).toBe(404);
    const after = ep.show.response.parse((await call(ep.show, author.auth, { params: { id: post.id } })).body).data;
    expect(after.comments_count).toBe(1);
  });

  it('comments as the company in business-profile mode; the company deletes its own comment', async () => {
    const author = await session();
    const manager = await session();
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    const asCompany = bearer(await tokenFor(t, manager.user, { actAs: company.id }));
    const post = await createPost(author.auth);
    const res = await call(ep.addComment, asCompany, { params: { id: post.id }, body: { text: 'Fra firmaet' } });
    expect(res.status).toBe(201);
    const comment = ep.addComment.response.parse(res.body).data;
    expect(comment).toMatchObject({ author: null, company: { id: company.id }, is_mine: true });
    expect((await notificationsOf('comment')).filter((p) => p.entity_id === post.id)).toEqual([
      expect.objectContaining({ user_id: author.user.id, actor_user_id: manager.user.id, partner_company_id: company.id }),
    ]);
    expect((await call(ep.deleteComment, manager.auth, { params: { id: post.id, commentId: comment.id } })).status).toBe(403);
    expect((await call(ep.deleteComment, asCompany, { params: { id: post.id, commentId: comment.id } })).status).toBe(204);
  });

  it('refuses comments on a company post with comments turned off (403)', async () => {
    const manager = await session();
    const reader = await session();
    const company = await createCompany(t.db, { managers: [manager.user.id] });
    await t.db.update(schema.partnerCompanies).set({ is_comments_allowed: false }).where(eq(schema.partnerCompanies.id, company.id));
    const post = await createPost(bearer(await tokenFor(t, manager.user, { actAs: company.id })));
    const res = await call(ep.addComment, reader.auth, { params: { id: post.id }, body: { text: 'Hei' } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe('This company has turned off comments on its posts.');
  });
});

describe('likes and shares', () => {
  it('likes idempotently, keeps the count right, notifies once and never for own likes', async () => {
    const author = await session();
    const fan = await session();
    const post = await createPost(author.auth);
    for (let i = 0; i < 2; i += 1) {
      const res = await call(ep.like, fan.auth, { params: { id: post.id } });
      expect(res.status).toBe(200);
      expect(ep.like.response.parse(res.body).data).toEqual({ liked: true, likes_count: 1 });
    }
    await call(ep.like, author.auth, { params: { id: post.id } });
    expect((await notificationsOf('like')).filter((p) => p.entity_id === post.id)).toEqual([expect.objectContaining({ user_id: author.user.id, actor_user_id: fan.user.id })]);
    const shown = ep.show.response.parse((await call(ep.show, fan.auth, { params: { id: post.id } })).body).data;
    expect(shown).toMatchObject({ likes_count: 2, liked_by_me: true });
    for (let i = 0; i < 2; i += 1) {
      const res = await call(ep.unlike, fan.auth, { params: { id: post.id } });
      expect(ep.unlike.response.parse(res.body).data).toEqual({ liked: false, likes_count: 1 });
    }
    expect((await call(ep.like, fan.auth, { params: { id: 999999999 } })).status).toBe(404);
    expect((await call(ep.like, null, { params: { id: post.id } })).status).toBe(401);
  });

  it('shares a post as a new post of mine', async () => {
    const author = await session();
    const sharer = await session();
    const post = await createPost(author.auth);
    const res = await call(ep.share, sharer.auth, { params: { id: post.id }, body: { body: 'Les denne' } });
    expect(res.status).toBe(201);
    const share = ep.share.response.parse(res.body).data;
    expect(share).toMatchObject({ body: 'Les denne', shared_post_id: post.id, author: { id: sharer.user.id } });
    const original = ep.show.response.parse((await call(ep.show, author.auth, { params: { id: post.id } })).body).data;
    expect(original.shares_count).toBe(1);
    expect((await call(ep.share, sharer.auth, { params: { id: 999999999 }, body: {} })).status).toBe(404);
    expect((await call(ep.share, sharer.auth, { params: { id: post.id }, body: { body: 7 } })).status).toBe(422);
  });
});

describe('access gates, visibility, not-found and hostile input', () => {
  const HUGE_ID = '99999999999999999999';

  it('every endpoint answers 401 anonymously and 403 account_in_review to accounts in review, never touching the post', async () => {
    const owner = await session();
    const post = await createPost(owner.auth, 'Urørt');
    const inReview = await session({ status: 'in_review' });
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
      const anonymous = await call(endpoint, null, opts);
      expect([endpoint.path, anonymous.status, anonymous.body.message]).toEqual([endpoint.path, 401, 'You need to log in to continue.']);
      const refused = await call(endpoint, inReview.auth, opts);
      expect([endpoint.path, refused.status, refused.body.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
    const created = await send(inReview.auth, { body: 'x' });
    expect(created.status).toBe(403);
    expect(created.body.reason).toBe('account_in_review');
    const after = ep.show.response.parse((await call(ep.show, owner.auth, { params: { id: post.id } })).body).data;
    expect(after).toMatchObject({ body: 'Urørt', likes_count: 0, comments_count: 0, shares_count: 0, is_archived: false });
  });

  it("someone else's post: 403 not_owner while live, 404 for everything once archived", async () => {
    const owner = await session();
    const other = await session();
    const post = await createPost(owner.auth);
    const archive = await call(ep.archiveUserPost, other.auth, { params: { slug: post.slug }, body: { archive: 'archive' } });
    expect(archive.status).toBe(403);
    expect(archive.body.reason).toBe('not_owner');
    expect((await call(ep.archiveCompanyPost, owner.auth, { params: { slug: post.slug }, body: { archive: 'archive' } })).status).toBe(404);
    await call(ep.archiveUserPost, owner.auth, { params: { slug: post.slug }, body: { archive: 'archive' } });
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
      const res = await call(endpoint, other.auth, opts);
      expect([endpoint.path, res.status, res.body.message]).toEqual([endpoint.path, 404, 'We could not find what you were looking for.']);
    }
    const archived = ep.archived.response.parse((await call(ep.archived, owner.auth, { params: { slug: owner.user.slug } })).body);
    expect(archived.data.map((p) => p.id)).toEqual([post.id]);
  });

  it("posts of an unpublished company are 404 for non-managers (and not in their feed), visible to its managers", async () => {
    const manager = await session();
    const reader = await session();
    const company = await createCompany(t.db, { managers: [manager.user.id], published: false });
    await t.db.insert(schema.partnerCompanyFollowers).values({ partner_company_id: company.id, user_id: reader.user.id });
    const post = await createPost(bearer(await tokenFor(t, manager.user, { actAs: company.id })), 'Ikke publisert ennå');
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
      expect([endpoint.path, (await call(endpoint, reader.auth, opts)).status]).toEqual([endpoint.path, 404]);
    }
    expect(ep.feed.response.parse((await call(ep.feed, reader.auth)).body).data.map((p) => p.id)).not.toContain(post.id);
    expect((await call(ep.show, manager.auth, { params: { id: post.id } })).status).toBe(200);
    await t.db.insert(schema.partnerCompanyFollowers).values({ partner_company_id: company.id, user_id: manager.user.id });
    expect(ep.feed.response.parse((await call(ep.feed, manager.auth)).body).data.map((p) => p.id)).toContain(post.id);
    // Once published, members see it.
    await t.db.update(schema.partnerCompanies).set({ is_published: true }).where(eq(schema.partnerCompanies.id, company.id));
    expect((await call(ep.show, reader.auth, { params: { id: post.id } })).status).toBe(200);
    expect(ep.feed.response.parse((await call(ep.feed, reader.auth)).body).data.map((p) => p.id)).toContain(post.id);
  });

  it('answers 404 for unknown posts, comments and slugs on every endpoint', async () => {
    const { auth } = await session();
    const post = await createPost(auth);
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
      const res = await call(endpoint, auth, opts);
      expect([endpoint.path, res.status, res.body.message]).toEqual([endpoint.path, 404, 'We could not find what you were looking for.']);
    }
  });

  it('answers 422 with per-field messages for bad path parameters, queries and bodies', async () => {
    const { user, auth } = await session();
    const post = await createPost(auth);
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
      const res = await call(endpoint, auth, opts);
      expect([endpoint.path, res.status, res.body.errors?.[field]]).toEqual([endpoint.path, 422, [message]]);
    }
    const after = ep.show.response.parse((await call(ep.show, auth, { params: { id: post.id } })).body).data;
    expect(after).toMatchObject({ body: 'Hei fra legen', comments_count: 0, shares_count: 0, likes_count: 0 });
  });

  it('refuses well-formed cursors that carry an impossible time (422, not a database error)', async () => {
    const { user, auth } = await session();
    await createPost(auth);
    const cursorOf = (time: string) => Buffer.from(JSON.stringify([time, 5]), 'utf8').toString('base64url');
    for (const time of ['2026-99-99T99:99:99Z', '2026-02-30T10:00:00Z', '2026-01-01T24:00:00Z', '0000-01-01T00:00:00Z', '2026-01-01T00:00:00.000+99']) {
      for (const endpoint of [ep.feed, ep.userPosts]) {
        const res = await call(endpoint, auth, { params: { slug: user.slug }, query: { cursor: cursorOf(time) } });
        expect([time, endpoint.path, res.status, res.body.errors?.cursor]).toEqual([time, endpoint.path, 422, ['Invalid value.']]);
      }
    }
    // The API's own format and PostgreSQL's text format both still page.
    for (const time of ['2026-02-28T10:00:00.123456Z', '2099-01-01 00:00:00+01']) {
      expect((await call(ep.feed, auth, { query: { cursor: cursorOf(time) } })).status).toBe(200);
    }
  });

  it('stores emoji and SQL-looking text verbatim', async () => {
    const { auth } = await session();
    const text = "Robert'); DROP TABLE posts;-- 😀 <script>alert(1)</script>";
    const post = await createPost(auth, text);
    expect(post.body).toBe(text);
    const edited = await call(ep.update, auth, { params: { id: post.id }, body: { body: `${text} ✅` } });
    expect(ep.update.response.parse(edited.body).data.body).toBe(`${text} ✅`);
    const comment = await call(ep.addComment, auth, { params: { id: post.id }, body: { text: "1' OR '1'='1 🙂" } });
    expect(comment.status).toBe(201);
    expect(ep.addComment.response.parse(comment.body).data.text).toBe("1' OR '1'='1 🙂");
    const notFound = await call(ep.userPosts, auth, { params: { slug: "' OR 1=1 --" } });
    expect(notFound.status).toBe(404);
  });
});
