import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COURSE_VIDEO_LEAD_MS, courseEndpoints as ep, courseWebinarEndpoints as wep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, inArray } from 'drizzle-orm';
import { SignedLinks } from '../../common/security/signed-links';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { withoutQuietHours } from '../../../test/auth';
import { type BodyIn, type Caller } from '../../../test/call';
import { settleJobs } from '../../../test/jobs';
import { CourseRemindersRepository } from './course-reminders.repository';
import { CourseRemindersService } from './course-reminders.service';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

let t: TestApp;
let token: string;
let dataDir: string;

/** The first bytes decide: an ISO media `ftyp` box (MP4) or the EBML magic (WebM), then filler. */
const mp4 = Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypisom', 'latin1'), Buffer.alloc(2000, 7)]);
const webm = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), Buffer.alloc(1500, 3)]);

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-course-webinar-'));
  // 0.01 MB: about 10 kB, so a 20 kB file is "too large".
  t = await createTestApp({ env: { DATA_DIR: dataDir, COURSE_VIDEO_MAX_MB: '0.01' } });
  token = uniqueToken();
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type CourseBody = BodyIn<typeof ep.create>;
const inFuture = (ms: number) => new Date(Date.now() + ms).toISOString();
const body = (startIn: number, overrides: Partial<CourseBody> = {}): CourseBody => ({
  type: 'webinar',
  title: `Astma hos barn ${token}`,
  description: 'Program: diagnostikk og behandling.',
  target: null,
  category_id: null,
  specialty_ids: [],
  county_id: null,
  city_id: null,
  start_at: inFuture(startIn),
  duration_minutes: 60,
  subscription_deadline: null,
  host_name: 'Dr. Ola Nordmann',
  embed_code: null,
  video_link: null,
  ...overrides,
});

async function draft(owner: Caller, startIn = 5 * DAY, overrides: Partial<CourseBody> = {}) {
  const res = await t.call(ep.create, { as: owner, body: body(startIn, overrides), locale: 'en' });
  if (res.status !== 201) throw new Error(`create answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.parsed.data.id;
}

const upload = (as: Caller | null, id: number, file: Buffer | null = mp4, name = 'webinar.mp4') =>
  t.call(wep.uploadVideo, { as, params: { id }, files: file ? { video: { buffer: file, name } } : undefined, locale: 'en' });

async function approve(id: number) {
  await t.db.update(schema.courses).set({ status: 'approved' }).where(eq(schema.courses.id, id));
}

/** Moves a course (start and end together, as the check constraint wants). */
async function moveStart(id: number, startIn: number) {
  const start = new Date(Date.now() + startIn);
  await t.db
    .update(schema.courses)
    .set({ start_at: start, ends_at: new Date(start.getTime() + HOUR), duration_minutes: 60 })
    .where(eq(schema.courses.id, id));
}

function fetchVideo(url: string, range?: string) {
  let req = t.http.get(url).buffer(true);
  if (range) req = req.set('Range', range);
  return req;
}

describe('uploading a webinar video', () => {
  it('answers 401 anonymous, 403 without course-update, 404 for another owner and for no such course', async () => {
    const owner = await t.session();
    const id = await draft(owner);
    expect((await upload(null, id)).status).toBe(401);
    const student = await t.session({ roles: ['student'] });
    const wrongRole = await upload(student, id);
    expect([wrongRole.status, wrongRole.error.reason]).toEqual([403, 'missing_permission']);
    const review = await t.session({ status: 'in_review' });
    expect((await upload(review, id)).error.reason).toBe('account_in_review');
    const other = await t.session();
    expect((await upload(other, id)).status).toBe(404);
    expect((await upload(owner, 999_999_999)).status).toBe(404);
  });

  it('refuses a file that is not mp4 or webm by its first bytes, a missing file, a too large one, and other types', async () => {
    const owner = await t.session();
    const id = await draft(owner);
    const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(500)]);
    const wrong = await upload(owner, id, png, 'looks-like.mp4');
    expect([wrong.status, wrong.validation.errors.video]).toEqual([422, ['The video must be an MP4 or WebM file.']]);
    const norwegian = await t.call(wep.uploadVideo, { as: owner, params: { id }, files: { video: { buffer: png, name: 'x.mp4' } }, locale: 'no' });
    expect(norwegian.validation.errors.video).toEqual(['Videoen må være en MP4- eller WebM-fil.']);
    const none = await upload(owner, id, null);
    expect([none.status, none.validation.errors.video]).toEqual([422, ['Choose a video file.']]);
    const big = Buffer.concat([mp4, Buffer.alloc(20 * 1024)]);
    expect((await upload(owner, id, big)).status).toBe(413);
    const course = await draft(owner, 5 * DAY, { type: 'course' });
    expect((await upload(owner, course)).validation.errors.video).toEqual(['Only webinars can have an uploaded video.']);
    await t.call(ep.cancel, { as: owner, params: { id } });
    const cancelled = await upload(owner, id);
    expect([cancelled.status, cancelled.error.message]).toEqual([409, 'A cancelled event cannot get a new video.']);
    const files = await t.db.select().from(schema.storedFiles).where(and(eq(schema.storedFiles.kind, 'course_video'), eq(schema.storedFiles.owner_user_id, owner.user.id)));
    expect(files).toEqual([]);
  });

  it('takes it until 2 days before the start: 2 days plus a minute yes, 2 days minus a minute no (422 in the language)', async () => {
    const owner = await t.session();
    const early = await draft(owner, COURSE_VIDEO_LEAD_MS + MINUTE);
    const ok = await upload(owner, early, webm, 'opptak.webm');
    expect(ok.status).toBe(200);
    expect(ok.parsed.data.video_uploaded_at).not.toBeNull();
    expect(ok.parsed.data.video_url).toMatch(new RegExp(`^/api/courses/${early}/video\\?u=${owner.user.id}&expires=\\d+&signature=`));
    const late = await draft(owner, COURSE_VIDEO_LEAD_MS - MINUTE);
    const refused = await upload(owner, late);
    expect([refused.status, refused.validation.errors.video]).toEqual([422, ['The video must be uploaded at least 2 days before the start.']]);
    const no = await t.call(wep.uploadVideo, { as: owner, params: { id: late }, files: { video: { buffer: mp4, name: 'a.mp4' } }, locale: 'no' });
    expect(no.validation.errors.video).toEqual(['Videoen må lastes opp senest 2 dager før start.']);
  });

  it('re-checks the 2-day rule when the start moves after the upload (422 on start_at in the language)', async () => {
    const owner = await t.session();
    const id = await draft(owner, 5 * DAY);
    expect((await upload(owner, id)).status).toBe(200);
    const moved = await t.call(ep.update, { as: owner, params: { id }, body: body(DAY), locale: 'en' });
    expect([moved.status, moved.validation.errors.start_at]).toEqual([422, ['The webinar has an uploaded video, so its start must be at least 2 days ahead.']]);
    const no = await t.call(ep.update, { as: owner, params: { id }, body: body(COURSE_VIDEO_LEAD_MS - MINUTE) });
    expect(no.validation.errors.start_at).toEqual(['Webinaret har en opplastet video, så starten må være minst 2 dager fram i tid.']);
    // The start did not move; a move that keeps 2 days is fine, and so is an edit that keeps the start.
    const [row] = await t.db.select({ start: schema.courses.start_at }).from(schema.courses).where(eq(schema.courses.id, id));
    expect(row!.start.getTime()).toBeGreaterThan(Date.now() + 4 * DAY);
    expect((await t.call(ep.update, { as: owner, params: { id }, body: body(3 * DAY) })).status).toBe(200);
    // Without a video the start may come closer.
    const plain = await draft(owner, 5 * DAY);
    expect((await t.call(ep.update, { as: owner, params: { id: plain }, body: body(DAY) })).status).toBe(200);
  });

  it('lets an approved webinar get and replace its video; the old file goes', async () => {
    const owner = await t.session();
    const id = await draft(owner);
    await approve(id);
    expect((await upload(owner, id, webm, 'first.webm')).status).toBe(200);
    const [first] = await t.db.select({ file: schema.courses.video_file_id }).from(schema.courses).where(eq(schema.courses.id, id));
    expect((await upload(owner, id, mp4)).status).toBe(200);
    const [second] = await t.db.select({ file: schema.courses.video_file_id }).from(schema.courses).where(eq(schema.courses.id, id));
    expect(second!.file).not.toBe(first!.file);
    expect(await t.db.select().from(schema.storedFiles).where(eq(schema.storedFiles.id, first!.file!))).toEqual([]);
  });
});

describe('playing a webinar video', () => {
  it('plays in ranges (206) to the organiser and attendees; a non-attendee gets no address and a forged one is refused', async () => {
    const owner = await t.session();
    const id = await draft(owner);
    await approve(id);
    const uploaded = await upload(owner, id);
    const ownerUrl = uploaded.parsed.data.video_url!;
    const part = await fetchVideo(ownerUrl, 'bytes=0-15');
    expect([part.status, part.headers['content-range'], part.headers['content-type']]).toEqual([206, `bytes 0-15/${mp4.length}`, 'video/mp4']);
    expect(Buffer.from(part.body as Buffer).equals(mp4.subarray(0, 16))).toBe(true);
    expect(part.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const whole = await fetchVideo(ownerUrl);
    expect([whole.status, whole.headers['content-length'], whole.headers['accept-ranges']]).toEqual([200, String(mp4.length), 'bytes']);
    expect((await fetchVideo(ownerUrl, `bytes=${mp4.length}-`)).status).toBe(416);

    const attendee = await t.session();
    expect((await t.call(ep.subscribe, { as: attendee, params: { id } })).parsed.data.status).toBe('attending');
    const seen = await t.call(ep.show, { as: attendee, params: { id } });
    const attendeeUrl = seen.parsed.data.video_url!;
    expect(attendeeUrl).toContain(`u=${attendee.user.id}&`);
    expect((await fetchVideo(attendeeUrl, 'bytes=100-199')).status).toBe(206);

    const outsider = await t.session();
    expect((await t.call(ep.show, { as: outsider, params: { id } })).parsed.data.video_url).toBeNull();
    // A genuine signature for the outsider (as if the rule were bypassed) still finds no video for them.
    const links = t.app.get(SignedLinks);
    const { expires, signature } = links.sign(`course-video/${id}`, { ttlSeconds: 3600, subject: outsider.user.id });
    expect((await fetchVideo(`/api/courses/${id}/video?u=${outsider.user.id}&expires=${expires}&signature=${signature}`, 'bytes=0-1')).status).toBe(404);
    // Someone else's address with one's own id in it: the signature no longer matches.
    expect((await fetchVideo(attendeeUrl.replace(`u=${attendee.user.id}`, `u=${outsider.user.id}`))).status).toBe(404);
    const expired = links.sign(`course-video/${id}`, { ttlSeconds: 1, subject: attendee.user.id }, Date.now() - 10_000);
    expect((await fetchVideo(`/api/courses/${id}/video?u=${attendee.user.id}&expires=${expired.expires}&signature=${expired.signature}`)).status).toBe(403);
    // Leaving the course stops the attendee's address at once.
    await t.call(ep.unsubscribe, { as: attendee, params: { id } });
    expect((await fetchVideo(attendeeUrl, 'bytes=0-1')).status).toBe(404);
  });

  it('after the end, the recording plays for every member and the past tab lists it', async () => {
    const owner = await t.session();
    const id = await draft(owner, 5 * DAY, { title: `Opptak ${token}` });
    await approve(id);
    await upload(owner, id);
    await moveStart(id, -2 * HOUR);
    const member = await t.session();
    const seen = await t.call(ep.show, { as: member, params: { id } });
    expect(seen.parsed.data.is_past).toBe(true);
    expect((await fetchVideo(seen.parsed.data.video_url!, 'bytes=0-9')).status).toBe(206);
    const past = await t.call(ep.list, { as: member, query: { activeTab: 'past', type: 'webinar', search: token } });
    expect(past.parsed.data.find((c) => c.id === id)?.video_url).toMatch(/^\/api\/courses\//);
  });
});

describe('reminders', () => {
  const reminders = () => t.app.get(CourseRemindersService);
  const messagesOf = (userIds: number[]) =>
    t.db.select().from(schema.outboxMessages).where(inArray(schema.outboxMessages.user_id, userIds)).orderBy(schema.outboxMessages.id);
  const notificationsOf = (userIds: number[]) =>
    t.db.select().from(schema.notifications).where(inArray(schema.notifications.user_id, userIds));

  async function approvedWith(startIn: number, overrides: Partial<CourseBody> = {}) {
    const owner = await t.session();
    const id = await draft(owner, 5 * DAY, overrides);
    await approve(id);
    return { id, owner, move: () => moveStart(id, startIn) };
  }

  it('sends the 24-hour reminder once, with the link and the calendar file, by e-mail and SMS as the settings say, however many sweeps and replays', async () => {
    const c = await approvedWith(23 * HOUR, { title: `Påminnelse ${token}` });
    const [both, mailOnly, none] = [await t.session({ locale: 'en' }), await t.session(), await t.session()];
    for (const s of [both, mailOnly, none]) await t.call(ep.subscribe, { as: s, params: { id: c.id } });
    await c.move();
    await t.db.update(schema.users).set({ private_mobile: '+4791234567' }).where(inArray(schema.users.id, [both.user.id, none.user.id]));
    await t.db.update(schema.userInfo).set({ sms_webinar_reminders: true }).where(eq(schema.userInfo.user_id, both.user.id));
    await t.db.update(schema.userInfo).set({ email_webinar_reminders: false }).where(eq(schema.userInfo.user_id, none.user.id));

    // Two replicas sweep at the same moment, then again a minute later.
    await Promise.all([reminders().sweep(), reminders().sweep()]);
    await reminders().sweep(new Date(Date.now() + MINUTE));
    await settleJobs(t);
    // Every seat is marked: a further sweep plans nothing for this course.
    expect((await t.app.get(CourseRemindersRepository).due('24h', new Date())).filter((d) => d.course_id === c.id)).toEqual([]);
    // A job handed over again (a replica died after sending) sends nothing more.
    const seat = (await t.db.select().from(schema.courseSubscriptions).where(and(eq(schema.courseSubscriptions.course_id, c.id), eq(schema.courseSubscriptions.user_id, both.user.id))))[0]!;
    const [course] = await t.db.select().from(schema.courses).where(eq(schema.courses.id, c.id));
    await Promise.all([
      reminders().send({ kind: '24h', subscription_id: seat.id, course_id: c.id, user_id: both.user.id, start_at: course!.start_at.toISOString() }),
      reminders().send({ kind: '24h', subscription_id: seat.id, course_id: c.id, user_id: both.user.id, start_at: course!.start_at.toISOString() }),
    ]);
    await settleJobs(t);

    const messages = await messagesOf([both.user.id, mailOnly.user.id, none.user.id]);
    expect(messages.map((m) => [m.user_id, m.channel, m.template])).toEqual(
      expect.arrayContaining([
        [both.user.id, 'mail', 'course_reminder_24h'],
        [both.user.id, 'sms', 'course_reminder_24h'],
        [mailOnly.user.id, 'mail', 'course_reminder_24h'],
      ]),
    );
    expect(messages).toHaveLength(3);
    const mail = messages.find((m) => m.user_id === both.user.id && m.channel === 'mail')!;
    expect(mail.subject).toContain(`Reminder: Påminnelse ${token}`);
    expect(mail.body).toContain(`/course/webinares/${c.id}/webinar`);
    const attachments = (mail.data as { attachments: { filename: string; text: string }[] }).attachments;
    expect(attachments[0]!.filename).toBe(`course-${c.id}.ics`);
    expect(attachments[0]!.text).toContain('BEGIN:VEVENT');
    expect(messages.find((m) => m.channel === 'sms')!.to).toBe('+4791234567');
    const notes = await notificationsOf([both.user.id, mailOnly.user.id, none.user.id]);
    expect(notes.map((n) => n.kind).sort()).toEqual(['course_reminder', 'course_reminder', 'course_reminder']);
  });

  it('sends only the 1-hour reminder to a seat taken 30 minutes before; nothing after leaving, to the waiting list, or for a cancelled course', async () => {
    const c = await approvedWith(30 * MINUTE, { title: `Snart ${token}` });
    const [stays, leaves, leavesLate] = [await t.session(), await t.session(), await t.session()];
    for (const s of [stays, leaves, leavesLate]) await t.call(ep.subscribe, { as: s, params: { id: c.id } });
    await t.db.update(schema.courses).set({ max_attendees: 3 }).where(eq(schema.courses.id, c.id));
    const waiting = await t.session();
    // The seat offer's e-mail below is expected now, whatever the hour of the run.
    await withoutQuietHours(t.db, [waiting.user.id]);
    expect((await t.call(ep.subscribe, { as: waiting, params: { id: c.id } })).parsed.data.status).toBe('waiting');
    await t.call(ep.unsubscribe, { as: leaves, params: { id: c.id } });
    // The waiting user was promoted when a seat was freed: they now have a seat and are reminded too.
    await c.move();
    // A job written before leaving sends nothing once the seat is given up.
    const due = await t.app.get(CourseRemindersRepository).due('1h', new Date());
    const lateSeat = due.find((d) => d.user_id === leavesLate.user.id)!;
    await t.db.delete(schema.courseSubscriptions).where(eq(schema.courseSubscriptions.id, lateSeat.subscription_id));
    await reminders().send({ kind: '1h', ...lateSeat, start_at: lateSeat.start_at.toISOString() });
    await reminders().sweep();
    await settleJobs(t);
    const ids = [stays.user.id, leaves.user.id, leavesLate.user.id, waiting.user.id];
    const messages = await messagesOf(ids);
    expect(messages.map((m) => [m.user_id, m.template]).sort()).toEqual(
      [
        [stays.user.id, 'course_reminder_1h'],
        [waiting.user.id, 'course_reminder_1h'],
        // The seat offered from the waiting list is a notification the user gets by e-mail too
        // (course reminders' e-mail cell is on by default, docs/notifications.md).
        [waiting.user.id, 'notification'],
      ].sort(),
    );
    const cancelled = await approvedWith(30 * MINUTE, { title: `Avlyst ${token}` });
    const seat = await t.session();
    await t.call(ep.subscribe, { as: seat, params: { id: cancelled.id } });
    await cancelled.move();
    const [planned] = (await t.app.get(CourseRemindersRepository).due('1h', new Date())).filter((d) => d.course_id === cancelled.id);
    await t.call(ep.cancel, { as: cancelled.owner, params: { id: cancelled.id } });
    await reminders().send({ kind: '1h', ...planned!, start_at: planned!.start_at.toISOString() });
    await settleJobs(t);
    expect((await messagesOf([seat.user.id])).map((m) => m.template)).toEqual(['course_cancelled']);
  });

  it('sends "here is the recording" once to seats without a viewing, after the end', async () => {
    const c = await approvedWith(-90 * MINUTE, { title: `Opptak klart ${token}`, video_link: 'https://video.example.no/opptak' });
    const [watched, missed] = [await t.session(), await t.session()];
    for (const s of [watched, missed]) await t.call(ep.subscribe, { as: s, params: { id: c.id } });
    await c.move();
    await t.db.insert(schema.courseViewRecords).values({ course_id: c.id, user_id: watched.user.id });
    await Promise.all([reminders().sweep(), reminders().sweep()]);
    await settleJobs(t);
    await reminders().sweep();
    await settleJobs(t);
    const messages = await messagesOf([watched.user.id, missed.user.id]);
    expect(messages.map((m) => [m.user_id, m.template])).toEqual([[missed.user.id, 'course_recording']]);
    expect(messages[0]!.body).toContain(`/course/webinares/${c.id}/webinar`);
    expect((await notificationsOf([missed.user.id])).map((n) => n.kind)).toEqual(['course_recording']);
  });
});
