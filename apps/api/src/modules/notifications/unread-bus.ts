import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config';
import { REDIS, redisNow } from '../../database/redis.module';

/**
 * "The unread count of user N changed": Redis pub/sub when Redis is configured (so every API
 * replica's SSE streams hear it), an in-process emitter otherwise.
 */
@Injectable()
export class UnreadBus implements OnApplicationShutdown {
  private readonly logger = new Logger('UnreadBus');
  private readonly local = new EventEmitter();
  private subscriber: Redis | null = null;
  private subscribing: Promise<void> | null = null;

  private readonly channel: string;

  constructor(
    @Optional() @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redisPrefix}:notifications:unread`;
    this.local.setMaxListeners(0);
  }

  async publish(userId: number): Promise<void> {
    if (!this.redis) {
      this.local.emit(String(userId));
      return;
    }
    // On a request's path (mark as read): never wait on a Redis that is away; the caller logs it.
    await redisNow(this.redis, (r) => r.publish(this.channel, String(userId)));
  }

  /** Listen for changes of one user's count; returns the unsubscribe function. */
  async subscribe(userId: number, listener: () => void): Promise<() => void> {
    await this.ensureSubscribed();
    const key = String(userId);
    this.local.on(key, listener);
    return () => {
      this.local.off(key, listener);
    };
  }

  private ensureSubscribed(): Promise<void> {
    const redis = this.redis;
    if (!redis) return Promise.resolve();
    this.subscribing ??= (async () => {
      const sub = redis.duplicate();
      this.subscriber = sub;
      sub.on('message', (channel: string, message: string) => {
        if (channel === this.channel) this.local.emit(message);
      });
      sub.on('error', (error: Error) => this.logger.warn(`Redis subscriber: ${error.message}`));
      await sub.subscribe(this.channel);
    })();
    return this.subscribing;
  }

  async onApplicationShutdown(): Promise<void> {
    this.local.removeAllListeners();
    if (!this.subscriber) return;
    try {
      await this.subscriber.quit();
    } catch {
      this.subscriber.disconnect();
    }
  }
}
