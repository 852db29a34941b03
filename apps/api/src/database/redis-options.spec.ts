import { bullPrefix, redisOptions } from './redis-options';

describe('redisOptions', () => {
  it('connects straight to REDIS_URL: host, port, user, password, database', () => {
    expect(redisOptions({ redisUrl: 'redis://user:p%40ss@cache:6380/3', redisSentinels: [], redisSentinelMaster: 'mymaster' })).toEqual({
      host: 'cache',
      port: 6380,
      username: 'user',
      password: 'p@ss',
      db: 3,
    });
    expect(redisOptions({ redisUrl: 'rediss://cache', redisSentinels: [], redisSentinelMaster: 'mymaster' })).toMatchObject({ host: 'cache', port: 6379, db: 0, tls: {} });
  });

  it('goes through Sentinel when REDIS_SENTINELS is set, REDIS_URL giving only the credentials and database', () => {
    const sentinels = [
      { host: 's1', port: 26379 },
      { host: 's2', port: 26379 },
    ];
    const options = redisOptions({ redisUrl: 'redis://:secret@ignored:1/2', redisSentinels: sentinels, redisSentinelMaster: 'legenett' });
    expect(options).toEqual({ sentinels, name: 'legenett', password: 'secret', sentinelPassword: 'secret', username: undefined, db: 2 });
    expect(options).not.toHaveProperty('host');
    expect(options).not.toHaveProperty('keyPrefix');
  });

  it('puts BullMQ keys under one Redis Cluster hash tag', () => {
    expect(bullPrefix('legenett')).toBe('{legenett-bull}');
  });
});
