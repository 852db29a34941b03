/** What a job handler gets: its payload and which attempt this is (1-based). */
export interface JobContext<P> {
  /** The `jobId` it was enqueued with (the outbox's `outbox-<row id>`); otherwise `job-<uuid>` on BullMQ, none in process. */
  id?: string;
  payload: P;
  attempt: number;
  /** Attempts this job has in all; the last one may record a final failure. */
  maxAttempts: number;
}

export type JobHandler<P = unknown> = (job: JobContext<P>) => Promise<void>;

export interface EnqueueOptions {
  /** Attempts in all, the first included; default 5. */
  attempts?: number;
  /** First retry delay; doubles on every retry (exponential back-off). Default 2 s. */
  backoffMs?: number;
  /** Wait this long before the first attempt. */
  delayMs?: number;
  /**
   * Stable id: the queue keeps one job per id, so enqueueing it again while it waits, runs or has
   * completed adds nothing (the answer says which). One that failed for good is put back with fresh
   * attempts. BullMQ remembers the last 1000 completed and 5000 failed ids, the in-process runner
   * the last 10 000 ids; a forgotten id is a new job.
   */
  jobId?: string;
  /**
   * With `jobId`: the caller knows that no job with this id was ever enqueued (the outbox's first
   * hand-over of a row), so the queue need not look for one first (one Redis round trip less).
   */
  firstTime?: boolean;
}

/**
 * What `enqueue` did: `added` (a new job, or one that had failed for good put back: it will run),
 * `queued` (a job with this id is waiting, delayed or running: nothing new), `completed` (a job with
 * this id ran successfully: nothing new). Without a `jobId` always `added`.
 */
export type EnqueueResult = 'added' | 'queued' | 'completed';

export interface RepeatOptions {
  /** Run every this many milliseconds (the first run comes at once). */
  everyMs: number;
}

/**
 * The background-job port: mail, notification fan-out, periodic housekeeping. BullMQ when Redis is
 * configured (jobs survive restarts and are shared by every replica), an in-process runner otherwise.
 * Handlers are registered once at start-up by the module that owns them.
 */
export abstract class JobQueue {
  abstract register<P>(name: string, handler: JobHandler<P>): void;
  abstract enqueue<P>(name: string, payload: P, opts?: EnqueueOptions): Promise<EnqueueResult>;
  /**
   * Runs a registered job now and then every `everyMs`. One schedule per name: scheduling it again
   * replaces it. In process the schedule ends with the queue; BullMQ keeps it in Redis, shared by
   * every replica, so the job runs once per interval in all. A failed run is not retried: the next
   * interval is its retry.
   */
  abstract repeat<P>(name: string, payload: P, opts: RepeatOptions): Promise<void>;
  /** Ends the schedule `repeat` made for this name, if any (a run under way finishes). */
  abstract stopRepeat(name: string): Promise<void>;
  /** Resolves when no job is waiting or running in this process (tests use it). */
  abstract onIdle(): Promise<void>;
  abstract close(): Promise<void>;
}

export const DEFAULT_ATTEMPTS = 5;

export function checkRepeat(name: string, opts: RepeatOptions): void {
  if (!Number.isInteger(opts.everyMs) || opts.everyMs <= 0) {
    throw new RangeError(`Job "${name}" must repeat every whole number of milliseconds above 0, got ${opts.everyMs}`);
  }
}
export const DEFAULT_BACKOFF_MS = 2000;

/**
 * A run that failed because the database is away (isDatabaseUnavailable: refused, shut down, too
 * many connections, ...) is tried again after this long without using up one of its attempts: an
 * outage longer than the back-off of all attempts would otherwise fail committed jobs for good (the
 * fault tier saw 4 of 5 attempts gone in a 20 s outage).
 */
export const DEPENDENCY_RETRY_MS = 2000;
