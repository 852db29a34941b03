import { createECDH } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REQUIRED_SECRETS, vapidPublicKeyOf } from './config.schema';
import { ConfigError, loadConfig } from './load-config';

/** A P-256 private key of this run (a leading zero byte would make it shorter than 32 bytes: draw again). */
function newVapidKey(): string {
  for (;;) {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const key = ecdh.getPrivateKey();
    if (key.length === 32) return key.toString('base64url');
  }
}
const VAPID_KEY = newVapidKey();

const base = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/legenett' };

describe('loadConfig', () => {
  it('applies the defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({
      env: 'development',
      port: 3000,
      host: '127.0.0.1',
      redisUrl: undefined,
      redisPrefix: 'legenett',
      logLevel: 'info',
      maintenanceMode: false,
      trustProxy: false,
      corsOrigins: [],
      bodyLimit: '1mb',
      publicUrl: 'http://localhost:3000',
    });
    expect(config.webDistDir).toBe(path.resolve(__dirname, '..', '..', '..', 'web', 'dist'));
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('parses switches, numbers and lists', () => {
    const config = loadConfig({
      ...base,
      PORT: '8080',
      MAINTENANCE_MODE: 'on',
      TRUST_PROXY: '1',
      CORS_ORIGINS: 'https://a.example, https://b.example',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PUBLIC_URL: 'https://legenett.no/',
      REDIS_PREFIX: 'e2e-42',
      WEB_DIST_DIR: 'relative/dist',
    });
    expect(config).toMatchObject({
      port: 8080,
      maintenanceMode: true,
      trustProxy: 1,
      corsOrigins: ['https://a.example', 'https://b.example'],
      redisUrl: 'redis://127.0.0.1:6379',
      redisPrefix: 'e2e-42',
      publicUrl: 'https://legenett.no',
    });
    expect(path.isAbsolute(config.webDistDir)).toBe(true);
    expect(loadConfig({ ...base, MAINTENANCE_MODE: 'false', REDIS_URL: '' })).toMatchObject({ maintenanceMode: false, redisUrl: undefined });
  });

  it('scaling settings: role, replicas, pooler, Sentinel (issue 29)', () => {
    const defaults = loadConfig(base);
    expect(defaults.role).toEqual({ name: 'all', servesHttp: true, runsJobs: true });
    expect(defaults.databaseDirectUrl).toBe(base.DATABASE_URL);
    expect(defaults.database).toMatchObject({ poolSize: 10, preparedStatements: true });
    expect(defaults.replicas).toEqual({ urls: [], maxLagMs: 2000, probeMs: 1000, readYourWritesMs: 4000 });
    expect(defaults.redisSentinels).toEqual([]);

    const scaled = loadConfig({
      ...base,
      ROLE: 'worker',
      REDIS_URL: 'redis://:secret@sentinel/2',
      REDIS_SENTINELS: 's1:26379, s2:26380',
      DATABASE_DIRECT_URL: 'postgres://u@primary:5432/legenett',
      DATABASE_REPLICA_URLS: 'postgres://u@r1:5432/legenett, postgres://u@r2:5432/legenett',
      DATABASE_PREPARED_STATEMENTS: 'off',
      DATABASE_POOL_SIZE: '20',
      REPLICA_MAX_LAG_MS: '500',
      REPLICA_PROBE_MS: '250',
    });
    expect(scaled.role).toEqual({ name: 'worker', servesHttp: false, runsJobs: true });
    expect(loadConfig({ ...base, ROLE: 'api', REDIS_URL: 'redis://r' }).role).toEqual({ name: 'api', servesHttp: true, runsJobs: false });
    expect(scaled.redisSentinels).toEqual([{ host: 's1', port: 26379 }, { host: 's2', port: 26380 }]);
    expect(scaled.redisSentinelMaster).toBe('mymaster');
    expect(scaled.replicas).toEqual({ urls: ['postgres://u@r1:5432/legenett', 'postgres://u@r2:5432/legenett'], maxLagMs: 500, probeMs: 250, readYourWritesMs: 1000 });
    expect(scaled.database).toMatchObject({ poolSize: 20, preparedStatements: false });
    expect(scaled.databaseDirectUrl).toBe('postgres://u@primary:5432/legenett');
  });

  it('refuses a split role without Redis, a bad replica URL and a bad Sentinel address', () => {
    expect(() => loadConfig({ ...base, ROLE: 'api' })).toThrow(/ROLE: api needs REDIS_URL/);
    expect(() => loadConfig({ ...base, ROLE: 'worker' })).toThrow(/ROLE: worker needs REDIS_URL/);
    expect(() => loadConfig({ ...base, ROLE: 'both' })).toThrow(/ROLE/);
    expect(() => loadConfig({ ...base, DATABASE_REPLICA_URLS: 'mysql://u:pw@x/db' })).toThrow(/DATABASE_REPLICA_URLS: "mysql:\/\/u:\*\*\*@x\/db" is not a postgres:\/\/ URL/);
    expect(() => loadConfig({ ...base, REDIS_URL: 'redis://x', REDIS_SENTINELS: 'nohost' })).toThrow(/REDIS_SENTINELS: "nohost" is not host:port/);
    expect(() => loadConfig({ ...base, REDIS_SENTINELS: 's1:26379' })).toThrow(/REDIS_URL: is required with REDIS_SENTINELS/);
  });

  it('fails with one clear line per problem', () => {
    expect(() => loadConfig({ PORT: 'abc', MAINTENANCE_MODE: 'maybe' })).toThrow(ConfigError);
    try {
      loadConfig({ PORT: 'abc', MAINTENANCE_MODE: 'maybe', REDIS_URL: 'http://x', REDIS_PREFIX: 'a b:c' });
    } catch (err) {
      const message = (err as ConfigError).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect(message).toMatch(/DATABASE_URL: is required/);
      expect(message).toMatch(/PORT: /);
      expect(message).toMatch(/MAINTENANCE_MODE: expected true\/false/);
      expect(message).toMatch(/REDIS_URL: must be a redis:\/\//);
      expect(message).toMatch(/REDIS_PREFIX: must be 1-40 letters/);
    }
  });

  describe('secrets', () => {
    const secrets = {
      JWT_SECRET: 'j'.repeat(40),
      TWO_FACTOR_ENCRYPTION_KEY: 't'.repeat(40),
      NATIONAL_ID_HASH_KEY: 'n'.repeat(40),
      PETITION_LOG_SIGNING_KEY: 'p'.repeat(40),
      VAPID_PRIVATE_KEY: VAPID_KEY,
    };
    const production = { ...base, NODE_ENV: 'production', ...secrets };

    it('production refuses to start without each of them, naming it', () => {
      for (const name of REQUIRED_SECRETS) {
        expect(() => loadConfig({ ...production, [name]: undefined })).toThrow(new RegExp(`${name}: is required in production`));
        expect(() => loadConfig({ ...production, [name]: '' })).toThrow(new RegExp(`${name}: is required in production`));
        expect(() => loadConfig({ ...production, [name]: 'short' })).toThrow(new RegExp(`${name}: must be at least 32`));
      }
      let problems: string[] = [];
      try {
        loadConfig({ ...base, NODE_ENV: 'production' });
      } catch (err) {
        problems = (err as ConfigError).problems;
      }
      expect(problems.map((p) => p.split(':')[0])).toEqual([...REQUIRED_SECRETS]);
    });

    it('production uses exactly the keys given', () => {
      const config = loadConfig(production);
      expect(config).toMatchObject({
        isProduction: true,
        jwtSecret: secrets.JWT_SECRET,
        twoFactorEncryptionKey: secrets.TWO_FACTOR_ENCRYPTION_KEY,
        nationalIdHashKey: secrets.NATIONAL_ID_HASH_KEY,
        petitionLog: { signingKey: secrets.PETITION_LOG_SIGNING_KEY },
        generatedSecrets: [],
      });
    });

    it('has no default secret: unset keys are random per process, never the same twice', () => {
      const first = loadConfig(base);
      const second = loadConfig(base);
      expect(first.generatedSecrets).toEqual([...REQUIRED_SECRETS]);
      for (const key of ['jwtSecret', 'twoFactorEncryptionKey', 'nationalIdHashKey'] as const) {
        expect(first[key].length).toBeGreaterThanOrEqual(32);
        expect(first[key]).not.toBe(second[key]);
      }
      expect(loadConfig({ ...base, NODE_ENV: 'test' }).logLevel).toBe('silent');
    });

    it('reads each key from <NAME>_FILE when the variable itself is unset (a volume of keys); the variable wins', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-keys-'));
      const files: Record<string, string> = {};
      for (const name of REQUIRED_SECRETS) {
        files[`${name}_FILE`] = path.join(dir, name.toLowerCase());
        fs.writeFileSync(files[`${name}_FILE`]!, `${name.toLowerCase().padEnd(40, 'x')}\n`);
      }
      fs.writeFileSync(files.VAPID_PRIVATE_KEY_FILE!, `${VAPID_KEY}\n`);
      const fromFiles = loadConfig({ ...base, NODE_ENV: 'production', ...files });
      expect(fromFiles.push.vapidPrivateKey).toBe(VAPID_KEY);
      expect(fromFiles).toMatchObject({ jwtSecret: 'jwt_secret'.padEnd(40, 'x'), nationalIdHashKey: 'national_id_hash_key'.padEnd(40, 'x'), generatedSecrets: [] });
      expect(loadConfig({ ...production, ...files }).jwtSecret).toBe(secrets.JWT_SECRET);
      // An unreadable file names its variable; an empty one is a missing key, refused in production.
      expect(() => loadConfig({ ...production, JWT_SECRET: '', JWT_SECRET_FILE: path.join(dir, 'absent') })).toThrow(/JWT_SECRET_FILE: cannot read .*absent \(ENOENT\)/);
      fs.writeFileSync(files.JWT_SECRET_FILE!, '  \n');
      expect(() => loadConfig({ ...base, NODE_ENV: 'production', ...files })).toThrow(/JWT_SECRET: is required in production/);
      fs.rmSync(dir, { recursive: true, force: true });
    });

    it('derives the VAPID public key from the private one, refuses a key that is not P-256, and allows http://127.0.0.1 pushes outside production only', () => {
      const config = loadConfig(production);
      const ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(VAPID_KEY, 'base64url'));
      expect(config.push).toEqual({
        vapidPrivateKey: VAPID_KEY,
        vapidPublicKey: ecdh.getPublicKey('base64url', 'uncompressed'),
        subject: 'mailto:no-reply@legenett.no',
        allowLoopbackHttp: false,
      });
      expect(vapidPublicKeyOf(VAPID_KEY)).toHaveLength(87);
      expect(() => loadConfig({ ...production, VAPID_PRIVATE_KEY: 'v'.repeat(40) })).toThrow(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
      expect(() => loadConfig({ ...base, VAPID_PRIVATE_KEY: 'A'.repeat(43) })).toThrow(/VAPID_PRIVATE_KEY: must be a P-256 private key/);
      expect(() => loadConfig({ ...base, VAPID_SUBJECT: 'http://example.org' })).toThrow(/VAPID_SUBJECT/);
      const dev = loadConfig(base);
      expect(dev.push.allowLoopbackHttp).toBe(true);
      expect(vapidPublicKeyOf(dev.push.vapidPrivateKey)).toBe(dev.push.vapidPublicKey);
      expect(loadConfig({ ...base, VAPID_SUBJECT: 'mailto:drift@legenett.no' }).push.subject).toBe('mailto:drift@legenett.no');
    });

    it('no secret-looking literal is left in the configuration source', () => {
      const source = fs.readFileSync(path.join(__dirname, 'config.schema.ts'), 'utf8');
      expect(source).not.toMatch(/development-secret|not-for-production|DEV_JWT_SECRET/);
    });
  });

  it('has housekeeping defaults (hourly; a day past expiry; 30 days of sent mail; a day of done jobs, 30 days of failed ones) and a switch-off', () => {
    const hour = 3_600_000;
    expect(loadConfig(base).housekeeping).toEqual({
      intervalMs: hour,
      expiredTokenRetentionMs: 24 * hour,
      endedSessionRetentionMs: 24 * hour,
      sentOutboxRetentionMs: 30 * 24 * hour,
      doneJobRetentionMs: 24 * hour,
      failedJobRetentionMs: 30 * 24 * hour,
    });
    expect(loadConfig(base).outbox).toEqual({ pollMs: 1000, handOverTimeoutMs: 5000, leaseMs: 5 * 60_000 });
    expect(loadConfig({ ...base, OUTBOX_LEASE_MS: '1500' }).outbox.leaseMs).toBe(1500);
    expect(() => loadConfig({ ...base, OUTBOX_LEASE_MS: '50' })).toThrow(/OUTBOX_LEASE_MS/);
    expect(loadConfig({ ...base, HOUSEKEEPING_INTERVAL_MINUTES: '0' }).housekeeping.intervalMs).toBe(0);
    expect(() => loadConfig({ ...base, SENT_OUTBOX_RETENTION_DAYS: '0' })).toThrow(/SENT_OUTBOX_RETENTION_DAYS/);
  });
});
