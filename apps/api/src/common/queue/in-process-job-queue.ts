import { Logger } from '@nestjs/common';
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

const IDS_KEPT = 10_000;

/** One job as the runner keeps it between attempts. */
interface Run<P> {
  id: string | undefined;
  name: string;
  payload: P;
  maxAttempts: number;
  backoff: number;
}

/** What became of a job enqueued with an id. */
type IdState = 'queued' | 'completed' | 'failed';

/**
 * Runs jobs in this process (setImmediate / timers) with retries and exponential back-off. Used
 * without Redis: good for one process. Jobs waiting here end with the process; the job outbox keeps
 * each job's row pending until it has run, and hands it over again after its lease.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly timers = new Set<NodeJS.Timeout | NodeJS.Immediate>();
  private readonly repeats = new Map<string, NodeJS.Timeout>();
  /** Job ids taken lately (oldest first) and what became of them, as BullMQ keeps them. */
  private readonly ids = new Map<string, IdState>();
  private running = 0;
  private idleWaiters: (() => void)[] = [];
  private closed = false;
  /** Runs put off because the database is away: reported once per outage. */
  private waitingForDatabase = false;

  constructor(private readonly options: { dependencyRetryMs?: number } = {}) {
    super();
  }

  register<P>(name: string, handler: JobHandler<P>): void {
    if (this.handlers.has(name)) throw new Error(`Job handler "${name}" is registered twice`);
    this.handlers.set(name, handler as JobHandler<never>);
  }

  enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<EnqueueResult> {
    if (this.closed) return Promise.reject(new Error('The job queue is closed'));
    if (!this.handlers.has(name)) return Promise.reject(new Error(`No handler for job "${name}"`));
    const { jobId } = opts;
    if (jobId !== undefined) {
      const state = this.ids.get(jobId);
      if (state === 'queued' || state === 'completed') return Promise.resolve(state);
      // New, or failed for good and asked for again: it runs (anew, with fresh attempts).
      this.remember(jobId, 'queued');
    }
    const job: Run<P> = { id: jobId, name, payload, maxAttempts: opts.attempts ?? DEFAULT_ATTEMPTS, backoff: opts.backoffMs ?? DEFAULT_BACKOFF_MS };
    this.schedule(() => this.run(job, 1), opts.delayMs ?? 0);
    return Promise.resolve('added');
  }

  /** Bounded memory: the oldest ids are forgotten first (BullMQ, too, keeps only the latest). */
  private remember(jobId: string, state: IdState): void {
    this.ids.delete(jobId);
    this.ids.set(jobId, state);
    if (this.ids.size > IDS_KEPT) this.ids.delete(this.ids.keys().next().value as string);
  }

  /** A finished job's id keeps its outcome (unless it was forgotten meanwhile). */
  private finished(jobId: string | undefined, state: IdState): void {
    if (jobId !== undefined && this.ids.has(jobId)) this.ids.set(jobId, state);
  }

  repeat<P>(name: string, payload: P, opts: RepeatOptions): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The job queue is closed'));
    if (!this.handlers.has(name)) return Promise.reject(new Error(`No handler for job "${name}"`));
    try {
      checkRepeat(name, opts);
    } catch (err) {
      return Promise.reject(err as Error);
    }
    clearInterval(this.repeats.get(name));
    let busy = false;
    const tick = () => {
      // A run that outlasts the interval is not joined by a second one.
      if (busy || this.closed) return;
      busy = true;
      this.schedule(
        () =>
          this.run({ id: undefined, name, payload, maxAttempts: 1, backoff: 0 }, 1).finally(() => {
            busy = false;
          }),
        0,
      );
    };
    const interval = setInterval(tick, opts.everyMs);
    // A schedule alone does not keep the process alive.
    interval.unref();
    this.repeats.set(name, interval);
    tick();
    return Promise.resolve();
  }

  stopRepeat(name: string): Promise<void> {
    clearInterval(this.repeats.get(name));
    this.repeats.delete(name);
    return Promise.resolve();
  }

  private schedule(task: () => Promise<void>, delayMs: number): void {
    this.running += 1;
    const start = () => {
      this.timers.delete(timer);
      task().finally(() => {
        this.running -= 1;
        if (this.running === 0) this.wakeIdle();
      });
    };
    const timer = delayMs > 0 ? setTimeout(start, delayMs) : setImmediate(start);
    this.timers.add(timer);
  }

  private async run<P>(job: Run<P>, attempt: number): Promise<void> {
    const { id, name, payload, maxAttempts, backoff } = job;
    const handler = this.handlers.get(name) as JobHandler<P> | undefined;
    if (!handler || this.closed) return;
    try {
      await handler({ id, payload, attempt, maxAttempts });
      this.finished(id, 'completed');
      if (this.waitingForDatabase) this.logger.log('Jobs reach the database again');
      this.waitingForDatabase = false;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (isDatabaseUnavailable(err)) {
        // The database is away: run again later, and keep the attempts for real failures.
        if (!this.waitingForDatabase) this.logger.warn(`Jobs wait for the database (not counted as attempts): ${message}`);
        this.waitingForDatabase = true;
        this.schedule(() => this.run(job, attempt), this.options.dependencyRetryMs ?? DEPENDENCY_RETRY_MS);
        return;
      }
      if (attempt >= maxAttempts) {
        this.finished(id, 'failed');
        this.logger.error(`Job "${name}" failed for good after ${attempt} attempts: ${message}`);
        return;
      }
      const delay = backoff * 2 ** (attempt - 1);
      this.logger.warn(`Job "${name}" failed (attempt ${attempt}/${maxAttempts}), retrying in ${delay} ms: ${message}`);
      this.schedule(() => this.run(job, attempt + 1), delay);
    }
  }

  private wakeIdle(): void {
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    waiters.forEach((resolve) => resolve());
  }

  onIdle(): Promise<void> {
    if (this.running === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Drops retries still waiting and repeat schedules, lets running handlers finish. */
  async close(): Promise<void> {
    this.closed = true;
    for (const interval of this.repeats.values()) clearInterval(interval);
    this.repeats.clear();
    for (const timer of this.timers) {
      clearTimeout(timer as NodeJS.Timeout);
      clearImmediate(timer as NodeJS.Immediate);
      this.running -= 1;
    }
    this.timers.clear();
    if (this.running <= 0) {
      this.running = 0;
      this.wakeIdle();
    }
    await this.onIdle();
  }
}
