import {
  buildPath,
  companyEndpoints,
  type Endpoint,
  networkEndpoints,
  NOTIFICATIONS_CREATE_JOB,
  type NotificationJobPayload,
  postEndpoints,
} from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor, type TestUser } from '../../../test/auth';
import { settleJobs } from '../../../test/jobs';
import { UnitOfWork } from '../../database/unit-of-work';
import { ADDRESS_TAKEN_JOB, FORGOT_PASSWORD_JOB, HousekeepingService, NotificationPublisher } from '../../../test/modules';
import { type EnqueueResult, JobQueue } from '../queue';
import { JobOutbox } from './job-outbox';
import { OutboxRelay, outboxJobId } from './outbox-relay';
import { OutboxRepository } from './outbox.repository';

const HANDOVER_TIMEOUT_MS = 200;
/** Short, so that the tests see rows handed over again after it. */
const LEASE_MS = 1000;
/** What a user waits for at most, whatever the queue does. */
const PROMPT_MS = 1000;

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_HANDOVER_TIMEOUT_MS: String(HANDOVER_TIMEOUT_MS), OUTBOX_POLL_MS: '100', OUTBOX_LEASE_MS: String(LEASE_MS) } });
  queue = t.app.get(JobQueue);
});
afterEach(() => {
  jest.restoreAllMocks();
});
afterAll(async () => {
  await t.close();
});

async function call(endpoint: Endpoint, user: TestUser, params: Record<string, string | number>, body?: object) {
  const auth = bearer(await tokenFor(t, user));
  const path = `/api${buildPath(endpoint.path, params)}`;
  const started = Date.now();
  const res = await t.http.post(path).set('Authorization', auth).send(body ?? {});
  return { status: res.status, ms: Date.now() - started };
}

const notificationsTo = (userId: number) => t.db.select().from(schema.notifications).where(eq(schema.notifications.user_id, userId));

const outboxFor = (userId: number) =>
  t.db
    .select()
    .from(schema.jobOutbox)
    .where(and(eq(schema.jobOutbox.name, NOTIFICATIONS_CREATE_JOB), arrayContains(schema.jobOutbox.user_ids, [userId])));

/** A follow, a comment and an invitation, each notifying someone else; answers the recipients. */
async function threeActions(expectStatus: (status: number, ms: number) => void): Promise<number[]> {
  const actor = await createUser(t.db);
  const followed = await createUser(t.db);
  const author = await createUser(t.db);
  const invited = await createUser(t.db);
  const [post] = await t.db
    .insert(schema.posts)
    .values({ slug: `outbox-${author.id}`, body: 'Hei', author_user_id: author.id, created_by_user_id: author.id })
    .returning({ id: schema.posts.id });
  const company = await createCompany(t.db, { managers: [actor.id] });

  const follow = await call(networkEndpoints.follow, actor, { slug: followed.slug });
  expectStatus(follow.status, follow.ms);
  const comment = await call(postEndpoints.addComment, actor, { id: post!.id }, { text: 'Godt skrevet' });
  expectStatus(comment.status, comment.ms);
  const invite = await call(companyEndpoints.invite, actor, { slug: company.slug }, { users: [invited.id] });
  expectStatus(invite.status, invite.ms);
  return [followed.id, author.id, invited.id];
}

const prompt2xx = (status: number, ms: number) => {
  expect(status).toBeGreaterThanOrEqual(200);
  expect(status).toBeLessThan(300);
  expect(ms).toBeLessThan(PROMPT_MS);
};

/** Waits out the first retry back-off (1 s) and lets the relay deliver. */
async function afterRetry(): Promise<void> {
  await new Promise((r) => setTimeout(r, 1100));
  await settleJobs(t);
}

async function expectPendingWithoutNotification(recipients: number[]) {
  for (const id of recipients) {
    const rows = await outboxFor(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'pending' });
    expect(rows[0]!.attempts).toBeGreaterThanOrEqual(1);
    expect(rows[0]!.last_error).toBeTruthy();
    expect(await notificationsTo(id)).toHaveLength(0);
  }
}

async function expectDeliveredOnce(recipients: number[]) {
  for (const id of recipients) {
    expect(await notificationsTo(id)).toHaveLength(1);
    const rows = await outboxFor(id);
    expect(rows.map((r) => r.status)).toEqual(['done']);
    expect(rows[0]!.last_error).toBeNull();
  }
}

describe('the user action stands when the queue fails, and its notification follows once the queue is back', () => {
  it('a queue that refuses jobs: 2xx at once, the job waits in the outbox, then is delivered exactly once', async () => {
    const enqueue = jest.spyOn(queue, 'enqueue').mockRejectedValue(new Error('Redis is down'));
    const recipients = await threeActions(prompt2xx);
    await settleJobs(t);
    expect(enqueue).toHaveBeenCalled();
    await expectPendingWithoutNotification(recipients);

    enqueue.mockRestore();
    await afterRetry();
    await expectDeliveredOnce(recipients);
    // More relay rounds change nothing.
    await afterRetry();
    await expectDeliveredOnce(recipients);
  });

  it('a queue that hangs: 2xx at once (never waits on the queue), the job waits, then is delivered exactly once', async () => {
    const enqueue = jest.spyOn(queue, 'enqueue').mockImplementation(() => new Promise<EnqueueResult>(() => undefined));
    const recipients = await threeActions(prompt2xx);
    await settleJobs(t);
    expect(enqueue).toHaveBeenCalled();
    await expectPendingWithoutNotification(recipients);

    enqueue.mockRestore();
    await afterRetry();
    await expectDeliveredOnce(recipients);
  });

  it('when the queue takes jobs again, jobs deep in their retry back-off are tried at once', async () => {
    const enqueue = jest.spyOn(queue, 'enqueue').mockRejectedValue(new Error('Redis is down'));
    const waiting = await threeActions(prompt2xx);
    await settleJobs(t);
    await expectPendingWithoutNotification(waiting);
    // A long outage: their next try is minutes away.
    const ids = (await Promise.all(waiting.map(outboxFor))).flat().map((r) => r.id);
    await t.db.update(schema.jobOutbox).set({ next_attempt_at: sql`now() + interval '5 minutes'` }).where(inArray(schema.jobOutbox.id, ids));

    enqueue.mockRestore();
    // The queue is back: the next job handed over makes the waiting ones due.
    const fresh = await threeActions(prompt2xx);
    await settleJobs(t);
    await expectDeliveredOnce([...fresh, ...waiting]);
  });

  it('a hand-over that was only slow (timed out, yet the queue took it) still runs the job once', async () => {
    const real = queue.enqueue.bind(queue);
    const enqueue = jest.spyOn(queue, 'enqueue').mockImplementation(async (name, payload, opts) => {
      await new Promise((r) => setTimeout(r, HANDOVER_TIMEOUT_MS * 2));
      return real(name, payload, opts);
    });
    const recipients = await threeActions(prompt2xx);
    await settleJobs(t);
    await new Promise((r) => setTimeout(r, HANDOVER_TIMEOUT_MS * 3)); // the slow hand-overs land
    enqueue.mockRestore();
    await afterRetry();
    await expectDeliveredOnce(recipients);
  });
});

let jobCount = 0;
/** A job name of this test alone (a queue refuses a second handler for a name). */
const jobName = (what: string) => `outbox-test.${what}-${Date.now()}-${(jobCount += 1)}`;

const rowsNamed = (name: string) => t.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.name, name));

async function until(probe: () => Promise<boolean> | boolean, what: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const databaseAway = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

/** The hand-overs of one row (other tests' rows may be handed over meanwhile). */
const handOversOf = (enqueue: jest.SpyInstance<Promise<EnqueueResult>, Parameters<JobQueue['enqueue']>>, row: number) =>
  enqueue.mock.calls.filter((call) => call[2]?.jobId === outboxJobId(row)).length;

describe('at least once: a row is done when its job has run, and handed over again after its lease until then', () => {
  it('a handed-over job stays pending while it waits or runs; handed over again meanwhile, it does not run twice; done when it has run', async () => {
    const name = jobName('gate');
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let runs = 0;
    t.app.get(JobOutbox).handle(name, async ({ once }) => {
      runs += 1;
      await gate;
      expect(await once(async (tx) => void (await tx.execute(sql`select 1`)))).toBe(true);
    });
    await t.app.get(JobOutbox).add(null, { name, payload: {} });
    await until(() => runs === 1, 'the job started');
    const [running] = await rowsNamed(name);
    expect(running).toMatchObject({ status: 'pending', ran_at: null, attempts: 1 });
    // Two leases pass while it runs: handed over again, the queue answers that it holds it.
    await until(async () => (await rowsNamed(name))[0]!.attempts >= 3, 'handed over again after the lease', 5000);
    expect((await rowsNamed(name))[0]!.status).toBe('pending');
    release();
    await settleJobs(t);
    const [done] = await rowsNamed(name);
    expect(done).toMatchObject({ status: 'done', last_error: null });
    expect(done!.ran_at).not.toBeNull();
    expect(runs).toBe(1);
    // Done: not handed over again.
    const attempts = done!.attempts;
    await sleep(LEASE_MS * 2);
    expect((await rowsNamed(name))[0]!.attempts).toBe(attempts);
    expect(runs).toBe(1);
  });

  it('a job the queue took and then lost (as a Redis killed before a worker took it) runs after the lease, once', async () => {
    const name = jobName('lost');
    let runs = 0;
    t.app.get(JobOutbox).handle(name, async () => {
      runs += 1;
    });
    // The queue says it took the job and never runs it. outbox-redis.int-spec.ts does this with a real Redis.
    const enqueue = jest.spyOn(queue, 'enqueue').mockResolvedValueOnce('added');
    await t.app.get(JobOutbox).add(null, { name, payload: {} });
    await settleJobs(t);
    const [row] = await rowsNamed(name);
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(runs).toBe(0);
    await until(async () => (await rowsNamed(name))[0]!.status === 'done', 'run after the lease', LEASE_MS * 5);
    expect(runs).toBe(1);
    expect((await rowsNamed(name))[0]!.attempts).toBe(2);
    expect(handOversOf(enqueue, row!.id)).toBe(2);
  });

  it('a job that ran whose done mark failed (database away) is marked at the next round, not run again', async () => {
    const name = jobName('mark-failed');
    let runs = 0;
    t.app.get(JobOutbox).handle(name, async () => {
      runs += 1;
    });
    const markRan = jest.spyOn(t.app.get(OutboxRepository), 'markRan').mockRejectedValueOnce(databaseAway());
    await t.app.get(JobOutbox).add(null, { name, payload: {} });
    await settleJobs(t);
    expect(markRan).toHaveBeenCalledTimes(2); // the worker's (failed), the relay's next round
    const [row] = await rowsNamed(name);
    expect(row).toMatchObject({ status: 'done', attempts: 1 });
    expect(runs).toBe(1);
  });

  it('a job that ran whose done mark was lost with its process is marked done after the lease from the queue\'s answer, not run again', async () => {
    const name = jobName('mark-lost');
    let runs = 0;
    t.app.get(JobOutbox).handle(name, async () => {
      runs += 1;
    });
    jest.spyOn(t.app.get(OutboxRepository), 'markRan').mockRejectedValueOnce(databaseAway());
    // The process that knew about the failed mark is gone: only the lease is left.
    const later = jest.spyOn(t.app.get(OutboxRelay), 'markDoneLater').mockImplementation(() => undefined);
    const enqueue = jest.spyOn(queue, 'enqueue');
    await t.app.get(JobOutbox).add(null, { name, payload: {} });
    await settleJobs(t);
    expect(later).toHaveBeenCalledTimes(1);
    const [row] = await rowsNamed(name);
    expect(row).toMatchObject({ status: 'pending' });
    await until(async () => (await rowsNamed(name))[0]!.status === 'done', 'marked after the lease', LEASE_MS * 5);
    expect(runs).toBe(1);
    expect(handOversOf(enqueue, row!.id)).toBe(2);
    // The second hand-over's answer: the queue had run it.
    const answers = enqueue.mock.calls.flatMap((call, i) => (call[2]?.jobId === outboxJobId(row!.id) ? [enqueue.mock.results[i]!.value as Promise<EnqueueResult>] : []));
    expect(await answers[1]).toBe('completed');
  });

  it('a job whose handler fails in every attempt is kept failed with its error: not handed over again, and runs anew when set pending', async () => {
    const name = jobName('failing');
    let runs = 0;
    let healthy = false;
    t.app.get(JobOutbox).handle(name, async () => {
      runs += 1;
      if (!healthy) throw new Error(`bad payload, run ${runs}`);
    });
    // Two quick attempts instead of five over 30 s.
    const real = queue.enqueue.bind(queue);
    const enqueue = jest.spyOn(queue, 'enqueue').mockImplementation((job, payload, opts) => real(job, payload, { ...opts, attempts: 2, backoffMs: 10 }));
    await t.app.get(JobOutbox).add(null, { name, payload: {} });
    await settleJobs(t);
    const [row] = await rowsNamed(name);
    expect(row).toMatchObject({ status: 'failed', last_error: 'bad payload, run 2', ran_at: null, attempts: 1 });
    expect(row!.failed_at).not.toBeNull();
    expect(runs).toBe(2);
    // Not in a loop: leases pass and nothing is handed over.
    await sleep(LEASE_MS * 2.5);
    expect(handOversOf(enqueue, row!.id)).toBe(1);
    expect(runs).toBe(2);
    // An operator fixed the cause and sets it pending: the queue runs it anew (it had failed for good).
    healthy = true;
    await t.db.update(schema.jobOutbox).set({ status: 'pending', next_attempt_at: sql`now()` }).where(eq(schema.jobOutbox.id, row!.id));
    t.app.get(OutboxRelay).wake();
    await until(async () => (await rowsNamed(name))[0]!.status === 'done', 'run again when set pending');
    expect(runs).toBe(3);
  });

  it('a failing job whose failed mark was lost is handed over after the lease and runs anew, not dropped', async () => {
    const name = jobName('failing-unmarked');
    let runs = 0;
    t.app.get(JobOutbox).handle(name, async () => {
      runs += 1;
      throw new Error('always');
    });
    const real = queue.enqueue.bind(queue);
    jest.spyOn(queue, 'enqueue').mockImplementation((job, payload, opts) => real(job, payload, { ...opts, attempts: 2, backoffMs: 10 }));
    const markFailed = jest.spyOn(t.app.get(OutboxRepository), 'markJobFailed').mockRejectedValueOnce(databaseAway());
    await t.app.get(JobOutbox).add(null, { name, payload: {} });
    await settleJobs(t);
    expect((await rowsNamed(name))[0]).toMatchObject({ status: 'pending' });
    expect(runs).toBe(2);
    await until(async () => (await rowsNamed(name))[0]!.status === 'failed', 'failed after a second round of attempts', LEASE_MS * 5);
    expect(runs).toBe(4);
    expect(markFailed).toHaveBeenCalledTimes(2);
  });

  it('a job erased with its account after the hand-over writes nothing', async () => {
    const user = await createUser(t.db);
    const name = jobName('erased');
    let runs = 0;
    t.app.get(JobOutbox).handle(name, async ({ once }) => {
      expect(await once(async () => void (runs += 1))).toBe(false);
    });
    // Written but not due for a while; then erased; then its job reaches a worker anyway.
    const [row] = await t.db
      .insert(schema.jobOutbox)
      .values({ name, payload: {}, user_ids: [user.id], next_attempt_at: sql`now() + interval '1 day'` })
      .returning({ id: schema.jobOutbox.id });
    await t.app.get(JobOutbox).eraseUser(user.id);
    expect(await queue.enqueue(name, {}, { jobId: outboxJobId(row!.id) })).toBe('added');
    await queue.onIdle();
    expect(runs).toBe(0);
  });

  it('a job rewritten after its hand-over runs with the row\'s payload, not the copy the queue carried (a message deleted meanwhile)', async () => {
    const name = jobName('rewritten');
    const seen: unknown[] = [];
    t.app.get(JobOutbox).handle<{ data: { excerpt: string } }>(name, async ({ payload, once }) => {
      seen.push(payload.data.excerpt);
      // The rewrite commits between the queue's copy and the handler's done mark.
      await t.db.transaction((tx) => t.app.get(JobOutbox).patchPayloadData(tx, name, { data: { seq: 2 } }, { excerpt: '' }));
      await once(async (_tx, current) => void seen.push(current.data.excerpt));
    });
    const [row] = await t.db
      .insert(schema.jobOutbox)
      .values({ name, payload: { data: { seq: 2, excerpt: 'Fødselsnummer i klartekst' } }, user_ids: [], next_attempt_at: sql`now() + interval '1 day'` })
      .returning({ id: schema.jobOutbox.id });
    expect(await queue.enqueue(name, { data: { seq: 2, excerpt: 'Fødselsnummer i klartekst' } }, { jobId: outboxJobId(row!.id) })).toBe('added');
    await queue.onIdle();
    expect(seen).toEqual(['Fødselsnummer i klartekst', '']);
  });
});

describe('a second run of a job (the queue forgot that it ran, or two queues had it) leaves no second effect', () => {
  /** An outbox row no relay takes for a day: the test hands it to queues itself. */
  async function rowFor(name: string, payload: unknown, userIds: number[] = []): Promise<string> {
    const [row] = await t.db
      .insert(schema.jobOutbox)
      .values({ name, payload, user_ids: userIds, next_attempt_at: sql`now() + interval '1 day'` })
      .returning({ id: schema.jobOutbox.id });
    return outboxJobId(row!.id);
  }

  const mailsTo = (email: string) => t.db.select().from(schema.outboxMessages).where(eq(schema.outboxMessages.to, email));

  it('every handler of outbox jobs: run again on a queue that does not know it ran, it writes nothing new', async () => {
    const other = await createTestApp();
    try {
      const queues = [queue, other.app.get(JobQueue)];
      /** Runs the job on this app's queue, then on the other's (which never saw it). */
      const runTwice = async (name: string, payload: unknown, userIds: number[] = []) => {
        const jobId = await rowFor(name, payload, userIds);
        for (const q of queues) {
          expect(await q.enqueue(name, payload, { jobId })).toBe('added');
          await q.onIdle();
        }
        // Settled jobs of the second run (mails written by the first) may follow.
        await settleJobs(t);
      };

      const user = await createUser(t.db);
      const actor = await createUser(t.db);
      const notification: NotificationJobPayload = {
        user_id: user.id,
        kind: 'new_follower',
        actor_user_id: actor.id,
        partner_company_id: null,
        entity_type: null,
        entity_id: null,
        data: {},
      };
      await runTwice(NOTIFICATIONS_CREATE_JOB, notification, [user.id, actor.id]);
      expect(await notificationsTo(user.id)).toHaveLength(1);

      // One notification to many (NotificationPublisher.publishToMany): one entry each, once.
      const many = [await createUser(t.db), await createUser(t.db)].map((u) => u.id);
      const { user_id: _one, ...toMany } = notification;
      await runTwice('notifications.create-many', { ...toMany, user_ids: many }, [...many, actor.id]);
      for (const id of many) expect(await notificationsTo(id)).toHaveLength(1);

      const resets = () => t.db.select().from(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.user_id, user.id));
      await runTwice(FORGOT_PASSWORD_JOB, { email: user.email, locale: 'en' });
      expect(await resets()).toHaveLength(1);
      expect((await mailsTo(user.email)).map((m) => m.template)).toEqual(['password_reset']);

      await runTwice(ADDRESS_TAKEN_JOB, { email: user.email });
      expect((await mailsTo(user.email)).map((m) => m.template).sort()).toEqual(['password_reset', 'registration_attempt']);
    } finally {
      await other.close();
    }
  });

  it('two queues running one notification job at once write one notification', async () => {
    const other = await createTestApp();
    try {
      const user = await createUser(t.db);
      const payload: NotificationJobPayload = {
        user_id: user.id,
        kind: 'like',
        actor_user_id: null,
        partner_company_id: null,
        entity_type: null,
        entity_id: null,
        data: {},
      };
      for (let i = 0; i < 5; i += 1) {
        const jobId = await rowFor(NOTIFICATIONS_CREATE_JOB, payload, [user.id]);
        await Promise.all([queue, other.app.get(JobQueue)].map((q) => q.enqueue(NOTIFICATIONS_CREATE_JOB, payload, { jobId })));
        await Promise.all([queue.onIdle(), other.app.get(JobQueue).onIdle()]);
      }
      expect(await notificationsTo(user.id)).toHaveLength(5);
    } finally {
      await other.close();
    }
  });
});

describe('the job outbox', () => {
  it('writes nothing when the transaction that published rolls back', async () => {
    const user = await createUser(t.db);
    const publisher = t.app.get(NotificationPublisher);
    await expect(
      t.app.get(UnitOfWork).run(async (tx) => {
        await publisher.publish(tx, {
          user_id: user.id,
          kind: 'new_follower',
          actor_user_id: null,
          partner_company_id: null,
          entity_type: null,
          entity_id: null,
          data: {},
        });
        throw new Error('the caller failed after publishing');
      }),
    ).rejects.toThrow('the caller failed');
    await settleJobs(t);
    expect(await outboxFor(user.id)).toHaveLength(0);
    expect(await notificationsTo(user.id)).toHaveLength(0);
  });

  it('writes a job with a dedupe key once', async () => {
    const user = await createUser(t.db);
    const n = { user_id: user.id, kind: 'new_content' as const, actor_user_id: null, partner_company_id: null, entity_type: null, entity_id: null, data: {} };
    const uow = t.app.get(UnitOfWork);
    const publisher = t.app.get(NotificationPublisher);
    await uow.run((tx) => publisher.publish(tx, n, `test-${user.id}`));
    await uow.run((tx) => publisher.publish(tx, n, `test-${user.id}`));
    await settleJobs(t);
    expect(await outboxFor(user.id)).toHaveLength(1);
    expect(await notificationsTo(user.id)).toHaveLength(1);
  });

  it('two replicas relaying at once hand each job over exactly once (SKIP LOCKED)', async () => {
    const other = await createTestApp({ env: { OUTBOX_POLL_MS: '100' } });
    try {
      const name = `outbox-test.count-${Date.now()}`;
      const runs: number[] = [];
      for (const app of [t.app, other.app]) {
        app.get(JobOutbox).handle<{ n: number }>(name, async ({ payload }) => {
          runs.push(payload.n);
        });
      }
      const jobs = Array.from({ length: 300 }, (_, n) => ({ name, payload: { n } }));
      await t.app.get(JobOutbox).add(null, jobs);
      other.app.get(OutboxRelay).wake();
      await Promise.all([settleJobs(t), settleJobs(other)]);
      expect(runs.length).toBe(300);
      expect(new Set(runs).size).toBe(300);
    } finally {
      await other.close();
    }
  });

  it('erases the jobs that name an account', async () => {
    const user = await createUser(t.db);
    const someone = await createUser(t.db);
    const uow = t.app.get(UnitOfWork);
    const publisher = t.app.get(NotificationPublisher);
    const base = { kind: 'like' as const, partner_company_id: null, entity_type: null, entity_id: null, data: {} };
    await uow.run((tx) =>
      publisher.publish(tx, [
        { ...base, user_id: someone.id, actor_user_id: user.id },
        { ...base, user_id: user.id, actor_user_id: someone.id },
      ]),
    );
    expect(await outboxFor(user.id)).toHaveLength(2);
    expect(await t.app.get(JobOutbox).eraseUser(user.id)).toBe(2);
    expect(await outboxFor(user.id)).toHaveLength(0);
  });

  it('housekeeping purges done jobs after their retention period (a day) and failed ones after theirs (30 days), never pending ones', async () => {
    const day = 24 * 3_600_000;
    const name = `outbox-test.purge-${Date.now()}`;
    const ago = (ms: number) => new Date(Date.now() - ms);
    const rows = await t.db
      .insert(schema.jobOutbox)
      .values([
        { name, payload: {}, status: 'done', done_at: ago(2 * day), ran_at: ago(2 * day) },
        { name, payload: {}, status: 'done', done_at: ago(60_000), ran_at: ago(60_000) },
        // Pending and old, but not due for a long time: the relay leaves it alone in this test.
        { name, payload: {}, status: 'pending', created_at: ago(30 * day), next_attempt_at: new Date(Date.now() + day) },
        { name, payload: {}, status: 'failed', failed_at: ago(31 * day), last_error: 'old' },
        { name, payload: {}, status: 'failed', failed_at: ago(2 * day), last_error: 'recent' },
      ])
      .returning({ id: schema.jobOutbox.id });
    const counts = await t.app.get(HousekeepingService).purge();
    expect(counts.doneJobs).toBeGreaterThanOrEqual(1);
    expect(counts.failedJobs).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ id: schema.jobOutbox.id })
      .from(schema.jobOutbox)
      .where(inArray(schema.jobOutbox.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.id).sort()).toEqual([rows[1]!.id, rows[2]!.id, rows[4]!.id].sort());
  });

  it('claims due jobs through the partial index, not a scan of the table', async () => {
    // A tiny test table would be scanned anyway; with table and bitmap scans priced out (a bitmap
    // scan plus a sort is as cheap on a few rows, and the planner then picks either) the plan shows
    // whether the claim's shape can read the index in order at all.
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      const result = await tx.execute<{ 'QUERY PLAN': string }>(sql`
        explain select id from job_outbox where status = 'pending' and next_attempt_at <= now()
        order by next_attempt_at, id limit 50 for update skip locked`);
      return result.rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toMatch(/Index Scan using job_outbox_pending_due_idx/);
    expect(plan).not.toMatch(/Sort/);
  });
});
