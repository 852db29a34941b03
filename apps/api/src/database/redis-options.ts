import { type RedisOptions } from 'ioredis';
import { type AppConfig } from '../config';

/**
 * How every Redis connection of the process is made (the shared client, BullMQ's queue and worker):
 * straight to REDIS_URL, or, with REDIS_SENTINELS, through Sentinel to the master named
 * REDIS_SENTINEL_MASTER, REDIS_URL then giving only the password, user and database number
 * (docs/operations.md "Scaling"). No `keyPrefix`: every key is written with its prefix (Redis Cluster).
 */
export function redisOptions(config: Pick<AppConfig, 'redisUrl' | 'redisSentinels' | 'redisSentinelMaster'>): RedisOptions {
  if (!config.redisUrl) throw new Error('redisOptions: REDIS_URL is not set');
  const url = new URL(config.redisUrl);
  const db = Number(url.pathname.replace(/^\//, '') || 0);
  const auth = {
    username: url.username ? decodeURIComponent(url.username) : undefined,
    password: url.password ? decodeURIComponent(url.password) : undefined,
    db: Number.isInteger(db) ? db : 0,
  };
  if (config.redisSentinels.length > 0) {
    return {
      ...auth,
      sentinels: config.redisSentinels,
      name: config.redisSentinelMaster,
      // The Sentinels themselves are asked with the same password (the usual set-up).
      sentinelPassword: auth.password,
      ...(url.protocol === 'rediss:' ? { tls: {}, enableTLSForSentinelMode: true } : {}),
    };
  }
  return {
    ...auth,
    host: url.hostname,
    port: url.port ? Number(url.port) : 6379,
    ...(url.protocol === 'rediss:' ? { tls: {} } : {}),
  };
}

/**
 * BullMQ's key prefix, in braces: a Redis Cluster hash tag, so every key of the queue lands in one
 * slot (BullMQ's scripts touch several keys at once). `{legenett-bull}:legenett-jobs:...`.
 */
export const bullPrefix = (redisPrefix: string): string => `{${redisPrefix}-bull}`;
