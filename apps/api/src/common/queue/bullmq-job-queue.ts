import { randomUUID } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { DelayedError, type Job, Queue, Worker } from 'bullmq';
import { type RedisOptions } from 'ioredis';
import { isDatabaseUnavailable } from '../../database/database-errors';
import {
  checkRepeat,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEPENDENCY_RETRY_MS,
  type EnqueueOptions,
  type EnqueueResult,
  type JobHandler,
  JobQueue,
  type RepeatOptions,
} from './job-queue';

export const QUEUE_NAME = 'legenett-jobs';
/** Jobs one process's worker runs at once, unless the constructor is told otherwise. */
export const WORKER_CONCURRENCY = 5;
const CLOSE_TIMEOUT_MS = 3000;
const RECONNECT_MAX_MS = 1000;

/**
 * BullMQ on Redis: one queue, one worker per process dispatching on the job name. Jobs survive a
 * restart and any replica may run them; BullMQ does the retries with exponential back-off.
 */
export class BullMqJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly queue: Queue;
  /** None in an `api` process (ROLE=api): it adds jobs, workers run them. */
  private readonly worker: Worker | null;
  private readonly inFlight = new Set<string>();
  private idleWaiters: (() => void)[] = [];
  private closing = false;
  private readonly dependencyRetryMs: number;
  /** Runs put off because the database is away: reported once per outage. */
  private waitingForDatabase = false;

  constructor(
    redis: string | RedisOptions,
    options: { prefix?: string; concurrency?: number; dependencyRetryMs?: number; consume?: boolean } = {},
  ) {
    super();
    this.dependencyRetryMs = options.dependencyRetryMs ?? DEPENDENCY_RETRY_MS;
    // BullMQ needs its own connections; workers block, so retries-per-request must be off.
    // Reconnect with back-off while running; stop reconnecting once closing, so a Redis that is
    // away does not keep the process alive after shutdown.
    const connection: RedisOptions & { url?: string } = {
      ...(typeof redis === 'string' ? { url: redis } : redis),
      maxRetriesPerRequest: null,
      // At most 1 s apart: a refused attempt costs nothing, and the worker is back within a second
      // of Redis (at 5 s apart the jobs of an outage waited up to 5 s more for it).
      retryStrategy: (times: number) => (this.closing ? null : Math.min(times * 200, RECONNECT_MAX_MS)),
    };
    const prefix = options.prefix ?? 'bull';
    this.queue = new Queue(QUEUE_NAME, { connection, prefix });
    this.worker = options.consume === false ? null : new Worker(QUEUE_NAME, (job: Job, token?: string) => this.process(job, token), {
      connection,
      prefix,
      concurrency: options.concurrency ?? WORKER_CONCURRENCY,
      // After a connection error BullMQ waits this long before it fetches (or marks a job done)
      // again: its default of 15 s kept workers idle for up to 15 s after Redis returned, and an
      // outage's backlog drained at a fraction of the rate (the fault tier: 191 jobs in 5.3 s).
      runRetryDelay: RECONNECT_MAX_MS,
    });
    this.worker?.on('failed', (job, err) => {
      if (!job) return;
      const attempts = job.opts.attempts ?? 1;
      const final = job.attemptsMade >= attempts;
      const line = `Job "${job.name}" failed (attempt ${job.attemptsMade}/${attempts})${final ? ' for good' : ''}: ${err.message}`;
      if (final) this.logger.error(line);
      else this.logger.warn(line);
      if (final && job.id) this.settle(job.id);
    });
    this.worker?.on('completed', (job) => {
      if (job.id) this.settle(job.id);
    });
    // Redis being away repeats the same error many times a second: report it once per component.
    const reported = new Set<string>();
    const reportOnce = (what: string) => (err: Error) => {
      if (reported.has(what)) return;
      reported.add(what);
      this.logger.warn(`Job ${what}: ${err.message}`);
    };
    this.worker?.on('error', reportOnce('worker'));
    this.queue.on('error', reportOnce('queue'));
  }

  register<P>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`Job handler "${name}" is registered twice`);
    this.handlers.set(name, handler as JobHandler<never>);
  }

  async enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<EnqueueResult> {
    // Every job gets its id before it reaches Redis: our own when the caller gave none.
    const jobId = opts.jobId ?? `job-${randomUUID()}`;
    if (opts.jobId !== undefined && !opts.firstTime) {
      const state = await this.queue.getJobState(jobId);
      if (state === 'completed') return 'completed';
      // Failed for good and asked for again: run it anew with fresh attempts (BullMQ's add would
      // keep the failed one).
      if (state === 'failed') await this.queue.remove(jobId);
      else if (state !== 'unknown') return 'queued';
    }
    // In flight before the add: a worker of this process may take, run and finish the job before
    // the add's answer is read (seen on a loaded machine), and its "completed" must find the id here.
    // Registered after the add, the id stayed in flight for good and onIdle never resolved.
    this.inFlight.add(jobId);
    try {
      await this.queue.add(name, payload, {
        attempts: opts.attempts ?? DEFAULT_ATTEMPTS,
        backoff: { type: 'exponential', delay: opts.backoffMs ?? DEFAULT_BACKOFF_MS },
        delay: opts.delayMs,
        jobId,
        removeOnComplete: 1000,
        removeOnFail: 5000,
      });
    } catch (err) {
      this.settle(jobId);
      throw err;
    }
    return 'added';
  }

  /**
   * A BullMQ job scheduler named after the job: upserting it replaces the previous schedule, and
   * Redis holds it for every replica, so restarts and scale-out never double it.
   */
  async repeat<P>(name: string, payload: P, opts: RepeatOptions): Promise<void> {
    checkRepeat(name, opts);
    await this.queue.upsertJobScheduler(
      name,
      { every: opts.everyMs },
      { name, data: payload, opts: { attempts: 1, removeOnComplete: 100, removeOnFail: 500 } },
    );
  }

  async stopRepeat(name: string): Promise<void> {
    await this.queue.removeJobScheduler(name);
  }

  private async process(job: Job, token?: string): Promise<void> {
    const handler = this.handlers.get(job.name) as JobHandler<unknown> | undefined;
    if (!handler) throw new Error(`No handler for job "${job.name}" in this process`);
    try {
      await handler({ id: job.id, payload: job.data as unknown, attempt: job.attemptsMade + 1, maxAttempts: job.opts.attempts ?? 1 });
      if (this.waitingForDatabase) this.logger.log('Jobs reach the database again');
      this.waitingForDatabase = false;
    } catch (err) {
      if (!isDatabaseUnavailable(err) || this.closing) throw err;
      // The database is away: run again later, and keep the attempts for real failures.
      if (!this.waitingForDatabase) this.logger.warn(`Jobs wait for the database (not counted as attempts): ${(err as Error).message}`);
      this.waitingForDatabase = true;
      await job.moveToDelayed(Date.now() + this.dependencyRetryMs, token);
      throw new DelayedError();
    }
  }

  /** A job this process enqueued completed or failed for good (as seen by this process's worker). */
  private settle(jobId: string): void {
    if (!this.inFlight.delete(jobId)) return;
    if (this.inFlight.size === 0) {
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      waiters.forEach((resolve) => resolve());
    }
  }

  /**
   * Resolves when every job this process enqueued has completed or failed for good in this
   * process's worker (tests run one process; with several replicas another may take a job).
   */
  onIdle(): Promise<void> {
    if (this.inFlight.size === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /**
   * Lets running jobs finish (waiting jobs stay in Redis for the next process). Against an
   * unreachable Redis a graceful close would wait for a connection forever, so it is cut short.
   */
  async close(): Promise<void> {
    this.closing = true;
    let timer: NodeJS.Timeout | undefined;
    const graceful = Promise.all([this.worker?.close(), this.queue.close()]).then(() => true);
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(() => resolve(false), CLOSE_TIMEOUT_MS);
    });
    const closed = await Promise.race([graceful, timedOut]);
    clearTimeout(timer);
    if (!closed) {
      this.logger.warn('Job queue did not close in time (Redis unreachable?); disconnecting');
      void Promise.allSettled([this.worker?.disconnect(), this.queue.disconnect()]);
    }
  }
}
