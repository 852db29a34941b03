import { randomUUID } from 'node:crypto';
import { Injectable, Module, type DynamicModule, type OnModuleInit } from '@nestjs/common';
import { systemEndpoints } from '@legenett/contracts';
import Redis from 'ioredis';
import { createTestApp, type TestApp } from '../../../test/app';
import { sleep } from '../../../test/private-servers';
import { OutboxRelay } from '../outbox/outbox-relay';
import { Scheduler } from './scheduler';

/**
 * ROLE=api|worker|all (issue 29): an `api` process runs no scheduled job, no relay and no consumer;
 * a `worker` serves health and metrics only; a scheduled job runs once per tick across two workers.
 */

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
const TICK_MS = 300;
const TICK_JOB = 'test.roles.tick';

interface Run {
  process: string;
  id: string | undefined;
}

/** A module declaring one scheduled job that records which process ran which tick. */
function tickProbe(name: string, runs: Run[]): DynamicModule {
  @Injectable()
  class TickProbe implements OnModuleInit {
    constructor(private readonly scheduler: Scheduler) {}
    onModuleInit(): void {
      this.scheduler.every(TICK_JOB, TICK_MS, (tick) => {
        runs.push({ process: name, id: tick.id });
        return Promise.resolve();
      });
    }
  }
  @Module({ providers: [TickProbe] })
  class TickProbeModule {}
  return { module: TickProbeModule };
}

describe('API and worker roles', () => {
  const prefix = `roles-${randomUUID().slice(0, 8)}`;
  const runs: Run[] = [];
  const apps: Record<string, TestApp> = {};

  const env = (role: string) => ({
    ROLE: role,
    REDIS_URL,
    REDIS_PREFIX: prefix,
    LOG_LEVEL: 'silent',
  });

  beforeAll(async () => {
    // The api first: it must not schedule, so nothing runs until a worker starts.
    apps.api = await createTestApp({ env: env('api'), imports: [tickProbe('api', runs)] });
    apps.worker1 = await createTestApp({ env: env('worker'), imports: [tickProbe('worker1', runs)] });
    apps.worker2 = await createTestApp({ env: env('worker'), imports: [tickProbe('worker2', runs)] });
  });

  afterAll(async () => {
    for (const t of Object.values(apps)) await t.close();
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`{${prefix}-bull}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('runs a scheduled job once per tick across two workers, and never in the api process', async () => {
    const started = Date.now();
    await sleep(TICK_MS * 8);
    const elapsed = Date.now() - started;
    const counts = { api: 0, worker1: 0, worker2: 0 } as Record<string, number>;
    for (const r of runs) counts[r.process] = (counts[r.process] ?? 0) + 1;
    console.log(`scheduled runs in ${elapsed} ms at ${TICK_MS} ms: ${JSON.stringify(counts)}`);
    expect(counts.api).toBe(0);
    // One run per tick in all (the first at once): two workers do not double it.
    const ticks = elapsed / TICK_MS;
    expect(runs.length).toBeGreaterThanOrEqual(Math.floor(ticks) - 1);
    expect(runs.length).toBeLessThanOrEqual(Math.ceil(ticks) + 2);
    // Each tick is one queue job, run by one worker.
    const ids = runs.map((r) => r.id);
    expect(ids.every((id) => typeof id === 'string')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('starts the outbox relay in workers only', () => {
    const running = (t: TestApp) => t.app.get(OutboxRelay).isRunning;
    expect(running(apps.api!)).toBe(false);
    expect(running(apps.worker1!)).toBe(true);
  });

  it('a worker answers health, readiness, liveness and metrics, and 404 to everything else', async () => {
    const w = apps.worker1!;
    expect((await w.call(systemEndpoints.health, {})).status).toBe(200);
    const ready = await w.call(systemEndpoints.ready, {});
    expect(ready.status).toBe(200);
    expect(ready.body).toEqual({ ready: true, role: 'worker' });
    expect((await w.call(systemEndpoints.live, {})).body).toEqual({ status: 'ok', role: 'worker' });
    expect((await w.http.get('/api/metrics')).status).toBe(200);
    const other = await w.http.get('/api/jobs').set('X-localization', 'en');
    expect(other.status).toBe(404);
    expect(other.body).toMatchObject({ message: expect.any(String) });
    expect((await w.http.get('/')).status).toBe(404);
  });

  it('an api process serves the API and reports its role', async () => {
    const a = apps.api!;
    expect((await a.call(systemEndpoints.ready, {})).body).toEqual({ ready: true, role: 'api' });
    expect((await a.call(systemEndpoints.live, {})).body).toEqual({ status: 'ok', role: 'api' });
    expect((await a.http.get('/')).status).toBe(200);
  });
});
