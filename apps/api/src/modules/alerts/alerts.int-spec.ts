import {
  adminMediaEndpoints,
  type AlertInput,
  alertEndpoints as ep,
  courseEndpoints,
  jobEndpoints,
  MAX_ALERTS_PER_USER,
  osloToday,
  petitionEndpoints,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, invalid } from '../../../test/call';
import { insertCourse } from '../../../test/courses';
import { insertReferenceFixtures } from '../../../test/fixtures';
import { settleJobs } from '../../../test/jobs';
import { AlertMatcher, AlertsDigestReader, AlertTrigger } from './alert-matcher.service';
import { AlertsRepository } from './alerts.repository';

type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;

let t: TestApp;
let fx: Fixtures;
let token: string;
let otherSpecialty: number;
let videoCategory: number;

beforeAll(async () => {
  t = await createTestApp();
  token = uniqueToken();
  fx = await insertReferenceFixtures(t.db, token);
  const [s] = await t.db
    .insert(schema.specialties)
    .values({ code: `s2-${token}`, name: { no: `Nevrologi ${token}` } })
    .returning();
  otherSpecialty = s!.id;
  const [c] = await t.db
    .insert(schema.categories)
    .values({ code: `vc-${token}`, type: 'video', name: { no: `Foredrag ${token}` } })
    .returning();
  videoCategory = c!.id;
});
afterAll(async () => {
  await t.close();
});

const day = (offset: number) => {
  const d = new Date(`${osloToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + offset);
  return d.toISOString().slice(0, 10);
};

const jobAlert = (filters: Extract<AlertInput, { type: 'job' }>['filters'] = {}, frequency: AlertInput['frequency'] = 'immediate'): AlertInput => ({
  type: 'job',
  name: `Stillinger ${token}`,
  frequency,
  filters,
});

async function saveAlert(me: Caller, body: AlertInput) {
  const res = await t.call(ep.create, { as: me, body });
  expect(res.status).toBe(201);
  return res.parsed.data;
}

type JobBody = BodyIn<typeof jobEndpoints.create>;
const jobBody = (overrides: Partial<JobBody> = {}): JobBody => ({
  title: `Overlege kardiologi ${token}`,
  job_category_id: fx.jobCategory.id,
  position_type: 'full_time',
  description: `Vi søker en engasjert overlege ${token}.`,
  specialty_ids: [fx.specialty.id],
  workplace_type: 'hospital',
  hospital_id: fx.hospital.id,
  city_id: fx.city.id,
  county_id: fx.county.id,
  application_deadline: day(30),
  company_name: `Helse ${token} HF`,
  ...overrides,
});

async function postJob(overrides: Partial<JobBody> = {}): Promise<number> {
  const poster = await t.session();
  const res = await t.call(jobEndpoints.create, { as: poster, body: jobBody(overrides) });
  expect(res.status).toBe(201);
  return res.parsed.data.id;
}

async function alertNotifications(userId: number, entityType?: string, entityId?: number) {
  return t.db
    .select()
    .from(schema.notifications)
    .where(
      and(
        eq(schema.notifications.user_id, userId),
        eq(schema.notifications.kind, 'alert_match'),
        ...(entityType ? [sql`${schema.notifications.entity_type} = ${entityType}`] : []),
        ...(entityId ? [eq(schema.notifications.entity_id, entityId)] : []),
      ),
    );
}

describe('access matrix', () => {
  const every = () =>
    [
      [ep.list, undefined],
      [ep.create, undefined],
      [ep.update, { id: 1 }],
      [ep.remove, { id: 1 }],
    ] as const;

  it('answers 401 to anonymous callers on every endpoint', async () => {
    for (const [endpoint, params] of every()) {
      expect([endpoint.path, (await t.call(endpoint, { as: null, params, body: jobAlert() })).status]).toEqual([endpoint.path, 401]);
    }
  });

  it.each([
    ['awaiting approval', { status: 'awaiting_approval', approvedHrp: 0 }, 'account_not_approved'],
    ['in review', { status: 'in_review' }, 'account_in_review'],
  ] as const)('refuses accounts %s', async (_label, options, reason) => {
    const me = await t.session(options);
    for (const [endpoint, params] of every()) {
      const res = await t.call(endpoint, { as: me, params, body: jobAlert() });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, reason]);
    }
  });

  it('refuses while acting as a business profile (alerts are personal)', async () => {
    const owner = await t.session();
    const company = await createCompany(t.db, { managers: [owner.user.id] });
    const acting = await tokenFor(t, owner.user, { actAs: company.id });
    for (const [endpoint, params] of every()) {
      const res = await t.call(endpoint, { as: acting, params, body: jobAlert() });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'business_profile_active']);
    }
  });

  it("asks the gates of the alert's list: videos need confirmed health personnel and the viewer key", async () => {
    const body: AlertInput = { type: 'video', name: 'Videoer', frequency: 'immediate', filters: { categories: [] } };
    const unconfirmed = await t.session({ approvedHrp: 1 });
    const res = await t.call(ep.create, { as: unconfirmed, body, locale: 'en' });
    expect([res.status, res.error.reason]).toEqual([403, 'not_health_personnel']);
    const manager = await t.session({ roles: ['company_manager'] });
    const refused = await t.call(ep.create, { as: manager, body });
    expect([refused.status, refused.error.reason]).toEqual([403, 'missing_permission']);
    // The same manager may watch jobs (jobs-read).
    expect((await t.call(ep.create, { as: manager, body: jobAlert() })).status).toBe(201);
    const student = await t.session({ roles: ['student'] });
    expect((await t.call(ep.create, { as: student, body })).status).toBe(201);
  });
});

describe('my alerts', () => {
  it('creates, lists, renames, changes and deletes an own alert', async () => {
    const me = await t.session();
    const created = await saveAlert(me, jobAlert({ speciality: fx.specialty.id, county: fx.county.id, search: '  kardiologi ' }));
    expect(created).toMatchObject({ type: 'job', frequency: 'immediate', filters: { speciality: fx.specialty.id, county: fx.county.id, search: 'kardiologi' } });

    const list = await t.call(ep.list, { as: me });
    expect(list.parsed.data.map((a) => a.id)).toEqual([created.id]);
    expect(list.parsed.meta).toMatchObject({ current_page: 1, total: 1 });

    const renamed = await t.call(ep.update, {
      as: me,
      params: { id: created.id },
      body: { ...jobAlert({ county: fx.otherCounty.id }, 'weekly'), name: 'Jobber i Åsfylke' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.parsed.data).toMatchObject({ name: 'Jobber i Åsfylke', frequency: 'weekly', filters: { county: fx.otherCounty.id } });
    const [row] = await t.db.select().from(schema.alerts).where(eq(schema.alerts.id, created.id));
    expect(row).toMatchObject({ county_keys: [fx.otherCounty.id], specialty_keys: [0], variant_keys: ['*'], search_lexemes: [] });

    expect((await t.call(ep.remove, { as: me, params: { id: created.id } })).status).toBe(204);
    expect((await t.call(ep.list, { as: me })).parsed.data).toEqual([]);
  });

  it("answers 404 for someone else's alert and for one that does not exist, and leaves it unchanged", async () => {
    const owner = await t.session();
    const other = await t.session();
    const alert = await saveAlert(owner, jobAlert());
    expect((await t.call(ep.update, { as: other, params: { id: alert.id }, body: { ...jobAlert(), name: 'Kapret' } })).status).toBe(404);
    expect((await t.call(ep.remove, { as: other, params: { id: alert.id } })).status).toBe(404);
    expect((await t.call(ep.list, { as: other })).parsed.data).toEqual([]);
    expect((await t.call(ep.update, { as: owner, params: { id: 2_000_000_000 }, body: jobAlert() })).status).toBe(404);
    expect((await t.call(ep.remove, { as: owner, params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await t.call(ep.list, { as: owner })).parsed.data[0]!.name).toBe(alert.name);
  });

  it('answers 422 in the asked language for bad input, never 5xx', async () => {
    const me = await t.session();
    const bad = [
      invalid({ type: 'job', name: '', frequency: 'immediate', filters: {} }),
      invalid({ type: 'job', name: 'x'.repeat(101), frequency: 'immediate', filters: {} }),
      invalid({ type: 'job', name: 'Ok', frequency: 'hourly', filters: {} }),
      invalid({ type: 'radio', name: 'Ok', frequency: 'daily', filters: {} }),
      invalid({ type: 'course', name: 'Ok', frequency: 'daily', filters: { counties: ['x'] } }),
      invalid({ type: 'job', name: 'Ok', frequency: 'daily', filters: { county: -1 } }),
    ];
    for (const body of bad) {
      const res = await t.call(ep.create, { as: me, body, locale: 'en' });
      expect(res.status).toBe(422);
    }
    const unknown = await t.call(ep.create, { as: me, body: jobAlert({ county: 2_000_000_000 }), locale: 'en' });
    expect(unknown.status).toBe(422);
    expect(Object.keys(unknown.validation.errors)).toEqual(['filters.county']);
    const alert = await saveAlert(me, jobAlert());
    const moved = await t.call(ep.update, { as: me, params: { id: alert.id }, body: { type: 'petition', name: 'Opprop', frequency: 'daily', filters: { petitionSpecialties: [] } }, locale: 'en' });
    expect(moved.status).toBe(422);
    expect(moved.validation.errors.type).toEqual(['A saved search belongs to one list and cannot move to another.']);
  });

  it(`keeps at most ${MAX_ALERTS_PER_USER} alerts per user, also when they are saved at the same time`, async () => {
    const me = await t.session();
    for (let i = 0; i < MAX_ALERTS_PER_USER - 2; i++) await saveAlert(me, { ...jobAlert(), name: `Varsel ${i}` });
    const burst = await Promise.all([0, 1, 2, 3].map((i) => t.call(ep.create, { as: me, body: { ...jobAlert(), name: `Samtidig ${i}` }, locale: 'en' })));
    expect(burst.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    const refused = burst.find((r) => r.status === 409)!;
    expect(refused.error.message).toBe(`You can have at most ${MAX_ALERTS_PER_USER} saved searches. Delete one you do not need to save a new one.`);
    const [count] = await t.db.select({ n: sql<number>`count(*)::int` }).from(schema.alerts).where(eq(schema.alerts.user_id, me.user.id));
    expect(count!.n).toBe(MAX_ALERTS_PER_USER);
    // Another user is not limited by it.
    expect((await t.call(ep.create, { as: await t.session(), body: jobAlert() })).status).toBe(201);
    const page = await t.call(ep.list, { as: me, query: { page: 2, per_page: 15 } });
    expect(page.parsed.meta).toMatchObject({ current_page: 2, last_page: 2, total: MAX_ALERTS_PER_USER });
    expect(page.parsed.data).toHaveLength(5);
  });
});

describe('matching', () => {
  it('notifies each user with a matching immediate alert once, and keeps daily and weekly matches for the digest', async () => {
    const word = `kardio${token}`;
    const immediate = await t.session();
    const daily = await t.session();
    const elsewhere = await t.session();
    const otherSpecialtyUser = await t.session();
    const both = await t.session();
    const gone = await t.session();
    const searchHit = await t.session();
    const searchMiss = await t.session();
    await saveAlert(immediate, jobAlert({ speciality: fx.specialty.id, county: fx.county.id }));
    await saveAlert(daily, jobAlert({ county: fx.county.id, workplace: 'hospital' }, 'daily'));
    await saveAlert(elsewhere, jobAlert({ county: fx.otherCounty.id }));
    await saveAlert(otherSpecialtyUser, jobAlert({ speciality: otherSpecialty }));
    await saveAlert(both, { ...jobAlert({ category: fx.jobCategory.id }), name: 'Først' });
    await saveAlert(both, { ...jobAlert({ county: fx.county.id }, 'weekly'), name: 'Andre' });
    await saveAlert(both, { ...jobAlert({ speciality: fx.specialty.id }), name: 'Tredje' });
    await saveAlert(gone, jobAlert({ county: fx.county.id }));
    await t.db.update(schema.users).set({ status: 'blocked' }).where(eq(schema.users.id, gone.user.id));
    await saveAlert(searchHit, jobAlert({ search: word }));
    await saveAlert(searchMiss, jobAlert({ search: `nevro${token}` }));

    const since = new Date(Date.now() - 1000);
    const jobId = await postJob({ title: `Overlege ${word}` });
    await settleJobs(t);

    expect(await alertNotifications(immediate.user.id, 'job', jobId)).toHaveLength(1);
    const [note] = await alertNotifications(both.user.id, 'job', jobId);
    expect(note!.data).toMatchObject({ item_type: 'job', title: `Overlege ${word}`, alert_name: 'Først', alert_count: 3 });
    expect(await alertNotifications(both.user.id, 'job', jobId)).toHaveLength(1);
    expect(await alertNotifications(searchHit.user.id, 'job', jobId)).toHaveLength(1);
    for (const user of [daily, elsewhere, otherSpecialtyUser, gone, searchMiss]) {
      expect(await alertNotifications(user.user.id, 'job', jobId)).toHaveLength(0);
    }

    const digest = t.app.get(AlertsDigestReader);
    const dailyMatches = await digest.matchesSince(daily.user.id, since);
    expect(dailyMatches).toEqual([expect.objectContaining({ item_type: 'job', item_id: jobId, title: `Overlege ${word}`, alert_names: [`Stillinger ${token}`] })]);
    expect(await digest.matchesSince(daily.user.id, since, { frequencies: ['weekly'] })).toEqual([]);
    expect(await digest.matchesSince(daily.user.id, new Date())).toEqual([]);
    // Told at once, so not again in the digest.
    expect(await digest.matchesSince(both.user.id, since)).toEqual([]);
    expect(await digest.matchesSince(immediate.user.id, since)).toEqual([]);
  });

  it('runs once per item and alert: a second match job, the sweep and a repeated write notify nobody twice', async () => {
    const me = await t.session();
    const alert = await saveAlert(me, jobAlert({ speciality: fx.specialty.id }));
    const jobId = await postJob();
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'job', jobId)).toHaveLength(1);

    // The same item queued again under another key, and the scheduled sweep: nothing new.
    await t.app.get(AlertTrigger).itemAppeared(null, 'job', jobId);
    await t.app.get(AlertMatcher).sweep();
    const repo = t.app.get(AlertsRepository);
    const facets = await repo.facets('job', jobId);
    const again = await t.db.transaction((tx) => repo.recordMatches('job', jobId, facets!, tx));
    expect(again).toEqual([]);
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'job', jobId)).toHaveLength(1);
    const matches = await t.db.select().from(schema.alertMatches).where(eq(schema.alertMatches.alert_id, alert.id));
    expect(matches).toHaveLength(1);
  });

  it('matches a job published on a later day when its day comes (the sweep), not before', async () => {
    const me = await t.session();
    await saveAlert(me, jobAlert({ county: fx.otherCounty.id }));
    const jobId = await postJob({ county_id: fx.otherCounty.id, published_on: day(1) });
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'job', jobId)).toHaveLength(0);
    expect(await t.app.get(AlertMatcher).sweep()).toBeGreaterThanOrEqual(0);
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'job', jobId)).toHaveLength(0);

    await t.db.update(schema.jobs).set({ published_at: new Date(Date.now() - 60_000) }).where(eq(schema.jobs.id, jobId));
    expect(await t.app.get(AlertMatcher).sweep()).toBeGreaterThanOrEqual(1);
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'job', jobId)).toHaveLength(1);
  });

  it('matches a course when it is approved, with its specialities, counties and type', async () => {
    const me = await t.session();
    const typeOnly = await t.session();
    const wrongType = await t.session();
    await saveAlert(me, { type: 'course', name: 'Kurs', frequency: 'immediate', filters: { specialities: [otherSpecialty, fx.specialty.id], counties: [fx.county.id], cities: [] } });
    await saveAlert(typeOnly, { type: 'course', name: 'Webinarer', frequency: 'immediate', filters: { specialities: [], counties: [], cities: [], type: 'webinar' } });
    await saveAlert(wrongType, { type: 'course', name: 'Lunsj', frequency: 'immediate', filters: { specialities: [], counties: [], cities: [], type: 'lunch_meeting' } });
    const organiser = await t.session();
    const course = await insertCourse(t.db, { userId: organiser.user.id, startOffset: 7 * 24 * 3600_000, status: 'submitted', county: fx.county.id, title: `Hjertekurs ${token}` });
    await t.db.insert(schema.courseSpecialties).values({ course_id: course.id, specialty_id: fx.specialty.id });
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'course', course.id)).toHaveLength(0);

    const admin = await t.session({ roles: ['admin'] });
    expect((await t.call(courseEndpoints.approve, { as: admin, params: { id: course.id } })).status).toBe(200);
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'course', course.id)).toHaveLength(1);
    expect(await alertNotifications(typeOnly.user.id, 'course', course.id)).toHaveLength(1);
    expect(await alertNotifications(wrongType.user.id, 'course', course.id)).toHaveLength(0);
  });

  it('matches a petition when it is published, not while it is a draft', async () => {
    const me = await t.session();
    await saveAlert(me, { type: 'petition', name: 'Opprop', frequency: 'immediate', filters: { petitionSpecialties: [fx.specialty.id] } });
    const author = await t.session();
    const created = await t.call(petitionEndpoints.create, {
      as: author,
      body: { title: `Bedre vaktordning ${token}`, specialty_ids: [fx.specialty.id], category_id: null, end_date: day(20), signature_goal: null },
    });
    expect(created.status).toBe(201);
    const id = created.parsed.data.id;
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'petition', id)).toHaveLength(0);
    const published = await t.call(petitionEndpoints.update, {
      as: author,
      params: { id },
      body: { visibility: 'open', summary: 'Kort', full_text: 'Hele teksten' },
    });
    expect(published.status).toBe(200);
    await settleJobs(t);
    expect(await alertNotifications(me.user.id, 'petition', id)).toHaveLength(1);
  });

  it('matches a video when it is published, and tells only those who may watch it', async () => {
    const viewer = await t.session();
    const notConfirmed = await t.session();
    const otherSpecialist = await t.session();
    const body: AlertInput = { type: 'video', name: 'Foredrag', frequency: 'immediate', filters: { categories: [videoCategory] } };
    await saveAlert(viewer, body);
    await saveAlert(notConfirmed, body);
    await saveAlert(otherSpecialist, body);
    await t.db.update(schema.userInfo).set({ approved_hrp: 0 }).where(eq(schema.userInfo.user_id, notConfirmed.user.id));
    await t.db.insert(schema.userSpecialties).values({ user_id: viewer.user.id, specialty_id: fx.specialty.id });
    const [video] = await t.db
      .insert(schema.videos)
      .values({ title: `Foredrag ${token}`, description: 'Om hjertet', category_id: videoCategory, url: 'https://example.org/v', access_level: 'specialties', specialty_ids: [fx.specialty.id] })
      .returning({ id: schema.videos.id });
    const admin = await t.session({ roles: ['admin'] });
    const res = await t.call(adminMediaEndpoints.publish, { as: admin, params: { kind: 'video', id: video!.id }, body: { publish_at: null } });
    expect(res.status).toBe(200);
    await settleJobs(t);
    expect(await alertNotifications(viewer.user.id, 'video', video!.id)).toHaveLength(1);
    expect(await alertNotifications(notConfirmed.user.id, 'video', video!.id)).toHaveLength(0);
    expect(await alertNotifications(otherSpecialist.user.id, 'video', video!.id)).toHaveLength(0);
  });

  it('finds the matching alerts through the match index, not by reading every alert', async () => {
    const repo = t.app.get(AlertsRepository);
    const jobId = await postJob();
    await settleJobs(t);
    const facets = await repo.facets('job', jobId);
    expect(facets).not.toBeNull();
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute<{ 'QUERY PLAN': string }>(sql`explain select a.id from alerts a where a.type = 'job'
        and a.specialty_keys && ${`{0,${fx.specialty.id}}`}::integer[] and a.county_keys && ${`{0,${fx.county.id}}`}::integer[]
        and a.city_keys && '{0}'::integer[] and a.category_keys && '{0}'::integer[] and a.variant_keys && '{*,hospital}'::text[]
        and a.search_lexemes <@ '{overleg}'::text[]`);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('alerts_job_match_idx');
  });
});
