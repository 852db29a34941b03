import { EventEmitter } from 'node:events';
import { Inject, Injectable, Logger, type OnApplicationShutdown, Optional } from '@nestjs/common';
import { type MessageEvent } from '@legenett/contracts';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config';
import { REDIS, redisNow } from '../../database/redis.module';

/** A reader of a conversation: a user, or a company (its managers' tabs in business mode). */
export interface EventReader {
  user_id: number | null;
  company_id: number | null;
}

export const readerKey = (r: EventReader): string => (r.company_id !== null ? `c${r.company_id}` : `u${r.user_id ?? 0}`);

/**
 * Live message events (new message, edited or deleted, read marks, request accepted) for the open
 * tabs of every participant: Redis pub/sub when Redis is configured, so every replica's streams
 * hear them (the same fan-out as the bell's `UnreadBus`), an in-process emitter otherwise. An event
 * only says what changed (conversation and sequence number); the tab reads the message through the
 * API, so nothing private travels through Redis and a lost event costs only a later catch-up.
 */
@Injectable()
export class MessageEvents implements OnApplicationShutdown {
  private readonly logger = new Logger('MessageEvents');
  private readonly local = new EventEmitter();
  private subscriber: Redis | null = null;
  private subscribing: Promise<void> | null = null;
  private failing = false;
  private readonly channel: string;

  constructor(
    @Optional() @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.channel = `${config.redisPrefix}:messages:events`;
    this.local.setMaxListeners(0);
  }

  /** Tells the readers' tabs; never throws (the message is stored, the tab catches up on reconnect). */
  publish(readers: readonly EventReader[], event: MessageEvent): void {
    const to = [...new Set(readers.map(readerKey))];
    if (to.length === 0) return;
    if (!this.redis) {
      for (const key of to) this.local.emit(key, event);
      return;
    }
    redisNow(this.redis, (r) => r.publish(this.channel, JSON.stringify({ to, event })))
      .then(() => {
        if (this.failing) this.logger.log('Message events publish again');
        this.failing = false;
      })
      .catch((error: unknown) => {
        if (!this.failing) this.logger.warn(`Message event publish failed (tabs catch up on reconnect): ${error instanceof Error ? error.message : String(error)}`);
        this.failing = true;
      });
  }

  /** Listens for the events of one reader (`u12`, `c3`); returns the unsubscribe function. */
  async subscribe(key: string, listener: (event: MessageEvent) => void): Promise<() => void> {
    await this.ensureSubscribed();
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
      sub.on('message', (channel: string, raw: string) => {
        if (channel !== this.channel) return;
        try {
          const { to, event } = JSON.parse(raw) as { to: string[]; event: MessageEvent };
          for (const key of to) this.local.emit(key, event);
        } catch {
          this.logger.warn('Ignored a malformed message event');
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
