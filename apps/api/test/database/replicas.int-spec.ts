import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { createDatabase, type DatabaseHandle, recreateDatabase, runMigrations, schema, withDatabase } from '@legenett/db';
import request from 'supertest';
import { createApp } from '../../src/app';
import { createUser, type TestUser } from '../auth';
import { seedReferenceData } from '../global-setup';
import { makeWebDist } from '../app';
import {
  freePort,
  type PrivatePgBouncer,
  privatePgBouncer,
  type PrivatePostgres,
  privatePostgres,
  sleep,
} from '../private-servers';
import { SessionService } from '../../src/modules/users/session.service';
import { REPLICA_ROUTER } from '../../src/database/database.tokens';
import { READ_YOUR_WRITES_COOKIE, type ReplicaRouter } from '../../src/database/replicas';

/**
 * Read replicas and the pooler (issue 29) on servers of this test's own: a PostgreSQL primary, a
 * streaming replica made with pg_basebackup, PgBouncer in transaction mode in front of the primary.
 * The app reads GETs from the replica, writes and the writer's next reads on the primary, skips a
 * replica that lags (replay paused) or is down without an error, and runs its prepared hot reads
 * through the pooler. REPLICA_TEST_PORT_BASE picks ports (base, +1, +2) instead of free ones.
 */

jest.setTimeout(120_000);

const MAX_LAG_MS = 1000;
const PROBE_MS = 200;

let root: string;
let primary: PrivatePostgres;
let replica: PrivatePostgres;
let bouncer: PrivatePgBouncer;
let db: DatabaseHandle;
let replicaDb: DatabaseHandle | null = null;
let app: NestExpressApplication;
let http: ReturnType<typeof request>;
let webDist: string;
let author: TestUser;
let token: string;
let postId: number;

const base = Number(process.env.REPLICA_TEST_PORT_BASE ?? 0);
const port = (i: number): Promise<number> => (base ? Promise.resolve(base + i) : freePort());
async function closeReplicaDb(): Promise<void> {
  const handle = replicaDb;
  replicaDb = null;
  await handle?.close();
}
/** A statement on the replica itself (not through the app). */
const onReplica = (text: string, values: unknown[] = []) => replicaDb!.pool.query(text, values);

const router = (): ReplicaRouter => app.get<ReplicaRouter>(REPLICA_ROUTER);

/** `legenett_db_reads_total` by `target/reason`, and `legenett_db_replica_skipped_total` by reason. */
async function metrics(): Promise<{ reads: Record<string, number>; skipped: Record<string, number> }> {
  const text = (await http.get('/api/metrics')).text;
  const reads: Record<string, number> = {};
  const skipped: Record<string, number> = {};
  for (const m of text.matchAll(/^legenett_db_reads_total\{target="(\w+)",reason="(\w*)"\} (\d+)/gm)) reads[`${m[1]}/${m[2]}`] = Number(m[3]);
  for (const m of text.matchAll(/^legenett_db_replica_skipped_total\{replica="[^"]+",reason="(\w+)"\} (\d+)/gm)) skipped[m[1]!] = Number(m[2]);
  return { reads, skipped };
}

async function until(what: string, check: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const inUse = () => router().state()[0]?.skipped === null && router().state()[0]?.lagMs !== null;

const readComments = (cookie?: string) => {
  const req = http.get(`/api/post/${postId}/comments`).set('Authorization', `Bearer ${token}`);
  return cookie ? req.set('Cookie', cookie) : req;
};
const texts = (res: request.Response): string[] => (res.body as { data: { text: string }[] }).data.map((c) => c.text);

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-replicas-'));
  primary = privatePostgres(root, await port(0), { name: 'primary' });
  primary.start();
  replica = privatePostgres(root, await port(1), { name: 'replica', replicaOf: primary.port });
  replica.start();
  bouncer = privatePgBouncer(root, await port(2), primary.port, 2);
  await bouncer.start();

  await recreateDatabase(primary.serverUrl, 'legenett_replicas');
  const url = withDatabase(primary.serverUrl, 'legenett_replicas');
  db = createDatabase(url, { max: 2 });
  await runMigrations(db.db);
  await seedReferenceData(db.db);
  replicaDb = createDatabase(withDatabase(replica.serverUrl, 'legenett_replicas'), { max: 1 });

  webDist = makeWebDist();
  app = await createApp({
    env: {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      REDIS_URL: '',
      // Through the pooler (transaction mode), with only 2 server connections for the app's 10.
      DATABASE_URL: bouncer.url('legenett_replicas'),
      DATABASE_DIRECT_URL: url,
      DATABASE_PREPARED_STATEMENTS: String(bouncer.preparedStatements),
      DATABASE_REPLICA_URLS: withDatabase(replica.serverUrl, 'legenett_replicas'),
      REPLICA_MAX_LAG_MS: String(MAX_LAG_MS),
      REPLICA_PROBE_MS: String(PROBE_MS),
      WEB_DIST_DIR: webDist,
      HOUSEKEEPING_INTERVAL_MINUTES: '0',
      COURSE_REMINDER_SWEEP_SECONDS: '0',
    },
  });
  await app.listen(0, '127.0.0.1');
  http = request(await app.getUrl());

  author = await createUser(db.db, { prefix: 'replica' });
  const session = await app.get(SessionService, { strict: false }).openSession(author.id, { userAgent: 'jest', ip: '127.0.0.1' });
  token = session.response.access_token;
  const [post] = await db.db
    .insert(schema.posts)
    .values({ slug: `replica-post-${author.slug}`, author_user_id: author.id, created_by_user_id: author.id, body: 'Innlegg' })
    .returning({ id: schema.posts.id });
  postId = post!.id;
  // The replica has the fixtures (and the session) before the tests read.
  await until('the replica to replay the fixtures', async () => (await onReplica('select 1 from posts where id = $1', [postId])).rowCount === 1);
  await until('the replica to be in use', inUse);
});

afterAll(async () => {
  // Every server stops even when one step fails (they are this test's own, stopped by PID).
  const steps = [() => app?.close(), closeReplicaDb, () => db?.close(), () => bouncer?.stop(), () => replica?.stop(), () => primary?.stop()];
  for (const step of steps) await Promise.resolve(step()).catch((err: unknown) => console.warn(err));
  if (webDist) fs.rmSync(webDist, { recursive: true, force: true });
  if (root && !process.env.REPLICAS_KEEP) fs.rmSync(root, { recursive: true, force: true });
});

it('reads a GET from the replica, a write and its reads from the primary', async () => {
  const before = await metrics();
  expect((await readComments()).status).toBe(200);
  const afterRead = await metrics();
  expect((afterRead.reads['replica/'] ?? 0) - (before.reads['replica/'] ?? 0)).toBeGreaterThan(0);

  const write = await http.post(`/api/post/${postId}/comments`).set('Authorization', `Bearer ${token}`).send({ text: 'Skrevet' });
  expect(write.status).toBe(201);
  const cookie = ([] as string[]).concat(write.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${READ_YOUR_WRITES_COOKIE}=`));
  expect(cookie).toBeDefined();
  expect(cookie).toMatch(/HttpOnly/);
  const afterWrite = await metrics();
  expect((afterWrite.reads['replica/'] ?? 0) - (afterRead.reads['replica/'] ?? 0)).toBe(0);
  expect(afterWrite.reads['primary/write'] ?? 0).toBeGreaterThan(before.reads['primary/write'] ?? 0);
});

it('shows a writer their write at once while the replica is behind, and skips a replica that lags', async () => {
  await onReplica('select pg_wal_replay_pause()');
  try {
    const write = await http.post(`/api/post/${postId}/comments`).set('Authorization', `Bearer ${token}`).send({ text: 'Mens replikaen venter' });
    expect(write.status).toBe(201);
    const cookie = ([] as string[]).concat(write.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${READ_YOUR_WRITES_COOKIE}=`))!.split(';')[0]!;
    // The replica really does not have it ...
    expect((await onReplica(`select 1 from post_comments where body = 'Mens replikaen venter'`)).rowCount).toBe(0);
    // ... and the writer sees it all the same (their reads go to the primary for READ_YOUR_WRITES_MS).
    const mine = await readComments(cookie);
    expect(mine.status).toBe(200);
    expect(texts(mine)).toContain('Mens replikaen venter');

    // Past the lag bound the replica is skipped (metric, log line), and everyone reads the primary.
    const before = await metrics();
    await until('the replica to be skipped for lag', () => router().state()[0]?.skipped === 'lag', MAX_LAG_MS + 10 * PROBE_MS);
    const anyone = await readComments();
    expect(anyone.status).toBe(200);
    expect(texts(anyone)).toContain('Mens replikaen venter');
    const after = await metrics();
    expect(after.skipped.lag ?? 0).toBeGreaterThan(before.skipped.lag ?? 0);
    expect(after.reads['primary/no_replica'] ?? 0).toBeGreaterThan(before.reads['primary/no_replica'] ?? 0);
  } finally {
    await onReplica('select pg_wal_replay_resume()');
  }
  await until('the replica to be back in use', inUse);
});

it('moves reads to the primary while the replica is down, with no error, and back when it returns', async () => {
  const before = await metrics();
  await closeReplicaDb();
  await replica.stop();
  const statuses: number[] = [];
  for (let i = 0; i < 20; i++) {
    statuses.push((await readComments()).status);
    await sleep(25);
  }
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const after = await metrics();
  expect(after.skipped.down ?? 0).toBeGreaterThan(before.skipped.down ?? 0);
  expect(router().state()[0]?.skipped).toBe('down');

  replica.start();
  replicaDb = createDatabase(withDatabase(replica.serverUrl, 'legenett_replicas'), { max: 1 });
  await until('the replica to be back in use', inUse);
  const back = await metrics();
  expect((await readComments()).status).toBe(200);
  expect(((await metrics()).reads['replica/'] ?? 0) - (back.reads['replica/'] ?? 0)).toBeGreaterThan(0);
});

it('runs the prepared hot reads through PgBouncer in transaction mode, many at once on 2 server connections', async () => {
  console.log(`PgBouncer ${bouncer.version}: named prepared statements ${bouncer.preparedStatements ? 'on (max_prepared_statements)' : 'off (before 1.21: sent unnamed)'}`);
  // Writes and reads that follow them (cookie) all go through the pooler to the primary.
  const write = await http.post(`/api/post/${postId}/comments`).set('Authorization', `Bearer ${token}`).send({ text: 'Gjennom pooleren' });
  const cookie = ([] as string[]).concat(write.headers['set-cookie'] ?? []).find((c) => c.startsWith(`${READ_YOUR_WRITES_COOKIE}=`))!.split(';')[0]!;
  const calls = await Promise.all(
    Array.from({ length: 60 }, (_, i) =>
      i % 2 === 0
        ? http.get('/api/jobs').set('Authorization', `Bearer ${token}`).set('Cookie', cookie)
        : readComments(cookie),
    ),
  );
  expect(calls.map((c) => c.status).filter((s) => s !== 200)).toEqual([]);
});
