import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config';
import { REDIS, redisNow } from '../../database/redis.module';

/**
 * A session ended or changed what it acts as. `family`: one session (logout, a session revoked, a
 * switch of business mode, then with the mode it acts in now); `user` without `family`: every
 * session of the user but `keep` (password change, "log out everywhere", a block).
 */
export type SessionEvent =
  | { type: 'ended'; family: number }
  | { type: 'ended'; user: number; keep: number | null }
  | { type: 'mode'; family: number; activeCompanyId: number | null };

const EVENT = 'session';

/**
 * Tells every replica's long-lived connections (the live stream) that a session ended or switched
 * mode, so they close instead of delivering to a logged-out tab or in the mode left. Redis pub/sub
 * when Redis is configured (`<prefix>:auth:sessions`), an in-process emitter otherwise; the same
 * pattern as the bell's UnreadBus. Publishing never fails the caller's action.
 */
@Injectable()
export class SessionEvents implements OnApplicationShutdown {
  private readonly logger = new Logger('SessionEvents');
  private readonly local = new EventEmitter();
  private subscriber: Redis | null = null;
  private subscribing: Promise<void> | null = null;
  private readonly channel: string;

  constructor(
    @Optional() @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redisPrefix}:auth:sessions`;
    this.local.setMaxListeners(0);
  }

  async publish(event: SessionEvent): Promise<void> {
    if (!this.redis) {
      this.local.emit(EVENT, event);
      return;
    }
    try {
      await redisNow(this.redis, (r) => r.publish(this.channel, JSON.stringify(event)));
    } catch (err) {
      // Redis away: this replica's streams still hear it; the others' close at their token's next check.
      this.local.emit(EVENT, event);
      this.logger.warn(`Session event not published: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** Listens to every session event; returns the unsubscribe function. */
  async subscribe(listener: (event: SessionEvent) => void): Promise<() => void> {
    await this.ensureSubscribed();
    this.local.on(EVENT, listener);
    return () => {
      this.local.off(EVENT, listener);
    };
  }

  private ensureSubscribed(): Promise<void> {
    const redis = this.redis;
    if (!redis) return Promise.resolve();
    this.subscribing ??= (async () => {
      const sub = redis.duplicate();
      this.subscriber = sub;
      sub.on('message', (channel: string, message: string) => {
        if (channel !== this.channel) return;
        try {
          this.local.emit(EVENT, JSON.parse(message) as SessionEvent);
        } catch {
          // Not ours: ignored.
        }
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
