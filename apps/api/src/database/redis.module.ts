import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../config';

/** Injection token of the shared ioredis client; `null` when REDIS_URL is not set. */
export const REDIS = Symbol('REDIS');

export const InjectRedis = (): ParameterDecorator => Inject(REDIS);

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
        const client = new Redis(config.redisUrl, {
          connectionName: 'legenett-api',
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
        });
        return client;
      },
    },
    RedisLifecycle,
  ],
  exports: [REDIS],
})
export class RedisModule {}
