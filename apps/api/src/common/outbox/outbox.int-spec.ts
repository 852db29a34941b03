import { buildPath, companyEndpoints, type Endpoint, networkEndpoints, NOTIFICATIONS_CREATE_JOB, postEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, arrayContains, eq, inArray, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor, type TestUser } from '../../../test/auth';
import { settleJobs } from '../../../test/jobs';
import { UnitOfWork } from '../../database/unit-of-work';
import { NotificationPublisher } from '../../modules/notifications/notification.publisher';
import { HousekeepingService } from '../../modules/housekeeping/housekeeping.service';
import { JobQueue } from '../queue';
import { JobOutbox } from './job-outbox';
import { OutboxRelay } from './outbox-relay';
import { OutboxRepository } from './outbox.repository';

const HANDOVER_TIMEOUT_MS = 200;
/** What a user waits for at most, whatever the queue does. */
const PROMPT_MS = 1000;

let t: TestApp;
let queue: JobQueue;
beforeAll(async () => {
  t = await createTestApp({ env: { OUTBOX_HANDOVER_TIMEOUT_MS: String(HANDOVER_TIMEOUT_MS), OUTBOX_POLL_MS: '100' } });
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
    const enqueue = jest.spyOn(queue, 'enqueue').mockImplementation(() => new Promise<void>(() => undefined));
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

  it('a job whose done mark failed (the database went away after the hand-over) is marked at the next round, not handed over again', async () => {
    const lost = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    const markDone = jest.spyOn(t.app.get(OutboxRepository), 'markDone').mockRejectedValueOnce(lost);
    const enqueue = jest.spyOn(queue, 'enqueue');
    const recipients = await threeActions(prompt2xx);
    await new Promise((r) => setTimeout(r, 300)); // a few polls (100 ms)
    await settleJobs(t);
    expect(markDone).toHaveBeenCalled();
    await expectDeliveredOnce(recipients);
    expect(enqueue).toHaveBeenCalledTimes(3);
  });

  it('a hand-over that was only slow (timed out, yet the queue took it) still runs the job once', async () => {
    const real = queue.enqueue.bind(queue);
    const enqueue = jest.spyOn(queue, 'enqueue').mockImplementation(async (name, payload, opts) => {
      await new Promise((r) => setTimeout(r, HANDOVER_TIMEOUT_MS * 2));
      await real(name, payload, opts);
    });
    const recipients = await threeActions(prompt2xx);
    await settleJobs(t);
    await new Promise((r) => setTimeout(r, HANDOVER_TIMEOUT_MS * 3)); // the slow hand-overs land
    enqueue.mockRestore();
    await afterRetry();
    await expectDeliveredOnce(recipients);
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
      for (const q of [queue, other.app.get(JobQueue)]) {
        q.register<{ n: number }>(name, async ({ payload }) => {
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

  it('housekeeping purges done jobs after the retention period, never pending ones', async () => {
    const day = 24 * 3_600_000;
    const name = `outbox-test.purge-${Date.now()}`;
    const rows = await t.db
      .insert(schema.jobOutbox)
      .values([
        { name, payload: {}, status: 'done', done_at: new Date(Date.now() - 2 * day) },
        { name, payload: {}, status: 'done', done_at: new Date(Date.now() - 60_000) },
        // Pending and old, but not due for a long time: the relay leaves it alone in this test.
        { name, payload: {}, status: 'pending', created_at: new Date(Date.now() - 30 * day), next_attempt_at: new Date(Date.now() + day) },
      ])
      .returning({ id: schema.jobOutbox.id });
    const counts = await t.app.get(HousekeepingService).purge();
    expect(counts.doneJobs).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .select({ id: schema.jobOutbox.id })
      .from(schema.jobOutbox)
      .where(inArray(schema.jobOutbox.id, rows.map((r) => r.id)));
    expect(left.map((r) => r.id).sort()).toEqual([rows[1]!.id, rows[2]!.id].sort());
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
