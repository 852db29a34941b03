import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { buildPath, networkEndpoints } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { and, arrayContains, eq } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/app';
import { bearer, createUser, tokenFor, type TestUser } from '../../../test/auth';
import { settleJobs } from '../../../test/jobs';

/**
 * The outbox in front of the real BullMQ on a Redis of this test's own (own port, stopped by PID):
 * a follow made while Redis is dead answers at once, and its notification arrives once when Redis
 * is back. Needs `redis-server` on the PATH.
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

let port: number;
let redis: ChildProcess;
let t: TestApp;

beforeAll(async () => {
  port = await freePort();
  redis = startRedis(port);
  await until(() => reachable(port), 10_000, 'redis-server up');
  t = await createTestApp({
    env: { REDIS_URL: `redis://127.0.0.1:${port}`, REDIS_PREFIX: `outbox-${randomUUID().slice(0, 8)}`, OUTBOX_HANDOVER_TIMEOUT_MS: '300' },
  });
});
afterAll(async () => {
  await t?.close();
  await stopRedis(redis);
});

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
