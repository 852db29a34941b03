import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { authEndpoints, networkEndpoints, postEndpoints } from '@legenett/contracts';
import { createDatabase, type DatabaseHandle, recreateDatabase, runMigrations, schema, withDatabase } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { createUser, TEST_PASSWORD, type TestUser } from '../auth';
import { seedReferenceData } from '../global-setup';
import { freePort, isAlive, type PrivatePostgres, privatePostgres, type PrivateRedis, privateRedis, sleep, waitForExit } from '../private-servers';
import { vapidPrivateKey } from '../vapid';

/**
 * The fault tier: two built API replicas (apps/api/dist, production settings) on one PostgreSQL and
 * one Redis, all of this test's own, stopped and started by PID. Under bounded load (reads, comments
 * and follows that notify, logins) it kills Redis for REDIS_DOWN_MS, stops PostgreSQL for PG_DOWN_MS
 * and restarts one replica, then asserts what issue 9 asks and prints the figures (also written to
 * FAULTS_REPORT, default apps/api/faults-report.json).
 */

const REDIS_DOWN_MS = 15_000;
const PG_DOWN_MS = 20_000;
/** Load before, between and after the faults. */
const CALM_MS = 5_000;
/** A dependency's return must be noticed within this (first 2xx per replica, queue delivering). */
const RECOVERY_MS = 5_000;
const WRITE_P99_LIMIT_MS = 1_000;
const CLIENTS = 6;
/** Pause of each client between two calls: bounded load, not a benchmark. */
const THINK_MS = 25;
const USERS = 40;
const REQUEST_TIMEOUT_MS = 20_000;
/** The replicas' outbox lease (OUTBOX_LEASE_MS). */
const OUTBOX_LEASE_MS = 5_000;
/** A replica given SIGTERM must be gone within this (drained its calls, closed its connections). */
const SHUTDOWN_LIMIT_MS = 15_000;

const API_MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');
const REPORT_FILE = process.env.FAULTS_REPORT ?? path.resolve(__dirname, '..', '..', 'faults-report.json');

type Kind = 'read' | 'comment' | 'follow' | 'login';
const WRITES: ReadonlySet<Kind> = new Set(['comment', 'follow', 'login']);

interface Call {
  kind: Kind;
  replica: number;
  start: number;
  end: number;
  /** 0: no answer (connection refused or reset). */
  status: number;
  /** No answer because nothing listened (refused before anything was sent): safe to send elsewhere. */
  refused?: boolean;
  /** comment: its id; follow: "follower>followed". */
  ref?: string;
}

interface Interval {
  from: number;
  to: number;
}

interface Replica {
  index: number;
  port: number;
  child: ChildProcess;
  /** Exits the test did not ask for. */
  unexpectedExit: string | null;
  /** The test stops it: its exit is expected. */
  stopping: boolean;
}

jest.setTimeout(300_000);

let root: string;
let pg: PrivatePostgres;
let redis: PrivateRedis;
let db: DatabaseHandle;
let url: string;
const replicas: Replica[] = [];
const env: Record<string, string> = {};

function startReplica(index: number, port: number): Replica {
  const log = fs.openSync(path.join(root, `api-${index}.log`), 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', API_MAIN], {
    cwd: path.dirname(path.dirname(API_MAIN)),
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: ['ignore', log, log],
  });
  fs.closeSync(log);
  const replica: Replica = { index, port, child, unexpectedExit: null, stopping: false };
  child.on('exit', (code, signal) => {
    if (!replica.stopping) replica.unexpectedExit = `replica ${index} exited on its own (code ${code}, signal ${signal})`;
  });
  return replica;
}

async function waitReady(replica: Replica, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (replica.child.exitCode !== null) throw new Error(`replica ${replica.index} exited while starting; see ${root}/api-${replica.index}.log`);
    try {
      const res = await fetch(`http://127.0.0.1:${replica.port}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`replica ${replica.index} not ready after ${ms} ms`);
    await sleep(200);
  }
}

/** SIGTERM, then SIGKILL after SHUTDOWN_LIMIT_MS; how long it took and whether it had to be killed. */
async function stopReplica(replica: Replica): Promise<{ ms: number; killed: boolean }> {
  replica.stopping = true;
  const pid = replica.child.pid;
  const started = Date.now();
  if (pid === undefined || !isAlive(pid) || replica.child.exitCode !== null) return { ms: 0, killed: false };
  process.kill(pid, 'SIGTERM');
  const exited = await waitForExit(pid, SHUTDOWN_LIMIT_MS);
  if (!exited) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid);
  }
  return { ms: Date.now() - started, killed: !exited };
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (ms: number): number => Math.round(ms);
const overlaps = (c: Call, i: Interval): boolean => c.start <= i.to && c.end >= i.from;

beforeAll(async () => {
  if (!fs.existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: build the API first (npm run build)`);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-faults-'));
  const port = (name: string) => (process.env[name] ? Number(process.env[name]) : freePort());
  pg = privatePostgres(root, await port('FAULTS_PG_PORT'));
  redis = privateRedis(await port('FAULTS_REDIS_PORT'), path.join(root, 'redis.log'));
  pg.start();
  await redis.start();
  await recreateDatabase(pg.serverUrl, 'legenett_faults');
  url = withDatabase(pg.serverUrl, 'legenett_faults');
  db = createDatabase(url, { max: 2, onConnectionError: () => undefined });
  await runMigrations(db.db);
  await seedReferenceData(db.db);

  const key = () => randomBytes(32).toString('base64url');
  const webDist = path.join(root, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Legenett</title>');
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: url,
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'faults',
    JWT_SECRET: key(),
    TWO_FACTOR_ENCRYPTION_KEY: key(),
    NATIONAL_ID_HASH_KEY: key(),
    PETITION_LOG_SIGNING_KEY: key(),
    VAPID_PRIVATE_KEY: vapidPrivateKey(),
    DATA_DIR: path.join(root, 'data'),
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: process.env.FAULTS_LOG_LEVEL ?? 'warn',
    HOUSEKEEPING_INTERVAL_MINUTES: '0',
    // A job Redis accepted and lost with the SIGKILL is handed over again after this (production:
    // 5 min); short enough that it runs while the test waits for every notification.
    OUTBOX_LEASE_MS: String(OUTBOX_LEASE_MS),
  });
  const first = Number(process.env.FAULTS_API_PORT ?? 0);
  for (const index of [0, 1]) {
    replicas.push(startReplica(index, first ? first + index : await freePort()));
    // One after the other: the second one's migration check finds nothing to do.
    await waitReady(replicas[index]!);
  }
});

afterAll(async () => {
  for (const r of replicas) await stopReplica(r);
  await db?.close();
  await redis?.kill();
  await pg?.stop();
  if (root && !process.env.FAULTS_KEEP) fs.rmSync(root, { recursive: true, force: true });
});

it('keeps answering through a Redis outage, a PostgreSQL outage and a replica restart, and loses nothing', async () => {
  // Fixtures: members, each with a post others comment on.
  const users: TestUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await createUser(db.db, { prefix: 'fault' }));
  const posts = await db.db
    .insert(schema.posts)
    .values(users.map((u, i) => ({ slug: `fault-post-${i}-${u.slug}`, author_user_id: u.id, created_by_user_id: u.id, body: `Innlegg ${i}` })))
    .returning({ id: schema.posts.id, author: schema.posts.author_user_id });

  const calls: Call[] = [];
  let running = true;
  let next = 0;

  /**
   * One call through a "load balancer": round robin; a refused connection (the replica is not
   * listening) is sent to the other replica, as a proxy does. A call that was sent and got no answer
   * (reset mid-request) is not repeated: it counts as dropped.
   */
  async function call(kind: Kind, method: string, apiPath: string, token: string | null, body?: unknown, ref?: (json: unknown) => string | undefined): Promise<{ status: number; json: unknown }> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const replica = replicas[next++ % replicas.length]!;
      const start = Date.now();
      let status = 0;
      let refused = false;
      let json: unknown = null;
      try {
        const res = await fetch(`http://127.0.0.1:${replica.port}/api${apiPath}`, {
          method,
          headers: { 'Content-Type': 'application/json', 'X-Localization': 'en', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        status = res.status;
        json = await res.json().catch(() => null);
      } catch (err) {
        status = 0;
        refused = (err as { cause?: { code?: string } }).cause?.code === 'ECONNREFUSED';
      }
      calls.push({ kind, replica: replica.index, start, end: Date.now(), status, refused, ref: status >= 200 && status < 300 ? ref?.(json) : undefined });
      if (!refused) return { status, json };
    }
    return { status: 0, json: null };
  }

  const tokens = new Map<number, string>();
  async function login(u: TestUser): Promise<void> {
    const { status, json } = await call('login', 'POST', authEndpoints.login.path, null, { email: u.email, password: TEST_PASSWORD });
    if (status === 200) tokens.set(u.id, (json as { access_token: string }).access_token);
  }
  for (const u of users) await login(u);
  expect(tokens.size).toBe(USERS);

  // Each client follows everybody once (a new pair each time: every follow notifies).
  const followed = new Set<string>();
  async function client(c: number): Promise<void> {
    let step = 0;
    while (running) {
      const me = users[(c * 7 + step) % USERS]!;
      const token = tokens.get(me.id)!;
      const op = step % 5;
      step++;
      if (op === 0 || op === 3) {
        const read = step % 2 === 0 ? postEndpoints.feed.path : '/counties';
        await call('read', 'GET', read, token);
      } else if (op === 1) {
        const post = posts[(c + step) % posts.length]!;
        if (post.author === me.id) continue;
        await call('comment', 'POST', postEndpoints.addComment.path.replace(':id', String(post.id)), token, { text: `Kommentar ${c}-${step}` }, (json) =>
          String((json as { data: { id: number } }).data.id),
        );
      } else if (op === 2) {
        const target = users.find((u) => u.id !== me.id && !followed.has(`${me.id}>${u.id}`));
        if (target) {
          followed.add(`${me.id}>${target.id}`);
          await call('follow', 'POST', networkEndpoints.follow.path.replace(':slug', target.slug), token, undefined, () => `${me.id}>${target.id}`);
        }
      } else {
        await login(me);
      }
      await sleep(THINK_MS);
    }
  }

  const t0 = Date.now();
  const load = Promise.all(Array.from({ length: CLIENTS }, (_, c) => client(c)));
  const at = () => Date.now();

  await sleep(CALM_MS);
  // (1) Redis killed (SIGKILL) for REDIS_DOWN_MS.
  const redisDown: Interval = { from: at(), to: 0 };
  await redis.kill();
  await sleep(REDIS_DOWN_MS);
  await redis.start();
  redisDown.to = at();
  await sleep(CALM_MS + RECOVERY_MS);

  // (2) PostgreSQL stopped (fast shutdown by PID) for PG_DOWN_MS.
  const pgDown: Interval = { from: at(), to: 0 };
  await pg.stop();
  await sleep(PG_DOWN_MS);
  pg.start();
  pgDown.to = at();
  await sleep(CALM_MS + RECOVERY_MS);

  // (3) One replica restarted: SIGTERM while it takes calls (it drains them), then started again.
  // The "load balancer" keeps port and pool as they are and sends refused calls to the other replica.
  const restart: Interval = { from: at(), to: 0 };
  const old = replicas[1]!;
  const shutdown = await stopReplica(old);
  const restarted = startReplica(1, old.port);
  replicas[1] = restarted;
  await waitReady(restarted);
  restart.to = at();
  await sleep(CALM_MS);

  running = false;
  await load;
  const loadEnd = at();

  // Settle: every job of the outbox handed over and run (the queue delivers them in either replica).
  const settleStart = at();
  const pendingJobs = async () =>
    Number((await db.db.execute<{ n: number }>(sql`select count(*)::int as n from job_outbox where status = 'pending'`)).rows[0]!.n);
  while ((await pendingJobs()) > 0 && at() - settleStart < 60_000) await sleep(200);

  const ok = (c: Call) => c.status >= 200 && c.status < 300;
  const commentIds = calls.filter((c) => c.kind === 'comment' && ok(c)).map((c) => Number(c.ref));
  const followPairs = calls.filter((c) => c.kind === 'follow' && ok(c)).map((c) => c.ref!.split('>').map(Number) as [number, number]);

  // Notifications are written by the queue's workers after the hand-over: wait for them.
  const notified = async () => {
    const byComment = await db.db.execute<{ comment_id: string; n: number }>(
      sql`select data->>'comment_id' as comment_id, count(*)::int as n from notifications where kind = 'comment' group by 1`,
    );
    const byFollow = await db.db.execute<{ pair: string; n: number }>(
      sql`select actor_user_id || '>' || user_id as pair, count(*)::int as n from notifications where kind = 'new_follower' group by 1`,
    );
    return {
      comments: new Map(byComment.rows.map((r) => [Number(r.comment_id), r.n])),
      follows: new Map(byFollow.rows.map((r) => [r.pair, r.n])),
    };
  };
  let seen = await notified();
  const complete = () => commentIds.every((id) => seen.comments.has(id)) && followPairs.every(([a, b]) => seen.follows.has(`${a}>${b}`));
  while (!complete() && at() - settleStart < 60_000) {
    await sleep(250);
    seen = await notified();
  }
  const settledMs = at() - settleStart;
  const pendingAfterSettle = await pendingJobs();
  const outboxCount = async (where: ReturnType<typeof sql>) =>
    Number((await db.db.execute<{ n: number }>(sql`select count(*)::int as n from job_outbox where ${where}`)).rows[0]!.n);
  const failedJobs = await outboxCount(sql`status = 'failed'`);
  const handedOverMoreThanOnce = await outboxCount(sql`attempts > 1`);
  // The relays report the jobs a queue had taken and no longer held when their lease ran out.
  const lostByQueue = fs
    .readdirSync(root)
    .filter((f) => /^api-\d+\.log$/.test(f))
    .flatMap((f) => [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(/no longer held (\d+) job/g)].map((m) => Number(m[1])))
    .reduce((a, b) => a + b, 0);

  const storedComments = new Set(
    (await db.db.select({ id: schema.postComments.id }).from(schema.postComments)).map((r) => r.id),
  );
  const storedFollows = new Set(
    (await db.db.select({ a: schema.userFollows.follower_id, b: schema.userFollows.followed_user_id }).from(schema.userFollows)).map((r) => `${r.a}>${r.b}`),
  );

  const sessions = Number((await db.db.execute<{ n: number }>(sql`select count(*)::int as n from refresh_token_families`)).rows[0]!.n);

  // Recovery: first 2xx of each replica after the dependency returned.
  const firstOkAfter = (from: number, replica: number) => calls.filter((c) => c.replica === replica && ok(c) && c.start >= from).reduce((m, c) => Math.min(m, c.end), Infinity);
  const pgRecovery = Math.max(...[0, 1].map((r) => firstOkAfter(pgDown.to, r) - pgDown.to));
  // Redis: the notifications of the writes made during the outage exist (relay and worker deliver again).
  const duringRedis = calls.filter((c) => ok(c) && overlaps(c, redisDown));
  const redisCommentIds = duringRedis.filter((c) => c.kind === 'comment').map((c) => Number(c.ref));
  // Recovery is the first of them (the relay and the workers are back: bounded like PostgreSQL's);
  // the last is when the outage's backlog was drained, a throughput figure reported with its job
  // count (it grows with the machine's load: 2.8-3.8 s quiet, 5.2 s in a CI run at load 9), not a bound.
  const redisDelivered = (await db.db.execute<{ first: Date | null; last: Date | null; n: number }>(
    sql`select min(created_at) as first, max(created_at) as last, count(*)::int as n from notifications where kind = 'comment' and (data->>'comment_id')::bigint = any(${`{${redisCommentIds.join(',') || '0'}}`}::bigint[])`,
  )).rows[0];
  const sinceRedis = (at: Date | null | undefined) => (at ? Math.max(0, new Date(at).getTime() - redisDown.to) : 0);
  const redisRecovery = sinceRedis(redisDelivered?.first);
  const redisBacklogDrained = sinceRedis(redisDelivered?.last);
  const outageJobs = await db.db.execute<{ n: number }>(
    sql`select count(*)::int as n from job_outbox where created_at >= ${new Date(redisDown.from)} and created_at < ${new Date(redisDown.to)}`,
  );

  const pgWindow: Interval = { from: pgDown.from, to: pgDown.to + RECOVERY_MS };
  const status = (c: Call) => c.status;
  const errors500 = calls.filter((c) => c.status >= 500 && c.status !== 503);
  const outside503 = calls.filter((c) => c.status === 503 && !overlaps(c, pgWindow));
  const writesDuringRedis = calls.filter((c) => WRITES.has(c.kind) && overlaps(c, redisDown) && c.status !== 0).map((c) => c.end - c.start);
  const restartCalls = calls.filter((c) => overlaps(c, restart));
  const refusedCalls = calls.filter((c) => c.status === 0 && c.refused);
  const dropped = calls.filter((c) => c.status === 0 && !c.refused);
  const redis503 = calls.filter((c) => c.status === 503 && overlaps(c, redisDown));
  const missingComments = commentIds.filter((id) => !storedComments.has(id));
  const missingFollows = followPairs.filter(([a, b]) => !storedFollows.has(`${a}>${b}`));
  const missingNotifications = commentIds.filter((id) => !seen.comments.has(id)).length + followPairs.filter(([a, b]) => !seen.follows.has(`${a}>${b}`)).length;
  const duplicateNotifications = commentIds.filter((id) => (seen.comments.get(id) ?? 0) > 1).length + followPairs.filter(([a, b]) => (seen.follows.get(`${a}>${b}`) ?? 0) > 1).length;
  const exits = replicas.map((r) => r.unexpectedExit).filter((e): e is string => e !== null).concat(old.unexpectedExit ?? []);

  const phase = (name: string, i: Interval | null) => {
    const inPhase = i ? calls.filter((c) => overlaps(c, i)) : calls;
    const writes = inPhase.filter((c) => WRITES.has(c.kind) && c.status !== 0).map((c) => c.end - c.start);
    return {
      phase: name,
      calls: inPhase.length,
      '2xx': inPhase.filter((c) => ok(c)).length,
      '503': inPhase.filter((c) => status(c) === 503).length,
      '500': inPhase.filter((c) => c.status >= 500 && c.status !== 503).length,
      refused: inPhase.filter((c) => c.status === 0 && c.refused).length,
      dropped: inPhase.filter((c) => c.status === 0 && !c.refused).length,
      write_p50_ms: round(percentile(writes, 50)),
      write_p99_ms: round(percentile(writes, 99)),
    };
  };
  const report = {
    when: new Date().toISOString(),
    setup: { replicas: 2, clients: CLIENTS, think_ms: THINK_MS, users: USERS, redis_down_ms: REDIS_DOWN_MS, pg_down_ms: PG_DOWN_MS, outbox_lease_ms: OUTBOX_LEASE_MS, duration_s: round((loadEnd - t0) / 1000) },
    phases: [
      phase('all', null),
      phase('redis down', redisDown),
      phase('postgres down', pgDown),
      phase('replica restart', restart),
    ],
    figures: {
      unexpected_exits: exits.length,
      answers_500: errors500.length,
      answers_503_outside_postgres_outage: outside503.length,
      answers_503_during_redis_outage: redis503.length,
      write_p99_during_redis_outage_ms: round(percentile(writesDuringRedis, 99)),
      write_max_during_redis_outage_ms: round(Math.max(0, ...writesDuringRedis)),
      postgres_recovery_ms: round(pgRecovery),
      redis_recovery_ms: round(redisRecovery),
      redis_backlog_drained_ms: round(redisBacklogDrained),
      redis_backlog_jobs: outageJobs.rows[0]?.n ?? 0,
      replica_restart_ms: round(restart.to - restart.from),
      replica_shutdown_ms: shutdown.ms,
      replica_killed_after_sigterm: shutdown.killed,
      calls_refused_and_sent_to_other_replica: refusedCalls.length,
      calls_dropped: dropped.length,
      calls_during_restart: restartCalls.length,
      writes_2xx: { comments: commentIds.length, follows: followPairs.length, logins: calls.filter((c) => c.kind === 'login' && ok(c)).length },
      writes_missing_in_db: missingComments.length + missingFollows.length,
      login_sessions_stored: sessions,
      notifications_missing: missingNotifications,
      notifications_duplicated: duplicateNotifications,
      settle_ms: settledMs,
      outbox_pending_after_settle: pendingAfterSettle,
      outbox_failed: failedJobs,
      outbox_rows_handed_over_more_than_once: handedOverMoreThanOnce,
      jobs_lost_by_queue_and_handed_over_again: lostByQueue,
    },
  };
  fs.writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nfault tier (${REPORT_FILE}):\n`);
  console.table(report.phases);
  console.table(Object.entries(report.figures).map(([figure, value]) => ({ figure, value: typeof value === 'object' ? JSON.stringify(value) : value })));

  expect(exits).toEqual([]);
  expect(shutdown.killed).toBe(false);
  expect(errors500.map((c) => `${c.kind} ${c.status} at +${c.start - t0} ms`)).toEqual([]);
  expect(outside503.map((c) => `${c.kind} 503 at +${c.start - t0} ms on replica ${c.replica}`)).toEqual([]);
  expect(redis503.length).toBe(0);
  expect(report.figures.write_p99_during_redis_outage_ms).toBeLessThan(WRITE_P99_LIMIT_MS);
  // Some writes happened in every phase, so the figures above mean something.
  expect(duringRedis.filter((c) => c.kind === 'comment').length).toBeGreaterThan(0);
  expect(commentIds.length).toBeGreaterThan(20);
  expect(followPairs.length).toBeGreaterThan(10);
  expect({ missingComments, missingFollows }).toEqual({ missingComments: [], missingFollows: [] });
  expect(missingNotifications).toBe(0);
  expect(pendingAfterSettle).toBe(0);
  expect(failedJobs).toBe(0);
  expect(duplicateNotifications).toBe(0);
  expect(pgRecovery).toBeLessThanOrEqual(RECOVERY_MS);
  expect(redisRecovery).toBeLessThanOrEqual(RECOVERY_MS);
  // Connections were refused only while a replica restarted, and no call was dropped mid-request:
  // the stopping replica drained its calls.
  expect(refusedCalls.filter((c) => !overlaps(c, restart)).length).toBe(0);
  expect(dropped.map((c) => `${c.kind} on replica ${c.replica} at +${c.start - t0} ms`)).toEqual([]);
  expect(sessions).toBeGreaterThanOrEqual(report.figures.writes_2xx.logins);
});
