import {
  authEndpoints,
  buildPath,
  type Endpoint,
  jobEndpoints,
  postEndpoints,
  profileEndpoints,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import { AppError } from '../errors/app-error';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
import { DAY, insertCourse } from '../../../test/courses';
import { AccessService } from './access.service';

let t: TestApp;
let access: AccessService;

beforeAll(async () => {
  t = await createTestApp();
  access = t.app.get(AccessService);
});
afterAll(async () => {
  await t.close();
});

const softDelete = (companyId: number) =>
  t.db.update(schema.partnerCompanies).set({ deleted_at: new Date(), is_published: false }).where(eq(schema.partnerCompanies.id, companyId));

/** The status and 403 reason an access check answers (0 when it lets the caller through). */
async function refusal(check: Promise<unknown>): Promise<[number, string | undefined]> {
  try {
    await check;
    return [0, undefined];
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return [err.status, err.options.reason];
  }
}

function call(endpoint: Endpoint, auth: string | null, opts: { params?: Record<string, string | number>; body?: object } = {}) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
  let req = t.http[method](`/api${buildPath(endpoint.path, opts.params)}`).set('X-localization', 'en');
  if (auth) req = req.set('Authorization', auth);
  return opts.body ? req.send(opts.body) : req;
}

describe('AccessService: managing a company', () => {
  it('a manager manages a live company; nobody manages a deleted or unknown one', async () => {
    const manager = await createUser(t.db, { prefix: 'acc-mgr' });
    const other = await createUser(t.db, { prefix: 'acc-other' });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const kept = await createCompany(t.db, { managers: [manager.id] });
    expect(await access.managesCompany(manager.id, company.id)).toBe(true);
    expect(await access.managesCompany(other.id, company.id)).toBe(false);
    expect(await access.managesCompany(manager.id, 999_999_999)).toBe(false);
    // The manager row stays when a company is deleted: the predicate itself must look at deleted_at.
    await softDelete(company.id);
    expect(await access.managesCompany(manager.id, company.id)).toBe(false);
    expect(await access.managedCompanyIds(manager.id)).toEqual([kept.id]);
  });

  it('refuses with 404 what the caller cannot see and 403 not_owner what they see but do not manage', async () => {
    const manager = await createUser(t.db, { prefix: 'acc-mgr' });
    const other = await createUser(t.db, { prefix: 'acc-other' });
    const published = await createCompany(t.db, { managers: [manager.id] });
    const hidden = await createCompany(t.db, { managers: [manager.id], published: false });
    const deleted = await createCompany(t.db, { managers: [manager.id] });
    await softDelete(deleted.id);

    expect(await refusal(access.requireManagesCompany(manager.id, published.id))).toEqual([0, undefined]);
    expect(await refusal(access.requireManagesCompany(manager.id, hidden.id))).toEqual([0, undefined]);
    expect(await refusal(access.requireManagesCompany(other.id, published.id))).toEqual([403, 'not_owner']);
    expect(await refusal(access.requireManagesCompany(other.id, published.id, 'private'))).toEqual([404, undefined]);
    expect(await refusal(access.requireManagesCompany(other.id, hidden.id))).toEqual([404, undefined]);
    expect(await refusal(access.requireManagesCompany(manager.id, deleted.id))).toEqual([404, undefined]);
    expect(await refusal(access.requireManagesCompany(manager.id, 999_999_999))).toEqual([404, undefined]);

    expect(await refusal(access.requireSeesCompany(other.id, published.id))).toEqual([0, undefined]);
    expect(await refusal(access.requireSeesCompany(manager.id, hidden.id))).toEqual([0, undefined]);
    expect(await refusal(access.requireSeesCompany(other.id, hidden.id))).toEqual([404, undefined]);
    expect(await refusal(access.requireSeesCompany(manager.id, deleted.id))).toEqual([404, undefined]);
  });
});

describe('AccessService: visible members', () => {
  it('finds approved, in-review and pending members; not deleted, blocked or rejected ones', async () => {
    for (const status of ['approved', 'in_review', 'awaiting_approval'] as const) {
      const user = await createUser(t.db, { prefix: `acc-${status}`, status });
      expect(await access.requireVisibleMember(user.slug)).toBe(user.id);
    }
    for (const status of ['blocked', 'rejected'] as const) {
      const user = await createUser(t.db, { prefix: `acc-${status}`, status });
      expect(await refusal(access.requireVisibleMember(user.slug))).toEqual([404, undefined]);
    }
    const gone = await createUser(t.db, { prefix: 'acc-gone' });
    await t.db.update(schema.users).set({ deleted_at: new Date() }).where(eq(schema.users.id, gone.id));
    expect(await refusal(access.requireVisibleMember(gone.slug))).toEqual([404, undefined]);
    expect(await refusal(access.requireVisibleMember('no-such-member'))).toEqual([404, undefined]);
  });

  it("answers 404 for a blocked member's profile and posts, 200 for a visible one, 401 anonymous", async () => {
    const viewer = bearer(await tokenFor(t, await createUser(t.db, { prefix: 'acc-viewer' })));
    const visible = await createUser(t.db, { prefix: 'acc-visible' });
    const blocked = await createUser(t.db, { prefix: 'acc-blocked', status: 'blocked' });
    for (const endpoint of [profileEndpoints.show, postEndpoints.userPosts]) {
      expect((await call(endpoint, viewer, { params: { slug: visible.slug } })).status).toBe(200);
      expect((await call(endpoint, viewer, { params: { slug: blocked.slug } })).status).toBe(404);
      expect((await call(endpoint, null, { params: { slug: visible.slug } })).status).toBe(401);
    }
  });
});

describe('a manager of a deleted company has no manager rights left', () => {
  async function companyWithPostAndJob() {
    const manager = await createUser(t.db, { prefix: 'acc-mgr' });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const acting = bearer(await tokenFor(t, manager, { actAs: company.id }));
    const post = await call(postEndpoints.create, acting, { body: { body: `Firmanytt ${uniqueToken()}` } });
    expect(post.status).toBe(201);
    const [job] = await t.db
      .insert(schema.jobs)
      .values({
        title: `Overlege ${uniqueToken()}`,
        position_type: 'full_time',
        description: 'Vi søker en overlege.',
        application_deadline: '2099-12-31',
        company_name: company.name,
        partner_company_id: company.id,
        user_id: (await createUser(t.db, { prefix: 'acc-poster' })).id,
      })
      .returning({ id: schema.jobs.id });
    const auth = bearer(await tokenFor(t, manager));
    return { company, auth, acting, post: postEndpoints.create.response.parse(post.body).data, jobId: job!.id };
  }

  it('while the company lives: edits its posts and jobs; another member gets 403 on the post, 404 on the job', async () => {
    const { auth, post, jobId } = await companyWithPostAndJob();
    const other = bearer(await tokenFor(t, await createUser(t.db, { prefix: 'acc-other' })));
    expect((await call(postEndpoints.update, auth, { params: { id: post.id }, body: { body: 'Rettet' } })).status).toBe(200);
    const foreign = await call(postEndpoints.update, other, { params: { id: post.id }, body: { body: 'Hack' } });
    expect([foreign.status, foreign.body.reason]).toEqual([403, 'not_owner']);
    expect((await call(postEndpoints.update, null, { params: { id: post.id }, body: { body: 'x' } })).status).toBe(401);
    expect(jobEndpoints.show.response.parse((await call(jobEndpoints.show, auth, { params: { id: jobId } })).body).data.can_edit).toBe(true);
    expect(jobEndpoints.show.response.parse((await call(jobEndpoints.show, other, { params: { id: jobId } })).body).data.can_edit).toBe(false);
    expect((await call(jobEndpoints.close, other, { params: { id: jobId } })).status).toBe(404);
  });

  it("after deletion: the company's posts are gone (404) and its jobs are not the ex-manager's to edit", async () => {
    const { company, auth, acting, post, jobId } = await companyWithPostAndJob();
    await softDelete(company.id);
    expect((await call(postEndpoints.update, auth, { params: { id: post.id }, body: { body: 'Rettet' } })).status).toBe(404);
    expect((await call(postEndpoints.archiveCompanyPost, auth, { params: { slug: post.slug }, body: { archive: 'archive' } })).status).toBe(404);
    expect((await call(postEndpoints.deleteCompanyPost, auth, { params: { slug: post.slug } })).status).toBe(404);
    // The job stays on the board (posted by someone else) but no longer offers editing to the ex-manager.
    const shown = await call(jobEndpoints.show, auth, { params: { id: jobId } });
    expect(jobEndpoints.show.response.parse(shown.body).data.can_edit).toBe(false);
    expect((await call(jobEndpoints.close, auth, { params: { id: jobId } })).status).toBe(404);
    const job = { title: 'Overlege', position_type: 'full_time', description: 'Vi søker.', application_deadline: '2099-12-31', company_name: company.name };
    const forCompany = await call(jobEndpoints.create, auth, { body: { ...job, partner_company_id: company.id } });
    expect([forCompany.status, Object.keys(forCompany.body.errors ?? {})]).toEqual([422, ['partner_company_id']]);
    // Nor can they act as the company, and a session that did stops acting as it.
    expect((await call(authEndpoints.authAs, auth, { params: { id: company.id } })).status).toBe(404);
    const me = authEndpoints.me.response.parse((await call(authEndpoints.me, acting)).body).data;
    expect(me.active_business_profile).toBeNull();
    expect(me.available_business_profiles).toEqual([]);
  });
});

describe('AccessService: which of these ids the user manages, per kind', () => {
  const insertJob = async (userId: number, company: number | null) => {
    const [row] = await t.db
      .insert(schema.jobs)
      .values({ title: 'Lege', position_type: 'full_time', application_deadline: '2099-01-01', company_name: 'X', user_id: userId, partner_company_id: company })
      .returning({ id: schema.jobs.id });
    return row!.id;
  };
  const insertPost = async (author: number | null, company: number | null) => {
    const [row] = await t.db
      .insert(schema.posts)
      .values({ slug: `acc-${uniqueToken()}-${uniqueToken()}`, author_user_id: author, partner_company_id: company, body: 'x' })
      .returning({ id: schema.posts.id });
    return row!.id;
  };

  it('answers a whole list in one call: own items and those of live companies managed, not others', async () => {
    const me = await createUser(t.db, { prefix: 'acc-kind-me' });
    const other = await createUser(t.db, { prefix: 'acc-kind-other' });
    const mine = await createCompany(t.db, { managers: [me.id] });
    const theirs = await createCompany(t.db, { managers: [other.id] });
    const gone = await createCompany(t.db, { managers: [me.id] });

    const jobs = [await insertJob(me.id, null), await insertJob(other.id, mine.id), await insertJob(other.id, theirs.id), await insertJob(other.id, gone.id)];
    const courses = [
      (await insertCourse(t.db, { userId: me.id, startOffset: DAY })).id,
      (await insertCourse(t.db, { userId: other.id, startOffset: DAY, company: mine.id })).id,
      (await insertCourse(t.db, { userId: other.id, startOffset: DAY })).id,
      (await insertCourse(t.db, { userId: other.id, startOffset: DAY, company: gone.id })).id,
    ];
    // A company post (no user author) is managed by the company's managers; a user's post only by its author.
    const posts = [await insertPost(me.id, null), await insertPost(null, mine.id), await insertPost(other.id, null), await insertPost(null, gone.id)];
    await softDelete(gone.id);

    expect(await access.managedOf(me.id, 'job', [...jobs, 999_999_999])).toEqual(new Set([jobs[0], jobs[1]]));
    expect(await access.managedOf(me.id, 'course', courses)).toEqual(new Set([courses[0], courses[1]]));
    expect(await access.managedOf(me.id, 'post', posts)).toEqual(new Set([posts[0], posts[1]]));
    expect(await access.managedOf(me.id, 'company', [mine.id, theirs.id, gone.id])).toEqual(new Set([mine.id]));
    expect(await access.managedOf(me.id, 'job', [])).toEqual(new Set());
    expect(await access.manages(other.id, 'post', posts[2]!)).toBe(true);

    expect(await refusal(access.requireManages(me.id, 'post', posts[2]!))).toEqual([403, 'not_owner']);
    expect(await refusal(access.requireManages(me.id, 'course', courses[2]!, 'private'))).toEqual([404, undefined]);
    expect(await refusal(access.requireManages(me.id, 'job', jobs[1]!))).toEqual([0, undefined]);
  });

  it('petitions: authors (the initiator, co-authors who accepted) and the initiator alone; group conversations: their creator', async () => {
    const me = await createUser(t.db, { prefix: 'acc-pet-me' });
    const other = await createUser(t.db, { prefix: 'acc-pet-other' });
    const petition = async (userId: number) => {
      const [row] = await t.db.insert(schema.petitions).values({ title: `Opprop ${uniqueToken()}`, user_id: userId }).returning({ id: schema.petitions.id });
      return row!.id;
    };
    const coAuthor = (petitionId: number, userId: number, accepted: boolean) =>
      t.db.insert(schema.petitionCoAuthors).values({ petition_id: petitionId, user_id: userId, name: 'Medforfatter', accepted_at: accepted ? new Date() : null });
    const own = await petition(me.id);
    const coAuthored = await petition(other.id);
    const invited = await petition(other.id);
    const theirs = await petition(other.id);
    await coAuthor(coAuthored, me.id, true);
    await coAuthor(invited, me.id, false);
    const petitions = [own, coAuthored, invited, theirs, 999_999_999];
    expect(await access.managedOf(me.id, 'petition', petitions)).toEqual(new Set([own, coAuthored]));
    expect(await access.managedOf(me.id, 'petition_initiator', petitions)).toEqual(new Set([own]));
    expect(await refusal(access.requireManages(me.id, 'petition_initiator', coAuthored))).toEqual([403, 'not_owner']);

    const conversation = async (kind: 'group' | 'direct', createdBy: number) => {
      const [row] = await t.db
        .insert(schema.conversations)
        .values({ kind, title: kind === 'group' ? 'Gruppe' : null, created_by_user_id: createdBy, direct_key: kind === 'direct' ? `acc-${uniqueToken()}` : null })
        .returning({ id: schema.conversations.id });
      return row!.id;
    };
    const group = await conversation('group', me.id);
    const direct = await conversation('direct', me.id);
    const othersGroup = await conversation('group', other.id);
    expect(await access.managedOf(me.id, 'conversation', [group, direct, othersGroup, 999_999_999])).toEqual(new Set([group]));
    expect(await refusal(access.requireManages(me.id, 'conversation', othersGroup))).toEqual([403, 'not_owner']);
  });

  it('the media viewer: administrators see all; others carry their role and specialties', async () => {
    const doctor = await createUser(t.db, { prefix: 'acc-media' });
    const admin = await createUser(t.db, { prefix: 'acc-media-admin', roles: ['admin'] });
    const viewer = await access.mediaViewer({ userId: doctor.id, roles: ['doctor'] });
    expect(viewer).toEqual({ userId: doctor.id, seesAll: false, isDoctor: true, specialtyIds: [] });
    expect(await access.mediaViewer({ userId: admin.id, roles: ['admin'] })).toEqual({ userId: admin.id, seesAll: true, isDoctor: false, specialtyIds: [] });
  });
});
