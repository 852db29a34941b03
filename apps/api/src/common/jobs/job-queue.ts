/** What a job handler gets: its payload and which attempt this is (1-based). */
export interface JobContext<P> {
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
}

/**
 * The background-job port: mail now, notification fan-out later. BullMQ when Redis is configured
 * (jobs survive restarts and are shared by every replica), an in-process runner otherwise.
 * Handlers are registered once at start-up by the module that owns them.
 */
export abstract class JobQueue {
  abstract register<P>(name: string, handler: JobHandler<P>): void;
  abstract enqueue<P>(name: string, payload: P, opts?: EnqueueOptions): Promise<void>;
  /** Resolves when no job is waiting or running in this process (tests use it). */
  abstract onIdle(): Promise<void>;
  abstract close(): Promise<void>;
}

export const DEFAULT_ATTEMPTS = 5;
export const DEFAULT_BACKOFF_MS = 2000;
