import { Injectable } from '@nestjs/common';
import { type Health } from '@legenett/contracts';
import type Redis from 'ioredis';
import { MaintenanceService } from '../../common/maintenance/maintenance.service';
import { InjectRedis, redisNow } from '../../database/redis.module';
import { HealthRepository } from './health.repository';

type Check = Health['checks'][string];

/** A dependency that does not answer within this time counts as down. */
const CHECK_TIMEOUT_MS = 2000;

async function timed(probe: () => Promise<unknown>): Promise<Check> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      probe(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      }),
    ]);
    return { status: 'up', latency_ms: Math.round((performance.now() - started) * 10) / 10 };
  } catch {
    return { status: 'down' };
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class HealthService {
  constructor(
    private readonly repository: HealthRepository,
    private readonly maintenance: MaintenanceService,
    @InjectRedis() private readonly redis: Redis | null,
  ) {}

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
