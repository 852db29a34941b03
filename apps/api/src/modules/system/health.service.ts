import { Inject, Injectable } from '@nestjs/common';
import { type Health, type Liveness, type Readiness } from '@legenett/contracts';
import type Redis from 'ioredis';
import { HttpDrain } from '../../common/http/http-drain';
import { MaintenanceService } from '../../common/maintenance/maintenance.service';
import { withDeadline } from '../../common/time/deadline';
import { APP_CONFIG, type AppConfig } from '../../config';
import { InjectRedis, redisNow } from '../../database/redis.module';
import { HealthRepository } from './health.repository';

type Check = Health['checks'][string];

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2000;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  try {
    await withDeadline(probe(), CHECK_TIMEOUT_MS, 'timeout');
    return { status: 'up', latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'down' };
  }
}

@Injectable()
export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    private readonly maintenance: MaintenanceService,
    @InjectRedis() private readonly redis: Redis | null,
    private readonly drain: HttpDrain,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Answers while the event loop turns: no dependency is asked (a database outage is no reason to restart). */
  live(): Liveness {
    return { status: 'ok', role: this.config.role.name };
  }

  /** Traffic goes here unless the process is stopping or PostgreSQL (the primary) does not answer. */
  async ready(): Promise<Readiness> {
    const role = this.config.role.name;
    if (this.drain.isDraining) return { ready: false, role, reason: 'draining' };
    const database = await timed(() => this.repository.ping());
    return database.status === 'up' ? { ready: true, role } : { ready: false, role, reason: 'database' };
  }

  async check(): Promise<Health> {
    const database = await timed(() => this.repository.ping());
    const checks: Health['checks'] = { database };
    if (this.redis) {
      const redis = this.redis;
      checks.redis = await timed(() => redisNow(redis, (r) => r.ping(), CHECK_TIMEOUT_MS));
    }
    const status =
      database.status === 'down'
        ? 'error'
        : Object.values(checks).every((c) => c.status === 'up')
          ? 'ok'
          : 'degraded';
    return { status, checks, maintenance: await this.maintenance.isOn() };
  }
}
