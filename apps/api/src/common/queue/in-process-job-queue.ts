import { Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../../database/database-errors';
import {
  checkRepeat,
  DEFAULT_ATTEMPTS,
  DEFAULT_BACKOFF_MS,
  DEPENDENCY_RETRY_MS,
  type EnqueueOptions,
  type JobHandler,
  JobQueue,
  type RepeatOptions,
} from './job-queue';

const SEEN_IDS_KEPT = 10_000;

/**
 * Runs jobs in this process (setImmediate / timers) with retries and exponential back-off. Used
 * without Redis: good for one process. Jobs enter through the job outbox, which marks them done
 * once handed over here, so a job not yet run when the process ends is lost (with Redis, BullMQ
 * keeps it); mail stays queued in outbox_messages, visible to the admin.
 */
export class InProcessJobQueue extends JobQueue {
  private readonly logger = new Logger('Jobs');
  private readonly handlers = new Map<string, JobHandler<never>>();
  private readonly timers = new Set<NodeJS.Timeout | NodeJS.Immediate>();
  private readonly repeats = new Map<string, NodeJS.Timeout>();
  /** Job ids taken lately (oldest first), so a repeated hand-over of one job runs it once. */
  private readonly seenIds = new Set<string>();
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

  enqueue<P>(name: string, payload: P, opts: EnqueueOptions = {}): Promise<void> {
    if (this.closed) return Promise.reject(new Error('The job queue is closed'));
    if (!this.handlers.has(name)) return Promise.reject(new Error(`No handler for job "${name}"`));
    if (opts.jobId !== undefined) {
      if (this.seenIds.has(opts.jobId)) return Promise.resolve();
      this.seenIds.add(opts.jobId);
      // Bounded memory: a repeat comes seconds after the first hand-over, not thousands of jobs later.
      if (this.seenIds.size > SEEN_IDS_KEPT) this.seenIds.delete(this.seenIds.values().next().value as string);
    }
    const maxAttempts = opts.attempts ?? DEFAULT_ATTEMPTS;
    const backoff = opts.backoffMs ?? DEFAULT_BACKOFF_MS;
    this.schedule(() => this.run(name, payload, 1, maxAttempts, backoff), opts.delayMs ?? 0);
    return Promise.resolve();
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
          this.run(name, payload, 1, 1, 0).finally(() => {
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

  private async run<P>(name: string, payload: P, attempt: number, maxAttempts: number, backoff: number): Promise<void> {
    const handler = this.handlers.get(name) as JobHandler<P> | undefined;
    if (!handler || this.closed) return;
    try {
      await handler({ payload, attempt, maxAttempts });
      if (this.waitingForDatabase) this.logger.log('Jobs reach the database again');
      this.waitingForDatabase = false;
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (isDatabaseUnavailable(err)) {
        // The database is away: run again later, and keep the attempts for real failures.
        if (!this.waitingForDatabase) this.logger.warn(`Jobs wait for the database (not counted as attempts): ${message}`);
        this.waitingForDatabase = true;
        this.schedule(() => this.run(name, payload, attempt, maxAttempts, backoff), this.options.dependencyRetryMs ?? DEPENDENCY_RETRY_MS);
        return;
      }
      if (attempt >= maxAttempts) {
        this.logger.error(`Job "${name}" failed for good after ${attempt} attempts: ${message}`);
        return;
      }
      const delay = backoff * 2 ** (attempt - 1);
      this.logger.warn(`Job "${name}" failed (attempt ${attempt}/${maxAttempts}), retrying in ${delay} ms: ${message}`);
      this.schedule(() => this.run(name, payload, attempt + 1, maxAttempts, backoff), delay);
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
