import { courseEndpoints as ep, notificationPreferenceEndpoints as prefEp } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { MAIL_DELIVER_JOB } from '../../common/mail';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { settleJobs } from '../../../test/jobs';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { CourseRemindersService, type CourseReminderPayload } from './course-reminders.service';

/**
 * Course reminders and quiet hours (docs/notifications.md "Quiet hours"), across both daylight-saving
 * changes: the e-mail and SMS of a reminder planned in the quiet hours wait for their end on Oslo's
 * wall clock (07:00 is 05:00 UTC in summer, 06:00 in winter), unless the event itself starts before
 * that end: then they go at once. The in-app notification is never held back.
 */

const HOUR = 3_600_000;

let t: TestApp;
let sink: SmtpSink;
let token: string;

beforeAll(async () => {
  sink = await startSmtpSink();
  // With SMTP every mail gets a delivery job, whose `next_attempt_at` is the held-back time.
  t = await createTestApp({ env: { SMTP_URL: sink.url } });
  token = uniqueToken();
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const reminders = () => t.app.get(CourseRemindersService);

/** An approved webinar starting at `startAt`, and a seat on it for a new member with a mobile number and SMS reminders on. */
async function seatOn(startAt: Date, options: { quiet?: boolean } = {}) {
  const owner = await t.session();
  const created = await t.call(ep.create, {
    as: owner,
    locale: 'en',
    body: {
      type: 'webinar',
      title: `Stille timer ${token}`,
      description: 'Program.',
      target: null,
      category_id: null,
      specialty_ids: [],
      county_id: null,
      city_id: null,
      start_at: new Date(Date.now() + 10 * 24 * HOUR).toISOString(),
      duration_minutes: 60,
      subscription_deadline: null,
      host_name: 'Dr. Ola Nordmann',
      embed_code: null,
      video_link: 'https://video.example.no/opptak',
    },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.status}`);
  const courseId = created.parsed.data.id;
  await t.db.update(schema.courses).set({ status: 'approved' }).where(eq(schema.courses.id, courseId));
  const member = await t.session();
  expect((await t.call(ep.subscribe, { as: member, params: { id: courseId } })).status).toBeLessThan(300);
  await t.db
    .update(schema.courses)
    .set({ start_at: startAt, ends_at: new Date(startAt.getTime() + HOUR), duration_minutes: 60 })
    .where(eq(schema.courses.id, courseId));
  await t.db.update(schema.users).set({ private_mobile: '+4791234567' }).where(eq(schema.users.id, member.user.id));
  await t.call(prefEp.update, {
    as: member,
    body: { channels: { course_reminders: { email: true, sms: true } }, quiet_hours: { enabled: options.quiet ?? true, start: '22:00', end: '07:00' } },
  });
  const [seat] = await t.db
    .select()
    .from(schema.courseSubscriptions)
    .where(and(eq(schema.courseSubscriptions.course_id, courseId), eq(schema.courseSubscriptions.user_id, member.user.id)));
  const payload = (kind: CourseReminderPayload['kind']): CourseReminderPayload => ({
    kind,
    subscription_id: seat!.id,
    course_id: courseId,
    user_id: member.user.id,
    start_at: startAt.toISOString(),
  });
  return { courseId, userId: member.user.id, payload };
}

/** What the reminder wrote for the user: each message with the time its delivery may start. */
async function sentTo(userId: number) {
  const messages = await t.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.user_id, userId)).orderBy(schema.outboxMessages.id);
  return Promise.all(
    messages.map(async (m) => {
      if (m.channel === 'sms') {
        const notBefore = (m.data as { not_before?: string } | null)?.not_before;
        return { channel: m.channel, template: m.template, notBefore: notBefore ? new Date(notBefore) : null };
      }
      const [job] = await t.db
        .select({ at: schema.jobOutbox.next_attempt_at, created: schema.jobOutbox.created_at, attempts: schema.jobOutbox.attempts })
        .from(schema.jobOutbox)
        .where(and(eq(schema.jobOutbox.name, MAIL_DELIVER_JOB), sql`(${schema.jobOutbox.payload}->>'id')::bigint = ${m.id}`));
      // A delivery job not held back is due at its writing (and once handed over, its time is the
      // lease's); one held back has never been handed over and is due later.
      const held = job && job.attempts === 0 && job.at.getTime() - job.created.getTime() > 60_000 ? job.at : null;
      return { channel: m.channel, template: m.template, notBefore: held };
    }),
  );
}

const inAppOf = async (userId: number) => {
  await settleJobs(t);
  return t.db.select({ kind: schema.notifications.kind }).from(schema.notifications).where(eq(schema.notifications.user_id, userId));
};

describe('course reminders in the quiet hours (22:00-07:00 Oslo)', () => {
  describe.each([
    // Spring: the night of 28 March 2027 loses 02:00-03:00; 07:00 that morning is 05:00 UTC (CEST).
    { night: 'spring change (28 March 2027)', morning: '2027-03-28T05:00:00Z', startAfter: '2027-03-28T05:30:00Z', startInside: '2027-03-28T04:30:00Z' },
    // Autumn: the night of 31 October 2027 has 02:00-03:00 twice; 07:00 that morning is 06:00 UTC (CET).
    { night: 'autumn change (31 October 2027)', morning: '2027-10-31T06:00:00Z', startAfter: '2027-10-31T06:30:00Z', startInside: '2027-10-31T05:30:00Z' },
  ])('on the night of the $night', ({ morning, startAfter, startInside }) => {
    it('a 1-hour reminder at 06:30 for an event at 07:30 waits until 07:00 Oslo time, e-mail and SMS; the bell at once', async () => {
      const start = new Date(startAfter);
      const s = await seatOn(start);
      await reminders().send(s.payload('1h'), undefined, new Date(start.getTime() - HOUR));
      expect(await sentTo(s.userId)).toEqual([
        { channel: 'mail', template: 'course_reminder_1h', notBefore: new Date(morning) },
        { channel: 'sms', template: 'course_reminder_1h', notBefore: new Date(morning) },
      ]);
      expect(await inAppOf(s.userId)).toEqual([{ kind: 'course_reminder' }]);
    });

    it('a 1-hour reminder for an event that itself starts in the quiet hours (06:30) goes at once', async () => {
      const start = new Date(startInside);
      const s = await seatOn(start);
      await reminders().send(s.payload('1h'), undefined, new Date(start.getTime() - HOUR));
      expect(await sentTo(s.userId)).toEqual([
        { channel: 'mail', template: 'course_reminder_1h', notBefore: null },
        { channel: 'sms', template: 'course_reminder_1h', notBefore: null },
      ]);
    });

    it('a 24-hour reminder that would wait past the start of the 1-hour one sends no e-mail or SMS; the 1-hour one does, at 07:00', async () => {
      const start = new Date(startAfter);
      const s = await seatOn(start);
      // Planned at 03:30 wall clock (a sweep catching up on a seat taken late): held until 07:00, which is after start - 1 h.
      await reminders().send(s.payload('24h'), undefined, new Date(start.getTime() - 4 * HOUR));
      expect(await sentTo(s.userId)).toEqual([]);
      await reminders().send(s.payload('1h'), undefined, new Date(start.getTime() - HOUR));
      expect(await sentTo(s.userId)).toEqual([
        { channel: 'mail', template: 'course_reminder_1h', notBefore: new Date(morning) },
        { channel: 'sms', template: 'course_reminder_1h', notBefore: new Date(morning) },
      ]);
      // The bell has both.
      expect((await inAppOf(s.userId)).length).toBe(2);
    });

    it('with the quiet hours turned off nothing waits', async () => {
      const start = new Date(startAfter);
      const s = await seatOn(start, { quiet: false });
      await reminders().send(s.payload('1h'), undefined, new Date(start.getTime() - HOUR));
      expect((await sentTo(s.userId)).map((m) => m.notBefore)).toEqual([null, null]);
    });
  });

  it('a 24-hour reminder at 23:30 the evening before the autumn change waits until 07:00 CET (06:00 UTC), not 07:00 CEST', async () => {
    // The event at 22:30 on 31 October (inside that evening's quiet hours, but after the morning's end).
    const start = new Date('2027-10-31T21:30:00Z');
    const s = await seatOn(start);
    await reminders().send(s.payload('24h'), undefined, new Date('2027-10-30T21:30:00Z'));
    expect(await sentTo(s.userId)).toEqual([
      { channel: 'mail', template: 'course_reminder_24h', notBefore: new Date('2027-10-31T06:00:00Z') },
      { channel: 'sms', template: 'course_reminder_24h', notBefore: new Date('2027-10-31T06:00:00Z') },
    ]);
  });

  it('a 24-hour reminder at 23:30 the evening before the spring change waits until 07:00 CEST (05:00 UTC)', async () => {
    const start = new Date('2027-03-28T21:30:00Z');
    const s = await seatOn(start);
    await reminders().send(s.payload('24h'), undefined, new Date('2027-03-27T22:30:00Z'));
    expect((await sentTo(s.userId)).map((m) => m.notBefore)).toEqual([new Date('2027-03-28T05:00:00Z'), new Date('2027-03-28T05:00:00Z')]);
  });

  it('"here is the recording" sent in the night waits for the morning (it has no event to be late for)', async () => {
    const start = new Date('2027-10-30T20:00:00Z'); // 22:00 CEST; ends 23:00 CEST
    const s = await seatOn(start);
    await reminders().send(s.payload('recording'), undefined, new Date('2027-10-30T21:30:00Z'));
    expect(await sentTo(s.userId)).toEqual([
      { channel: 'mail', template: 'course_recording', notBefore: new Date('2027-10-31T06:00:00Z') },
      { channel: 'sms', template: 'course_recording', notBefore: new Date('2027-10-31T06:00:00Z') },
    ]);
  });

  it('a reminder planned outside the quiet hours goes at once', async () => {
    const start = new Date('2027-10-31T12:00:00Z'); // 13:00 CET
    const s = await seatOn(start);
    await reminders().send(s.payload('1h'), undefined, new Date(start.getTime() - HOUR));
    expect((await sentTo(s.userId)).map((m) => m.notBefore)).toEqual([null, null]);
  });
});
