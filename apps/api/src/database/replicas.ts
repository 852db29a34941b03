import { AsyncLocalStorage } from 'node:async_hooks';
import { Logger } from '@nestjs/common';
import { type ReadClient } from '@legenett/db';
import { type Pool, type QueryResult } from 'pg';
import { type AppConfig } from '../config';
import { isDatabaseUnavailable } from './database-errors';

/*
 * Read replicas (DATABASE_REPLICA_URLS; docs/operations.md "Scaling", docs/decisions/0012-read-replicas.md).
 *
 * Which statements: Drizzle's `withReplicas` (packages/db `withReader`) sends `select`, `$count`,
 * `with` and the relational `query` to the reader below and everything else to the primary: writes,
 * `execute`, and every statement inside a transaction.
 *
 * Which requests: only a GET or HEAD may read from a replica, and only when this client has not
 * written lately. Any other call (a write) sets the `lg_rw` cookie to "primary until now +
 * READ_YOUR_WRITES_MS", and reads of calls carrying it go to the primary: whoever posts sees the
 * post on the next page, on whichever API replica. Jobs, the outbox relay and the event stream read
 * the primary (they act on what was just committed).
 *
 * Which replica: one whose lag was measured within the last two probes and is at most
 * REPLICA_MAX_LAG_MS. READ_YOUR_WRITES_MS defaults to that bound plus two probe intervals, so a
 * replica still in use when the window ends has replayed the write. A replica that lags, does not
 * answer the probe or fails a read is skipped (metric `legenett_db_replica_skipped_total` and one log
 * line per change); a failed read is run again on the primary, so a replica outage is never a 5xx.
 */

/** The cookie that sends a client's reads to the primary after a write (value: until when, epoch ms). */
export const READ_YOUR_WRITES_COOKIE = 'lg_rw';

/** Why a read went to the primary (the `reason` label of `legenett_db_reads_total`). */
export type PrimaryReason = 'write' | 'recent_write' | 'primary_only' | 'background' | 'no_replica' | 'replica_failed';

export type ReadRoute = { replica: true } | { replica: false; reason: PrimaryReason };

const routes = new AsyncLocalStorage<ReadRoute>();

/** Runs `work` with its reads routed as `route` (tests; the middleware below for requests). */
export function withReadRoute<T>(route: ReadRoute, work: () => T): T {
  return routes.run(route, work);
}

interface Replica {
  /** host:port/database, no credentials: log lines and metric labels. */
  label: string;
  pool: Pool;
  /** Measured lag (ms) at the last probe that answered; null before the first. */
  lagMs: number | null;
  /** When the last probe answered. */
  measuredAt: number;
  /** Why it is left out now, or null when it is used. */
  skipped: 'lag' | 'down' | null;
}

export interface ReplicaRouterOptions {
  maxLagMs: number;
  probeMs: number;
  metrics: ReplicaMetrics;
  logger?: Logger;
}

/**
 * The metrics the router writes (`MetricsService` has them): a structural type, so that the database
 * layer does not import `common/` (which imports the database layer).
 */
export interface ReplicaMetrics {
  reads: { inc(labels: { target: string; reason: string }): void };
  replicaSkipped: { inc(labels: { replica: string; reason: string }): void };
  replicaLag: { set(labels: { replica: string }, value: number): void };
}

const labelOf = (url: string): string => {
  const u = new URL(url);
  return `${u.hostname}:${u.port || '5432'}${u.pathname}`;
};

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/** SQLSTATE 40001 on a standby: a read cancelled because of a conflict with recovery. Run it on the primary. */
const isRecoveryConflict = (err: unknown): boolean => typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '40001';

/**
 * The reader: picks the server of each read statement (a replica in turn, or the primary) and
 * measures every replica's lag every `probeMs`.
 */
export class ReplicaRouter implements ReadClient {
  private readonly replicas: Replica[];
  private readonly logger: Logger;
  private next = 0;
  private timer: NodeJS.Timeout | undefined;
  private probing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly primary: Pool,
    replicas: { url: string; pool: Pool }[],
    private readonly options: ReplicaRouterOptions,
  ) {
    this.logger = options.logger ?? new Logger('Replicas');
    this.replicas = replicas.map(({ url, pool }) => ({ label: labelOf(url), pool, lagMs: null, measuredAt: 0, skipped: null }));
  }

  /** Probes now and then every `probeMs`. */
  start(): void {
    const tick = () => {
      if (this.closed) return;
      this.probing = this.probe().finally(() => {
        this.probing = null;
        if (this.closed) return;
        this.timer = setTimeout(tick, this.options.probeMs);
        this.timer.unref();
      });
    };
    tick();
  }

  /** Each replica as last measured (tests, health). */
  state(): { label: string; lagMs: number | null; skipped: 'lag' | 'down' | null }[] {
    return this.replicas.map(({ label, lagMs, skipped }) => ({ label, lagMs, skipped }));
  }

  // `pg`'s query signature: Drizzle calls `query(config, values)`.
  query = ((config: unknown, values?: unknown) => this.read(config, values)) as unknown as Pool['query'];

  private async read(config: unknown, values: unknown): Promise<QueryResult> {
    const run = (pool: Pool) => (pool.query as (c: unknown, v: unknown) => Promise<QueryResult>)(config, values);
    const route = routes.getStore() ?? { replica: false, reason: 'background' as const };
    if (!route.replica) return this.onPrimary(route.reason, run);
    const replica = this.pick();
    if (!replica) return this.onPrimary('no_replica', run);
    try {
      const result = await run(replica.pool);
      this.options.metrics.reads.inc({ target: 'replica', reason: '' });
      return result;
    } catch (err) {
      if (!isDatabaseUnavailable(err) && !isRecoveryConflict(err)) throw err;
      this.skip(replica, 'down', messageOf(err));
      return this.onPrimary('replica_failed', run);
    }
  }

  private onPrimary(reason: PrimaryReason, run: (pool: Pool) => Promise<QueryResult>): Promise<QueryResult> {
    this.options.metrics.reads.inc({ target: 'primary', reason });
    return run(this.primary);
  }

  /** The next usable replica in turn: measured lately, not lagging. */
  private pick(): Replica | null {
    const fresh = Date.now() - 2 * this.options.probeMs;
    for (let i = 0; i < this.replicas.length; i++) {
      const r = this.replicas[(this.next + i) % this.replicas.length]!;
      if (r.skipped === null && r.measuredAt >= fresh) {
        this.next = (this.next + i + 1) % this.replicas.length;
        return r;
      }
    }
    return null;
  }

  private skip(replica: Replica, reason: 'lag' | 'down', detail: string): void {
    if (replica.skipped === reason) return;
    replica.skipped = reason;
    this.options.metrics.replicaSkipped.inc({ replica: replica.label, reason });
    this.logger.warn(`Read replica ${replica.label} skipped (${reason}: ${detail}); its reads go to the primary`);
  }

  private use(replica: Replica): void {
    if (replica.skipped === null) return;
    this.logger.log(`Read replica ${replica.label} back in use (lag ${replica.lagMs} ms)`);
    replica.skipped = null;
  }

  /**
   * The primary's WAL position, then each replica's replay position: a replica that has replayed it
   * lags 0; one that has not lags at most the age of its last replayed transaction (everything
   * committed before that is there). A probe that fails or outlasts `probeMs` marks the replica down.
   */
  private async probe(): Promise<void> {
    let primaryLsn: string;
    try {
      const res = await this.timed(this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn'));
      primaryLsn = res.rows[0]!.lsn;
    } catch {
      // The primary does not answer: nothing to measure against; replicas age out of use (pick()).
      return;
    }
    await Promise.all(
      this.replicas.map(async (r) => {
        try {
          const res = await this.timed(
            r.pool.query<{ recovering: boolean; behind: string | null; age_ms: number | null }>(
              `select pg_is_in_recovery() as recovering,
                      pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind,
                      (extract(epoch from clock_timestamp() - pg_last_xact_replay_timestamp()) * 1000)::float8 as age_ms`,
              [primaryLsn],
            ),
          );
          const row = res.rows[0]!;
          if (!row.recovering) {
            r.lagMs = null;
            this.options.metrics.replicaLag.set({ replica: r.label }, -1);
            this.skip(r, 'down', 'not a standby (promoted?)');
            return;
          }
          const behind = row.behind === null ? Infinity : Number(row.behind);
          const lagMs = behind <= 0 ? 0 : (row.age_ms ?? Infinity);
          r.lagMs = lagMs;
          r.measuredAt = Date.now();
          this.options.metrics.replicaLag.set({ replica: r.label }, Number.isFinite(lagMs) ? lagMs / 1000 : -1);
          if (lagMs > this.options.maxLagMs) this.skip(r, 'lag', `${Number.isFinite(lagMs) ? Math.round(lagMs) : '?'} ms behind`);
          else this.use(r);
        } catch (err) {
          r.lagMs = null;
          this.options.metrics.replicaLag.set({ replica: r.label }, -1);
          this.skip(r, 'down', messageOf(err));
        }
      }),
    );
  }

  private timed<T>(work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    return Promise.race([
      work,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${this.options.probeMs} ms`)), Math.max(this.options.probeMs, 500));
      }),
    ]).finally(() => clearTimeout(timer));
  }

  /** Stops probing and closes the replicas' pools (the primary's is closed by its owner). */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.probing) await this.probing;
    await Promise.all(this.replicas.map((r) => r.pool.end()));
  }
}

/** Builds the router of a configuration with replicas (database.module.ts). */
export function replicaRouterOf(config: AppConfig, primary: Pool, createPool: (url: string) => Pool, metrics: ReplicaMetrics): ReplicaRouter | null {
  if (config.replicas.urls.length === 0) return null;
  const router = new ReplicaRouter(
    primary,
    config.replicas.urls.map((url) => ({ url, pool: createPool(url) })),
    { maxLagMs: config.replicas.maxLagMs, probeMs: config.replicas.probeMs, metrics },
  );
  router.start();
  return router;
}
