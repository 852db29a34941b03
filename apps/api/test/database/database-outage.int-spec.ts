import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Controller, Module } from '@nestjs/common';
import { type NestExpressApplication } from '@nestjs/platform-express';
import { defineEndpoint } from '@legenett/contracts';
import { createDatabase, type Database, recreateDatabase, runMigrations, withDatabase } from '@legenett/db';
import { sql } from 'drizzle-orm';
import request from 'supertest';
import { testAppEnv } from '../app';
import { freePort, isAlive, type PrivatePostgres, privatePostgres, sleep } from '../private-servers';
import { createApp } from '../../src/app';
import { Route } from '../../src/common/http';
import { InjectDatabase } from '../../src/database/database.tokens';

/**
 * The API on a PostgreSQL of this test's own (own port, own data directory), which the test stops
 * by PID while requests are in flight and starts again. The machine's shared server is never touched.
 */

const slowQuery = defineEndpoint({ method: 'GET', path: '/__probe/slow-query', summary: 'A long statement in a transaction', access: 'public', response: null });
const slowWork = defineEndpoint({ method: 'GET', path: '/__probe/slow-work', summary: 'A transaction waiting between statements', access: 'public', response: null });

@Controller()
class SlowController {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** A checked-out client with a statement running when the server goes. */
  @Route(slowQuery)
  async slowQuery(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_sleep(2)`);
    });
  }

  /**
   * A checked-out client with no statement running (the request works between two statements):
   * pg-pool listens for errors only on idle clients, so this one's 'error' event had no listener.
   */
  @Route(slowWork)
  async slowWork(): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.execute(sql`select 1`);
      await sleep(2000);
      await tx.execute(sql`select 1`);
    });
  }
}

@Module({ controllers: [SlowController] })
class SlowModule {}

jest.setTimeout(180_000);

let root: string;
let pg: PrivatePostgres;
const serverUrl = () => pg.serverUrl;
let app: NestExpressApplication;
let http: ReturnType<typeof request>;
const uncaught: unknown[] = [];
const onUncaught = (err: unknown) => uncaught.push(err);

beforeAll(async () => {
  // The server runs as the `postgres` system user when we are root: it must reach the folder.
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-outage-'));
  pg = privatePostgres(root, await freePort());
  pg.start();
  await recreateDatabase(serverUrl(), 'legenett_outage');
  const url = withDatabase(serverUrl(), 'legenett_outage');
  const handle = createDatabase(url, { max: 1 });
  try {
    await runMigrations(handle.db);
  } finally {
    await handle.close();
  }
  app = await createApp({
    env: testAppEnv({ DATABASE_URL: url, WEB_DIST_DIR: path.join(root, 'no-spa'), DATABASE_CONNECT_TIMEOUT_MS: '1000' }),
    imports: [SlowModule],
  });
  // A listening server: supertest on an unbound one opens and closes it per request, which resets
  // the other requests in flight.
  await app.listen(0, '127.0.0.1');
  http = request(await app.getUrl());
  process.on('uncaughtException', onUncaught);
});

afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  await app?.close();
  await pg?.stop();
  fs.rmSync(root, { recursive: true, force: true });
});

it('answers 503 with Retry-After while PostgreSQL is down, never crashes, and recovers on its own', async () => {
  expect((await http.get('/api/counties')).status).toBe(200);

  // 12 transactions in flight (more than the pool's 10: two wait for a connection), then a fast
  // shutdown of the server: every backend gets 57P01 on a checked-out client.
  const inFlight = Array.from({ length: 12 }, (_, i) =>
    http.get(i % 2 === 0 ? '/api/__probe/slow-work' : '/api/__probe/slow-query').set('X-Localization', 'en'),
  );
  await sleep(500);
  const pid = pg.pid();
  const stopped = pg.stop();
  const answers = await Promise.all(inFlight);
  await stopped;
  expect(isAlive(pid)).toBe(false);

  // Down: connection refused.
  const down = await Promise.all(Array.from({ length: 5 }, () => http.get('/api/counties').set('X-Localization', 'en')));
  for (const res of [...answers, ...down]) {
    expect(res.status).toBe(503);
    expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(res.body).toEqual({ status_code: 503, message: 'The service is temporarily unavailable. Please try again shortly.' });
  }

  // Back: the same pool serves again without a restart of the app.
  pg.start();
  const back = Date.now();
  let status = 0;
  while (status !== 200 && Date.now() - back < 10_000) {
    status = (await http.get('/api/counties')).status;
    if (status !== 200) {
      expect(status).toBe(503);
      await sleep(50);
    }
  }
  const recoveredMs = Date.now() - back;
  process.stdout.write(`\ndatabase outage: ${answers.length} in-flight + ${down.length} answers 503, recovered ${recoveredMs} ms after the server accepted connections\n`);
  expect(status).toBe(200);
  expect((await http.get('/api/__probe/slow-work')).status).toBe(204);
  expect(uncaught).toEqual([]);
});

/**
 * Jest keeps an unhandled 'error' event from ending its own process, so whether the process survives
 * is asked of a real one: a child Node process with our pool, in a transaction between two
 * statements, whose connections are ended by pg_terminate_backend (57P01 on a checked-out client).
 */
const CHILD = `
const { createDatabase } = require(process.env.CLIENT_TS);
const { sql } = require('drizzle-orm');
const url = process.env.URL;
const name = 'outage-child-' + process.pid;
const app = createDatabase(url, { application_name: name, onConnectionError: () => undefined });
const admin = createDatabase(url, { max: 1 });
(async () => {
  const work = app.db.transaction(async (tx) => {
    await tx.execute(sql\`select 1\`);
    await new Promise((r) => setTimeout(r, 1500));
    await tx.execute(sql\`select 1\`);
  }).then(() => 'committed', () => 'rejected');
  await new Promise((r) => setTimeout(r, 300));
  await admin.pool.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name]);
  const outcome = await work;
  const again = await app.pool.query('select 1 as one');
  console.log(JSON.stringify({ outcome, again: again.rows[0].one }));
  await app.close();
  await admin.close();
})();
`;

it('a connection ended under a checked-out client does not end the process', () => {
  const child = spawnSync(process.execPath, ['-r', '@swc-node/register', '-e', CHILD], {
    cwd: __dirname,
    env: { ...process.env, URL: serverUrl(), CLIENT_TS: path.resolve(__dirname, '../../../../packages/db/src/client.ts') },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(child.stderr).not.toMatch(/Unhandled 'error' event/);
  expect(child.status).toBe(0);
  expect(JSON.parse(child.stdout.trim())).toEqual({ outcome: 'rejected', again: 1 });
});
