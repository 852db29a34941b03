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
import { type Backend, Balancer } from './balancer';
import { vapidPrivateKey } from '../vapid';

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
