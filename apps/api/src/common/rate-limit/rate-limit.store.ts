import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config';
import { InjectRedis, redisNow } from '../../database/redis.module';

export interface HitResult {
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends. */
  resetIn: number;
}

/**
 * Fixed-window counters: Redis (INCR + EXPIRE, shared by every API replica) when REDIS_URL is set,
 * else an in-memory map of this process. When Redis fails the memory counter answers, so a Redis
 * outage degrades to per-process limits instead of an open door or a 5xx. A request never waits on
 * Redis being away: while the client is not connected the memory answers at once, and a connected
 * Redis that does not answer within REDIS_REQUEST_TIMEOUT_MS counts as away (`redisNow`).
 */
@Injectable()
export class RateLimitStore implements OnModuleDestroy {
  private readonly logger = new Logger('RateLimit');
  private readonly memory = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  private readonly redisPrefix: string;
  /** A failure of Redis is logged once per outage, not once per request. */
  private redisFailing = false;

  constructor(
    @InjectRedis() private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.redisPrefix = `${config.redisPrefix}:ratelimit:`;
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  onModuleDestroy(): void {
    clearInterval(this.sweeper);
  }

  async hit(key: string, windowSeconds: number): Promise<HitResult> {
    if (this.redis) {
      try {
        return this.redisAnswered(await this.hitRedis(this.redisPrefix + key, windowSeconds));
      } catch (err) {
        this.redisFailed('counting in memory', err);
      }
    }
    return this.hitMemory(key, windowSeconds);
  }

  /** The current count of a key without counting a hit; null when it has none. */
  async peek(key: string): Promise<HitResult | null> {
    if (this.redis) {
      try {
        return this.redisAnswered(await this.peekRedis(this.redisPrefix + key));
      } catch (err) {
        this.redisFailed('reading memory', err);
      }
    }
    const entry = this.memory.get(key);
    const now = Date.now();
    if (!entry || entry.resetAt <= now) return null;
    return { count: entry.count, resetIn: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
  }

  /** Forget a key (e.g. after a successful login, its failures no longer count). */
  async reset(key: string): Promise<void> {
    this.memory.delete(key);
    if (this.redis) {
      try {
        const redisKey = this.redisPrefix + key;
        this.redisAnswered(await redisNow(this.redis, (r) => r.del(redisKey)));
      } catch (err) {
        this.redisFailed('reset in memory only', err);
      }
    }
  }

  private async hitRedis(key: string, windowSeconds: number): Promise<HitResult> {
    const results = await redisNow(this.redis!, (r) => r.multi().incr(key).expire(key, windowSeconds, 'NX').ttl(key).exec());
    if (!results) throw new Error('transaction aborted');
    for (const [err] of results) if (err) throw err;
    const count = Number(results[0]?.[1]);
    const ttl = Number(results[2]?.[1]);
    return { count, resetIn: ttl > 0 ? ttl : windowSeconds };
  }

  private async peekRedis(key: string): Promise<HitResult | null> {
    const results = await redisNow(this.redis!, (r) => r.multi().get(key).ttl(key).exec());
    if (!results) throw new Error('transaction aborted');
    for (const [err] of results) if (err) throw err;
    const count = Number(results[0]?.[1] ?? 0);
    const ttl = Number(results[1]?.[1]);
    if (!count || ttl === -2) return null;
    return { count, resetIn: ttl > 0 ? ttl : 1 };
  }

  private redisAnswered<T>(result: T): T {
    if (this.redisFailing) this.logger.log('Redis counts rate limits again');
    this.redisFailing = false;
    return result;
  }

  private redisFailed(fallback: string, err: unknown): void {
    if (!this.redisFailing) this.logger.warn(`Redis rate limit failed, ${fallback} until it answers again: ${(err as Error).message}`);
    this.redisFailing = true;
  }

  private hitMemory(key: string, windowSeconds: number): HitResult {
    const now = Date.now();
    let entry = this.memory.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + windowSeconds * 1000 };
      this.memory.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, resetIn: Math.max(1, Math.ceil((entry.resetAt - now) / 1000)) };
  }

  private sweep(): void {
    const now = Date.now();
    for (const [key, entry] of this.memory) if (entry.resetAt <= now) this.memory.delete(key);
  }
}
