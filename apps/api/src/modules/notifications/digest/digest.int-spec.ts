import { NOTIFICATIONS_CREATE_JOB, type NotificationJobPayload, notificationPreferenceEndpoints as prefEp } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq, inArray, sql } from 'drizzle-orm';
import { JobOutbox, outboxJobId } from '../../../common/outbox';
import { JobQueue } from '../../../common/queue';
import { createTestApp, type TestApp, uniqueToken } from '../../../../test/app';
import { createUser as createAnyUser, type CreateUserOptions, type TestUser, withoutQuietHours } from '../../../../test/auth';
import { type QueryIn } from '../../../../test/call';
import { insertReferenceFixtures } from '../../../../test/fixtures';
import { settleJobs } from '../../../../test/jobs';
import { startSmtpSink, type SmtpSink } from '../../../../test/smtp-sink';
import { DigestSections } from './digest-sections';
import { DIGEST_SEND_JOB, type DigestSendJob, DigestService, periodKeyOf } from './digest.service';

let t: TestApp;
let sink: SmtpSink;
let digests: DigestService;

/** 09:00 Oslo on a Wednesday (winter): after the morning start. */
const MORNING = new Date('2026-11-25T08:00:00Z');

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://legenett.test' } });
  digests = t.app.get(DigestService);
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

async function notify(p: NotificationJobPayload): Promise<void> {
  const jobs = t.app.get(JobQueue, { strict: false });
  await jobs.enqueue(NOTIFICATIONS_CREATE_JOB, p);
  await jobs.onIdle();
}

const like = (user: TestUser, actor: TestUser, entityId = 42): NotificationJobPayload => ({
  user_id: user.id,
  kind: 'like',
  actor_user_id: actor.id,
  partner_company_id: null,
  entity_type: 'post',
  entity_id: entityId,
  data: {},
});

/** A user of this spec: quiet hours off, so the digest leaves at once whatever the hour of the run. */
async function createUser(db: TestApp['db'], options: CreateUserOptions = {}): Promise<TestUser> {
  const user = await createAnyUser(db, options);
  await withoutQuietHours(db, [user.id]);
  return user;
}

const mailsTo = (email: string) => sink.messages.filter((m) => (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)));
const runsOf = (ids: number[]) => t.db.select().from(schema.digestRuns).where(inArray(schema.digestRuns.user_id, ids));

async function waitForMail(email: string) {
  for (const deadline = Date.now() + 10_000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 25))) {
    const [mail] = mailsTo(email);
    if (mail) return mail;
  }
  throw new Error(`no digest to ${email}`);
}

describe('period keys', () => {
  it('daily by the Oslo day, weekly by the ISO week of the Oslo day', () => {
    expect(periodKeyOf('daily', new Date('2026-11-27T23:30:00Z'))).toBe('d:2026-11-28');
    expect(periodKeyOf('weekly', new Date('2026-11-25T08:00:00Z'))).toBe('w:2026-W48');
    expect(periodKeyOf('weekly', new Date('2027-01-01T12:00:00Z'))).toBe('w:2026-W53');
    expect(periodKeyOf('weekly', new Date('2026-11-29T23:30:00Z'))).toBe('w:2026-W49');
  });
});

describe('a send job for a batch of readers (real SMTP server)', () => {
  /** Claims `period` for these readers and writes their send job as the sweep does, but not handed over: the test runs it. */
  async function claimedBatch(period: string, readers: readonly TestUser[]): Promise<{ jobId: string; payload: DigestSendJob; row: number }> {
    const ids = readers.map((u) => u.id).sort((a, b) => a - b);
    await t.db.insert(schema.digestRuns).values(ids.map((user_id) => ({ user_id, period_key: period })));
    const payload: DigestSendJob = { user_ids: ids, period_key: period };
    const [row] = await t.db
      .insert(schema.jobOutbox)
      .values({ name: DIGEST_SEND_JOB, payload, user_ids: ids, dedupe_key: `digest:${period}:${ids[0]}`, next_attempt_at: sql`now() + interval '1 day'` })
      .returning({ id: schema.jobOutbox.id });
    return { jobId: outboxJobId(row!.id), payload, row: row!.id };
  }

  const digestRowsTo = (ids: number[]) =>
    t.db.select().from(schema.outboxMessages).where(inArray(schema.outboxMessages.user_id, ids)).then((rows) => rows.filter((r) => r.template === 'digest'));

  it("renders each reader's digest in their language with their sections; leaves out who came by, turned it off or has nothing; replayed, it sends nothing twice", async () => {
    const ref = await insertReferenceFixtures(t.db, uniqueToken());
    const author = await createUser(t.db, { firstName: 'Per', lastName: 'Hansen' });
    const norwegian = await createUser(t.db, { firstName: 'Åse', locale: 'no' });
    const english = await createUser(t.db, { firstName: 'Mary', locale: 'en' });
    const follower = await createUser(t.db, { firstName: 'Ola', locale: 'no' });
    const cameBy = await createUser(t.db);
    const turnedOff = await createUser(t.db);
    const nothingLeft = await createUser(t.db);
    for (const u of [norwegian, follower, cameBy, turnedOff, nothingLeft]) await notify(like(u, author, 77));

    // The Norwegian reader: an unread like and a job in their specialty. The English one: an alert's
    // match only. The follower: an unread like and a discussed post of someone they follow.
    await t.db.insert(schema.userSpecialties).values({ user_id: norwegian.id, specialty_id: ref.specialty.id });
    const [job] = await t.db
      .insert(schema.jobs)
      .values({ position_type: 'full_time', application_deadline: '2099-01-01', company_name: 'Sykehuset', user_id: author.id, title: `LIS i psykiatri ${uniqueToken()}`, county_id: ref.county.id })
      .returning();
    await t.db.insert(schema.jobSpecialties).values({ job_id: job!.id, specialty_id: ref.specialty.id });
    const [alert] = await t.db.insert(schema.alerts).values({ user_id: english.id, type: 'petition', name: 'Petitions', frequency: 'weekly' }).returning();
    const petitionTitle = `Save the GP scheme ${uniqueToken()}`;
    await t.db.insert(schema.alertMatches).values({ alert_id: alert!.id, user_id: english.id, item_type: 'petition', item_id: 987_101, frequency: 'weekly', title: petitionTitle });
    await t.db.insert(schema.userFollows).values({ follower_id: follower.id, followed_user_id: author.id });
    const postBody = `Erfaringer med ny fastlegeordning ${uniqueToken()}`;
    await t.db.insert(schema.posts).values({ slug: `p-${uniqueToken()}`, body: postBody, author_user_id: author.id, created_by_user_id: author.id, comments_count: 3 });

    const readers = [norwegian, english, follower, cameBy, turnedOff, nothingLeft];
    const { jobId, payload, row } = await claimedBatch('w:2026-W50', readers);
    // Between the claim and the send: one logs in, one turns the digest off, one reads everything.
    await t.db.update(schema.users).set({ last_login_date: new Date() }).where(eq(schema.users.id, cameBy.id));
    await t.db.update(schema.notificationPreferences).set({ digest: 'off' }).where(eq(schema.notificationPreferences.user_id, turnedOff.id));
    await t.db.update(schema.notificationGroups).set({ unread_count: 0 }).where(eq(schema.notificationGroups.user_id, nothingLeft.id));

    const queue = t.app.get(JobQueue, { strict: false });
    expect(await queue.enqueue(DIGEST_SEND_JOB, payload, { jobId })).toBe('added');
    await queue.onIdle();
    await settleJobs(t);

    const no = await waitForMail(norwegian.email);
    expect(no.subject).toBe('Dette har skjedd på Legenett denne uken');
    expect(no.html).toContain('lang="nb"');
    expect(no.text).toContain('Per Hansen likte innlegget ditt');
    expect(no.text).toContain(job!.title);
    expect(no.text).not.toContain(petitionTitle);
    expect(no.text).not.toContain(postBody);
    const en = await waitForMail(english.email);
    expect(en.subject).toBe('What happened on Legenett this week');
    expect(en.html).toContain('lang="en"');
    expect(en.text).toMatch(/New matches for your saved searches/i);
    expect(en.text).toContain(petitionTitle);
    expect(en.html).toContain('href="https://legenett.test/petitions/details/987101"');
    expect(en.text).not.toContain('liked your post');
    const fo = await waitForMail(follower.email);
    expect(fo.text).toContain('Per Hansen likte innlegget ditt');
    expect(fo.text).toContain(postBody);
    expect(fo.text).toContain('3 kommentarer');
    expect(fo.text).not.toContain(job!.title);
    // Each its own unsubscribe link.
    for (const [mail, user] of [[no, norwegian], [en, english], [fo, follower]] as const) {
      expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line).toContain(`u=${user.id}&`);
    }
    expect((await digestRowsTo(readers.map((u) => u.id))).map((m) => m.user_id).sort()).toEqual([norwegian.id, english.id, follower.id].sort());
    for (const u of [cameBy, turnedOff, nothingLeft]) expect(mailsTo(u.email)).toHaveLength(0);
    const [jobRow] = await t.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.id, row));
    expect(jobRow!.status).toBe('done');
    // Their claims stay: a sweep of the same period sends none of them anything.
    expect(await runsOf(readers.map((u) => u.id))).toHaveLength(readers.length);

    // The job run again on a queue that does not know it ran (a worker that stalled, Redis emptied):
    // its done mark is there, so it writes nothing.
    const mailsBefore = sink.messages.length;
    const other = await createTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL: 'https://legenett.test' } });
    try {
      const otherQueue = other.app.get(JobQueue, { strict: false });
      expect(await otherQueue.enqueue(DIGEST_SEND_JOB, payload, { jobId })).toBe('added');
      await otherQueue.onIdle();
      await settleJobs(other);
    } finally {
      await other.close();
    }
    await settleJobs(t);
    expect(await digestRowsTo(readers.map((u) => u.id))).toHaveLength(3);
    expect(sink.messages.length).toBe(mailsBefore);
  });

  it("erasing one reader's account takes them out of the batch's job; the job still sends to the others", async () => {
    const author = await createUser(t.db);
    const [stays, erased] = [await createUser(t.db), await createUser(t.db)];
    for (const u of [stays, erased]) await notify(like(u, author));
    const { jobId, row } = await claimedBatch('w:2026-W45', [stays, erased]);

    await t.app.get(JobOutbox).eraseUser(erased.id);
    const [jobRow] = await t.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.id, row));
    expect(jobRow!.user_ids).toEqual([stays.id]);
    expect(jobRow!.payload).toEqual({ user_ids: [stays.id], period_key: 'w:2026-W45' });

    const queue = t.app.get(JobQueue, { strict: false });
    await queue.enqueue(DIGEST_SEND_JOB, jobRow!.payload, { jobId });
    await queue.onIdle();
    await settleJobs(t);
    await waitForMail(stays.email);
    expect(mailsTo(erased.email)).toHaveLength(0);
  });

  it('the sweep writes one send job per DIGEST_SEND_BATCH_SIZE claims, each reader in one job', async () => {
    const author = await createUser(t.db);
    const readers = [];
    for (let i = 0; i < 5; i += 1) readers.push(await createUser(t.db));
    for (const u of readers) await notify(like(u, author));
    const ids = readers.map((u) => u.id);
    // A period of its own (a Wednesday three weeks on) so that only these and other tests' leftovers are due.
    await digests.sweep(new Date('2026-12-16T08:00:00Z'), 1000, 2);
    await settleJobs(t);
    const jobs = (await t.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.name, DIGEST_SEND_JOB))).filter(
      (j) => (j.payload as { period_key: string }).period_key === 'w:2026-W51' && j.user_ids.some((id) => ids.includes(id)),
    );
    expect(jobs.every((j) => j.user_ids.length <= 2)).toBe(true);
    expect(jobs.flatMap((j) => j.user_ids).filter((id) => ids.includes(id)).sort()).toEqual([...ids].sort());
    for (const u of readers) await waitForMail(u.email);
    expect((await digestRowsTo(ids)).map((m) => m.user_id).sort()).toEqual([...ids].sort());
  });
});

describe('digest sweep and send (real SMTP server)', () => {
  it('sends one digest per user and period to those with unread and not active since; a second sweep sends none', async () => {
    const ref = await insertReferenceFixtures(t.db, uniqueToken());
    const author = await createUser(t.db, { firstName: 'Kari', lastName: 'Nordby' });
    const reader = await createUser(t.db, { firstName: 'Siri', locale: 'no' });
    const english = await createUser(t.db, { firstName: 'John', locale: 'en' });
    const active = await createUser(t.db);
    const nothingUnread = await createUser(t.db);
    const off = await createUser(t.db);
    for (const u of [reader, english, active, off]) await notify(like(u, author));
    await notify(like(nothingUnread, author));
    await t.db.update(schema.notificationGroups).set({ unread_count: 0 }).where(eq(schema.notificationGroups.user_id, nothingUnread.id));
    await t.db.update(schema.notificationPreferences).set({ digest: 'off' }).where(eq(schema.notificationPreferences.user_id, off.id));
    await t.db.update(schema.users).set({ last_login_date: new Date() }).where(eq(schema.users.id, active.id));

    // Content: a job in the reader's specialty and county, one elsewhere; a discussed post of someone followed.
    await t.db.insert(schema.userSpecialties).values({ user_id: reader.id, specialty_id: ref.specialty.id });
    await t.db.update(schema.userInfo).set({ county_id: ref.county.id }).where(eq(schema.userInfo.user_id, reader.id));
    const job = { position_type: 'full_time' as const, application_deadline: '2099-01-01', company_name: 'Sykehuset', user_id: author.id };
    const [mine, elsewhere] = await t.db
      .insert(schema.jobs)
      .values([
        { ...job, title: `Overlege i indremedisin ${uniqueToken()}`, county_id: ref.county.id },
        { ...job, title: `Overlege et annet sted ${uniqueToken()}`, county_id: ref.otherCounty.id },
      ])
      .returning();
    await t.db.insert(schema.jobSpecialties).values([
      { job_id: mine!.id, specialty_id: ref.specialty.id },
      { job_id: elsewhere!.id, specialty_id: ref.specialty.id },
    ]);
    await t.db.insert(schema.userFollows).values({ follower_id: reader.id, followed_user_id: author.id });
    const [post] = await t.db.insert(schema.posts).values({ slug: `p-${uniqueToken()}`, body: 'Hva mener dere om nye retningslinjer?', author_user_id: author.id, created_by_user_id: author.id, comments_count: 7 }).returning();

    const users = [reader, english, active, nothingUnread, off];
    const claimed = await digests.sweep(MORNING, 2);
    await settleJobs(t);
    const runs = await runsOf(users.map((u) => u.id));
    expect(runs.map((r) => r.user_id).sort()).toEqual([reader.id, english.id].sort());
    expect(runs.every((r) => r.period_key === 'w:2026-W48')).toBe(true);
    expect(claimed).toBeGreaterThanOrEqual(2);

    const mail = await waitForMail(reader.email);
    expect(mail.subject).toBe('Dette har skjedd på Legenett denne uken');
    // Both parts from one template: the same content in each.
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toContain('Kari Nordby likte innlegget ditt');
      expect(part).toContain(mine!.title);
      expect(part).not.toContain(elsewhere!.title);
      expect(part).toContain('Hva mener dere om nye retningslinjer?');
    }
    expect(mail.html).toContain('lang="nb"');
    expect(mail.html).toContain(`href="https://legenett.test/jobs/details/${mine!.id}"`);
    expect(mail.html).toContain(`href="https://legenett.test/post/${post!.id}"`);
    expect(mail.html).toContain('href="https://legenett.test/notification_settings"');
    expect(mail.text).toContain('7 kommentarer');
    const unsubscribeLine = mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line;
    expect(unsubscribeLine).toMatch(/c=digest/);
    expect(mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')!.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');

    const en = await waitForMail(english.email);
    expect(en.subject).toBe('What happened on Legenett this week');
    expect(en.text).toContain('Kari Nordby liked your post');
    expect(mailsTo(active.email)).toHaveLength(0);
    expect(mailsTo(nothingUnread.email)).toHaveLength(0);
    expect(mailsTo(off.email)).toHaveLength(0);

    // Replaying the sweep (a second replica, a retry) claims nothing for the same period.
    const before = sink.messages.length;
    await Promise.all([digests.sweep(MORNING, 3), digests.sweep(MORNING, 1000)]);
    await settleJobs(t);
    expect(await runsOf(users.map((u) => u.id))).toHaveLength(2);
    expect(sink.messages.length).toBe(before);

    // The digest's own unsubscribe link turns it off.
    const url = new URL(unsubscribeLine.replace(/^list-unsubscribe:\s*<|>$/gi, ''));
    expect(url.pathname).toBe(`/api${prefEp.unsubscribe.path}`);
    const query = Object.fromEntries(url.searchParams) as QueryIn<typeof prefEp.unsubscribe>;
    const res = await t.call(prefEp.unsubscribe, { as: null, query, form: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);
    const [prefs] = await t.db.select().from(schema.notificationPreferences).where(eq(schema.notificationPreferences.user_id, reader.id));
    expect(prefs!.digest).toBe('off');
  });

  it('before 07:00 Oslo time the sweep sends nothing; a daily digest has its own period', async () => {
    const author = await createUser(t.db);
    const daily = await createUser(t.db);
    await notify(like(daily, author));
    await t.db.update(schema.notificationPreferences).set({ digest: 'daily' }).where(eq(schema.notificationPreferences.user_id, daily.id));
    expect(await digests.sweep(new Date('2026-11-25T05:30:00Z'))).toBe(0); // 06:30 Oslo
    await digests.sweep(MORNING);
    await settleJobs(t);
    expect((await runsOf([daily.id])).map((r) => r.period_key)).toEqual(['d:2026-11-25']);
  });

  it("the matches of a daily or weekly alert since the last digest are its own section, and make a reader with nothing unread due", async () => {
    const reader = await createUser(t.db, { firstName: 'Ingrid', locale: 'no' });
    const english = await createUser(t.db, { firstName: 'Jane', locale: 'en' });
    const [daily, other, immediate, englishAlert] = await t.db
      .insert(schema.alerts)
      .values([
        { user_id: reader.id, type: 'job', name: 'Kardiologi i Bergen', frequency: 'daily' },
        { user_id: reader.id, type: 'job', name: 'Overlege', frequency: 'weekly' },
        { user_id: reader.id, type: 'petition', name: 'Opprop', frequency: 'immediate' },
        { user_id: english.id, type: 'course', name: 'Courses', frequency: 'weekly' },
      ])
      .returning();
    const title = `Overlege i kardiologi ${uniqueToken()}`;
    await t.db.insert(schema.alertMatches).values([
      // Two of the reader's alerts matched one job: one line naming both.
      { alert_id: daily!.id, user_id: reader.id, item_type: 'job', item_id: 987_001, frequency: 'daily', title },
      { alert_id: other!.id, user_id: reader.id, item_type: 'job', item_id: 987_001, frequency: 'daily', title },
      // Told at once already: not repeated in the digest.
      { alert_id: immediate!.id, user_id: reader.id, item_type: 'petition', item_id: 987_002, frequency: 'immediate', title: 'Sagt med en gang' },
      // Older than the period: not news.
      { alert_id: daily!.id, user_id: reader.id, item_type: 'job', item_id: 987_003, frequency: 'daily', title: 'For lenge siden', matched_at: new Date(Date.now() - 30 * 86_400_000) },
      { alert_id: englishAlert!.id, user_id: english.id, item_type: 'course', item_id: 987_004, frequency: 'weekly', title: 'Asthma in children' },
    ]);
    // Neither has an unread entry: the alerts' matches alone make them due.
    await digests.sweep(MORNING);
    await settleJobs(t);
    expect((await runsOf([reader.id, english.id])).map((r) => r.user_id).sort()).toEqual([reader.id, english.id].sort());

    const mail = await waitForMail(reader.email);
    for (const part of [mail.text!, mail.html as string]) {
      expect(part).toMatch(/Nye treff for de lagrede søkene dine/i); // the text part writes headings in capitals
      expect(part).toContain(title);
      expect(part).toContain('Lagret søk: Kardiologi i Bergen, Overlege');
      expect(part).not.toContain('Sagt med en gang');
      expect(part).not.toContain('For lenge siden');
    }
    expect(mail.html).toContain('href="https://legenett.test/jobs/details/987001"');
    const en = await waitForMail(english.email);
    expect(en.text).toMatch(/New matches for your saved searches/i);
    expect(en.text).toContain('Saved search: Courses');
    expect(en.html).toContain('href="https://legenett.test/course/webinares/987004/course"');
  });

  it('a module adds a section through DigestSections; a failing one is left out', async () => {
    const sections = t.app.get(DigestSections);
    sections.register({ key: `test-ok-${uniqueToken()}`, order: 99, collect: async (r) => ({ title: `Til ${r.userId}`, items: [{ text: 'Egen seksjon', url: 'https://legenett.test/x' }] }) });
    sections.register({ key: `test-fails-${uniqueToken()}`, order: 98, collect: () => Promise.reject(new Error('boom')) });
    const content = await digests.collect({ userId: 1, locale: 'no', countyId: null, since: new Date(0), frequency: 'weekly' });
    expect(content.at(-1)).toEqual({ title: 'Til 1', items: [{ text: 'Egen seksjon', url: 'https://legenett.test/x' }] });
  });

  it('the settings endpoint turns the digest off and on', async () => {
    const me = await t.session();
    expect((await t.call(prefEp.update, { as: me, body: { digest: 'off' } })).parsed.data.digest).toBe('off');
  });
});
