import { type Endpoint, networkEndpoints as ep, postEndpoints, POST_FILES_FIELD, profileEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type Caller, invalid } from '../../../test/call';
import { insertReferenceFixtures } from '../../../test/fixtures';
import { settleJobs } from '../../../test/jobs';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('follow and unfollow a member', () => {
  it('follows idempotently, notifies once through the queue, and unfollows', async () => {
    const me = await t.session();
    const target = await createUser(t.db);
    for (let i = 0; i < 2; i++) {
      const res = await t.call(ep.follow, { as: me, params: { slug: target.slug } });
      expect(res.status).toBe(200);
      expect(res.parsed.data.following).toBe(true);
    }
    await settleJobs(t);
    const notes = await t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, target.id));
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ kind: 'new_follower', actor_user_id: me.user.id, entity_type: 'user', entity_id: me.user.id });
    const followers = (await t.call(ep.followers, { as: me, params: { slug: target.slug } })).parsed;
    expect(followers.data.map((u) => u.id)).toEqual([me.user.id]);
    for (let i = 0; i < 2; i++) {
      const res = await t.call(ep.unfollow, { as: me, params: { slug: target.slug } });
      expect(res.status).toBe(200);
      expect(res.parsed.data.following).toBe(false);
    }
    const rows = await t.db
      .select()
      .from(schema.userFollows)
      .where(and(eq(schema.userFollows.follower_id, me.user.id), eq(schema.userFollows.followed_user_id, target.id)));
    expect(rows).toHaveLength(0);
  });

  it('refuses self-follow (422, localised), unknown or unapproved members (404), anonymous (401)', async () => {
    const me = await t.session();
    const self = await t.call(ep.follow, { as: me, params: { slug: me.user.slug }, locale: 'no' });
    expect(self.status).toBe(422);
    expect(self.validation.errors.slug).toEqual(['Du kan ikke følge deg selv.']);
    expect((await t.call(ep.follow, { as: me, params: { slug: `nobody-${uniqueToken()}` } })).status).toBe(404);
    const pending = await createUser(t.db, { status: 'awaiting_approval' });
    expect((await t.call(ep.follow, { as: me, params: { slug: pending.slug } })).status).toBe(404);
    expect((await t.call(ep.follow, { as: null, params: { slug: pending.slug } })).status).toBe(401);
    expect((await t.call(ep.unfollow, { as: null, params: { slug: pending.slug } })).status).toBe(401);
  });

  it('answers 403 in review and in business-profile mode', async () => {
    const target = await createUser(t.db);
    const inReview = await t.session({ status: 'in_review' });
    const r1 = await t.call(ep.follow, { as: inReview, params: { slug: target.slug } });
    expect(r1.status).toBe(403);
    expect(r1.error.reason).toBe('account_in_review');
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const r2 = await t.call(ep.follow, { as: await tokenFor(t, manager, { actAs: company.id }), params: { slug: target.slug } });
    expect(r2.status).toBe(403);
    expect(r2.error.reason).toBe('business_profile_active');
  });
});

describe('GET /profile/:slug/followers', () => {
  it('pages followers newest first; 404 for unknown; 401 anonymous; 422 bad page', async () => {
    const me = await t.session();
    const target = await createUser(t.db);
    const a = await t.session();
    const b = await t.session();
    await t.call(ep.follow, { as: a, params: { slug: target.slug } });
    await t.call(ep.follow, { as: b, params: { slug: target.slug } });
    const res = await t.call(ep.followers, { as: me, params: { slug: target.slug }, query: { per_page: 1 } });
    expect(res.status).toBe(200);
    const body = res.parsed;
    expect(body.meta).toMatchObject({ total: 2, last_page: 2 });
    expect(body.data.map((u) => u.id)).toEqual([b.user.id]);
    expect((await t.call(ep.followers, { as: me, params: { slug: `nobody-${uniqueToken()}` } })).status).toBe(404);
    expect((await t.call(ep.followers, { as: null, params: { slug: target.slug } })).status).toBe(401);
    expect((await t.call(ep.followers, { as: me, params: { slug: target.slug }, query: { page: 0 } })).status).toBe(422);
  });
});

describe('GET /profile/:slug/following', () => {
  it('pages whom a member follows, newest follow first, leaving out unapproved members; 404, 401, 422', async () => {
    const me = await t.session();
    const follower = await t.session();
    const a = await createUser(t.db);
    const b = await createUser(t.db);
    const later = await createUser(t.db);
    await t.call(ep.follow, { as: follower, params: { slug: a.slug } });
    await t.call(ep.follow, { as: follower, params: { slug: b.slug } });
    await t.call(ep.follow, { as: follower, params: { slug: later.slug } });
    // An account blocked after being followed drops out of the list (and out of the count).
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, later.id));
    const first = await t.call(ep.following, { as: me, params: { slug: follower.user.slug }, query: { per_page: 1 } });
    expect(first.status).toBe(200);
    expect(first.parsed.meta).toMatchObject({ total: 2, last_page: 2, current_page: 1 });
    expect(first.parsed.data.map((u) => u.id)).toEqual([b.id]);
    const second = await t.call(ep.following, { as: me, params: { slug: follower.user.slug }, query: { per_page: 1, page: 2 } });
    expect(second.parsed.data.map((u) => u.slug)).toEqual([a.slug]);
    // The profile's figure counts what the list shows.
    const shown = await t.call(profileEndpoints.show, { as: me, params: { slug: follower.user.slug } });
    expect(shown.parsed.data.following_count).toBe(2);
    const none = await t.call(ep.following, { as: me, params: { slug: a.slug } });
    expect(none.parsed).toMatchObject({ data: [], meta: { total: 0 } });
    expect((await t.call(ep.following, { as: me, params: { slug: `nobody-${uniqueToken()}` } })).status).toBe(404);
    expect((await t.call(ep.following, { as: null, params: { slug: a.slug } })).status).toBe(401);
    expect((await t.call(ep.following, { as: me, params: { slug: a.slug }, query: { page: 0 } })).status).toBe(422);
  });
});

describe('the verified health personnel badge (verified_as)', () => {
  it('names HPR-confirmed members, students with a licence as such, and nobody else, in lists, profiles, posts and comments', async () => {
    const me = await t.session();
    const target = await createUser(t.db);
    const doctor = await t.session({ approvedHrp: 2 });
    const student = await t.session({ approvedHrp: 2, roles: ['student'] });
    const unconfirmed = await t.session({ approvedHrp: 1 });
    for (const who of [doctor, student, unconfirmed]) await t.call(ep.follow, { as: who, params: { slug: target.slug } });
    const followers = (await t.call(ep.followers, { as: me, params: { slug: target.slug } })).parsed.data;
    expect(Object.fromEntries(followers.map((u) => [u.id, u.verified_as]))).toEqual({
      [doctor.user.id]: 'doctor',
      [student.user.id]: 'student',
      [unconfirmed.user.id]: null,
    });
    const profile = async (slug: string) => (await t.call(profileEndpoints.show, { as: me, params: { slug } })).parsed.data.verified_as;
    expect([await profile(doctor.user.slug), await profile(student.user.slug), await profile(unconfirmed.user.slug)]).toEqual([
      'doctor',
      'student',
      null,
    ]);
    const post = await t.call(postEndpoints.create, { as: student, body: { body: `Badge ${uniqueToken()}` }, files: { [POST_FILES_FIELD]: [] } });
    expect(post.parsed.data.author?.verified_as).toBe('student');
    const comment = await t.call(postEndpoints.addComment, { as: unconfirmed, params: { id: post.parsed.data.id }, body: { text: 'Takk' } });
    expect(comment.parsed.data.author?.verified_as).toBeNull();
    const comments = (await t.call(postEndpoints.comments, { as: doctor, params: { id: post.parsed.data.id } })).parsed.data;
    expect(comments.map((c) => c.author?.verified_as)).toEqual([null]);
  });
});

describe('GET /network/suggestions (people you may know)', () => {
  it('ranks colleagues at the same workplace, people followed by those I follow, shared specialty and county; never me, nobody I follow, no unapproved member', async () => {
    const ref = await insertReferenceFixtures(t.db, uniqueToken());
    const me = await t.session();
    const place = (userId: number, values: Partial<typeof schema.userInfo.$inferInsert>) =>
      t.db.update(schema.userInfo).set(values).where(eq(schema.userInfo.user_id, userId));
    await place(me.user.id, { workplace_hospital_id: ref.hospital.id, county_id: ref.county.id });
    await t.db.insert(schema.userSpecialties).values({ user_id: me.user.id, specialty_id: ref.specialty.id });

    const colleague = await createUser(t.db);
    await place(colleague.id, { workplace_hospital_id: ref.hospital.id });
    const friend = await createUser(t.db);
    const friendOfFriend = await createUser(t.db);
    await t.db.insert(schema.userFollows).values([
      { follower_id: me.user.id, followed_user_id: friend.id },
      { follower_id: friend.id, followed_user_id: friendOfFriend.id },
    ]);
    const sameSpecialty = await createUser(t.db);
    await t.db.insert(schema.userSpecialties).values({ user_id: sameSpecialty.id, specialty_id: ref.specialty.id });
    const sameCounty = await createUser(t.db);
    await place(sameCounty.id, { county_id: ref.county.id });
    // Left out: a colleague awaiting approval, a blocked one, and one I already follow.
    const pending = await createUser(t.db, { status: 'awaiting_approval' });
    const blocked = await createUser(t.db, { status: 'blocked' });
    const followedColleague = await createUser(t.db);
    for (const u of [pending, blocked, followedColleague]) await place(u.id, { workplace_hospital_id: ref.hospital.id });
    await t.db.insert(schema.userFollows).values({ follower_id: me.user.id, followed_user_id: followedColleague.id });

    const res = await t.call(ep.suggestions, { as: me, query: { limit: 10 } });
    expect(res.status).toBe(200);
    expect(res.parsed.data.map((u) => [u.id, u.reason, u.followed_by_count])).toEqual([
      [colleague.id, 'workplace', 0],
      [friendOfFriend.id, 'followed_by_followed', 1],
      [sameSpecialty.id, 'specialty', 0],
      [sameCounty.id, 'county', 0],
    ]);
    expect(res.parsed.data[0]).toMatchObject({ slug: colleague.slug, verified_as: 'doctor' });
    expect((await t.call(ep.suggestions, { as: me, query: { limit: 2 } })).parsed.data.map((u) => u.id)).toEqual([colleague.id, friendOfFriend.id]);

    // Following someone takes them off the list.
    await t.call(ep.follow, { as: me, params: { slug: colleague.slug } });
    const after = (await t.call(ep.suggestions, { as: me })).parsed.data.map((u) => u.id);
    expect(after).not.toContain(colleague.id);
    expect(after).not.toContain(me.user.id);

    // A member with nothing in common gets an empty list, not an error.
    const loner = await t.session();
    expect((await t.call(ep.suggestions, { as: loner })).parsed.data).toEqual([]);
  });

  it('answers 401 anonymous, 403 in review, awaiting approval and as a business profile, 422 for a bad limit', async () => {
    expect((await t.call(ep.suggestions, { as: null })).status).toBe(401);
    const inReview = await t.session({ status: 'in_review' });
    expect((await t.call(ep.suggestions, { as: inReview })).error.reason).toBe('account_in_review');
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await t.call(ep.suggestions, { as: waiting })).error.reason).toBe('account_not_approved');
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = await t.call(ep.suggestions, { as: await tokenFor(t, manager, { actAs: company.id }) });
    expect([asCompany.status, asCompany.error.reason]).toEqual([403, 'business_profile_active']);
    const me = await t.session();
    for (const limit of [0, 11, 'many']) {
      const res = await t.call(ep.suggestions, { as: me, query: invalid({ limit }), locale: 'en' });
      expect([limit, res.status, res.validation.errors.limit?.length]).toEqual([limit, 422, 1]);
    }
  });
});

describe('GET /profile/search', () => {
  it('matches prefixes and typos of approved members only, most similar first', async () => {
    const me = await t.session();
    const last = `Zqx${uniqueToken()}`;
    const exact = await createUser(t.db, { firstName: 'Ingrid', lastName: last });
    const other = await createUser(t.db, { firstName: 'Ingeborg', lastName: last });
    await createUser(t.db, { firstName: 'Ingrid', lastName: last, status: 'in_review' });
    const byPrefix = (await t.call(ep.search, { as: me, query: { name: `ingrid ${last.slice(0, 5)}`, type: 'user' } })).parsed;
    expect(byPrefix.data[0]!.id).toBe(exact.id);
    expect(byPrefix.data.map((u) => u.id)).not.toContain(undefined);
    const byLast = (await t.call(ep.search, { as: me, query: { name: last } })).parsed;
    expect(byLast.data.map((u) => u.id).sort()).toEqual([exact.id, other.id].sort());
    expect(byLast.meta.total).toBe(2);
    const typo = (await t.call(ep.search, { as: me, query: { name: `Ingird ${last}` } })).parsed;
    expect(typo.data.map((u) => u.id)).toContain(exact.id);
    const wild = (await t.call(ep.search, { as: me, query: { name: '%_' } })).parsed;
    expect(wild.data).toEqual([]);
  });

  it('answers 422 without a name or with another type, 401 anonymous, 403 in review', async () => {
    const me = await t.session();
    expect((await t.call(ep.search, { as: me, query: invalid({ type: 'user' }) })).status).toBe(422);
    expect((await t.call(ep.search, { as: me, query: invalid({ name: 'a', type: 'company' }) })).status).toBe(422);
    expect((await t.call(ep.search, { as: null, query: { name: 'a' } })).status).toBe(401);
    const inReview = await t.session({ status: 'in_review' });
    expect((await t.call(ep.search, { as: inReview, query: { name: 'a' } })).status).toBe(403);
  });
});

describe('follow figures on GET /profile/:slug', () => {
  it('shows followers, following and whether the viewer follows, as the figures change', async () => {
    const me = await t.session();
    const other = await t.session();
    const target = await createUser(t.db);
    const profile = async (as: Caller) => {
      const res = await t.call(profileEndpoints.show, { as, params: { slug: target.slug } });
      expect(res.status).toBe(200);
      return res.parsed.data;
    };
    expect(await profile(me)).toMatchObject({ followers_count: 0, following_count: 0, is_following: false });
    await t.call(ep.follow, { as: me, params: { slug: target.slug } });
    await t.call(ep.follow, { as: other, params: { slug: target.slug } });
    expect(await profile(me)).toMatchObject({ followers_count: 2, is_following: true });
    await t.call(ep.unfollow, { as: me, params: { slug: target.slug } });
    expect(await profile(me)).toMatchObject({ followers_count: 1, is_following: false });
    expect(await profile(other)).toMatchObject({ followers_count: 1, is_following: true });
    const mine = await t.call(profileEndpoints.show, { as: other, params: { slug: other.user.slug } });
    expect(mine.parsed.data).toMatchObject({ following_count: 1, is_me: true, is_following: false });
  });
});

describe('access gates, not-found and hostile input', () => {
  it('every endpoint answers 403 account_in_review to accounts in review; unfollow is personal (business_profile_active)', async () => {
    const target = await createUser(t.db);
    const inReview = await t.session({ status: 'in_review' });
    const cases: [Endpoint, { params?: { slug: string }; query?: Record<string, string | number> }][] = [
      [ep.search, { query: { name: 'a' } }],
      [ep.follow, { params: { slug: target.slug } }],
      [ep.unfollow, { params: { slug: target.slug } }],
      [ep.followers, { params: { slug: target.slug } }],
      [ep.following, { params: { slug: target.slug } }],
    ];
    for (const [endpoint, opts] of cases) {
      const res = await t.call(endpoint, { as: inReview, ...opts });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    await t.db.insert(schema.userFollows).values({ follower_id: manager.id, followed_user_id: target.id });
    const res = await t.call(ep.unfollow, { as: await tokenFor(t, manager, { actAs: company.id }), params: { slug: target.slug } });
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('business_profile_active');
    const rows = await t.db.select().from(schema.userFollows).where(eq(schema.userFollows.follower_id, manager.id));
    expect(rows).toHaveLength(1);
  });

  it('unfollow and followers answer 404 for unknown, unapproved and SQL-looking slugs', async () => {
    const me = await t.session();
    const pending = await createUser(t.db, { status: 'awaiting_approval' });
    const blocked = await createUser(t.db, { status: 'blocked' });
    for (const slug of [`nobody-${uniqueToken()}`, pending.slug, blocked.slug, "' OR 1=1 --", '😀', '%']) {
      for (const endpoint of [ep.unfollow, ep.followers, ep.following, ep.follow]) {
        const res = await t.call(endpoint, { as: me, params: { slug }, locale: 'en' });
        expect([endpoint.path, slug, res.status, res.error.message]).toEqual([endpoint.path, slug, 404, 'We could not find what you were looking for.']);
      }
    }
  });

  it('answers 422 with per-field messages for bad slugs and queries', async () => {
    const me = await t.session();
    const longSlug = 's'.repeat(201);
    const bad: [Endpoint, { params?: { slug: string }; query?: Record<string, string | number> }, string, string][] = [
      [ep.follow, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.unfollow, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.followers, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.followers, { params: { slug: me.user.slug }, query: { per_page: 999 } }, 'per_page', 'Can be at most 50.'],
      [ep.following, { params: { slug: longSlug } }, 'slug', 'Can be at most 200 characters.'],
      [ep.search, { query: { name: 'x'.repeat(101) } }, 'name', 'Can be at most 100 characters.'],
      [ep.search, { query: { name: '   ' } }, 'name', 'This field is required.'],
      [ep.search, { query: { name: 'a', page: '99999999999999999999' } }, 'page', 'Can be at most 100000.'],
      [ep.search, { query: { name: 'a', per_page: -1 } }, 'per_page', 'Must be at least 1.'],
    ];
    for (const [endpoint, opts, field, message] of bad) {
      const res = await t.call(endpoint, { as: me, ...opts, locale: 'en' });
      expect([endpoint.path, field, res.status, res.validation.errors?.[field]]).toEqual([endpoint.path, field, 422, expect.arrayContaining([message])]);
    }
    const repeated = await t.call(ep.search, { as: me, query: invalid({ name: ['a', 'b'] }), locale: 'en' });
    expect(repeated.status).toBe(422);
    expect(repeated.validation.errors.name).toEqual(['Invalid value.']);
  });

  it('searches emoji and SQL-looking names as plain text', async () => {
    const me = await t.session();
    const last = `O'Brien-${uniqueToken()}`;
    const irish = await createUser(t.db, { firstName: 'Siobhán', lastName: last });
    const found = (await t.call(ep.search, { as: me, query: { name: last } })).parsed;
    expect(found.data.map((u) => u.id)).toEqual([irish.id]);
    for (const name of ["'; DROP TABLE users; --", '😀', '\\', "x' OR '1'='1"]) {
      const res = await t.call(ep.search, { as: me, query: { name } });
      expect([name, res.status]).toEqual([name, 200]);
      expect(res.parsed.data.map((u) => u.id)).not.toContain(irish.id);
    }
  });
});
