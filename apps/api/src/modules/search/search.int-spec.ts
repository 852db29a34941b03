import { SEARCH_GROUP_LIMIT, searchEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { invalid } from '../../../test/call';

let t: TestApp;
let word: string;
let ids: {
  company: number;
  hiddenCompany: number;
  job: number;
  course: number;
  petition: number;
  member: number;
  post: number;
};

beforeAll(async () => {
  t = await createTestApp();
  // One made-up word in every name and text, so that only this test's rows match.
  word = `zq${uniqueToken()}`;
  const member = await createUser(t.db, { firstName: `Ola${word}`, lastName: 'Nordmann' });
  for (let i = 0; i < SEARCH_GROUP_LIMIT + 2; i += 1)
    await createUser(t.db, { firstName: `Kari${word}`, lastName: `Nr${i}` });
  await createUser(t.db, { firstName: `Per${word}`, status: 'awaiting_approval' });
  const company = await createCompany(t.db, { managers: [], name: `Klinikk ${word}` });
  const hiddenCompany = await createCompany(t.db, { managers: [], name: `Skjult ${word}`, published: false });
  const [job] = await t.db
    .insert(schema.jobs)
    .values({
      title: `Overlege ${word}`,
      position_type: 'full_time',
      description: `Stilling ${word}`,
      application_deadline: '2099-12-31',
      company_name: company.name,
      partner_company_id: company.id,
      user_id: member.id,
    })
    .returning({ id: schema.jobs.id });
  const start = new Date(Date.now() + 7 * 24 * 3600_000);
  const [course] = await t.db
    .insert(schema.courses)
    .values({
      type: 'webinar',
      title: `Kurs i ${word}`,
      start_at: start,
      duration_minutes: 60,
      ends_at: new Date(start.getTime() + 3600_000),
      status: 'approved',
      user_id: member.id,
    })
    .returning({ id: schema.courses.id });
  const [petition] = await t.db
    .insert(schema.petitions)
    .values({
      title: `Opprop om ${word}`,
      summary: 'Sammendrag',
      full_text: `Tekst ${word}`,
      end_date: '2099-12-31',
      status: 'active',
      visibility: 'open',
      user_id: member.id,
      published_at: new Date(),
    })
    .returning({ id: schema.petitions.id });
  await t.db.insert(schema.petitions).values({
    title: `Utkast om ${word}`,
    summary: 'Sammendrag',
    full_text: `Tekst ${word}`,
    status: 'draft',
    visibility: 'open',
    user_id: member.id,
  });
  // Posts: a live one (found), an archived one and one of a blocked member (never found).
  const blocked = await createUser(t.db, { firstName: 'Blokkert', status: 'blocked' });
  const [post] = await t.db
    .insert(schema.posts)
    .values({
      slug: `p-${word}-1`,
      body: `Erfaringer med ${word} i allmennpraksis`,
      author_user_id: member.id,
    })
    .returning({ id: schema.posts.id });
  await t.db.insert(schema.posts).values([
    { slug: `p-${word}-2`, body: `Arkivert om ${word}`, author_user_id: member.id, archived_at: new Date() },
    { slug: `p-${word}-3`, body: `Skjult om ${word}`, author_user_id: blocked.id },
  ]);
  ids = {
    post: post!.id,
    company: company.id,
    hiddenCompany: hiddenCompany.id,
    job: job!.id,
    course: course!.id,
    petition: petition!.id,
    member: member.id,
  };
});
afterAll(async () => {
  await t.close();
});

describe('GET /search', () => {
  it('finds people, companies, jobs, courses and petitions the caller may see, a few per group with the total', async () => {
    const me = await t.session();
    const res = await t.call(ep.search, { as: me, query: { search: word }, locale: 'en' });
    expect(res.status).toBe(200);
    const { people, companies, jobs, courses, petitions } = res.parsed.data;
    // Approved members only (not the one awaiting approval), at most the group limit, the total beside it.
    expect(people!.items).toHaveLength(SEARCH_GROUP_LIMIT);
    expect(people!.total).toBe(SEARCH_GROUP_LIMIT + 3);
    expect(people!.items.every((p) => p.slug !== null && !p.title.startsWith('Per'))).toBe(true);
    // Published companies; an unpublished one only for its managers.
    expect(companies!.items.map((c) => c.id)).toEqual([ids.company]);
    expect(jobs!.items).toEqual([
      expect.objectContaining({ id: ids.job, title: `Overlege ${word}`, subtitle: `Klinikk ${word}` }),
    ]);
    expect(courses!.items).toEqual([expect.objectContaining({ id: ids.course, type: 'webinar' })]);
    // Those lists round their totals up to ten: no total rather than "10" for one hit.
    expect(jobs!.total).toBeNull();
    expect(courses!.total).toBeNull();
    expect(companies!.total).toBe(1);
    // Published petitions only, never drafts.
    expect(petitions!.items.map((p) => p.id)).toEqual([ids.petition]);
    // Live posts of visible members by their text: not archived ones, not a blocked member's.
    expect(res.parsed.data.posts).toEqual({
      items: [
        expect.objectContaining({
          id: ids.post,
          title: `Erfaringer med ${word} i allmennpraksis`,
          subtitle: `Ola${word} Nordmann`,
        }),
      ],
      total: null,
    });
  });

  it("shows a manager their company's unpublished page, as the directory does", async () => {
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    await t.db
      .insert(schema.partnerCompanyManagers)
      .values({ partner_company_id: ids.hiddenCompany, user_id: manager.id });
    const res = await t.call(ep.search, { as: await tokenFor(t, manager), query: { search: word } });
    expect(res.parsed.data.companies!.items.map((c) => c.id).sort()).toEqual(
      [ids.company, ids.hiddenCompany].sort(),
    );
  });

  it('leaves out the groups the caller has no permission for; a business profile searches with the company’s keys', async () => {
    const noRoles = await t.session({ roles: [] });
    const res = await t.call(ep.search, { as: noRoles, query: { search: word } });
    expect(res.status).toBe(200);
    expect(res.parsed.data.jobs).toBeNull();
    expect(res.parsed.data.courses).toBeNull();
    expect(res.parsed.data.people!.total).toBeGreaterThan(0);

    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const acting = await t.call(ep.search, {
      as: await tokenFor(t, manager, { actAs: company.id }),
      query: { search: word },
    });
    expect(acting.status).toBe(200);
    expect(acting.parsed.data.jobs!.items.map((j) => j.id)).toEqual([ids.job]);
  });

  it('answers 401 anonymously and 403 with the reason to accounts that are not approved', async () => {
    expect((await t.call(ep.search, { as: null, query: { search: word } })).status).toBe(401);
    for (const [status, reason] of [
      ['awaiting_approval', 'account_not_approved'],
      ['in_review', 'account_in_review'],
    ] as const) {
      const res = await t.call(ep.search, { as: await t.session({ status }), query: { search: word } });
      expect(res.status).toBe(403);
      expect(res.error.reason).toBe(reason);
    }
  });

  it('answers 422 in the asked language for a missing, too short or too long term, never 5xx for odd text', async () => {
    const me = await t.session();
    for (const query of [{}, { search: 'a' }, { search: ' a ' }, { search: 'x'.repeat(101) }]) {
      const res = await t.call(ep.search, { as: me, query: invalid(query), locale: 'en' });
      expect(res.status).toBe(422);
      expect(res.validation.errors.search?.[0]).toMatch(/[A-Za-z]/);
    }
    const no = await t.call(ep.search, { as: me, query: { search: 'a' }, locale: 'no' });
    expect(no.validation.errors.search?.[0]).not.toBe(
      (await t.call(ep.search, { as: me, query: { search: 'a' }, locale: 'en' })).validation.errors
        .search?.[0],
    );
    for (const search of ["'; drop table users; --", '%_\\', '😀😀', '"(&|!)"', 'ab:*']) {
      const res = await t.call(ep.search, { as: me, query: { search } });
      expect(res.status).toBe(200);
    }
  });
});
