import { messageEndpoints as ep, notificationPreferenceEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { settleJobs } from '../../../test/jobs';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';

/**
 * The unread-messages e-mail with a real SMTP server (issue 26): sent when the notification
 * settings allow it, and held back to the end of the reader's quiet hours.
 */
let sink: SmtpSink;
let t: TestApp;
beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Legenett <varsler@legenett.no>', PUBLIC_URL: 'https://legenett.test' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** The delayed e-mail jobs are due now, as if 15 minutes had passed. */
const fifteenMinutesLater = () =>
  t.db.update(schema.jobOutbox).set({ next_attempt_at: new Date() }).where(and(eq(schema.jobOutbox.name, 'messages.unread-mail'), eq(schema.jobOutbox.status, 'pending')));

const hhmm = (d: Date) => new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);

it('delivers the mail at once outside the quiet hours, and holds it to their end inside them', async () => {
  const a = await t.session({ firstName: 'Astrid', lastName: 'Lege' });
  const awake = await t.session();
  const asleep = await t.session();
  const settings = (as: typeof awake, body: object) => t.call(notificationPreferenceEndpoints.update, { as, body });
  expect((await settings(awake, { quiet_hours: { enabled: false, start: '22:00', end: '07:00' } })).status).toBe(200);
  // Quiet hours from an hour ago to an hour from now (Oslo's wall clock).
  const quiet = { enabled: true, start: hhmm(new Date(Date.now() - 3_600_000)), end: hhmm(new Date(Date.now() + 3_600_000)) };
  expect((await settings(asleep, { quiet_hours: quiet })).status).toBe(200);
  await t.call(ep.start, { as: a, body: { to_user_id: awake.user.id, body: 'Hei' } });
  const held = (await t.call(ep.start, { as: a, body: { to_user_id: asleep.user.id, body: 'Hei' } })).parsed.data;
  await settleJobs(t);
  await fifteenMinutesLater();
  await settleJobs(t);

  const to = (email: string) => sink.messages.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((x) => x?.text.includes(email)));
  for (let i = 0; i < 100 && to(awake.user.email).length === 0; i++) await new Promise((r) => setTimeout(r, 50));
  const [mail] = to(awake.user.email);
  expect(mail!.subject).toBe('Uleste meldinger fra Astrid Lege');
  // The sleeping reader's mail is written, its delivery waits for the end of the quiet hours.
  const [row] = await t.db.select().from(schema.outboxMessages).where(and(eq(schema.outboxMessages.user_id, asleep.user.id), eq(schema.outboxMessages.template, 'chat_unread')));
  expect(row!.body).toContain(`/messages/${held.conversation.id}`);
  // This mail's delivery job (the run's database holds other specs' pending jobs too).
  const [job] = await t.db
    .select()
    .from(schema.jobOutbox)
    .where(and(eq(schema.jobOutbox.name, 'mail.deliver'), eq(schema.jobOutbox.status, 'pending'), sql`${schema.jobOutbox.payload}->>'id' = ${String(row!.id)}`));
  expect(job!.payload).toEqual({ id: row!.id });
  const wait = job!.next_attempt_at.getTime() - Date.now();
  expect(wait).toBeGreaterThan(55 * 60_000);
  expect(wait).toBeLessThanOrEqual(61 * 60_000);
  expect(to(asleep.user.email)).toEqual([]);
});
