import { EventEmitter } from 'node:events';
import { Global, Inject, Injectable, Logger, Module, type OnApplicationShutdown, Optional } from '@nestjs/common';
import type Redis from 'ioredis';
import { APP_CONFIG, type AppConfig } from '../../config';
import { REDIS, redisNow } from '../../database/redis.module';

/**
 * One named channel of the process's pub/sub (`PubSub.channel`): messages go to every replica's
 * listeners of the keys `keysOf` names (a user, a reader, or one key for all).
 */
export interface PubSubChannel<T> {
  /** To every replica (Redis), or this process alone without Redis. Rejects when Redis is away: the caller decides. */
  publish(message: T): Promise<void>;
  /** To this process's listeners only (a fallback when Redis is away). */
  deliverHere(message: T): void;
  /** Listens to the messages for `key`; the answer unsubscribes. Resolves once the process hears the channel. */
  subscribe(key: string, listener: (message: T) => void): Promise<() => void>;
}

interface ChannelDef {
  keysOf: (message: never) => readonly string[];
}

/**
 * The API's one pub/sub (issue 39: the session events, the bell's unread count and the live message
 * events each had a copy): Redis pub/sub when Redis is configured, so every replica's open streams
 * hear a change, an in-process emitter otherwise. One subscriber connection per process for every
 * channel (`<prefix>:<name>`), messages as JSON, a malformed one ignored with a warning.
 */
@Injectable()
export class PubSub implements OnApplicationShutdown {
  private readonly logger = new Logger('PubSub');
  private readonly local = new EventEmitter();
  private readonly channels = new Map<string, ChannelDef>();
  private readonly heard = new Map<string, Promise<void>>();
  private subscriber: Redis | null = null;

  constructor(
    @Optional() @Inject(REDIS) private readonly redis: Redis | null,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.local.setMaxListeners(0);
  }

  /** The channel `name` (declared once per process: the bus that owns it holds the answer). */
  channel<T>(name: string, keysOf: (message: T) => readonly string[]): PubSubChannel<T> {
    if (this.channels.has(name)) throw new Error(`Pub/sub channel "${name}" is declared twice`);
    this.channels.set(name, { keysOf: keysOf as (message: never) => readonly string[] });
    const topic = `${this.config.redisPrefix}:${name}`;
    return {
      publish: async (message) => {
        if (!this.redis) return this.deliver(name, message);
        await redisNow(this.redis, (r) => r.publish(topic, JSON.stringify(message)));
      },
      deliverHere: (message) => this.deliver(name, message),
      subscribe: async (key, listener) => {
        await this.hear(topic);
        const event = `${name}\u0000${key}`;
        const wrapped = (message: T) => listener(message);
        this.local.on(event, wrapped);
        return () => {
          this.local.off(event, wrapped);
        };
      },
    };
  }

  private deliver(name: string, message: unknown): void {
    const def = this.channels.get(name);
    if (!def) return;
    for (const key of new Set(def.keysOf(message as never))) this.local.emit(`${name}\u0000${key}`, message);
  }

  /** Subscribes this process's one subscriber connection to `topic`, once. */
  private hear(topic: string): Promise<void> {
    const redis = this.redis;
    if (!redis) return Promise.resolve();
    let heard = this.heard.get(topic);
    if (!heard) {
      heard = this.connection(redis).subscribe(topic).then(() => undefined);
      // A failed subscribe is tried again by the next subscriber.
      heard.catch(() => this.heard.delete(topic));
      this.heard.set(topic, heard);
    }
    return heard;
  }

  private connection(redis: Redis): Redis {
    if (this.subscriber) return this.subscriber;
    const sub = redis.duplicate();
    const prefix = `${this.config.redisPrefix}:`;
    sub.on('message', (topic: string, raw: string) => {
      if (!topic.startsWith(prefix)) return;
      const name = topic.slice(prefix.length);
      if (!this.channels.has(name)) return;
      let message: unknown;
      try {
        message = JSON.parse(raw);
      } catch {
        this.logger.warn(`Ignored a malformed message on ${name}`);
        return;
      }
      this.deliver(name, message);
    });
    sub.on('error', (error: Error) => this.logger.warn(`Redis subscriber: ${error.message}`));
    this.subscriber = sub;
    return sub;
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

/** Global: the buses of common/auth, notifications and messages take their channels from it. */
@Global()
@Module({ providers: [PubSub], exports: [PubSub] })
export class PubSubModule {}
