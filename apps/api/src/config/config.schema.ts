import { createECDH, randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_EMBED_HOSTS } from '@legenett/contracts';

/** apps/api, whether this file runs from src/config (dev, tests) or dist/config (build). */
export const APP_ROOT = path.resolve(__dirname, '..', '..');
const REPO_ROOT = path.resolve(APP_ROOT, '..', '..');

/**
 * The keys production refuses to start without. Elsewhere an unset one is a random key of this
 * process (never a key from the repository): tokens, TOTP secrets and national-id hashes then last
 * only as long as the process. `npm start` keeps generated ones in DATA_DIR instead.
 */
export const REQUIRED_SECRETS = ['JWT_SECRET', 'TWO_FACTOR_ENCRYPTION_KEY', 'NATIONAL_ID_HASH_KEY', 'PETITION_LOG_SIGNING_KEY', 'VAPID_PRIVATE_KEY'] as const;
const MIN_SECRET_LENGTH = 32;
const processKey = (): string => randomBytes(32).toString('base64url');

/**
 * The VAPID public key (RFC 8292) of a private one: the P-256 point of the 32-byte scalar, uncompressed,
 * base64url (what the browser's `applicationServerKey` takes). Null when the text is not such a key.
 * Only the private key is a secret to keep; the public one is derived at start.
 */
export function vapidPublicKeyOf(privateKey: string): string | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(privateKey)) return null;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(privateKey, 'base64url'));
    return ecdh.getPublicKey('base64url', 'uncompressed');
  } catch {
    return null;
  }
}

/** The address in `Name <address>` (or the text itself). */
const addressOf = (from: string): string => /<([^>]+)>/.exec(from)?.[1]?.trim() ?? from.trim();

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** Unset and empty are the same thing in environment files. */
const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const flag = (fallback: boolean) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return fallback;
      if (['1', 'true', 'on', 'yes'].includes(v)) return true;
      if (['0', 'false', 'off', 'no'].includes(v)) return false;
      ctx.addIssue({ code: 'custom', message: `expected true/false (or 1/0, on/off, yes/no), got "${v}"` });
      return z.NEVER;
    });

const resolvedPath = (fallback: string) =>
  optionalString.transform((v) => (v ? path.resolve(v) : fallback));

/** Express's `trust proxy`: false, true, a hop count, or a comma list of addresses/subnets. */
const trustProxy = optionalString.transform((v): boolean | number | string[] => {
  if (v === undefined || ['0', 'false', 'off', 'no'].includes(v.toLowerCase())) return false;
  if (['true', 'on', 'yes'].includes(v.toLowerCase())) return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v.split(',').map((s) => s.trim()).filter(Boolean);
});

export const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Where to listen: this machine only unless set (demo accounts have a published password); compose and the image set 0.0.0.0. */
    HOST: optionalString.transform((v) => v ?? '127.0.0.1'),
    DATABASE_URL: z
      .string({ error: 'is required (a PostgreSQL URL, e.g. postgres://user@127.0.0.1:5432/legenett)' })
      .trim()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL'),
    /** Longest a single SQL statement may run before PostgreSQL cancels it (ms); 0 turns it off. */
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).max(3_600_000).default(15_000),
    /** Longest a request waits for a pool connection (or a new one to open) before answering 503 (ms). */
    DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
    /**
     * Where migrations and session-level advisory locks go when DATABASE_URL is a pooler in
     * transaction mode (PgBouncer): the primary itself. Unset: DATABASE_URL (docs/operations.md "Scaling").
     */
    DATABASE_DIRECT_URL: optionalString.pipe(z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL').optional()),
    /** Read replicas (comma-separated PostgreSQL URLs): list and detail reads of GET requests go there (database/replicas.ts). */
    DATABASE_REPLICA_URLS: optionalString.transform((v, ctx) => {
      const urls = v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [];
      for (const u of urls) {
        if (!/^postgres(ql)?:\/\//.test(u)) ctx.addIssue({ code: 'custom', message: `"${u.replace(/:[^:@/]*@/, ':***@')}" is not a postgres:// URL` });
      }
      return urls;
    }),
    /** Connections of this process's pool to the primary (and to each replica). */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
    /**
     * Named (server-side) prepared statements for the hot reads. Off for a pooler in transaction mode
     * that cannot keep them (PgBouncer before 1.21, or max_prepared_statements = 0): the same SQL is
     * then sent as unnamed statements.
     */
    DATABASE_PREPARED_STATEMENTS: flag(true),
    /** A replica further behind the primary than this is skipped (ms). */
    REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
    /** How often each replica's lag is measured (ms). */
    REPLICA_PROBE_MS: z.coerce.number().int().min(100).max(60_000).default(1000),
    /**
     * After a write (any non-GET call), the client's reads go to the primary for this long (ms);
     * at least REPLICA_MAX_LAG_MS + 2 x REPLICA_PROBE_MS, so any replica still used has the write.
     */
    READ_YOUR_WRITES_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    /**
     * `api`: HTTP and the event stream, no background work. `worker`: the outbox relay, the queue's
     * consumers and every scheduled job; serves only health and metrics. `all` (default): both.
     */
    ROLE: z.enum(['api', 'worker', 'all']).default('all'),
    REDIS_URL: optionalString.pipe(
      z.string().regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL').optional(),
    ),
    /** Namespace of every Redis key, channel and queue, so several apps or test runs can share one Redis. */
    /** Redis Sentinel: comma list of host:port; REDIS_URL then gives only the password and database. */
    REDIS_SENTINELS: optionalString.transform((v, ctx) => {
      const list = v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [];
      return list.map((hp) => {
        const m = /^([^:\s]+):(\d{1,5})$/.exec(hp);
        if (!m) ctx.addIssue({ code: 'custom', message: `"${hp}" is not host:port` });
        return { host: m?.[1] ?? hp, port: Number(m?.[2] ?? 26379) };
      });
    }),
    /** The Sentinel master's name. */
    REDIS_SENTINEL_MASTER: optionalString.transform((v) => v ?? 'mymaster'),
    REDIS_PREFIX: optionalString.pipe(
      z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, 'must be 1-40 letters, digits, - or _').optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    MAINTENANCE_MODE: flag(false),
    /** How long the `maintenance_mode` row of frontend_settings is cached (ms). */
    MAINTENANCE_CACHE_MS: z.coerce.number().int().min(0).default(5000),
    /** `Retry-After` of the maintenance answer (seconds): about how long a maintenance lasts. */
    MAINTENANCE_RETRY_AFTER_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
    MIGRATE_ON_START: flag(true),
    WEB_DIST_DIR: resolvedPath(path.resolve(APP_ROOT, '..', 'web', 'dist')),
    DATA_DIR: resolvedPath(path.resolve(REPO_ROOT, '.data')),
    PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    JWT_SECRET: optionalString,
    /** Key that encrypts two-step (TOTP) secrets at rest; outside production derived from JWT_SECRET when unset. */
    TWO_FACTOR_ENCRYPTION_KEY: optionalString,
    ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).max(3600).default(900),
    /** Absolute lifetime of a login session (its refresh-token family). */
    REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
    /**
     * Seconds in which a just-rotated refresh token still answers its successor (two tabs refreshing
     * at once); a reuse after that revokes the session.
     */
    REFRESH_REUSE_GRACE_SECONDS: z.coerce.number().int().min(0).max(60).default(5),
    TRUST_PROXY: trustProxy,
    /** Comma list of origins allowed to call the API from a browser; CORS stays off when unset. */
    CORS_ORIGINS: optionalString.transform((v) => (v ? v.split(',').map((s) => s.trim()).filter(Boolean) : [])),
    BODY_LIMIT: optionalString.transform((v) => v ?? '1mb'),
    /** Where uploaded files live: `local` (DATA_DIR/uploads) or an S3-compatible bucket (MinIO in compose). */
    STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
    S3_BUCKET: optionalString,
    S3_REGION: optionalString.transform((v) => v ?? 'us-east-1'),
    /** e.g. http://minio:9000; unset means AWS itself. */
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    /** Hosts a course's embed code may load an iframe from (comma separated); unset = DEFAULT_EMBED_HOSTS (docs/courses.md). */
    COURSE_EMBED_HOSTS: optionalString.transform((v) => (v ? v.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : undefined)),
    /** Largest webinar video an organiser may upload, in megabytes (docs/courses.md "Webinar video"). */
    COURSE_VIDEO_MAX_MB: z.coerce.number().min(0.01).max(20_000).default(2048),
    /** How often the workers look for due course reminders (seconds; once per interval across them); 0 turns the sweep off. */
    COURSE_REMINDER_SWEEP_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
    /** Largest accepted upload (one file), in megabytes. */
    UPLOAD_MAX_MB: z.coerce.number().min(0.01).max(100).default(8),
    /** Largest video or audio file an administrator may upload, in megabytes (written to a temp file, never held in memory). */
    MEDIA_UPLOAD_MAX_MB: z.coerce.number().min(0.01).max(20_000).default(1024),
    /** How long a signed media URL (player, poster, captions) works. */
    MEDIA_URL_TTL_SECONDS: z.coerce.number().int().min(10).max(24 * 3600).default(3600),
    /** How long a personal podcast feed URL works before the user makes a new one. */
    PODCAST_FEED_TTL_DAYS: z.coerce.number().int().min(1).max(3650).default(180),
    /** Rich-text images (`POST /upload-image`) each user may keep, in megabytes. */
    IMAGE_QUOTA_MB: z.coerce.number().min(1).max(100_000).default(200),
    /**
     * The programs that read uploaded media, a name on PATH or a full path; unset: `ffprobe`/`ffmpeg`
     * on PATH (Debian's `ffmpeg` package), else the registry packages' binaries (`resolveMediaTools`).
     */
    FFPROBE_PATH: optionalString,
    FFMPEG_PATH: optionalString,
    /** smtp://user:pass@host:port; without it mail stays in the outbox (the local stand-in). */
    SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional()),
    MAIL_FROM: optionalString.transform((v) => v ?? 'Legenett <no-reply@legenett.no>'),
    IDENTITY_PROVIDER: z.enum(['simulator', 'signicat']).default('simulator'),
    SIGNICAT_BASE_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    SIGNICAT_CLIENT_ID: optionalString,
    SIGNICAT_CLIENT_SECRET: optionalString,
    IDENTITY_SESSION_TTL_SECONDS: z.coerce.number().int().min(10).max(86_400).default(600),
    /** How often the e-mail digest sweep runs (it sends from 07:00 Oslo time); 0 turns it off. */
    DIGEST_SWEEP_SECONDS: z.coerce.number().int().min(0).max(86_400).default(900),
    /** Users the digest sweep reads per batch (one transaction claims a batch's digests). */
    DIGEST_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(1000),
    /** Readers per digest send job: their sections are read in one statement each, their mails written in one transaction. */
    DIGEST_SEND_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(100),
    /** How often the housekeeping purge runs; 0 turns the periodic run off. */
    HOUSEKEEPING_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
    /**
     * How often a worker checks that content was swept with the guard's current rules (and sweeps if
     * not; docs/patient-data-guard.md). The first check comes at start-up; 0 turns the check off.
     */
    GUARD_RULES_CHECK_MINUTES: z.coerce.number().int().min(0).max(1440).default(60),
    /**
     * Seed of the petition log's Ed25519 key (its SHA-256 is the private key): signs checkpoints and
     * promises. Changing it starts a new key; old checkpoints keep naming the key id they were signed with.
     */
    PETITION_LOG_SIGNING_KEY: optionalString,
    /** The sequencer's longest wait before a batch (ms; a batch is also cut at 256 entries); 0: only on demand (tests). */
    PETITION_LOG_SEQUENCE_MS: z.coerce.number().int().min(0).max(60_000).default(250),
    /**
     * Signatures one statement stores at most (the signing queue's group commit, per process); 1 turns
     * the queue off: each signature its own statement, as many at once as the pool allows
     * (docs/performance/petitions.md, "The burst goal").
     */
    PETITION_SIGN_BATCH: z.coerce.number().int().min(1).max(1000).default(64),
    /**
     * The access gate's lookups one statement answers at most: those arriving in one turn of the event
     * loop go together (`Authenticator`); 1 turns grouping off (every request its own prepared
     * `auth_caller`). The first version (at most 2 grouped statements at a time, the rest waiting for
     * them) made every gate wait behind writes for pool connections under mixed load and was off by
     * default; grouping by turn holds no lookup back (docs/performance/petitions.md, "The burst goal").
     */
    AUTH_CALLER_BATCH: z.coerce.number().int().min(1).max(1000).default(64),
    /** Signing statements of one process at a time; what arrives meanwhile waits for the next batch. */
    PETITION_SIGN_IN_FLIGHT: z.coerce.number().int().min(1).max(100).default(2),
    /** How often the counter job folds the log into the counts (ms, at least a second apart); 0: only on demand. */
    PETITION_COUNT_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(1000),
    /** Expired e-mail codes, reset and e-mail-change tokens, identity sessions: kept this long past expiry. */
    EXPIRED_TOKEN_RETENTION_HOURS: z.coerce.number().int().min(0).max(8760).default(24),
    /** Login sessions (refresh-token families): kept this long past absolute expiry or revocation. */
    ENDED_SESSION_RETENTION_HOURS: z.coerce.number().int().min(0).max(8760).default(24),
    /** Delivered outbox messages: kept this many days after sending. */
    SENT_OUTBOX_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** Background jobs that ran (job_outbox rows `done`): kept this many hours after the run. */
    DONE_JOB_RETENTION_HOURS: z.coerce.number().int().min(0).max(8760).default(24),
    /** Background jobs that failed for good (job_outbox rows `failed`): kept this many days, to look into or run again. */
    FAILED_JOB_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    /** How often each replica looks for due outbox jobs besides the wake-up after each commit (ms). */
    OUTBOX_POLL_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
    /** A hand-over to the queue that takes longer counts as failed and is retried (ms). */
    OUTBOX_HANDOVER_TIMEOUT_MS: z.coerce.number().int().min(10).max(60_000).default(5000),
    /**
     * A job handed to the queue that has not reported back (run, done) within this time is handed
     * over again under the same queue id: nothing happens while the queue still holds it, it is
     * marked done if the queue says it ran, and it runs if the queue lost it (Redis restarted empty).
     * So this is how late a job lost by Redis runs at worst (ms).
     */
    OUTBOX_LEASE_MS: z.coerce.number().int().min(100).max(24 * 3_600_000).default(5 * 60_000),
    /**
     * Failed logins one client address may make in LOGIN_WINDOW_SECONDS, all accounts together.
     * Only failures count, and high, because a whole hospital can share one address.
     */
    LOGIN_IP_FAILURE_LIMIT: z.coerce.number().int().min(1).max(100_000).default(500),
    /** Failed logins of one address on one account in the window; after that 429 until it ends. */
    LOGIN_ACCOUNT_IP_FAILURE_LIMIT: z.coerce.number().int().min(1).max(1000).default(10),
    /** Failures of one address on one account before each further failure adds a growing wait. */
    LOGIN_FREE_FAILURES: z.coerce.number().int().min(0).max(1000).default(3),
    /** Failures on an account (all addresses) after which a login from a new address mails the owner. */
    LOGIN_NOTICE_FAILURES: z.coerce.number().int().min(1).max(100_000).default(10),
    /** The window of the login failure counters (seconds). */
    LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
    /**
     * The VAPID private key of push notifications (RFC 8292): a P-256 private key, 32 bytes base64url
     * (43 characters). `npm start` makes one on first start (DATA_DIR/secrets.json); required in
     * production. Changing it ends every device's subscription (the browsers hold the public key).
     */
    VAPID_PRIVATE_KEY: optionalString,
    /** Who runs this server, for the push services (`sub` of the VAPID token): `mailto:` or an https URL; default the MAIL_FROM address. */
    VAPID_SUBJECT: optionalString.pipe(z.string().regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be mailto:address or an https:// URL').optional()),
    /** HMAC key of national identity numbers; must equal the key the seed used. */
    NATIONAL_ID_HASH_KEY: optionalString,
    /** Base URL of an HPR register web service; the seeded hpr_register table answers without it. */
    HPR_API_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  })
  .superRefine((env, ctx) => {
    if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
      ctx.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'is required when STORAGE_DRIVER=s3' });
    }
    if (env.ROLE !== 'all' && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['ROLE'], message: `${env.ROLE} needs REDIS_URL: api and worker processes share the job queue and the live notifications through Redis` });
    }
    if (env.REDIS_SENTINELS.length > 0 && !env.REDIS_URL) {
      ctx.addIssue({ code: 'custom', path: ['REDIS_URL'], message: 'is required with REDIS_SENTINELS (it gives the password and database, e.g. redis://:secret@sentinel/0)' });
    }
    if (env.VAPID_PRIVATE_KEY && vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) === null) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'must be a P-256 private key: 32 bytes, base64url (43 characters), e.g. from `npx web-push generate-vapid-keys`' });
    }
    if (env.NODE_ENV !== 'production') return;
    for (const name of REQUIRED_SECRETS) {
      const value = env[name];
      if (!value) {
        ctx.addIssue({ code: 'custom', path: [name], message: 'is required in production (a random string of 32+ characters, e.g. `openssl rand -base64 48`)' });
      } else if (value.length < MIN_SECRET_LENGTH) {
        ctx.addIssue({ code: 'custom', path: [name], message: `must be at least ${MIN_SECRET_LENGTH} characters in production` });
      }
    }
  })
  // Outside production (production stops at the refinement above) an unset secret is random.
  .transform((env) => ({
    ...env,
    generatedSecrets: REQUIRED_SECRETS.filter((name) => !env[name]),
    JWT_SECRET: env.JWT_SECRET ?? processKey(),
    NATIONAL_ID_HASH_KEY: env.NATIONAL_ID_HASH_KEY ?? processKey(),
    PETITION_LOG_SIGNING_KEY: env.PETITION_LOG_SIGNING_KEY ?? processKey(),
    // 32 random bytes are a valid P-256 scalar but with a chance of about 2^-32.
    VAPID_PRIVATE_KEY: env.VAPID_PRIVATE_KEY ?? processKey(),
  }))
  .transform((env) => ({
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    /** Migrations and session-level advisory locks: the primary, past any pooler. */
    databaseDirectUrl: env.DATABASE_DIRECT_URL ?? env.DATABASE_URL,
    database: {
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      connectTimeoutMs: env.DATABASE_CONNECT_TIMEOUT_MS,
      poolSize: env.DATABASE_POOL_SIZE,
      preparedStatements: env.DATABASE_PREPARED_STATEMENTS,
      /** The access gate's grouped lookups (`AuthRepository`): at most this many per statement, this many statements at once. */
      callerBatch: env.AUTH_CALLER_BATCH,
    },
    replicas: {
      urls: env.DATABASE_REPLICA_URLS,
      maxLagMs: env.REPLICA_MAX_LAG_MS,
      probeMs: env.REPLICA_PROBE_MS,
      readYourWritesMs: env.READ_YOUR_WRITES_MS ?? env.REPLICA_MAX_LAG_MS + 2 * env.REPLICA_PROBE_MS,
    },
    role: {
      name: env.ROLE,
      /** Serves the API, the SPA and the event stream. */
      servesHttp: env.ROLE !== 'worker',
      /** Runs the outbox relay, the queue's consumers and the scheduled jobs. */
      runsJobs: env.ROLE !== 'api',
    },
    redisUrl: env.REDIS_URL,
    redisSentinels: env.REDIS_SENTINELS,
    redisSentinelMaster: env.REDIS_SENTINEL_MASTER,
    redisPrefix: env.REDIS_PREFIX ?? 'legenett',
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    maintenanceMode: env.MAINTENANCE_MODE,
    maintenanceCacheMs: env.MAINTENANCE_CACHE_MS,
    maintenanceRetryAfterSeconds: env.MAINTENANCE_RETRY_AFTER_SECONDS,
    migrateOnStart: env.MIGRATE_ON_START,
    webDistDir: env.WEB_DIST_DIR,
    dataDir: env.DATA_DIR,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    jwtSecret: env.JWT_SECRET,
    twoFactorEncryptionKey: env.TWO_FACTOR_ENCRYPTION_KEY ?? `two-factor:${env.JWT_SECRET}`,
    /** Secrets made up for this process only (never in production): main.ts warns about them. */
    generatedSecrets: env.generatedSecrets,
    accessTokenTtlSeconds: env.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: env.REFRESH_TOKEN_TTL_DAYS,
    refreshReuseGraceSeconds: env.REFRESH_REUSE_GRACE_SECONDS,
    trustProxy: env.TRUST_PROXY,
    corsOrigins: env.CORS_ORIGINS,
    bodyLimit: env.BODY_LIMIT,
    storage: {
      driver: env.STORAGE_DRIVER,
      localDir: path.join(env.DATA_DIR, 'uploads'),
      s3: {
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      },
    },
    uploadMaxBytes: Math.round(env.UPLOAD_MAX_MB * 1024 * 1024),
    media: {
      uploadMaxBytes: Math.round(env.MEDIA_UPLOAD_MAX_MB * 1024 * 1024),
      urlTtlSeconds: env.MEDIA_URL_TTL_SECONDS,
      podcastFeedTtlDays: env.PODCAST_FEED_TTL_DAYS,
      imageQuotaBytes: Math.round(env.IMAGE_QUOTA_MB * 1024 * 1024),
      ffprobe: env.FFPROBE_PATH,
      ffmpeg: env.FFMPEG_PATH,
    },
    courses: {
      embedHosts: env.COURSE_EMBED_HOSTS ?? [...DEFAULT_EMBED_HOSTS],
      videoMaxBytes: Math.round(env.COURSE_VIDEO_MAX_MB * 1024 * 1024),
      reminderSweepMs: env.COURSE_REMINDER_SWEEP_SECONDS * 1000,
    },
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    digestSweepMs: env.DIGEST_SWEEP_SECONDS * 1000,
    digestBatchSize: env.DIGEST_BATCH_SIZE,
    digestSendBatchSize: env.DIGEST_SEND_BATCH_SIZE,
    identity: {
      provider: env.IDENTITY_PROVIDER,
      sessionTtlSeconds: env.IDENTITY_SESSION_TTL_SECONDS,
      signicat: {
        baseUrl: env.SIGNICAT_BASE_URL,
        clientId: env.SIGNICAT_CLIENT_ID,
        clientSecret: env.SIGNICAT_CLIENT_SECRET,
      },
    },
    nationalIdHashKey: env.NATIONAL_ID_HASH_KEY,
    hprApiUrl: env.HPR_API_URL,
    petitionLog: {
      signingKey: env.PETITION_LOG_SIGNING_KEY,
      sequenceMs: env.PETITION_LOG_SEQUENCE_MS,
      signBatch: env.PETITION_SIGN_BATCH,
      signInFlight: env.PETITION_SIGN_IN_FLIGHT,
      countIntervalMs: env.PETITION_COUNT_INTERVAL_MS === 0 ? 0 : Math.max(1000, env.PETITION_COUNT_INTERVAL_MS),
    },
    guardSweep: {
      rulesCheckIntervalMs: env.GUARD_RULES_CHECK_MINUTES * MINUTE_MS,
    },
    housekeeping: {
      intervalMs: env.HOUSEKEEPING_INTERVAL_MINUTES * MINUTE_MS,
      expiredTokenRetentionMs: env.EXPIRED_TOKEN_RETENTION_HOURS * HOUR_MS,
      endedSessionRetentionMs: env.ENDED_SESSION_RETENTION_HOURS * HOUR_MS,
      sentOutboxRetentionMs: env.SENT_OUTBOX_RETENTION_DAYS * DAY_MS,
      doneJobRetentionMs: env.DONE_JOB_RETENTION_HOURS * HOUR_MS,
      failedJobRetentionMs: env.FAILED_JOB_RETENTION_DAYS * DAY_MS,
    },
    login: {
      ipFailureLimit: env.LOGIN_IP_FAILURE_LIMIT,
      accountIpFailureLimit: env.LOGIN_ACCOUNT_IP_FAILURE_LIMIT,
      freeFailures: env.LOGIN_FREE_FAILURES,
      noticeFailures: env.LOGIN_NOTICE_FAILURES,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
    },
    push: {
      vapidPrivateKey: env.VAPID_PRIVATE_KEY,
      vapidPublicKey: vapidPublicKeyOf(env.VAPID_PRIVATE_KEY) ?? '',
      subject: env.VAPID_SUBJECT ?? `mailto:${addressOf(env.MAIL_FROM)}`,
      /**
       * Which subscription endpoints are accepted (docs/push-and-pwa.md): https on public hosts only in
       * production; elsewhere also http://127.0.0.1, so a local push-service stand-in can receive.
       */
      allowLoopbackHttp: env.NODE_ENV !== 'production',
    },
    outbox: {
      pollMs: env.OUTBOX_POLL_MS,
      handOverTimeoutMs: env.OUTBOX_HANDOVER_TIMEOUT_MS,
      leaseMs: env.OUTBOX_LEASE_MS,
    },
  }));

export type AppConfig = z.output<typeof EnvSchema>;
export type RawEnv = Record<string, string | undefined>;
