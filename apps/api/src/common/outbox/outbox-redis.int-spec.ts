import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { buildPath, networkEndpoints, NOTIFICATIONS_CREATE_JOB } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { Queue } from 'bullmq';
import { and, arrayContains, eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, tokenFor, type TestUser } from '../../../test/auth';
import { settleJobs } from '../../../test/jobs';
import { bullPrefix } from '../../database/redis-options';
import { QUEUE_NAME, WORKER_CONCURRENCY } from '../queue/bullmq-job-queue';
import { type EnqueueResult, JobQueue } from '../queue';
import { JobOutbox } from './job-outbox';
import { OutboxRelay, outboxJobId } from './outbox-relay';
import { OutboxRepository } from './outbox.repository';

/**
 * The outbox in front of the real BullMQ on a Redis of this test's own (own port, stopped by PID,
 * no persistence, so a restart starts empty): a follow made while Redis is dead answers at once, and
 * its notification arrives once when Redis is back; a job Redis accepted and lost runs after the
 * lease; a job that ran is not run again. Needs `redis-server` on the PATH.
 */

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function until<T>(probe: () => Promise<T | undefined | false>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const reachable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

function startRedis(port: number): ChildProcess {
  // No persistence: a restart starts empty, as after losing the server.
  return spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
}

async function stopRedis(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return;
  const exited = new Promise((r) => child.once('exit', r));
  process.kill(child.pid, 'SIGKILL');
  await exited;
}

/** Short, so that the tests see rows handed over again after it. */
const LEASE_MS = 1500;

let port: number;
let redis: ChildProcess;
let t: TestApp;
const prefix = `outbox-${randomUUID().slice(0, 8)}`;
beforeAll(async () => {
  port = await freePort();
  redis = startRedis(port);
  await until(() => reachable(port), 10_000, 'redis-server up');
  t = await createTestApp({
    env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: prefix, OUTBOX_HANDOVER_TIMEOUT_MS: '300', OUTBOX_LEASE_MS: String(LEASE_MS), OUTBOX_POLL_MS: '100' },
  });
});
afterAll(async () => {
  await t?.close();
  await stopRedis(redis);
});
afterEach(() => {
  jest.restoreAllMocks();
});

/** Redis killed (SIGKILL) and started again, empty. */
async function restartRedisEmpty(): Promise<void> {
  await stopRedis(redis);
  redis = startRedis(port);
  await until(() => reachable(port), 10_000, 'redis-server back');
}

/** What BullMQ holds for a job id, asked on a connection of the test's own. */
async function stateInRedis(jobId: string): Promise<string> {
  const queue = new Queue(QUEUE_NAME, { connection: { url: `redis://127.0.0.1:${port}`, maxRetriesPerRequest: 1 }, prefix: bullPrefix(prefix) });
  try {
    return await queue.getJobState(jobId);
  } finally {
    await queue.close();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let jobCount = 0;
const jobName = (what: string) => `outbox-redis.${what}-${Date.now()}-${(jobCount += 1)}`;
const rowsNamed = (name: string) => t.db.select().from(schema.jobOutbox).where(eq(schema.jobOutbox.name, name));
const databaseAway = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
/** The answers the queue gave to the hand-overs of one row, in order. */
const answersFor = (enqueue: jest.SpyInstance<Promise<EnqueueResult>, Parameters<JobQueue['enqueue']>>, row: number) =>
  Promise.all(enqueue.mock.calls.flatMap((call, i) => (call[2]?.jobId === outboxJobId(row) ? [enqueue.mock.results[i]!.value as Promise<EnqueueResult>] : [])));

async function follow(actor: TestUser, target: TestUser) {
  const started = Date.now();
  const res = await t.http
    .post(`/api${buildPath(networkEndpoints.follow.path, { slug: target.slug })}`)
    .set('Authorization', bearer(await tokenFor(t, actor)));
  return { status: res.status, ms: Date.now() - started };
}

const notificationsTo = (userId: number) =>
  t.db.select().from(schema.notifications).where(and(eq(schema.notifications.user_id, userId), eq(schema.notifications.kind, 'new_follower')));

const outboxFor = (userId: number) =>
  t.db.select().from(schema.jobOutbox).where(arrayContains(schema.jobOutbox.user_ids, [userId]));

it('delivers through BullMQ, and a follow made while Redis is dead is answered at once and notified once later', async () => {
  const actor = await createUser(t.db);
  const first = await createUser(t.db);
  expect((await follow(actor, first)).status).toBe(200);
  await settleJobs(t);
  expect(await notificationsTo(first.id)).toHaveLength(1);

  await stopRedis(redis);
  const second = await createUser(t.db);
  const during = await follow(actor, second);
  expect(during.status).toBe(200);
  expect(during.ms).toBeLessThan(1000);
  // The relay tries, times out and keeps the job.
  const [row] = await until(async () => {
    const rows = await outboxFor(second.id);
    return rows[0]?.last_error ? rows : undefined;
  }, 5000, 'a failed hand-over recorded');
  expect(row).toMatchObject({ status: 'pending' });
  expect(await notificationsTo(second.id)).toHaveLength(0);

  redis = startRedis(port);
  await until(() => reachable(port), 10_000, 'redis-server back');
  await until(async () => (await notificationsTo(second.id)).length > 0, 20_000, 'notification after Redis returned');
  await until(async () => (await outboxFor(second.id))[0]?.status === 'done', 5000, 'outbox row done');
  // Late copies of the timed-out hand-overs, if any, are the same BullMQ job: still one notification.
  await new Promise((r) => setTimeout(r, 1500));
  expect(await notificationsTo(second.id)).toHaveLength(1);
});

// Later tests wait on the database rather than settleJobs: BullMQ's onIdle counts the jobs this process
// enqueued until its worker reports them, and a job lost with Redis is never reported.

it('a job that ran whose done mark was lost with its process is marked done after the lease, because BullMQ says it completed; not run again', async () => {
  const name = jobName('mark-lost');
  let runs = 0;
  t.app.get(JobOutbox).handle(name, async () => {
    runs += 1;
  });
  jest.spyOn(t.app.get(OutboxRepository), 'markRan').mockRejectedValueOnce(databaseAway());
  // The process that knew about the failed mark is gone: only the lease is left.
  jest.spyOn(t.app.get(OutboxRelay), 'markDoneLater').mockImplementation(() => undefined);
  const enqueue = jest.spyOn(t.app.get(JobQueue), 'enqueue');
  await t.app.get(JobOutbox).add(null, { name, payload: {} });
  await until(async () => runs === 1, 5000, 'the job ran');
  const [row] = await rowsNamed(name);
  expect(row).toMatchObject({ status: 'pending', ran_at: null });
  await until(async () => (await stateInRedis(outboxJobId(row!.id))) === 'completed', 5000, 'completed in BullMQ');
  await until(async () => (await rowsNamed(name))[0]!.status === 'done', LEASE_MS * 5, 'marked done after the lease');
  expect(await answersFor(enqueue, row!.id)).toEqual(['added', 'completed']);
  expect(runs).toBe(1);
});

it("a job whose handler fails in every one of BullMQ's attempts is kept failed: not handed over in a loop, and run anew when set pending", async () => {
  const name = jobName('failing');
  let runs = 0;
  let healthy = false;
  t.app.get(JobOutbox).handle(name, async () => {
    runs += 1;
    if (!healthy) throw new Error(`cannot, run ${runs}`);
  });
  // Two quick attempts instead of five over 30 s.
  const queue = t.app.get(JobQueue);
  const real = queue.enqueue.bind(queue);
  const enqueue = jest.spyOn(queue, 'enqueue').mockImplementation((job, payload, opts) => real(job, payload, { ...opts, attempts: 2, backoffMs: 20 }));
  await t.app.get(JobOutbox).add(null, { name, payload: {} });
  await until(async () => (await rowsNamed(name))[0]!.status === 'failed', 10_000, 'kept failed');
  const [row] = await rowsNamed(name);
  expect(row).toMatchObject({ last_error: 'cannot, run 2', attempts: 1 });
  await until(async () => (await stateInRedis(outboxJobId(row!.id))) === 'failed', 5000, 'failed in BullMQ');
  await sleep(LEASE_MS * 2.5);
  expect(await answersFor(enqueue, row!.id)).toEqual(['added']);
  expect(runs).toBe(2);
  // Fixed and set pending by an operator: BullMQ's failed job is replaced by a new run.
  healthy = true;
  await t.db.update(schema.jobOutbox).set({ status: 'pending', next_attempt_at: sql`now()` }).where(eq(schema.jobOutbox.id, row!.id));
  t.app.get(OutboxRelay).wake();
  await until(async () => (await rowsNamed(name))[0]!.status === 'done', 10_000, 'ran when set pending');
  expect(runs).toBe(3);
  expect(await answersFor(enqueue, row!.id)).toEqual(['added', 'added']);
});

it('a job Redis accepted and lost (SIGKILL before a worker took it, restarted empty) runs after the lease, exactly once', async () => {
  const outbox = t.app.get(JobOutbox);
  // Every worker slot busy, so the next job waits in Redis.
  const blocker = jobName('block');
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let blocking = 0;
  outbox.handle(blocker, async () => {
    blocking += 1;
    await gate;
  });
  await outbox.add(null, Array.from({ length: WORKER_CONCURRENCY }, (_, n) => ({ name: blocker, payload: { n } })));
  await until(async () => blocking === WORKER_CONCURRENCY, 5000, 'the worker busy');

  const actor = await createUser(t.db);
  const target = await createUser(t.db);
  expect((await follow(actor, target)).status).toBe(200);
  const [row] = await until(async () => {
    const rows = await outboxFor(target.id);
    return rows[0] && rows[0].attempts > 0 ? rows : undefined;
  }, 5000, "the follow's job handed over");
  await until(async () => (await stateInRedis(outboxJobId(row!.id))) === 'waiting', 5000, 'the job waiting in Redis');

  await restartRedisEmpty();
  expect(await stateInRedis(outboxJobId(row!.id))).toBe('unknown');
  release();

  await until(async () => (await notificationsTo(target.id)).length > 0, LEASE_MS * 10, 'the notification after the lease');
  await until(async () => (await outboxFor(target.id))[0]?.status === 'done', 5000, 'its row done');
  const [done] = await outboxFor(target.id);
  expect(done!.attempts).toBeGreaterThanOrEqual(2);
  // More leases pass: nothing more.
  await sleep(LEASE_MS * 2);
  expect(await notificationsTo(target.id)).toHaveLength(1);
  // The blocked jobs had started before the restart: they ran once and are done.
  expect((await rowsNamed(blocker)).map((r) => r.status)).toEqual(Array<string>(WORKER_CONCURRENCY).fill('done'));
  expect(blocking).toBe(WORKER_CONCURRENCY);
});

it('a notification job run again on a Redis that forgot it ran (restarted empty) writes no second notification', async () => {
  const actor = await createUser(t.db);
  const target = await createUser(t.db);
  expect((await follow(actor, target)).status).toBe(200);
  await until(async () => (await outboxFor(target.id))[0]?.status === 'done', 10_000, 'delivered');
  const [row] = await outboxFor(target.id);
  await restartRedisEmpty();
  const queue = t.app.get(JobQueue);
  expect(await queue.enqueue(NOTIFICATIONS_CREATE_JOB, row!.payload, { jobId: outboxJobId(row!.id) })).toBe('added');
  await until(async () => (await stateInRedis(outboxJobId(row!.id))) === 'completed', 10_000, 'the second run');
  expect(await notificationsTo(target.id)).toHaveLength(1);
});
