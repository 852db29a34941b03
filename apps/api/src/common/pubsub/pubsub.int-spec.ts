import { randomUUID } from 'node:crypto';
import Redis from 'ioredis';
import { type AppConfig } from '../../config';
import { PubSub } from './pubsub';

/** The API's one pub/sub (issue 39): across replicas through Redis, in process without it. */

const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

describe('PubSub', () => {
  const prefix = `pubsub-${randomUUID().slice(0, 8)}`;
  const config = { redisPrefix: prefix } as AppConfig;
  const clients: Redis[] = [];
  const hubs: PubSub[] = [];

  function replica(): PubSub {
    const redis = new Redis(REDIS_URL, { lazyConnect: false });
    clients.push(redis);
    const hub = new PubSub(redis, config);
    hubs.push(hub);
    return hub;
  }

  afterAll(async () => {
    for (const hub of hubs) await hub.onApplicationShutdown();
    for (const c of clients) await c.quit();
  });

  const heard = <T>(list: T[], n: number) =>
    new Promise<void>((ok, fail) => {
      const started = Date.now();
      const check = () => (list.length >= n ? ok() : Date.now() - started > 5000 ? fail(new Error(`heard ${list.length} of ${n}`)) : setTimeout(check, 10));
      check();
    });

  it('delivers to the listeners of the named keys on every replica, each channel apart', async () => {
    const a = replica();
    const b = replica();
    const unreadA = a.channel<number>('test:unread', (u) => [String(u)]);
    const unreadB = b.channel<number>('test:unread', (u) => [String(u)]);
    const eventsB = b.channel<{ to: string[]; n: number }>('test:events', (m) => m.to);
    const eventsA = a.channel<{ to: string[]; n: number }>('test:events', (m) => m.to);
    const user7: number[] = [];
    const user8: number[] = [];
    const readerU1: number[] = [];
    await unreadB.subscribe('7', (u) => user7.push(u));
    await unreadB.subscribe('8', (u) => user8.push(u));
    await eventsB.subscribe('u1', (m) => readerU1.push(m.n));
    await unreadA.publish(7);
    await eventsA.publish({ to: ['u1', 'c2'], n: 42 });
    await heard(user7, 1);
    await heard(readerU1, 1);
    expect(user7).toEqual([7]);
    expect(user8).toEqual([]);
    expect(readerU1).toEqual([42]);
  });

  it('ignores a malformed message and goes on', async () => {
    const a = replica();
    const channel = a.channel<number>('test:malformed', (u) => [String(u)]);
    const got: number[] = [];
    await channel.subscribe('5', (u) => got.push(u));
    await clients[clients.length - 1]!.publish(`${prefix}:test:malformed`, '{not json');
    await channel.publish(5);
    await heard(got, 1);
    expect(got).toEqual([5]);
  });

  it('delivers in process without Redis, and refuses a channel declared twice', async () => {
    const hub = new PubSub(null, config);
    const channel = hub.channel<number>('test:local', (u) => [String(u)]);
    const got: number[] = [];
    const off = await channel.subscribe('3', (u) => got.push(u));
    await channel.publish(3);
    expect(got).toEqual([3]);
    off();
    await channel.publish(3);
    expect(got).toEqual([3]);
    expect(() => hub.channel('test:local', () => [])).toThrow(/declared twice/);
  });
});
