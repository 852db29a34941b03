import { buildPath, type Endpoint, networkEndpoints as ep, profileEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
import { settleJobs } from '../../../test/jobs';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function call(endpoint: Endpoint, auth: string | null, opts: { slug?: string; query?: Record<string, string | number>; locale?: string } = {}) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'delete';
  let req = t.http[method](`/api${buildPath(endpoint.path, opts.slug ? { slug: opts.slug } : {})}`).set('X-localization', opts.locale ?? 'en');
  if (opts.query) req = req.query(opts.query);
  if (auth) req = req.set('Authorization', auth);
  return req;
}

async function session(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, options);
  return { user, auth: bearer(await tokenFor(t, user)) };
}

describe('follow and unfollow a member', () => {
  it('follows idempotently, notifies once through the queue, and unfollows', async () => {
    const me = await session();
    const target = await createUser(t.db);
    for (let i = 0; i < 2; i++) {
      const res = await call(ep.follow, me.auth, { slug: target.slug });
      expect(res.status).toBe(200);
      expect(ep.follow.response.parse(res.body).data.following).toBe(true);
    }
    await settleJobs(t);
    const notes = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, target.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'new_follower', actor_user_id: me.user.id, entity_type: 'user', entity_id: me.user.id });
    const followers = ep.followers.response.parse((await call(ep.followers, me.auth, { slug: target.slug })).body);
    expect(followers.data.map((u) => u.id)).toEqual([me.user.id]);
    for (let i = 0; i < 2; i++) {
      const res = await call(ep.unfollow, me.auth, { slug: target.slug });
      expect(res.status).toBe(200);
      expect(ep.unfollow.response.parse(res.body).data.following).toBe(false);
    }
    const rows = await t.db
      .select()
      .from(schema.userFollows)
      .where(and(eq(schema.userFollows.follower_id, me.user.id), eq(schema.userFollows.followed_user_id, target.id)));
    expect(rows).toHaveLength(0);
  });

  it('refuses self-follow (422, localised), unknown or unapproved members (404), anonymous (401)', async () => {
    const me = await session();
    const self = await call(ep.follow, me.auth, { slug: me.user.slug, locale: 'no' });
    expect(self.status).toBe(422);
    expect(self.body.errors.slug).toEqual(['Du kan ikke følge deg selv.']);
    expect((await call(ep.follow, me.auth, { slug: `nobody-${uniqueToken()}` })).status).toBe(404);
    const pending = await createUser(t.db, { status: 'awaiting_approval' });
    expect((await call(ep.follow, me.auth, { slug: pending.slug })).status).toBe(404);
    expect((await call(ep.follow, null, { slug: pending.slug })).status).toBe(401);
    expect((await call(ep.unfollow, null, { slug: pending.slug })).status).toBe(401);
  });

  it('answers 403 in review and in business-profile mode', async () => {
    const target = await createUser(t.db);
    const inReview = await session({ status: 'in_review' });
    const r1 = await call(ep.follow, inReview.auth, { slug: target.slug });
    expect(r1.status).toBe(403);
    expect(r1.body.reason).toBe('account_in_review');
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const r2 = await call(ep.follow, bearer(await tokenFor(t, manager, { actAs: company.id })), { slug: target.slug });
    expect(r2.status).toBe(403);
    expect(r2.body.reason).toBe('business_profile_active');
  });
});

describe('GET /profile/:slug/followers', () => {
  it('pages followers newest first; 404 for unknown; 401 anonymous; 422 bad page', async () => {
    const me = await session();
    const target = await createUser(t.db);
    const a = await session();
    const b = await session();
    await call(ep.follow, a.auth, { slug: target.slug });
    await call(ep.follow, b.auth, { slug: target.slug });
    const res = await call(ep.followers, me.auth, { slug: target.slug, query: { per_page: 1 } });
    expect(res.status).toBe(200);
    const body = ep.followers.response.parse(res.body);
    expect(body.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(body.data.map((u) => u.id)).toEqual([b.user.id]);
    expect((await call(ep.followers, me.auth, { slug: `nobody-${uniqueToken()}` })).status).toBe(404);
    expect((await call(ep.followers, null, { slug: target.slug })).status).toBe(401);
    expect((await call(ep.followers, me.auth, { slug: target.slug, query: { page: 0 } })).status).toBe(422);
  });
});

describe('GET /profile/search', () => {
  it('matches prefixes and typos of approved members only, most similar first', async () => {
    const me = await session();
    const last = `Zqx${uniqueToken()}`;
    const exact = await createUser(t.db, { firstName: 'Ingrid', lastName: last });
    const other = await createUser(t.db, { firstName: 'Ingeborg', lastName: last });
    await createUser(t.db, { firstName: 'Ingrid', lastName: last, status: 'in_review' });
    const byPrefix = ep.search.response.parse((await call(ep.search, me.auth, { query: { name: `ingrid ${last.slice(0, 5)}`, type: 'user' } })).body);
    expect(byPrefix.data[0]!.id).toBe(exact.id);
    expect(byPrefix.data.map((u) => u.id)).not.toContain(undefined);
    const byLast = ep.search.response.parse((await call(ep.search, me.auth, { query: { name: last } })).body);
    expect(byLast.data.map((u) => u.id).sort()).toEqual([exact.id, other.id].sort());
    expect(byLast.meta.total).toBe(2);
    const typo = ep.search.response.parse((await call(ep.search, me.auth, { query: { name: `Ingird ${last}` } })).body);
    expect(typo.data.map((u) => u.id)).toContain(exact.id);
    const wild = ep.search.response.parse((await call(ep.search, me.auth, { query: { name: '%_' } })).body);
    expect(wild.data).toEqual([]);
  });

  it('answers 422 without a name or with another type, 401 anonymous, 403 in review', async () => {
    const me = await session();
    expect((await call(ep.search, me.auth, { query: { type: 'user' } })).status).toBe(422);
    expect((await call(ep.search, me.auth, { query: { name: 'a', type: 'company' } })).status).toBe(422);
    expect((await call(ep.search, null, { query: { name: 'a' } })).status).toBe(401);
    const inReview = await session({ status: 'in_review' });
    expect((await call(ep.search, inReview.auth, { query: { name: 'a' } })).status).toBe(403);
  });
});

describe('follow figures on GET /profile/:slug', () => {
  it('shows followers, following and whether the viewer follows, as the figures change', async () => {
    const me = await session();
    const other = await session();
    const target = await createUser(t.db);
    const profile = async (auth: string) => {
      const res = await t.http.get(`/api${buildPath(profileEndpoints.show.path, { slug: target.slug })}`).set('Authorization', auth);
      expect(res.status).toBe(200);
      return profileEndpoints.show.response.parse(res.body).data;
    };
    expect(await profile(me.auth)).toMatchObject({ followers_count: 0, following_count: 0, is_following: false });
    await call(ep.follow, me.auth, { slug: target.slug });
    await call(ep.follow, other.auth, { slug: target.slug });
    expect(await profile(me.auth)).toMatchObject({ followers_count: 2, is_following: true });
    await call(ep.unfollow, me.auth, { slug: target.slug });
    expect(await profile(me.auth)).toMatchObject({ followers_count: 1, is_following: false });
    expect(await profile(other.auth)).toMatchObject({ followers_count: 1, is_following: true });
    const mine = await t.http.get(`/api${buildPath(profileEndpoints.show.path, { slug: other.user.slug })}`).set('Authorization', other.auth);
    expect(profileEndpoints.show.response.parse(mine.body).data).toMatchObject({ following_count: 1, is_me: true, is_following: false });
  });
});

describe('access gates, not-found and hostile input', () => {
  it('every endpoint answers 403 account_in_review to accounts in review; unfollow is personal (business_profile_active)', async () => {
    const target = await createUser(t.db);
    const inReview = await session({ status: 'in_review' });
    const cases: [Endpoint, { slug?: string; query?: Record<string, string | number> }][] = [
      [ep.search, { query: { name: 'a' } }],
      [ep.follow, { slug: target.slug }],
      [ep.unfollow, { slug: target.slug }],
      [ep.followers, { slug: target.slug }],
    ];
    for (const [endpoint, opts] of cases) {
      const res = await call(endpoint, inReview.auth, opts);
      expect([endpoint.path, res.status, res.body.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    await t.db.insert(schema.userFollows).values({ follower_id: manager.id, followed_user_id: target.id });
    const res = await call(ep.unfollow, bearer(await tokenFor(t, manager, { actAs: company.id })), { slug: target.slug });
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('business_profile_active');
    const rows = await t.db.select().from(schema.userFollows).where(eq(schema.userFollows.follower_id, manager.id));
    expect(rows).toHaveLength(1);
  });

  it('unfollow and followers answer 404 for unknown, unapproved and SQL-looking slugs', async () => {
    const me = await session();
    const pending = await createUser(t.db, { status: 'awaiting_approval' });
    const blocked = await createUser(t.db, { status: 'blocked' });
    for (const slug of [`nobody-${uniqueToken()}`, pending.slug, blocked.slug, "' OR 1=1 --", '😀', '%']) {
      for (const endpoint of [ep.unfollow, ep.followers, ep.follow]) {
        const res = await call(endpoint, me.auth, { slug });
        expect([endpoint.path, slug, res.status, res.body.message]).toEqual([endpoint.path, slug, 404, 'We could not find what you were looking for.']);
      }
    }
  });

  it('answers 422 with per-field messages for bad slugs and queries', async () => {
    const me = await session();
    const longSlug = 's'.repeat(201);
    const bad: [Endpoint, { slug?: string; query?: Record<string, string | number> }, string, string][] = [
      [ep.follow, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.unfollow, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.followers, { slug: longSlug }, 'slug', 'Can be at most 200 characters.'],
      [ep.followers, { slug: me.user.slug, query: { per_page: 999 } }, 'per_page', 'Can be at most 50.'],
      [ep.search, { query: { name: 'x'.repeat(101) } }, 'name', 'Can be at most 100 characters.'],
      [ep.search, { query: { name: '   ' } }, 'name', 'This field is required.'],
      [ep.search, { query: { name: 'a', page: '99999999999999999999' } }, 'page', 'Can be at most 100000.'],
      [ep.search, { query: { name: 'a', per_page: -1 } }, 'per_page', 'Must be at least 1.'],
    ];
    for (const [endpoint, opts, field, message] of bad) {
      const res = await call(endpoint, me.auth, opts);
      expect([endpoint.path, field, res.status, res.body.errors?.[field]]).toEqual([endpoint.path, field, 422, expect.arrayContaining([message])]);
    }
    const repeated = await t.http.get(`/api${ep.search.path}?name=a&name=b`).set('Authorization', me.auth).set('X-localization', 'en');
    expect(repeated.status).toBe(422);
    expect(repeated.body.errors.name).toEqual(['Invalid value.']);
  });

  it('searches emoji and SQL-looking names as plain text', async () => {
    const me = await session();
    const last = `O'Brien-${uniqueToken()}`;
    const irish = await createUser(t.db, { firstName: 'Siobhán', lastName: last });
    const found = ep.search.response.parse((await call(ep.search, me.auth, { query: { name: last } })).body);
    expect(found.data.map((u) => u.id)).toEqual([irish.id]);
    for (const name of ["'; DROP TABLE users; --", '😀', '\\', "x' OR '1'='1"]) {
      const res = await call(ep.search, me.auth, { query: { name } });
      expect([name, res.status]).toEqual([name, 200]);
      expect(ep.search.response.parse(res.body).data.map((u) => u.id)).not.toContain(irish.id);
    }
  });
});
