import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config';
import { redisOptions } from './redis-options';

/** Injection token of the shared ioredis client; `null` when REDIS_URL is not set. */
export const REDIS = Symbol('REDIS');

export const InjectRedis = (): ParameterDecorator => Inject(REDIS);

/** Clients that have been connected once: from then on "not connected" means "away". */
const wasReady = new WeakSet<Redis>();
/** ioredis's states while it opens a connection. */
const FIRST_CONNECT = new Set(['wait', 'connecting', 'connect']);

/** Longest a request waits for an answer of the shared Redis client before it falls back (ms). */
export const REDIS_REQUEST_TIMEOUT_MS = 250;

/**
 * A command of the shared client on a request's path, which must never wait on a Redis that is
 * away: refused at once when the client is not connected (ioredis would otherwise queue it until a
 * reconnect or its retries run out: seconds; a login waited 7.7 s), and given up after `timeoutMs`
 * when Redis is connected but does not answer (hung, overloaded, a dead peer the socket has not
 * noticed yet).
 * The caller catches and falls back (memory counters, a skipped live ping).
 */
export async function redisNow<T>(redis: Redis, command: (client: Redis) => Promise<T>, timeoutMs = REDIS_REQUEST_TIMEOUT_MS): Promise<T> {
  if (redis.status === 'ready') wasReady.add(redis);
  // During its first connection attempt (the process just started) a command may wait the short
  // timeout for it, so the first requests count in Redis like the rest instead of in memory.
  else if (wasReady.has(redis) || !FIRST_CONNECT.has(redis.status)) throw new Error(`Redis is not connected (${redis.status})`);
  let timer: NodeJS.Timeout | undefined;
  const work = command(redis);
  // A command given up on may still settle later: its outcome no longer matters.
  work.catch(() => undefined);
  try {
    return await Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${timeoutMs} ms`)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

@Injectable()
export class RedisLifecycle implements OnApplicationShutdown {
  private readonly logger = new Logger('Redis');

  constructor(@Optional() @Inject(REDIS) private readonly redis: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (!this.redis) return;
    if (this.redis.status !== 'ready') {
      // Not connected: stop reconnecting now rather than queue a QUIT behind the retries.
      this.redis.disconnect();
    } else {
      try {
        await this.redis.quit();
      } catch {
        this.redis.disconnect();
      }
    }
    this.logger.log('Redis connection closed');
  }
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Redis | null => {
        if (!config.redisUrl) return null;
        const logger = new Logger('Redis');
        const client = new Redis({
          ...redisOptions(config),
          connectionName: `legenett-${config.role.name}`,
          // Fail fast instead of queueing commands forever while Redis is away (health shows it).
          maxRetriesPerRequest: 2,
          enableOfflineQueue: true,
        });
        let reported = false;
        client.on('error', (err: Error) => {
          if (!reported) logger.warn(`Redis unavailable: ${err.message}`);
          reported = true;
        });
        client.on('ready', () => {
          reported = false;
          wasReady.add(client);
        });
        return client;
      },
    },
    RedisLifecycle,
  ],
  exports: [REDIS],
})
export class RedisModule {}
