import { type ChildProcess, spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { authEndpoints, networkEndpoints, postEndpoints } from '@legenett/contracts';
import { createDatabase, type DatabaseHandle, recreateDatabase, runMigrations, schema, withDatabase } from '@legenett/db';
import { sql } from 'drizzle-orm';
import { createUser, TEST_PASSWORD, type TestUser } from '../auth';
import { seedReferenceData } from '../global-setup';
import {
  freePort,
  isAlive,
  type PrivatePgBouncer,
  privatePgBouncer,
  type PrivatePostgres,
  privatePostgres,
  type PrivateRedis,
  privateRedis,
  sleep,
  waitForExit,
} from '../private-servers';
import { type Backend, Balancer, StreamProxy } from './balancer';
import { vapidPrivateKey } from '../vapid';
import { onEventBlocks } from '../sse';

/**
 * The scale tier (issue 29): the built API as two `api` processes and one `worker` behind a small
 * balancer (balancer.ts), on a PostgreSQL primary, a streaming replica made with pg_basebackup,
 * PgBouncer in transaction mode and Redis, all of this test's own, started and stopped by PID.
 * Several clients read and write; meanwhile the replica is stopped for REPLICA_DOWN_MS and the worker
 * is killed and started again. Then two throughput runs (two api processes vs one) and two latency
 * runs (through the pooler vs direct to the primary). Prints and asserts the figures (also written
 * to SCALE_REPORT, default apps/api/scale-report.json). SCALE_PORT_BASE picks ports base..base+9.
 */

/** Clients that write (and read their writes) ... */
const CLIENTS = 6;
/** ... and clients that only read (their reads may go to the replica). */
const READERS = 3;
const USERS = 30;
const THINK_MS = 20;
const CALM_MS = 5_000;
const REPLICA_DOWN_MS = 10_000;
/** The worker stays dead this long before it is started again. */
const WORKER_DOWN_MS = 3_000;
const BENCH_MS = 5_000;
const BENCH_CLIENTS = 8;
const MAX_LAG_MS = 1000;
const PROBE_MS = 250;
const OUTBOX_LEASE_MS = 5_000;
const REQUEST_TIMEOUT_MS = 20_000;

const API_MAIN = path.resolve(__dirname, '..', '..', 'dist', 'main.js');
const REPORT_FILE = process.env.SCALE_REPORT ?? path.resolve(__dirname, '..', '..', 'scale-report.json');

jest.setTimeout(300_000);

interface Proc {
  name: string;
  port: number;
  child: ChildProcess;
  log: string;
}

interface Call {
  kind: 'read' | 'comment' | 'follow' | 'login' | 'own-read';
  start: number;
  end: number;
  status: number;
  ref?: string;
}

let root: string;
let primary: PrivatePostgres;
let replica: PrivatePostgres;
let bouncer: PrivatePgBouncer;
let redis: PrivateRedis;
let db: DatabaseHandle;
let url: string;
let balancer: Balancer;
let balancerPort: number;
const procs: Proc[] = [];
const env: Record<string, string> = {};

const base = Number(process.env.SCALE_PORT_BASE ?? 0);
const port = (i: number): Promise<number> => (base ? Promise.resolve(base + i) : freePort());

function start(name: string, p: number, extra: Record<string, string>): Proc {
  const log = path.join(root, `${name}.log`);
  const fd = fs.openSync(log, 'a');
  const child = spawn(process.execPath, ['--enable-source-maps', API_MAIN], {
    cwd: path.dirname(path.dirname(API_MAIN)),
    env: { ...process.env, ...env, PORT: String(p), ...extra },
    stdio: ['ignore', fd, fd],
  });
  fs.closeSync(fd);
  return { name, port: p, child, log };
}

async function waitReady(proc: Proc, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  for (;;) {
    if (proc.child.exitCode !== null) throw new Error(`${proc.name} exited while starting; see ${proc.log}`);
    try {
      const res = await fetch(`http://127.0.0.1:${proc.port}/api/health/ready`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${proc.name} not ready after ${ms} ms`);
    await sleep(200);
  }
}

async function stop(proc: Proc, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  const pid = proc.child.pid;
  if (pid === undefined || proc.child.exitCode !== null || !isAlive(pid)) return;
  process.kill(pid, signal);
  if (!(await waitForExit(pid, 15_000))) {
    process.kill(pid, 'SIGKILL');
    await waitForExit(pid);
  }
}

const percentile = (values: number[], p: number): number => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};
const round = (n: number): number => Math.round(n * 10) / 10;
const count = async (h: DatabaseHandle, query: ReturnType<typeof sql>): Promise<number> =>
  Number((await h.db.execute<{ n: number | string | null }>(query)).rows[0]?.n ?? 0);

/** `legenett_db_reads_total` and `legenett_scheduled_job_runs_total` of one process. */
async function processMetrics(proc: Proc): Promise<{ replicaReads: number; primaryReads: number; scheduledRuns: number }> {
  const text = await (await fetch(`http://127.0.0.1:${proc.port}/api/metrics`)).text();
  const sum = (re: RegExp) => [...text.matchAll(re)].reduce((s, m) => s + Number(m[1]), 0);
  return {
    replicaReads: sum(/^legenett_db_reads_total\{target="replica"[^}]*\} (\d+)/gm),
    primaryReads: sum(/^legenett_db_reads_total\{target="primary"[^}]*\} (\d+)/gm),
    scheduledRuns: sum(/^legenett_scheduled_job_runs_total\{[^}]*\} (\d+)/gm),
  };
}

/** Calls of pg_stat_statements on one server: SELECTs and writes (INSERT, UPDATE, DELETE). */
async function statements(h: DatabaseHandle): Promise<{ selects: number; writes: number }> {
  const rows = await h.db.execute<{ selects: string | null; writes: string | null }>(sql`
    select sum(calls) filter (where query ~* '^\\s*(with .*)?select' and query !~* 'pg_stat_statements|pg_current_wal_lsn|pg_is_in_recovery') as selects,
           sum(calls) filter (where query ~* '^\\s*(with .*)?(insert|update|delete)') as writes
      from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())`);
  return { selects: Number(rows.rows[0]?.selects ?? 0), writes: Number(rows.rows[0]?.writes ?? 0) };
}

beforeAll(async () => {
  if (!fs.existsSync(API_MAIN)) throw new Error(`${API_MAIN} is missing: build the API first (npm run build)`);
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-scale-'));
  const settings = { shared_preload_libraries: 'pg_stat_statements', 'pg_stat_statements.track': 'top', max_wal_senders: '5' };
  primary = privatePostgres(root, await port(0), { name: 'primary', settings });
  primary.start();
  replica = privatePostgres(root, await port(1), { name: 'replica', replicaOf: primary.port, settings });
  replica.start();
  bouncer = privatePgBouncer(root, await port(2), primary.port, 20);
  await bouncer.start();
  redis = privateRedis(await port(3), path.join(root, 'redis.log'));
  await redis.start();

  await recreateDatabase(primary.serverUrl, 'legenett_scale');
  url = withDatabase(primary.serverUrl, 'legenett_scale');
  db = createDatabase(url, { max: 3, onConnectionError: () => undefined });
  await runMigrations(db.db);
  await seedReferenceData(db.db);
  await db.db.execute(sql`create extension if not exists pg_stat_statements`);

  const key = () => randomBytes(32).toString('base64url');
  const webDist = path.join(root, 'web');
  fs.mkdirSync(webDist);
  fs.writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>Legenett</title>');
  Object.assign(env, {
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    // Through the pooler; migrations (none left to run) past it.
    DATABASE_URL: bouncer.url('legenett_scale'),
    DATABASE_DIRECT_URL: url,
    DATABASE_PREPARED_STATEMENTS: String(bouncer.preparedStatements),
    DATABASE_REPLICA_URLS: withDatabase(replica.serverUrl, 'legenett_scale'),
    DATABASE_POOL_SIZE: '10',
    REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
    REPLICA_PROBE_MS: String(PROBE_MS),
    MIGRATE_ON_START: 'false',
    REDIS_URL: redis.url,
    REDIS_PREFIX: 'scale',
    JWT_SECRET: key(),
    TWO_FACTOR_ENCRYPTION_KEY: key(),
    NATIONAL_ID_HASH_KEY: key(),
    PETITION_LOG_SIGNING_KEY: key(),
    VAPID_PRIVATE_KEY: vapidPrivateKey(),
    DATA_DIR: path.join(root, 'data'),
    WEB_DIST_DIR: webDist,
    LOG_LEVEL: 'warn',
    HOUSEKEEPING_INTERVAL_MINUTES: '0',
    OUTBOX_LEASE_MS: String(OUTBOX_LEASE_MS),
    LOGIN_IP_FAILURE_LIMIT: '100000',
  });
  const ports = await Promise.all([port(4), port(5), port(6), port(7)]);
  procs.push(
    start('api-0', ports[0]!, { ROLE: 'api' }),
    start('api-1', ports[1]!, { ROLE: 'api' }),
    // The worker logs each scheduled run (info); the course-reminder sweep ticks every second.
    start('worker', ports[2]!, { ROLE: 'worker', LOG_LEVEL: 'info', COURSE_REMINDER_SWEEP_SECONDS: '1' }),
    // The same API straight to the primary, for the latency of the pooler.
    start('api-direct', ports[3]!, { ROLE: 'api', DATABASE_URL: url, DATABASE_PREPARED_STATEMENTS: 'true' }),
  );
  await Promise.all(procs.map((p) => waitReady(p)));
  balancerPort = await port(8);
  balancer = new Balancer(procs.filter((p) => p.name.startsWith('api-') && p.name !== 'api-direct').map((p): Backend => ({ name: p.name, port: p.port, ready: false })));
  await balancer.listen(balancerPort);
});

afterAll(async () => {
  const steps = [
    () => balancer?.close(),
    ...procs.map((p) => () => stop(p)),
    () => db?.close(),
    () => bouncer?.stop(),
    () => redis?.kill(),
    () => replica?.stop(),
    () => primary?.stop(),
  ];
  for (const step of steps) await Promise.resolve(step()).catch((err: unknown) => console.warn(err));
  if (root && !process.env.SCALE_KEEP) fs.rmSync(root, { recursive: true, force: true });
});

/** One client: its token, its read-your-writes cookie (as a browser keeps it). */
class Client {
  cookie: string | null = null;
  constructor(
    readonly user: TestUser,
    public token = '',
  ) {}

  async call(kind: Call['kind'], calls: Call[] | null, method: string, apiPath: string, body?: unknown, target = `http://127.0.0.1:${balancerPort}`): Promise<{ status: number; json: unknown }> {
    const started = Date.now();
    let status = 0;
    let json: unknown = null;
    try {
      const res = await fetch(`${target}/api${apiPath}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          'X-Localization': 'en',
          ...(this.token ? { Authorization: `Bearer ${this.token}` } : {}),
          ...(this.cookie ? { Cookie: this.cookie } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      status = res.status;
      const rw = res.headers.getSetCookie().find((c) => c.startsWith('lg_rw='));
      if (rw) this.cookie = rw.split(';')[0]!;
      json = await res.json().catch(() => null);
    } catch {
      status = 0;
    }
    calls?.push({ kind, start: started, end: Date.now(), status });
    return { status, json };
  }
}

/** Closed-loop load of `clients` callers for `ms`: answers per second and the p99 (ms). */
async function bench(clients: Client[], ms: number, apiPath: string, target?: string): Promise<{ rps: number; p50: number; p99: number; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + ms;
  await Promise.all(
    clients.map(async (c) => {
      while (Date.now() < end) {
        const t = performance.now();
        const { status } = await c.call('read', null, 'GET', apiPath, undefined, target);
        latencies.push(performance.now() - t);
        if (status !== 200) errors++;
      }
    }),
  );
  return { rps: round(latencies.length / (ms / 1000)), p50: round(percentile(latencies, 50)), p99: round(percentile(latencies, 99)), errors };
}

it('reads from the replica, writes to the primary, survives a replica outage and a worker kill, and runs every job once', async () => {
  const replicaDb = () => createDatabase(withDatabase(replica.serverUrl, 'legenett_scale'), { max: 1, onConnectionError: () => undefined });
  const users: TestUser[] = [];
  for (let i = 0; i < USERS; i++) users.push(await createUser(db.db, { prefix: 'scale' }));
  const posts = await db.db
    .insert(schema.posts)
    .values(users.map((u, i) => ({ slug: `scale-post-${i}-${u.slug}`, author_user_id: u.id, created_by_user_id: u.id, body: `Innlegg ${i}` })))
    .returning({ id: schema.posts.id, author: schema.posts.author_user_id });
  const readerUsers: TestUser[] = [];
  for (let i = 0; i < READERS; i++) readerUsers.push(await createUser(db.db, { prefix: 'scale-reader' }));
  const clients = users.map((u) => new Client(u));
  const readers = readerUsers.map((u) => new Client(u));
  for (const c of [...clients, ...readers]) {
    const { status, json } = await c.call('login', null, 'POST', authEndpoints.login.path, { email: c.user.email, password: TEST_PASSWORD });
    expect(status).toBe(200);
    c.token = (json as { access_token: string }).access_token;
  }
  // Counting starts now, on both servers, once the replica has the fixtures.
  await sleep(2 * PROBE_MS + MAX_LAG_MS);
  let rdb = replicaDb();
  await db.db.execute(sql`select pg_stat_statements_reset()`);
  await rdb.db.execute(sql`select pg_stat_statements_reset()`);
  const metricsBefore = await Promise.all(procs.slice(0, 2).map(processMetrics));

  const calls: Call[] = [];
  const rywViolations: string[] = [];
  const followed = new Set<string>();
  let running = true;

  async function client(i: number): Promise<void> {
    let step = 0;
    while (running) {
      const c = clients[(i * 5 + step) % clients.length]!;
      const op = step % 4;
      step++;
      if (op === 0) {
        await c.call('read', calls, 'GET', step % 2 === 0 ? postEndpoints.feed.path : '/jobs');
      } else if (op === 1) {
        const post = posts[(i + step) % posts.length]!;
        if (post.author === c.user.id) continue;
        const commentsPath = postEndpoints.comments.path.replace(':id', String(post.id));
        const { status, json } = await c.call('comment', calls, 'POST', postEndpoints.addComment.path.replace(':id', String(post.id)), { text: `Kommentar ${i}-${step}` });
        if (status !== 201) continue;
        const id = (json as { data: { id: number } }).data.id;
        calls[calls.length - 1]!.ref = String(id);
        // Read-your-writes: the writer's next read shows the comment (oldest first: it is on the last page).
        const first = await c.call('own-read', calls, 'GET', `${commentsPath}?per_page=50`);
        const meta = first.status === 200 ? (first.json as { meta: { last_page: number } }).meta : null;
        const page = meta && meta.last_page > 1 ? await c.call('own-read', calls, 'GET', `${commentsPath}?per_page=50&page=${meta.last_page}`) : first;
        const seen = page.status === 200 && (page.json as { data: { id: number }[] }).data.some((x) => x.id === id);
        if (!seen) rywViolations.push(`comment ${id} by user ${c.user.id} (read ${page.status})`);
      } else if (op === 2) {
        const target = users.find((u) => u.id !== c.user.id && !followed.has(`${c.user.id}>${u.id}`));
        if (target) {
          followed.add(`${c.user.id}>${target.id}`);
          const { status } = await c.call('follow', calls, 'POST', networkEndpoints.follow.path.replace(':slug', target.slug));
          if (status >= 200 && status < 300) calls[calls.length - 1]!.ref = `${c.user.id}>${target.id}`;
        }
      } else {
        await c.call('read', calls, 'GET', postEndpoints.comments.path.replace(':id', String(posts[step % posts.length]!.id)));
      }
      await sleep(THINK_MS);
    }
  }

  async function reader(c: Client): Promise<void> {
    for (let step = 0; running; step++) {
      const what = step % 3;
      const apiPath = what === 0 ? postEndpoints.feed.path : what === 1 ? '/jobs' : postEndpoints.comments.path.replace(':id', String(posts[step % posts.length]!.id));
      await c.call('read', calls, 'GET', apiPath);
      await sleep(THINK_MS);
    }
  }

  const t0 = Date.now();
  const load = Promise.all([...Array.from({ length: CLIENTS }, (_, i) => client(i)), ...readers.map((c) => reader(c))]);
  await sleep(CALM_MS);

  // (1) The replica stopped for REPLICA_DOWN_MS, then started again.
  const replicaDown = { from: Date.now(), to: 0 };
  await rdb.close();
  await replica.stop();
  const duringDown = await Promise.all(procs.slice(0, 2).map(processMetrics));
  await sleep(REPLICA_DOWN_MS);
  // Read before the replica starts again: taken after, a replica quick to come back had already been
  // probed and read from (1 run in 6 counted reads "while down" that came after its return).
  const afterDown = await Promise.all(procs.slice(0, 2).map(processMetrics));
  replica.start();
  replicaDown.to = Date.now();
  rdb = replicaDb();
  await sleep(CALM_MS);
  const backAgain = await Promise.all(procs.slice(0, 2).map(processMetrics));

  // (2) The worker killed (SIGKILL) mid-run, started again after WORKER_DOWN_MS.
  const worker = procs.find((p) => p.name === 'worker')!;
  const workerDown = { from: Date.now(), to: 0 };
  await stop(worker, 'SIGKILL');
  await sleep(WORKER_DOWN_MS);
  const restarted = start('worker', worker.port, { ROLE: 'worker', LOG_LEVEL: 'info', COURSE_REMINDER_SWEEP_SECONDS: '1' });
  procs[procs.indexOf(worker)] = restarted;
  await waitReady(restarted);
  workerDown.to = Date.now();
  await sleep(CALM_MS);
  running = false;
  await load;
  const loadEnd = Date.now();

  // Every job of the outbox run, every notification written (the queue redelivers what the kill left).
  const settleStart = Date.now();
  const ok = (c: Call) => c.status >= 200 && c.status < 300;
  const commentIds = calls.filter((c) => c.kind === 'comment' && ok(c) && c.ref).map((c) => Number(c.ref));
  const followPairs = calls.filter((c) => c.kind === 'follow' && c.ref).map((c) => c.ref!);
  const notified = async () => {
    const byComment = await db.db.execute<{ id: string; n: number }>(sql`select data->>'comment_id' as id, count(*)::int as n from notifications where kind = 'comment' group by 1`);
    const byFollow = await db.db.execute<{ pair: string; n: number }>(sql`select actor_user_id || '>' || user_id as pair, count(*)::int as n from notifications where kind = 'new_follower' group by 1`);
    return { comments: new Map(byComment.rows.map((r) => [Number(r.id), r.n])), follows: new Map(byFollow.rows.map((r) => [r.pair, r.n])) };
  };
  let seen = await notified();
  const complete = () => commentIds.every((id) => seen.comments.has(id)) && followPairs.every((p) => seen.follows.has(p));
  while (!complete() && Date.now() - settleStart < 90_000) {
    await sleep(250);
    seen = await notified();
  }
  const settleMs = Date.now() - settleStart;
  const pending = await count(db, sql`select count(*)::int as n from job_outbox where status = 'pending'`);

  const stmtPrimary = await statements(db);
  const stmtReplica = await statements(rdb);
  await rdb.close();
  const metricsAfter = await Promise.all(procs.slice(0, 2).map(processMetrics));
  const sumOf = (ms: Awaited<ReturnType<typeof processMetrics>>[], k: 'replicaReads' | 'primaryReads' | 'scheduledRuns') => ms.reduce((s, m) => s + m[k], 0);
  const workerMetrics = await processMetrics(restarted);

  // Scheduled runs of both worker lives, from their logs: one line per run with BullMQ's tick id.
  const runIds = [...fs.readFileSync(restarted.log, 'utf8').matchAll(/Scheduled job courses\.reminders\.sweep ran in \d+ ms \(run ([^)]+)\)/g)].map((m) => m[1]!);
  const duplicateRuns = runIds.length - new Set(runIds).size;
  const apiScheduledRuns = sumOf(metricsAfter, 'scheduledRuns');

  const inWindow = (c: Call, w: { from: number; to: number }) => c.start <= w.to && c.end >= w.from;
  const errors = calls.filter((c) => !ok(c));
  const duringReplicaDown = calls.filter((c) => inWindow(c, replicaDown));

  // (3) Throughput: two api processes vs one, same closed-loop load on the prepared jobs list.
  const benchClients = clients.slice(0, BENCH_CLIENTS).map((c) => new Client(c.user, c.token));
  await bench(benchClients, 1000, '/jobs');
  const two = await bench(benchClients, BENCH_MS, '/jobs');
  balancer.only = ['api-0'];
  const one = await bench(benchClients, BENCH_MS, '/jobs');
  balancer.only = null;

  // (4) p99 through PgBouncer vs direct: reads forced to the primary (a read-your-writes cookie).
  const primaryClients = benchClients.map((c) => Object.assign(new Client(c.user, c.token), { cookie: `lg_rw=${Date.now() + 3_600_000}` }));
  const api0 = procs.find((p) => p.name === 'api-0')!;
  const direct = procs.find((p) => p.name === 'api-direct')!;
  await bench(primaryClients, 1000, '/jobs', `http://127.0.0.1:${direct.port}`);
  const viaPooler = await bench(primaryClients, BENCH_MS, '/jobs', `http://127.0.0.1:${api0.port}`);
  const viaDirect = await bench(primaryClients, BENCH_MS, '/jobs', `http://127.0.0.1:${direct.port}`);

  const report = {
    when: new Date().toISOString(),
    setup: {
      api_processes: 2,
      workers: 1,
      writing_clients: CLIENTS,
      reading_clients: READERS,
      users: USERS,
      pgbouncer: `${bouncer.version} (transaction mode, named prepared statements ${bouncer.preparedStatements ? 'on' : 'off'})`,
      replica_max_lag_ms: MAX_LAG_MS,
      replica_down_ms: REPLICA_DOWN_MS,
      worker_down_ms: WORKER_DOWN_MS,
      duration_s: Math.round((loadEnd - t0) / 1000),
      cores: os.cpus().length,
    },
    figures: {
      calls: calls.length,
      errors: errors.length,
      calls_while_replica_down: duringReplicaDown.length,
      errors_while_replica_down: duringReplicaDown.filter((c) => !ok(c)).length,
      replica_selects_pg_stat_statements: stmtReplica.selects,
      replica_writes_pg_stat_statements: stmtReplica.writes,
      primary_selects_pg_stat_statements: stmtPrimary.selects,
      primary_writes_pg_stat_statements: stmtPrimary.writes,
      api_reads_to_replica: sumOf(metricsAfter, 'replicaReads') - sumOf(metricsBefore, 'replicaReads'),
      api_reads_to_primary: sumOf(metricsAfter, 'primaryReads') - sumOf(metricsBefore, 'primaryReads'),
      api_replica_reads_while_down: sumOf(afterDown, 'replicaReads') - sumOf(duringDown, 'replicaReads'),
      api_replica_reads_after_return: sumOf(backAgain, 'replicaReads') - sumOf(afterDown, 'replicaReads'),
      writes_checked_read_your_writes: commentIds.length,
      read_your_writes_violations: rywViolations.length,
      comments: commentIds.length,
      follows: followPairs.length,
      notifications_missing: commentIds.filter((id) => !seen.comments.has(id)).length + followPairs.filter((p) => !seen.follows.has(p)).length,
      notifications_duplicated: commentIds.filter((id) => (seen.comments.get(id) ?? 0) > 1).length + followPairs.filter((p) => (seen.follows.get(p) ?? 0) > 1).length,
      outbox_pending_after_settle: pending,
      settle_ms: settleMs,
      scheduled_runs_after_worker_restart: runIds.length,
      scheduled_runs_duplicated: duplicateRuns,
      scheduled_runs_in_api_processes: apiScheduledRuns,
      worker_scheduled_runs_metric: workerMetrics.scheduledRuns,
      throughput_two_api_rps: two.rps,
      throughput_one_api_rps: one.rps,
      p99_two_api_ms: two.p99,
      p99_one_api_ms: one.p99,
      bench_errors: two.errors + one.errors + viaPooler.errors + viaDirect.errors,
      p50_pooler_ms: viaPooler.p50,
      p99_pooler_ms: viaPooler.p99,
      p50_direct_ms: viaDirect.p50,
      p99_direct_ms: viaDirect.p99,
      rps_pooler: viaPooler.rps,
      rps_direct: viaDirect.rps,
    },
  };
  fs.writeFileSync(REPORT_FILE, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\nscale tier (${REPORT_FILE}):\n${JSON.stringify(report.setup)}\n`);
  console.table(Object.entries(report.figures).map(([figure, value]) => ({ figure, value })));

  expect(errors.map((c) => `${c.kind} ${c.status} at +${c.start - t0} ms`)).toEqual([]);
  expect(calls.length).toBeGreaterThan(200);
  // Reads reach the replica, writes the primary (counted on the servers and in the api processes).
  expect(stmtReplica.selects).toBeGreaterThan(0);
  expect(stmtReplica.writes).toBe(0);
  expect(stmtPrimary.writes).toBeGreaterThan(0);
  expect(report.figures.api_reads_to_replica).toBeGreaterThan(0);
  // The replica away: reads went to the primary without an error; back: reads return to it.
  expect(report.figures.errors_while_replica_down).toBe(0);
  expect(duringReplicaDown.length).toBeGreaterThan(50);
  expect(report.figures.api_replica_reads_while_down).toBe(0);
  expect(report.figures.api_replica_reads_after_return).toBeGreaterThan(0);
  // Read-your-writes for every write.
  expect(commentIds.length).toBeGreaterThan(20);
  expect(rywViolations).toEqual([]);
  // The worker killed and restarted: every job ran once, nothing lost; scheduled runs once per tick.
  expect(followPairs.length).toBeGreaterThan(10);
  expect(report.figures.notifications_missing).toBe(0);
  expect(report.figures.notifications_duplicated).toBe(0);
  expect(pending).toBe(0);
  expect(runIds.length).toBeGreaterThan(3);
  expect(duplicateRuns).toBe(0);
  expect(apiScheduledRuns).toBe(0);
  expect(report.figures.bench_errors).toBe(0);
});

// ---- Live streams: a process dies under them (issue 40) ------------------------------------------

/** Streams held over the two api processes in the kill test; two members per conversation. */
const LIVE_STREAMS = 2_000;
/** Messages a second sent while the streams are held and one process dies. */
const LIVE_RATE = 20;
/** Messages sent after every dropped stream is open again (published to the resumed streams). */
const LIVE_AFTER = 20;

/** An access token as the API signs it (HS256), for a member and the session family `fam`. */
function accessToken(userId: number, fam: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const iat = Math.floor(Date.now() / 1000);
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ typ: 'access', fam, iat, exp: iat + 600, aud: 'legenett-api', iss: 'legenett', sub: String(userId), jti: randomUUID() })}`;
  return `${body}.${createHmac('sha256', env.JWT_SECRET!).update(body).digest('base64url')}`;
}

/**
 * One member's tab: an event stream as the browser's EventSource holds it. On a drop it waits the
 * `retry:` the server sent for this stream, then opens again with `Last-Event-ID`. Records every chat
 * message id (a repeat counts as a duplicate), drops and the time from a drop to the reopened ': open'.
 */
class LiveTab {
  lastId: string | null = null;
  retry = 3000;
  open = false;
  opened = 0;
  drops = 0;
  duplicates = 0;
  droppedAt = 0;
  readonly reconnectMs: number[] = [];
  readonly ids = new Set<number>();
  /** Attempts that did not open: the answer's status, or 0 for a socket error; and when (ms since the drop). */
  readonly failures: { status: number; at: number }[] = [];
  attempts = 0;
  /** The `Last-Event-ID` of each reopening attempt after a drop ('none': sent without one). */
  readonly resumedFrom: string[] = [];
  /** When the stream last dropped (kept after the reopening, for the figures). */
  lastDropAt = 0;
  readonly arrivals = new Map<number, number>();
  attemptAt = 0;
  private req: http.ClientRequest | null = null;
  private stopped = false;

  constructor(
    readonly userId: number,
    private readonly token: string,
    private readonly port: number,
  ) {}

  connect(): void {
    this.attempts++;
    this.attemptAt = Date.now();
    if (this.droppedAt) this.resumedFrom.push(this.lastId ?? 'none');
    const headers: Record<string, string> = this.lastId ? { 'Last-Event-ID': this.lastId } : {};
    const req = http.get({ host: '127.0.0.1', port: this.port, path: `/api/user-notifications/stream?token=${this.token}`, headers, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        this.failures.push({ status: res.statusCode ?? 0, at: this.droppedAt ? Date.now() - this.droppedAt : -1 });
        res.resume();
        return;
      }
      onEventBlocks(res, (block) => this.block(block));
    });
    this.req = req;
    let lost = false;
    const drop = () => {
      if (lost) return;
      lost = true;
      if (this.open) {
        this.open = false;
        this.drops++;
        this.droppedAt = Date.now();
        this.lastDropAt = this.droppedAt;
      }
      // As the browser: the stream's own wait, then again with the last id.
      if (!this.stopped) setTimeout(() => this.connect(), this.retry).unref();
    };
    req.on('error', () => {
      if (!this.open) this.failures.push({ status: 0, at: this.droppedAt ? Date.now() - this.droppedAt : -1 });
      drop();
    });
    req.on('close', drop);
  }

  private block(block: string): void {
    if (block === ': open') {
      this.open = true;
      this.opened++;
      if (this.droppedAt) {
        this.reconnectMs.push(Date.now() - this.droppedAt);
        this.droppedAt = 0;
      }
      return;
    }
    const fields = new Map<string, string>();
    for (const line of block.split('\n')) {
      const at = line.indexOf(': ');
      if (at > 0) fields.set(line.slice(0, at), line.slice(at + 2));
    }
    const retry = fields.get('retry');
    if (retry) this.retry = Number(retry);
    const id = fields.get('id');
    if (id !== undefined) this.lastId = id;
    if (fields.get('event') !== 'chat') return;
    const event = JSON.parse(fields.get('data')!) as { type: string; message_id?: number };
    if (event.type !== 'message' || event.message_id === undefined) return;
    if (this.ids.has(event.message_id)) this.duplicates++;
    this.ids.add(event.message_id);
    this.arrivals.set(event.message_id, Date.now());
  }

  close(): void {
    this.stopped = true;
    this.req?.destroy();
  }
}

/** Waits until what the tabs hold says `done()` (looked at every 50 ms; no fixed sleep); fails after `ms`. */
async function waitForTabs(done: () => boolean, what: string, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

it(`holds ${LIVE_STREAMS} streams over two api processes; one killed, every tab reconnects to the other and gets every message once`, async () => {
  const [api0, api1] = procs.filter((p) => p.name === 'api-0' || p.name === 'api-1');
  expect(api0!.child.exitCode).toBeNull();
  // Members (two per conversation), each with a session whose id the token names.
  const rows = await db.db.execute<{ id: number; fam: string }>(sql`
    with u as (
      insert into users (email, password_hash, first_name, last_name, slug, status, terms_accepted_at, no_sensitive_info_accepted_at)
      select 'live-' || g || '@scale.no', 'x', 'Live', 'Strøm ' || g, 'scale-live-' || g, 'approved', now(), now() from generate_series(1, ${LIVE_STREAMS}) g
      returning id
    ), i as (insert into user_info (user_id, approved_hrp, hpr_verified) select id, 2, true from u),
    r as (insert into user_roles (user_id, role_id) select id, (select id from roles where code = 'doctor') from u)
    insert into refresh_token_families (user_id, absolute_expires_at) select id, now() + interval '1 day' from u returning user_id as id, id as fam`);
  const members = rows.rows.map((r) => ({ id: Number(r.id), token: accessToken(Number(r.id), Number(r.fam)) })).sort((a, b) => a.id - b.id);
  // One conversation per neighbouring pair, in one statement.
  const byId = new Map(members.map((m) => [m.id, m]));
  const convs = await db.db.execute<{ id: string; a: number; b: number }>(sql`
    with m as (select id, row_number() over (order by id) - 1 as i from unnest(${`{${members.map((m) => m.id).join(',')}}`}::int[]) as t(id)),
    p as (select x.id as a, y.id as b from m x join m y on y.i = x.i + 1 where x.i % 2 = 0),
    c as (insert into conversations (kind, direct_key, created_by_user_id) select 'direct', 'u' || a || ':u' || b, a from p returning id, created_by_user_id as a),
    cp as (insert into conversation_participants (conversation_id, user_id, state) select c.id, x.u, 'active' from c join p on p.a = c.a cross join lateral (values (p.a), (p.b)) x(u))
    select c.id, p.a, p.b from c join p on p.a = c.a`);
  const pairs = convs.rows.map((r) => ({ id: Number(r.id), a: byId.get(Number(r.a))!, b: byId.get(Number(r.b))! }));
  expect(pairs).toHaveLength(LIVE_STREAMS / 2);

  // The streams, through the proxy's round robin over the two api processes.
  const proxy = new StreamProxy([api0!.port, api1!.port]);
  const proxyPort = await port(9);
  await proxy.listen(proxyPort);
  const tabs = members.map((m) => new LiveTab(m.id, m.token, proxyPort));
  try {
    for (const tab of tabs) tab.connect();
    await waitForTabs(() => tabs.every((t) => t.open), `${LIVE_STREAMS} streams to open`, 60_000);
    expect(proxy.passed.get(api0!.port)).toBe(LIVE_STREAMS / 2);

    // Messages through the survivor (api-1) while api-0 is killed: each expected at both members.
    const sent: { id: number; to: number[]; start: number; end: number }[] = [];
    let failedSends = 0;
    const send = async (): Promise<void> => {
      const pair = pairs[Math.floor(Math.random() * pairs.length)]!;
      const from = Math.random() < 0.5 ? pair.a : pair.b;
      try {
        const start = Date.now();
        const res = await fetch(`http://127.0.0.1:${api1!.port}/api/conversations/${pair.id}/messages`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${from.token}` },
          body: JSON.stringify({ body: `Mens en prosess dør ${sent.length}` }),
          signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
        });
        const json = (await res.json().catch(() => null)) as { data?: { id: number } } | null;
        if (res.status === 201 && json?.data) sent.push({ id: Number(json.data.id), to: [pair.a.id, pair.b.id], start, end: Date.now() });
        else failedSends++;
      } catch {
        failedSends++;
      }
    };
    let sending = true;
    const sender = (async () => {
      while (sending) {
        const tick = Date.now();
        await Promise.all(Array.from({ length: LIVE_RATE / 10 }, send));
        await sleep(Math.max(0, 100 - (Date.now() - tick)));
      }
    })();
    // Killed once messages flow; the proxy skips it from then on (refused).
    while (sent.length < LIVE_RATE) await sleep(20);
    const openAtKill = tabs.filter((t) => t.open).length;
    const killAt = Date.now();
    await stop(api0!, 'SIGKILL');
    await waitForTabs(() => tabs.filter((t) => t.drops > 0).length >= LIVE_STREAMS / 2, 'the killed process\'s streams to drop', 30_000);
    // Not past 30 s: the figures and the assertions below say how many came back and when.
    const reopened = await waitForTabs(() => tabs.every((t) => t.open), 'every dropped stream to reopen', 30_000).then(() => true, () => false);
    // A few more messages to the resumed streams, then the last answers.
    const reopenedAt = sent.length;
    while (reopened && sent.length < reopenedAt + LIVE_AFTER && failedSends < 100) await sleep(20);
    sending = false;
    await sender;

    const byTab = new Map(tabs.map((t) => [t.userId, t]));
    const missing = () => sent.reduce((n, m) => n + m.to.filter((u) => !byTab.get(u)!.ids.has(m.id)).length, 0);
    await waitForTabs(() => missing() === 0, 'every message at every member', 30_000).catch(() => undefined);

    const dropped = tabs.filter((t) => t.drops > 0);
    const reconnects = dropped.flatMap((t) => t.reconnectMs);
    const figures = {
      streams: LIVE_STREAMS,
      streams_on_killed_process: proxy.passed.get(api0!.port),
      open_at_kill: openAtKill,
      dropped: dropped.length,
      reconnected: reconnects.length,
      still_closed: tabs.filter((t) => !t.open).length,
      reconnect_p50_ms: percentile(reconnects, 50),
      reconnect_max_ms: Math.max(...reconnects),
      messages: sent.length,
      failed_sends: failedSends,
      lost: missing(),
      tabs_with_loss: tabs.filter((t) => sent.some((m) => m.to.includes(t.userId) && !t.ids.has(m.id))).length,
      duplicated: tabs.reduce((n, t) => n + t.duplicates, 0),
      failed_attempts: tabs.reduce((n, t) => n + t.failures.length, 0),
    };
    const failures = tabs.flatMap((t) => t.failures.map((f) => `${f.status}@${f.at}`));
    if (failures.length > 0) console.log(`failed attempts (status@ms after the drop): ${failures.slice(0, 40).join(' ')}`);
    const lossLines = tabs.flatMap((t) =>
      sent
        .filter((m) => m.to.includes(t.userId) && !t.ids.has(m.id))
        .map((m) => `tab ${t.userId} drops=${t.drops} dropped=${t.lastDropAt ? t.lastDropAt - killAt : '-'} reconnect=${t.reconnectMs.join(',')} resumedFrom=${t.resumedFrom.join(',')} lost=${m.id} sent=${m.start - killAt}..${m.end - killAt} got=${[...t.arrivals].map(([id, at]) => `${id}@${at - killAt}`).join(',')}`),
    );
    if (lossLines.length > 0) console.log(`lost (ms from the kill):\n${lossLines.slice(0, 30).join('\n')}`);
    const late = tabs.filter((t) => !t.open || t.reconnectMs.some((r) => r > 15_000));
    if (late.length > 0) console.log(`late tabs: ${late.slice(0, 20).map((t) => `${t.userId} open=${t.open} retry=${t.retry} opened=${t.opened} attempts=${t.attempts} lastAttempt=${t.droppedAt ? t.attemptAt - t.droppedAt : -1} reconnect=${t.reconnectMs.join(',')}`).join('; ')}`);
    console.table(Object.entries(figures).map(([figure, value]) => ({ figure, value })));
    expect(figures.dropped).toBe(LIVE_STREAMS / 2);
    expect(dropped.every((t) => t.drops === 1)).toBe(true);
    expect(tabs.filter((t) => t.drops === 0).length).toBe(LIVE_STREAMS / 2);
    expect(figures.reconnected).toBe(LIVE_STREAMS / 2);
    expect(figures.reconnect_max_ms).toBeLessThan(15_000);
    expect(figures.failed_sends).toBe(0);
    // No reopening attempt refused or cut: the proxy passes a refused connection to the survivor.
    expect(figures.failed_attempts).toBe(0);
    expect(reopened).toBe(true);
    expect(figures.messages).toBeGreaterThanOrEqual(LIVE_RATE + LIVE_AFTER);
    expect(figures.lost).toBe(0);
    expect(figures.duplicated).toBe(0);
  } finally {
    for (const tab of tabs) tab.close();
    await proxy.close();
  }
});
