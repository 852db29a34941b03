import { courseEndpoints, courseRecordEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq } from 'drizzle-orm';
import type request from 'supertest';
import { createTestApp, type TestApp, type UserSession, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { invalid } from '../../../test/call';
import { type CourseRow, DAY, HOUR, insertCourse as insertCourseRow, MINUTE } from '../../../test/courses';
import { settleJobs } from '../../../test/jobs';

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  token = uniqueToken();
});
afterAll(async () => {
  await t.close();
});

/** A course of this test's organiser name and a title with the run's token. */
const insertCourse = (o: Omit<CourseRow, 'title' | 'hostName'>) =>
  insertCourseRow(t.db, { ...o, title: `Hjertesvikt ${token} ${uniqueToken()}`, hostName: 'Dr. Kari Nordby' });

/** A viewing of `course` by `user` from `from` to `to` minutes after its start. */
const viewing = (course: { id: number; start_at: Date }, userId: number, from: number, to: number) => ({
  course_id: course.id,
  user_id: userId,
  entered_at: new Date(course.start_at.getTime() + from * MINUTE),
  left_at: new Date(course.start_at.getTime() + to * MINUTE),
});

/** A binary download through supertest (PDF). */
function download(path: string, as: UserSession, locale: 'no' | 'en' = 'no'): request.Test {
  return t.http
    .get(`/api${path}`)
    .set('Authorization', `Bearer ${as.accessToken}`)
    .set('X-localization', locale)
    .buffer(true)
    .parse((res, cb) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => cb(null, Buffer.concat(chunks)));
    });
}

const notificationsOf = (userId: number) =>
  t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, userId));

describe('course log and certificates', () => {
  it('lists what I watched or attended with live and replay minutes (overlaps once) and credit hours', async () => {
    const owner = await t.session();
    const me = await t.session();
    const watched = await insertCourse({ userId: owner.user.id, startOffset: -3 * HOUR, credit: 1.5 });
    const signedUp = await insertCourse({ userId: owner.user.id, startOffset: -2 * DAY, duration: 30 });
    const upcoming = await insertCourse({ userId: owner.user.id, startOffset: DAY });
    const draft = await insertCourse({ userId: owner.user.id, startOffset: -DAY, status: 'draft' });
    await t.db.insert(schema.courseSubscriptions).values([
      { course_id: watched.id, user_id: me.user.id },
      { course_id: signedUp.id, user_id: me.user.id },
      { course_id: upcoming.id, user_id: me.user.id },
    ]);
    await t.db.insert(schema.courseViewRecords).values([
      // live 0-30 in two tabs at once (counted once), 30-40 live, then 20 minutes of replay after the end.
      viewing(watched, me.user.id, 0, 30),
      viewing(watched, me.user.id, 5, 25),
      viewing(watched, me.user.id, 30, 40),
      viewing(watched, me.user.id, 90, 110),
      viewing(draft, me.user.id, 0, 60),
    ]);
    const res = await t.call(ep.log, { as: me });
    expect(res.status).toBe(200);
    expect(res.parsed.meta.total).toBe(2);
    expect(res.parsed.data.map((e) => e.course.id)).toEqual([watched.id, signedUp.id]);
    expect(res.parsed.data[0]).toMatchObject({
      course: { credit_hours: 1.5, credit_approved_by: 'Den norske legeforening', type: 'webinar' },
      minutes_live: 40,
      minutes_replay: 20,
      minutes_watched: 60,
      share_watched: 1,
      certificate_available: true,
      certificate_code: null,
    });
    expect(res.parsed.data[1]).toMatchObject({
      minutes_watched: 0,
      certificate_available: false,
      course: { credit_hours: null },
    });
  });

  it('totals the credit hours of the whole log (every page) where the certificate is available', async () => {
    const owner = await t.session();
    const me = await t.session();
    const done = await insertCourse({ userId: owner.user.id, startOffset: -3 * HOUR, credit: 1.5 });
    const alsoDone = await insertCourse({ userId: owner.user.id, startOffset: -2 * DAY, credit: 2.5 });
    const tooLittle = await insertCourse({ userId: owner.user.id, startOffset: -3 * DAY, credit: 3 });
    const noCredit = await insertCourse({ userId: owner.user.id, startOffset: -4 * DAY });
    await t.db.insert(schema.courseSubscriptions).values([done, alsoDone, tooLittle, noCredit].map((c) => ({ course_id: c.id, user_id: me.user.id })));
    await t.db.insert(schema.courseViewRecords).values([
      viewing(done, me.user.id, 0, 60),
      viewing(alsoDone, me.user.id, 0, 50),
      viewing(tooLittle, me.user.id, 0, 30),
      viewing(noCredit, me.user.id, 0, 60),
    ]);
    for (const page of [1, 2, 4]) {
      const res = await t.call(ep.log, { as: me, query: { page, per_page: 1 } });
      expect(res.parsed.data).toHaveLength(1);
      // 1.5 + 2.5; the course without credit hours is a certificate without hours.
      expect(res.parsed.totals).toEqual({ credit_hours: 4, certificates: 3 });
    }
    const stranger = await t.session();
    expect((await t.call(ep.log, { as: stranger })).parsed.totals).toEqual({ credit_hours: 0, certificates: 0 });
  });

  it('refuses a certificate at 79 % and issues one at 80 %, with the same code every time', async () => {
    const owner = await t.session();
    const [low, exact] = await Promise.all([t.session(), t.session()]);
    const course = await insertCourse({ userId: owner.user.id, startOffset: -3 * HOUR, credit: 2 });
    await t.db.insert(schema.courseSubscriptions).values([low, exact].map((u) => ({ course_id: course.id, user_id: u.user.id })));
    // 79 % of 60 minutes is 47.4 minutes; 80 % is 48.
    await t.db.insert(schema.courseViewRecords).values([
      {
        ...viewing(course, low.user.id, 0, 0),
        left_at: new Date(course.start_at.getTime() + 47.4 * MINUTE),
      },
      viewing(course, exact.user.id, 0, 40),
      viewing(course, exact.user.id, 70, 78),
    ]);
    const refusedEn = await t.call(ep.certificate, { as: low, params: { id: course.id }, locale: 'en' });
    expect(refusedEn.status).toBe(422);
    expect(refusedEn.validation.message).toBe(
      'You have watched 47 of 60 minutes (79 %). A certificate requires at least 80 % of the event, live or as a recording.',
    );
    const refusedNo = await t.call(ep.certificate, { as: low, params: { id: course.id } });
    expect(refusedNo.validation.errors.id).toEqual([
      'Du har sett 47 av 60 minutter (79 %). Kursbevis krever at du har fulgt minst 80 % av arrangementet, direkte eller i opptak.',
    ]);
    expect(
      await t.db
        .select()
        .from(schema.courseCertificates)
        .where(eq(schema.courseCertificates.user_id, low.user.id)),
    ).toEqual([]);

    const first = await download(`/courses/${course.id}/certificate.pdf`, exact);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toContain('application/pdf');
    expect(first.headers['content-disposition']).toMatch(
      /^attachment; filename="certificate-\d+-[0-9A-Z]{20}\.pdf"$/,
    );
    expect((first.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const [stored] = await t.db
      .select()
      .from(schema.courseCertificates)
      .where(
        and(
          eq(schema.courseCertificates.user_id, exact.user.id),
          eq(schema.courseCertificates.course_id, course.id),
        ),
      );
    expect(stored).toMatchObject({ minutes_watched: 48, duration_minutes: 60, organiser: 'Dr. Kari Nordby' });
    expect(Number(stored!.credit_hours)).toBe(2);
    const second = await download(`/courses/${course.id}/certificate.pdf`, exact, 'en');
    expect(second.headers['content-disposition']).toBe(first.headers['content-disposition']);
    const log = await t.call(ep.log, { as: exact });
    expect(log.parsed.data[0]).toMatchObject({ certificate_code: stored!.code, certificate_available: true });

    // Anyone can check it, without logging in: what it certifies, nothing more personal.
    // Typed from paper: lower case, O for 0, I or L for 1.
    const typed = stored!.code.toLowerCase().replace(/0/g, 'o').replace(/1/g, 'l');
    const check = await t.call(ep.verify, { as: null, params: { code: typed } });
    expect(check.status).toBe(200);
    expect(Object.keys(check.parsed.data).sort()).toEqual(
      [
        'code',
        'course_date',
        'course_title',
        'course_type',
        'credit_approved_by',
        'credit_hours',
        'duration_minutes',
        'holder_name',
        'issued_at',
        'organiser',
        'valid',
      ].sort(),
    );
    expect(check.parsed.data).toMatchObject({
      valid: true,
      code: stored!.code,
      holder_name: `${exact.user.firstName} ${exact.user.lastName}`,
      course_date: course.start_at.toISOString(),
      credit_hours: 2,
      duration_minutes: 60,
    });
  });

  it('answers 404 for unknown or unpublished events, 422 for a cancelled one', async () => {
    const owner = await t.session();
    const me = await t.session();
    const draft = await insertCourse({ userId: owner.user.id, startOffset: -3 * HOUR, status: 'draft' });
    const cancelled = await insertCourse({
      userId: owner.user.id,
      startOffset: -3 * HOUR,
      status: 'cancelled',
    });
    await t.db
      .insert(schema.courseViewRecords)
      .values([viewing(draft, me.user.id, 0, 60), viewing(cancelled, me.user.id, 0, 60)]);
    expect((await t.call(ep.certificate, { as: me, params: { id: 999_999_999 } })).status).toBe(404);
    expect((await t.call(ep.certificate, { as: me, params: { id: draft.id } })).status).toBe(404);
    const off = await t.call(ep.certificate, { as: me, params: { id: cancelled.id }, locale: 'en' });
    expect([off.status, off.validation.message]).toEqual([
      422,
      'The event did not take place, so no certificate can be issued.',
    ]);
    // Someone else's viewing is not mine: no minutes, no certificate.
    const watched = await insertCourse({ userId: owner.user.id, startOffset: -3 * HOUR });
    await t.db.insert(schema.courseViewRecords).values(viewing(watched, owner.user.id, 0, 60));
    const other = await t.call(ep.certificate, { as: me, params: { id: watched.id }, locale: 'en' });
    expect([other.status, other.validation.message]).toEqual([
      422,
      'You have watched 0 of 60 minutes (0 %). A certificate requires at least 80 % of the event, live or as a recording.',
    ]);
  });

  it('gives no certificate for an event nobody could watch, nor live minutes without a seat', async () => {
    const owner = await t.session();
    const me = await t.session();
    // Viewing records made before the API refused them: an in-person course and a lunch meeting with credit hours.
    for (const type of ['course', 'lunch_meeting'] as const) {
      const event = await insertCourse({ userId: owner.user.id, startOffset: -3 * HOUR, type, credit: 2 });
      await t.db.insert(schema.courseSubscriptions).values({ course_id: event.id, user_id: me.user.id });
      await t.db.insert(schema.courseViewRecords).values(viewing(event, me.user.id, 0, 60));
      const res = await t.call(ep.certificate, { as: me, params: { id: event.id }, locale: 'en' });
      expect([res.status, res.validation.message]).toEqual([
        422,
        'Certificates are given for webinars only (live or recorded). In-person courses and lunch meetings have no recorded attendance.',
      ]);
    }
    expect(await t.db.select().from(schema.courseCertificates).where(eq(schema.courseCertificates.user_id, me.user.id))).toEqual([]);
    // A webinar watched live without a seat: only the open replay (after the end) counts.
    const webinar = await insertCourse({ userId: owner.user.id, startOffset: -3 * HOUR, credit: 1 });
    await t.db.insert(schema.courseViewRecords).values([viewing(webinar, me.user.id, 0, 60), viewing(webinar, me.user.id, 70, 80)]);
    const live = await t.call(ep.certificate, { as: me, params: { id: webinar.id }, locale: 'en' });
    expect([live.status, live.validation.message]).toEqual([
      422,
      'You have watched 10 of 60 minutes (16 %). A certificate requires at least 80 % of the event, live or as a recording.',
    ]);
    const log = (await t.call(ep.log, { as: me })).parsed.data;
    expect(log.every((e) => !e.certificate_available)).toBe(true);
  });

  it('verification: unknown code 404, malformed code 422 in both languages', async () => {
    expect((await t.call(ep.verify, { as: null, params: { code: 'ABCDEFGHJK0123456789' } })).status).toBe(
      404,
    );
    const en = await t.call(ep.verify, { as: null, params: invalid({ code: 'short' }), locale: 'en' });
    expect(en.status).toBe(422);
    expect(en.validation.errors.code).toHaveLength(1);
    const no = await t.call(ep.verify, { as: null, params: invalid({ code: 'ILOU-not-a-code-ILOU' }) });
    expect(no.status).toBe(422);
    expect(no.validation.errors.code![0]).not.toBe(en.validation.errors.code![0]);
  });
});

describe('small groups', () => {
  async function group(max = 3) {
    const organiser = await t.session();
    const course = await insertCourse({
      userId: organiser.user.id,
      startOffset: 10 * DAY,
      type: 'small_group',
      max,
      duration: 120,
    });
    return { organiser, id: course.id };
  }

  it('joins on request: the organiser is told, accepts or declines, the requester is told; seats are capped', async () => {
    const { organiser, id } = await group(2);
    const [a, b, c] = await Promise.all([t.session(), t.session(), t.session()]);
    // The normal sign-up does not bypass the request.
    const direct = await t.call(courseEndpoints.subscribe, { as: a, params: { id }, locale: 'en' });
    expect([direct.status, direct.error.message]).toEqual([
      409,
      'A small group is closed: send a request to join.',
    ]);

    const asked = await t.call(ep.requestToJoin, {
      as: a,
      params: { id },
      body: { message: 'Jeg er fastlege i Bærum.' },
    });
    expect(asked.status).toBe(201);
    expect(asked.parsed.data).toMatchObject({
      status: 'pending',
      message: 'Jeg er fastlege i Bærum.',
      user: { id: a.user.id },
    });
    const again = await t.call(ep.requestToJoin, { as: a, params: { id }, body: {}, locale: 'en' });
    expect([again.status, again.error.message]).toEqual([
      409,
      'Your request is already waiting for an answer.',
    ]);
    const fromB = (await t.call(ep.requestToJoin, { as: b, params: { id }, body: {} })).parsed.data;
    const fromC = (await t.call(ep.requestToJoin, { as: c, params: { id }, body: { message: '' } })).parsed
      .data;
    expect(fromC.message).toBeNull();

    const pending = await t.call(ep.joinRequests, { as: organiser, params: { id } });
    expect(pending.parsed.data.map((r) => r.user.id)).toEqual([a.user.id, b.user.id, c.user.id]);
    expect(pending.parsed.meta.total).toBe(3);
    await settleJobs(t);
    expect(
      (await notificationsOf(organiser.user.id)).filter((n) => n.kind === 'course_join_requested'),
    ).toHaveLength(3);

    const accepted = await t.call(ep.acceptJoinRequest, {
      as: organiser,
      params: { id, requestId: asked.parsed.data.id },
    });
    expect(accepted.parsed.data.status).toBe('accepted');
    expect((await t.call(ep.groupStatus, { as: a, params: { id } })).parsed.data).toMatchObject({
      is_member: true,
      members_count: 1,
      max_members: 2,
    });
    const twice = await t.call(ep.acceptJoinRequest, {
      as: organiser,
      params: { id, requestId: asked.parsed.data.id },
      locale: 'en',
    });
    expect([twice.status, twice.error.message]).toEqual([409, 'The request has already been answered.']);
    expect(
      (await t.call(ep.acceptJoinRequest, { as: organiser, params: { id, requestId: fromB.id } })).parsed.data
        .status,
    ).toBe('accepted');
    // Full: the third cannot be accepted, only declined.
    const full = await t.call(ep.acceptJoinRequest, {
      as: organiser,
      params: { id, requestId: fromC.id },
      locale: 'en',
    });
    expect([full.status, full.error.message]).toEqual([409, 'The group is full.']);
    expect(
      (await t.call(ep.declineJoinRequest, { as: organiser, params: { id, requestId: fromC.id } })).parsed
        .data.status,
    ).toBe('declined');
    const [course] = await t.db.select().from(schema.courses).where(eq(schema.courses.id, id));
    expect(course!.attendees_count).toBe(2);
    await settleJobs(t);
    const decided = async (s: UserSession) =>
      (await notificationsOf(s.user.id))
        .filter((n) => n.kind === 'course_join_decided')
        .map((n) => n.data.decision);
    expect(await decided(a)).toEqual(['accepted']);
    expect(await decided(c)).toEqual(['declined']);
    expect(
      (
        await t.call(ep.joinRequests, { as: organiser, params: { id }, query: { status: 'declined' } })
      ).parsed.data.map((r) => r.id),
    ).toEqual([fromC.id]);
    // A full group takes no requests; a member who is in cannot ask again.
    const whenFull = await t.call(ep.requestToJoin, { as: c, params: { id }, body: {}, locale: 'en' });
    expect([whenFull.status, whenFull.error.message]).toEqual([409, 'The group is full.']);
    expect((await t.call(ep.requestToJoin, { as: a, params: { id }, body: {} })).status).toBe(409);
  });

  it('refuses other types, the organiser itself, bad input, other owners and unknown ids', async () => {
    const { organiser, id } = await group();
    const me = await t.session();
    const stranger = await t.session();
    const webinar = await insertCourse({ userId: organiser.user.id, startOffset: DAY });
    const wrongType = await t.call(ep.requestToJoin, {
      as: me,
      params: { id: webinar.id },
      body: {},
      locale: 'en',
    });
    expect([wrongType.status, wrongType.error.message]).toEqual([409, 'This event is not a small group.']);
    expect((await t.call(ep.requestToJoin, { as: organiser, params: { id }, body: {} })).status).toBe(409);
    const long = 'x'.repeat(1001);
    const en = await t.call(ep.requestToJoin, {
      as: me,
      params: { id },
      body: invalid({ message: long }),
      locale: 'en',
    });
    const no = await t.call(ep.requestToJoin, {
      as: me,
      params: { id },
      body: invalid({ message: long }),
      locale: 'no',
    });
    expect([en.status, no.status]).toEqual([422, 422]);
    expect(en.validation.errors.message![0]).not.toBe(no.validation.errors.message![0]);
    expect((await t.call(ep.requestToJoin, { as: me, params: { id: 999_999_999 }, body: {} })).status).toBe(
      404,
    );
    const draft = await insertCourse({
      userId: organiser.user.id,
      startOffset: DAY,
      type: 'small_group',
      status: 'draft',
      max: 5,
    });
    expect((await t.call(ep.requestToJoin, { as: me, params: { id: draft.id }, body: {} })).status).toBe(404);

    const req = (await t.call(ep.requestToJoin, { as: me, params: { id }, body: {} })).parsed.data;
    // Another organiser sees nothing of this group's requests.
    expect((await t.call(ep.joinRequests, { as: stranger, params: { id } })).status).toBe(404);
    expect(
      (await t.call(ep.acceptJoinRequest, { as: stranger, params: { id, requestId: req.id } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.declineJoinRequest, { as: stranger, params: { id, requestId: req.id } })).status,
    ).toBe(404);
    expect(
      (await t.call(ep.acceptJoinRequest, { as: organiser, params: { id, requestId: 999_999_999 } })).status,
    ).toBe(404);
    expect((await t.call(ep.joinRequests, { as: organiser, params: { id: 999_999_999 } })).status).toBe(404);
    const badStatus = await t.call(ep.joinRequests, {
      as: organiser,
      params: { id },
      query: invalid({ status: 'maybe' }),
      locale: 'en',
    });
    expect(badStatus.status).toBe(422);
    const badId = await t.call(ep.acceptJoinRequest, {
      as: organiser,
      params: invalid({ id, requestId: 'abc' }),
      locale: 'en',
    });
    expect(badId.status).toBe(422);
    const [row] = await t.db
      .select()
      .from(schema.courseJoinRequests)
      .where(eq(schema.courseJoinRequests.id, req.id));
    expect(row!.status).toBe('pending');
  });

  it('keeps a meeting log the organiser writes and members read; each member downloads an attestation', async () => {
    const { organiser, id } = await group(4);
    const [a, b] = await Promise.all([t.session(), t.session()]);
    const stranger = await t.session();
    for (const s of [a, b]) {
      const r = (await t.call(ep.requestToJoin, { as: s, params: { id }, body: {} })).parsed.data;
      await t.call(ep.acceptJoinRequest, { as: organiser, params: { id, requestId: r.id } });
    }
    // Before any meeting: no attestation yet.
    const none = await t.call(ep.attestation, { as: a, params: { id }, locale: 'en' });
    expect([none.status, none.validation.message]).toEqual([
      422,
      'You have not been marked as present at any meeting of the group yet.',
    ]);

    const first = await t.call(ep.createMeeting, {
      as: organiser,
      params: { id },
      body: {
        held_on: '2026-09-15',
        topic: 'Astma hos barn',
        hours: 2,
        present_user_ids: [a.user.id, b.user.id],
      },
    });
    expect(first.status).toBe(201);
    expect(first.parsed.data.present.map((p) => p.id).sort()).toEqual([a.user.id, b.user.id].sort());
    const second = await t.call(ep.createMeeting, {
      as: organiser,
      params: { id },
      body: { held_on: '2026-10-20', topic: 'Hypertensjon', hours: 1.5, present_user_ids: [a.user.id] },
    });
    const edited = await t.call(ep.updateMeeting, {
      as: organiser,
      params: { id, meetingId: second.parsed.data.id },
      body: {
        held_on: '2026-10-21',
        topic: 'Hypertensjon hos eldre',
        hours: 2.5,
        present_user_ids: [a.user.id],
      },
    });
    expect(edited.parsed.data).toMatchObject({
      held_on: '2026-10-21',
      topic: 'Hypertensjon hos eldre',
      hours: 2.5,
    });

    const log = await t.call(ep.meetings, { as: b, params: { id } });
    expect(log.parsed.data.map((m) => m.held_on)).toEqual(['2026-10-21', '2026-09-15']);
    expect((await t.call(ep.members, { as: a, params: { id } })).parsed.data.map((m) => m.id).sort()).toEqual(
      [a.user.id, b.user.id].sort(),
    );
    expect((await t.call(ep.members, { as: organiser, params: { id } })).status).toBe(200);
    // Outsiders see neither the log nor the members; members cannot write it.
    expect((await t.call(ep.meetings, { as: stranger, params: { id } })).status).toBe(404);
    expect((await t.call(ep.members, { as: stranger, params: { id } })).status).toBe(404);
    expect(
      (
        await t.call(ep.createMeeting, {
          as: a,
          params: { id },
          body: { held_on: '2026-11-01', topic: 'Eget møte', hours: 1 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await t.call(ep.deleteMeeting, { as: a, params: { id, meetingId: first.parsed.data.id } })).status,
    ).toBe(404);

    const pdfA = await download(`/courses/${id}/attestation.pdf`, a);
    expect(pdfA.status).toBe(200);
    expect(pdfA.headers['content-type']).toContain('application/pdf');
    expect((pdfA.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await download(`/courses/${id}/attestation.pdf`, b, 'en')).status).toBe(200);
    expect((await t.call(ep.attestation, { as: stranger, params: { id } })).status).toBe(404);

    expect(
      (await t.call(ep.deleteMeeting, { as: organiser, params: { id, meetingId: first.parsed.data.id } }))
        .status,
    ).toBe(204);
    expect(
      (await t.call(ep.deleteMeeting, { as: organiser, params: { id, meetingId: first.parsed.data.id } }))
        .status,
    ).toBe(404);
    expect(
      (
        await t.call(ep.updateMeeting, {
          as: organiser,
          params: { id, meetingId: 999_999_999 },
          body: { held_on: '2026-10-21', topic: 'Finnes ikke', hours: 1 },
        })
      ).status,
    ).toBe(404);
    // b was only at the deleted meeting.
    expect((await t.call(ep.attestation, { as: b, params: { id } })).status).toBe(422);
  });

  it('refuses bad meeting input in the asked language; only members can be present', async () => {
    const { organiser, id } = await group();
    const outsider = await t.session();
    const en = await t.call(ep.createMeeting, {
      as: organiser,
      params: { id },
      body: { held_on: '2026-09-15', topic: 'Astma', hours: 2, present_user_ids: [outsider.user.id] },
      locale: 'en',
    });
    expect(en.status).toBe(422);
    expect(en.validation.errors.present_user_ids).toEqual([
      'Only members of the group can be marked as present.',
    ]);
    const no = await t.call(ep.createMeeting, {
      as: organiser,
      params: { id },
      body: { held_on: '2026-09-15', topic: 'Astma', hours: 2, present_user_ids: [outsider.user.id] },
    });
    expect(no.validation.errors.present_user_ids).toEqual([
      'Bare medlemmer av gruppen kan føres som til stede.',
    ]);
    const bad = await t.call(ep.createMeeting, {
      as: organiser,
      params: { id },
      body: invalid({ held_on: '15.09.2026', topic: 'A', hours: 0.3 }),
      locale: 'en',
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['held_on', 'hours', 'topic']);
    // Year 0000 was a 500 and year 9999 was stored with its hours in the attestation; the future is refused too.
    const heldOn = async (held_on: string, locale: 'no' | 'en' = 'en') => {
      const res = await t.call(ep.createMeeting, { as: organiser, params: { id }, body: { held_on, topic: 'Astma', hours: 2 }, locale });
      return [res.status, res.validation.errors.held_on];
    };
    expect(await heldOn('0000-01-01')).toEqual([422, ['The date must be between the years 1900 and 2100.']]);
    expect(await heldOn('9999-12-31')).toEqual([422, ['The date must be between the years 1900 and 2100.']]);
    expect(await heldOn('9999-12-31', 'no')).toEqual([422, ['Datoen må ligge mellom år 1900 og 2100.']]);
    const tomorrow = new Date(Date.now() + 36 * HOUR).toISOString().slice(0, 10);
    expect(await heldOn(tomorrow)).toEqual([422, ['A meeting is logged after it was held: the date cannot be in the future.']]);
    expect(await t.db.select().from(schema.courseMeetings).where(eq(schema.courseMeetings.course_id, id))).toEqual([]);
    const webinar = await insertCourse({ userId: organiser.user.id, startOffset: DAY });
    const wrong = await t.call(ep.createMeeting, {
      as: organiser,
      params: { id: webinar.id },
      body: { held_on: '2026-09-15', topic: 'Astma', hours: 2 },
    });
    expect(wrong.status).toBe(409);
    expect(
      (
        await t.call(ep.createMeeting, {
          as: organiser,
          params: { id: 999_999_999 },
          body: { held_on: '2026-09-15', topic: 'Astma', hours: 2 },
        })
      ).status,
    ).toBe(404);
    expect(
      await t.db.select().from(schema.courseMeetings).where(eq(schema.courseMeetings.course_id, id)),
    ).toEqual([]);
  });
});

describe('access', () => {
  const p = { id: 1 };
  const guarded = () =>
    [
      [ep.log, undefined, undefined],
      [ep.certificate, p, undefined],
      [ep.groupStatus, p, undefined],
      [ep.requestToJoin, p, {}],
      [ep.joinRequests, p, undefined],
      [ep.acceptJoinRequest, { id: 1, requestId: 1 }, undefined],
      [ep.declineJoinRequest, { id: 1, requestId: 1 }, undefined],
      [ep.members, p, undefined],
      [ep.meetings, p, undefined],
      [ep.createMeeting, p, { held_on: '2026-09-15', topic: 'Astma', hours: 2 }],
      [ep.updateMeeting, { id: 1, meetingId: 1 }, { held_on: '2026-09-15', topic: 'Astma', hours: 2 }],
      [ep.deleteMeeting, { id: 1, meetingId: 1 }, undefined],
      [ep.attestation, p, undefined],
    ] as const;

  it('answers 401 to anonymous callers, 403 to accounts awaiting approval and in review', async () => {
    const pending = await t.session({ status: 'awaiting_approval', approvedHrp: 0 });
    const review = await t.session({ status: 'in_review' });
    for (const [endpoint, params, body] of guarded()) {
      const anonymous = await t.call(endpoint, { as: null, params, body });
      expect([endpoint.path, anonymous.status]).toEqual([endpoint.path, 401]);
      const a = await t.call(endpoint, { as: pending, params, body });
      expect([endpoint.path, a.status, a.error.reason]).toEqual([endpoint.path, 403, 'account_not_approved']);
      const b = await t.call(endpoint, { as: review, params, body });
      expect([endpoint.path, b.status, b.error.reason]).toEqual([endpoint.path, 403, 'account_in_review']);
    }
  });

  it('keeps the log, certificates, requests and attestations personal; students cannot organise a group', async () => {
    const user = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [user.id] });
    const asCompany = await tokenFor(t, user, { actAs: company.id });
    for (const [endpoint, params] of [
      [ep.log, undefined],
      [ep.certificate, p],
      [ep.requestToJoin, p],
      [ep.attestation, p],
    ] as const) {
      const res = await t.call(endpoint, { as: asCompany, params, body: {} });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([
        endpoint.path,
        403,
        'business_profile_active',
      ]);
    }
    const student = await t.session({ roles: ['student'] });
    for (const [endpoint, params, body] of guarded().filter(([e]) => e.permission === 'course-update')) {
      const res = await t.call(endpoint, { as: student, params, body });
      expect([endpoint.path, res.status, res.error.reason]).toEqual([
        endpoint.path,
        403,
        'missing_permission',
      ]);
    }
    expect((await t.call(ep.log, { as: student })).status).toBe(200);
  });
});

describe('verification rate limit', () => {
  it('limits public lookups per address (429 with Retry-After)', async () => {
    let res = await t.http.get('/api/certificates/ABCDEFGHJK0123456789');
    let calls = 1;
    while (res.status !== 429 && calls < 70) {
      res = await t.http.get('/api/certificates/ABCDEFGHJK0123456789');
      calls += 1;
    }
    expect(res.status).toBe(429);
    expect(calls).toBeLessThanOrEqual(61);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});
