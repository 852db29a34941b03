import {
  NOTIFICATIONS_CREATE_JOB,
  type NotificationJobPayload,
  notificationEndpoints as ep,
  notificationPreferenceEndpoints as prefEp,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, eq, sql } from 'drizzle-orm';
import { JobQueue } from '../../common/queue';
import { SignedLinks } from '../../common/security/signed-links';
import { createTestApp, type TestApp } from '../../../test/app';
import { createCompany, createUser, type TestUser, tokenFor } from '../../../test/auth';
import { invalid, type QueryIn } from '../../../test/call';
import { settleJobs } from '../../../test/jobs';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { NOTIFICATIONS_EMAIL_JOB } from './notifications.service';

let t: TestApp;
let sink: SmtpSink;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: 'Legenett <varsler@legenett.no>', PUBLIC_URL: 'https://legenett.test' } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

const like = (user: TestUser, actor: TestUser, over: Partial<NotificationJobPayload> = {}): NotificationJobPayload => ({
  user_id: user.id,
  kind: 'like',
  actor_user_id: actor.id,
  partner_company_id: null,
  entity_type: 'post',
  entity_id: 42,
  data: { post_slug: 'innlegg' },
  ...over,
});

async function notify(...payloads: NotificationJobPayload[]): Promise<void> {
  const jobs = t.app.get(JobQueue, { strict: false });
  // One after the other: the order of arrival is what the entry shows.
  for (const p of payloads) {
    await jobs.enqueue(NOTIFICATIONS_CREATE_JOB, p);
    await jobs.onIdle();
  }
  await settleJobs(t);
}

/** Makes the user's waiting e-mail jobs due now (the grouping delay or the quiet hours passed) and runs them. */
async function runWaitingMail(userId: number): Promise<void> {
  await t.db
    .update(schema.jobOutbox)
    .set({ next_attempt_at: sql`now()` })
    .where(and(eq(schema.jobOutbox.name, NOTIFICATIONS_EMAIL_JOB), sql`${schema.jobOutbox.user_ids} && array[${userId}]::int[]`, eq(schema.jobOutbox.status, 'pending')));
  await settleJobs(t);
}

const waitingMail = (userId: number) =>
  t.db
    .select()
    .from(schema.jobOutbox)
    .where(and(eq(schema.jobOutbox.name, NOTIFICATIONS_EMAIL_JOB), sql`${schema.jobOutbox.user_ids} && array[${userId}]::int[]`));

/** A header as it was sent (mailparser turns the List-* ones into an object). */
const rawHeader = (mail: { headerLines: readonly { key: string; line: string }[] }, name: string): string =>
  mail.headerLines.find((h) => h.key === name)?.line.slice(name.length + 1).replace(/\r?\n\s+/g, ' ').trim() ?? '';

const mailsTo = (email: string) => sink.messages.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));

async function firstMailTo(email: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 25))) {
    const [mail] = mailsTo(email);
    if (mail) return mail;
  }
  throw new Error(`no mail to ${email}`);
}

describe('grouping', () => {
  it('likes of one post in one day are one entry; comments group per post; messages and decisions never', async () => {
    const me = await t.session();
    const [kari, ola, per] = await Promise.all([
      createUser(t.db, { firstName: 'Kari', lastName: 'Nordby' }),
      createUser(t.db, { firstName: 'Ola' }),
      createUser(t.db, { firstName: 'Per' }),
    ]);
    await notify(like(me.user, ola), like(me.user, per), like(me.user, kari));
    await notify(like(me.user, kari, { entity_id: 43 }));
    await notify(like(me.user, ola, { kind: 'comment' }), like(me.user, ola, { kind: 'comment' }));
    await notify(like(me.user, ola, { kind: 'chat_message', entity_type: 'user', entity_id: ola.id }));
    await notify(like(me.user, ola, { kind: 'chat_message', entity_type: 'user', entity_id: ola.id }));
    await notify({ ...like(me.user, ola), kind: 'account_decision', actor_user_id: null, entity_type: null, entity_id: null, data: { decision: 'approved' } });

    const res = await t.call(ep.list, { as: me });
    expect(res.status).toBe(200);
    const entries = res.parsed.data;
    expect(entries.map((e) => e.kind)).toEqual(['account_decision', 'chat_message', 'chat_message', 'comment', 'like', 'like']);
    // The unread count counts entries, not notifications (9 notifications, 6 entries).
    expect(res.parsed.unreadCount).toBe(6);
    const likes = entries.find((e) => e.kind === 'like' && e.entity_id === 42)!;
    expect(likes).toMatchObject({ grouped: true, actor_count: 3, notification_count: 3, unread: true, actor: { first_name: 'Kari' } });
    const comments = entries.find((e) => e.kind === 'comment')!;
    expect(comments).toMatchObject({ grouped: true, actor_count: 1, notification_count: 2 });
    expect(entries.filter((e) => e.kind === 'chat_message').every((e) => !e.grouped && e.notification_count === 1)).toBe(true);

    // Who: newest first, paged.
    const who = await t.call(ep.members, { as: me, params: { id: likes.id }, query: { limit: 2 } });
    expect(who.parsed.data.map((m) => m.actor?.first_name)).toEqual(['Kari', 'Per']);
    const rest = await t.call(ep.members, { as: me, params: { id: likes.id }, query: { limit: 2, cursor: who.parsed.meta.next_cursor! } });
    expect(rest.parsed.data.map((m) => m.actor?.first_name)).toEqual(['Ola']);
    expect(rest.parsed.meta.next_cursor).toBeNull();

    // Reading the entry reads its members; a new like makes it unread again and moves it to the top.
    expect((await t.call(ep.markRead, { as: me, body: { ids: [likes.id] } })).parsed).toEqual({ unreadCount: 5 });
    const members = await t.db.select().from(schema.notifications).where(eq(schema.notifications.group_id, likes.id));
    expect(members.every((m) => m.read_at !== null)).toBe(true);
    const anna = await createUser(t.db, { firstName: 'Anna' });
    await notify(like(me.user, anna));
    const after = await t.call(ep.list, { as: me, query: { limit: 1 } });
    expect(after.parsed.data[0]).toMatchObject({ id: likes.id, unread: true, actor_count: 4, actor: { first_name: 'Anna' } });
    expect(after.parsed.unreadCount).toBe(6);
  });

  it('the same person liking twice counts once among the people', async () => {
    const me = await t.session();
    const ola = await createUser(t.db);
    await notify(like(me.user, ola), like(me.user, ola));
    const [entry] = (await t.call(ep.list, { as: me })).parsed.data;
    expect(entry).toMatchObject({ actor_count: 1, notification_count: 2 });
  });

  it('keyset pages walk every entry once, newest first', async () => {
    const me = await t.session();
    const ola = await createUser(t.db);
    for (let i = 0; i < 7; i += 1) await notify(like(me.user, ola, { entity_id: 100 + i }));
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof t.call<typeof ep.list>>> = await t.call(ep.list, { as: me, query: cursor ? { limit: 3, cursor } : { limit: 3 } });
      seen.push(...page.parsed.data.map((e) => e.entity_id!));
      cursor = page.parsed.meta.next_cursor;
    } while (cursor);
    expect(seen).toEqual([106, 105, 104, 103, 102, 101, 100]);
  });

  it('members: 401 anonymous, 403 in review, 404 for someone else\'s entry and for none, 422 for a bad id', async () => {
    const me = await t.session();
    const other = await t.session();
    await notify(like(other.user, me.user));
    const [theirs] = (await t.call(ep.list, { as: other })).parsed.data;
    expect((await t.call(ep.members, { as: null, params: { id: theirs!.id } })).status).toBe(401);
    const inReview = await t.session({ status: 'in_review' });
    const denied = await t.call(ep.members, { as: inReview, params: { id: theirs!.id } });
    expect([denied.status, denied.error.reason]).toEqual([403, 'account_in_review']);
    expect((await t.call(ep.members, { as: me, params: { id: theirs!.id } })).status).toBe(404);
    expect((await t.call(ep.members, { as: me, params: { id: 999_999_999 } })).status).toBe(404);
    expect((await t.call(ep.members, { as: me, params: invalid({ id: 'abc' }) })).status).toBe(422);
  });
});

describe('preferences', () => {
  it('answers the table with defaults, the spec\'s three settings as cells, quiet hours 22:00-07:00 and a weekly digest', async () => {
    const me = await t.session();
    const res = await t.call(prefEp.show, { as: me });
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.parsed.data.categories.map((c) => [c.category, c]));
    expect(Object.keys(rows)).toEqual(['comments', 'mentions', 'messages', 'likes_follows', 'alerts', 'course_reminders', 'petitions', 'important_updates']);
    expect(rows.likes_follows).toEqual({ category: 'likes_follows', in_app: { enabled: true, locked: false }, email: { enabled: false, locked: false }, sms: null, push: { enabled: false, locked: false } });
    // Push (issue 41): messages and mentions on, likes off; the lock-screen preview off.
    expect(rows.messages!.push).toEqual({ enabled: true, locked: false });
    expect(rows.mentions!.push).toEqual({ enabled: true, locked: false });
    expect(res.parsed.data.push_preview).toBe(false);
    expect(rows.course_reminders!.sms).toEqual({ enabled: false, locked: false });
    expect(rows.important_updates!.in_app).toEqual({ enabled: true, locked: true });
    expect(res.parsed.data.quiet_hours).toEqual({ enabled: true, start: '22:00', end: '07:00' });
    expect(res.parsed.data.digest).toBe('weekly');
  });

  it('changes cells one at a time, keeps the others, and writes the spec\'s settings under their names', async () => {
    const me = await t.session();
    await t.call(prefEp.update, { as: me, body: { channels: { comments: { email: true } } } });
    const res = await t.call(prefEp.update, {
      as: me,
      body: { channels: { comments: { in_app: false }, course_reminders: { sms: true, email: false } }, quiet_hours: { enabled: true, start: '21:30', end: '06:45' }, digest: 'daily' },
    });
    expect(res.status).toBe(200);
    const rows = Object.fromEntries(res.parsed.data.categories.map((c) => [c.category, c]));
    expect(rows.comments).toMatchObject({ in_app: { enabled: false }, email: { enabled: true } });
    expect(rows.course_reminders).toMatchObject({ email: { enabled: false }, sms: { enabled: true } });
    expect(res.parsed.data).toMatchObject({ quiet_hours: { start: '21:30', end: '06:45' }, digest: 'daily' });
    const [info] = await t.db.select().from(schema.userInfo).where(eq(schema.userInfo.user_id, me.user.id));
    expect(info).toMatchObject({ sms_webinar_reminders: true, email_webinar_reminders: false, important_updates: true });
  });

  it('a kind with in-app off makes no entry', async () => {
    const me = await t.session();
    await t.call(prefEp.update, { as: me, body: { channels: { likes_follows: { in_app: false } } } });
    await notify(like(me.user, await createUser(t.db)));
    expect((await t.call(ep.list, { as: me })).parsed.data).toEqual([]);
  });

  it('refuses a locked or missing cell and bad times with 422 in the asked language; 401 anonymous', async () => {
    const me = await t.session();
    const locked = await t.call(prefEp.update, { as: me, locale: 'en', body: { channels: { important_updates: { in_app: false } } } });
    expect(locked.status).toBe(422);
    expect(locked.validation.errors['channels.important_updates.in_app']).toEqual(['This setting cannot be changed.']);
    const noSms = await t.call(prefEp.update, { as: me, body: { channels: { comments: { sms: true } } } });
    expect(noSms.status).toBe(422);
    const badTime = await t.call(prefEp.update, { as: me, locale: 'no', body: invalid({ quiet_hours: { enabled: true, start: '25:00', end: '07:00' } }) });
    expect(badTime.status).toBe(422);
    expect(badTime.validation.errors['quiet_hours.start']).toEqual(['Skriv klokkeslettet som TT:MM, for eksempel 22:00.']);
    // The same start and end would be no window or all day: refused (issue 37); off, they may be equal.
    const same = await t.call(prefEp.update, { as: me, locale: 'en', body: { quiet_hours: { enabled: true, start: '22:00', end: '22:00' } } });
    expect(same.status).toBe(422);
    expect(same.validation.errors['quiet_hours.end']).toEqual(['Quiet hours must end at another time than they start. Turn them off instead.']);
    expect((await t.call(prefEp.update, { as: me, body: { quiet_hours: { enabled: false, start: '22:00', end: '22:00' } } })).status).toBe(200);
    expect((await t.call(prefEp.update, { as: me, body: invalid({ digest: 'hourly' }) })).status).toBe(422);
    expect((await t.call(prefEp.update, { as: me, body: invalid({ channels: { nope: { email: true } } }) })).status).toBe(422);
    expect((await t.call(prefEp.show, { as: null })).status).toBe(401);
    expect((await t.call(prefEp.update, { as: null, body: {} })).status).toBe(401);
  });

  it('is personal: an account in review may set it (user access), a company profile may not', async () => {
    const inReview = await t.session({ status: 'in_review' });
    expect((await t.call(prefEp.show, { as: inReview })).status).toBe(200);
    const manager = await createUser(t.db, { roles: ['doctor', 'company_manager'] });
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = await t.call(prefEp.update, { as: await tokenFor(t, manager, { actAs: company.id }), body: { digest: 'off' } });
    expect([asCompany.status, asCompany.error.reason]).toEqual([403, 'business_profile_active']);
  });
});

describe('e-mail: grouped, quiet hours, one-click unsubscribe (real SMTP server)', () => {
  it('one e-mail for a group after the wait, with both parts, the settings link and RFC 8058 headers', async () => {
    const me = await t.session({ firstName: 'Siri' });
    await t.call(prefEp.update, { as: me, body: { channels: { likes_follows: { email: true } }, quiet_hours: { enabled: false, start: '22:00', end: '07:00' } } });
    const [kari, ola, per] = await Promise.all([createUser(t.db, { firstName: 'Kari', lastName: 'Nordby' }), createUser(t.db), createUser(t.db)]);
    await notify(like(me.user, ola), like(me.user, per), like(me.user, kari));
    // One e-mail job for the three likes, waiting about 15 minutes for more.
    const waiting = await waitingMail(me.user.id);
    expect(waiting).toHaveLength(1);
    expect(waiting[0]!.next_attempt_at.getTime()).toBeGreaterThan(Date.now() + 14 * 60_000);
    expect(mailsTo(me.user.email)).toHaveLength(0);

    await runWaitingMail(me.user.id);
    const mail = await firstMailTo(me.user.email);
    expect(mail!.subject).toBe('Kari Nordby og 2 andre likte innlegget ditt');
    expect(mail!.text).toContain('Hei Siri');
    expect(mail!.text).toContain('https://legenett.test/notifications');
    expect(mail!.text).toContain('https://legenett.test/notification_settings');
    expect(mail!.html).toContain('href="https://legenett.test/notification_settings"');
    const unsubscribe = rawHeader(mail!, 'list-unsubscribe');
    expect(unsubscribe).toMatch(/^<https:\/\/legenett\.test\/api\/notification-unsubscribe\?u=\d+&c=likes_follows&expires=\d+&signature=[\w-]+>$/);
    expect(rawHeader(mail!, 'list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');

    // A fourth like starts the next round: a new job.
    await notify(like(me.user, await createUser(t.db)));
    expect((await waitingMail(me.user.id)).filter((j) => j.status === 'pending')).toHaveLength(1);
  });

  it('an entry read in the app before its e-mail is due sends none', async () => {
    const me = await t.session();
    await t.call(prefEp.update, { as: me, body: { channels: { comments: { email: true } }, quiet_hours: { enabled: false, start: '22:00', end: '07:00' } } });
    await notify(like(me.user, await createUser(t.db), { kind: 'comment' }));
    await t.call(ep.markAllRead, { as: me });
    await runWaitingMail(me.user.id);
    expect(mailsTo(me.user.email)).toHaveLength(0);
  });

  it('in the quiet hours the e-mail waits for their end', async () => {
    const me = await t.session();
    // A window around now on Oslo's wall clock.
    const oslo = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Oslo', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date());
    const [h, m] = oslo.split(':').map(Number) as [number, number];
    const minute = h * 60 + m;
    const hhmm = (x: number) => `${String(Math.floor(((x + 1440) % 1440) / 60)).padStart(2, '0')}:${String(((x + 1440) % 1440) % 60).padStart(2, '0')}`;
    await t.call(prefEp.update, { as: me, body: { quiet_hours: { enabled: true, start: hhmm(minute - 60), end: hhmm(minute + 60) } } });
    await notify(like(me.user, await createUser(t.db), { kind: 'course_seat_offered', entity_type: 'course', entity_id: 1, data: { title: 'Kurs' } }));
    const [job] = await waitingMail(me.user.id);
    const wait = job!.next_attempt_at.getTime() - Date.now();
    expect(wait).toBeGreaterThan(58 * 60_000);
    expect(wait).toBeLessThanOrEqual(61 * 60_000);
  });

  it('the one-click POST unsubscribes the link\'s own user from that kind only; forged, someone else\'s and expired links change nothing', async () => {
    const me = await t.session();
    const other = await t.session();
    await t.call(prefEp.update, { as: me, body: { channels: { petitions: { email: true } }, quiet_hours: { enabled: false, start: '22:00', end: '07:00' } } });
    await t.call(prefEp.update, { as: other, body: { channels: { petitions: { email: true } } } });
    await notify(like(me.user, other.user, { kind: 'petition_answer', entity_type: 'petition', entity_id: 5 }));
    const mail = await firstMailTo(me.user.email);
    const url = new URL(rawHeader(mail, 'list-unsubscribe').slice(1, -1));
    expect(url.pathname).toBe(`/api${prefEp.unsubscribe.path}`);
    // The link's query as the API signed it (strings; the contract coerces `u`).
    const q = Object.fromEntries(url.searchParams) as QueryIn<typeof prefEp.unsubscribe> & Record<string, string>;

    // A person who opens it is sent to the page that asks; nothing changes.
    const opened = await t.call(prefEp.unsubscribePage, { as: null, query: q });
    expect(opened.status).toBe(303);
    expect(opened.headers.location).toBe(`https://legenett.test/unsubscribe?${url.searchParams.toString()}`);
    const emailOf = async (u: typeof me, category: string) =>
      (await t.call(prefEp.show, { as: u })).parsed.data.categories.find((c) => c.category === category)!.email!.enabled;
    expect(await emailOf(me, 'petitions')).toBe(true);

    // Forged: another user's id with this signature, another kind, an altered signature.
    const forged = [
      { ...q, u: String(other.user.id) },
      { ...q, c: 'comments' },
      { ...q, signature: `${q.signature!.slice(0, -2)}xx` },
    ];
    for (const f of forged) {
      const res = await t.call(prefEp.unsubscribe, { as: null, query: invalid(f), locale: 'en', form: 'List-Unsubscribe=One-Click' });
      expect([res.status, res.error.message]).toEqual([403, 'The unsubscribe link is not valid. Change your notifications under Notification settings.']);
    }
    expect(await emailOf(other, 'petitions')).toBe(true);
    expect(await emailOf(me, 'petitions')).toBe(true);

    // Expired: a genuine link signed a year ago.
    const links = t.app.get(SignedLinks);
    const old = links.sign('unsubscribe:petitions', { ttlSeconds: 180 * 24 * 3600, subject: me.user.id }, Date.now() - 400 * 24 * 3600 * 1000);
    const expired = await t.call(prefEp.unsubscribe, { as: null, query: { u: String(me.user.id), c: 'petitions', expires: String(old.expires), signature: old.signature }, form: 'List-Unsubscribe=One-Click' });
    expect(expired.status).toBe(403);

    // RFC 8058: only a POST whose body is `List-Unsubscribe=One-Click` acts (issue 37): no body or another
    // value changes nothing.
    const noBody = await t.call(prefEp.unsubscribe, { as: null, query: q, body: invalid(undefined), locale: 'en' });
    expect(noBody.status).toBe(422);
    expect(noBody.validation.errors['List-Unsubscribe']).toBeDefined();
    expect((await t.call(prefEp.unsubscribe, { as: null, query: q, form: 'List-Unsubscribe=Yes' })).status).toBe(422);
    expect(await emailOf(me, 'petitions')).toBe(true);
    // The web page that asks sends the same body as JSON.
    expect((await t.call(prefEp.unsubscribe, { as: null, query: q, body: { 'List-Unsubscribe': 'One-Click' } })).status).toBe(200);

    // Valid: one click, no login, as a mail client sends it; twice is the same.
    for (let i = 0; i < 2; i += 1) {
      const res = await t.call(prefEp.unsubscribe, { as: null, query: q, form: 'List-Unsubscribe=One-Click' });
      expect([res.status, res.body]).toEqual([200, { data: { category: 'petitions' } }]);
    }
    expect(await emailOf(me, 'petitions')).toBe(false);
    expect(await emailOf(me, 'comments')).toBe(false);
    // The next message sends no e-mail.
    const before = sink.messages.length;
    await notify(like(me.user, other.user, { kind: 'petition_answer', entity_type: 'petition', entity_id: 6 }));
    expect(sink.messages.length).toBe(before);
    expect(await waitingMail(me.user.id)).toHaveLength(1);

    // Bad input: 422, never 5xx.
    expect((await t.call(prefEp.unsubscribe, { as: null, query: invalid({ u: 'abc', c: 'petitions', expires: '1', signature: 'x' }) })).status).toBe(422);
    expect((await t.call(prefEp.unsubscribe, { as: null })).status).toBe(422);
  });
});
