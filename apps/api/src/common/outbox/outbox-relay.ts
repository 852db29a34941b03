import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../config';
import { withDeadline } from '../time/deadline';
import { type EnqueueResult, JobQueue } from '../queue';
import { type ClaimedJob, OutboxRepository } from './outbox.repository';

/** Jobs claimed per round: a short claim statement, and a bounded number of hand-overs in flight. */
export const RELAY_BATCH = 50;
/** Back-off of a failed hand-over: 1 s, 2 s, 4 s, ... up to 5 minutes, for as long as it takes. */
const RETRY_BASE_MS = 1000;
const RETRY_MAX_MS = 5 * 60_000;

export const retryDelayMs = (attempts: number): number =>
  Math.min(RETRY_BASE_MS * 2 ** Math.max(0, attempts - 1), RETRY_MAX_MS);

/** The queue id of an outbox row's job: one per row, however often it is handed over. */
export const outboxJobId = (id: number): string => `outbox-${id}`;

/** The outbox row a queue job id names, or null for a job that did not come from the outbox. */
export function outboxRowOf(jobId: string | undefined): number | null {
  const match = jobId === undefined ? null : /^outbox-(\d+)$/.exec(jobId);
  return match ? Number(match[1]) : null;
}

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * Moves jobs from the PostgreSQL outbox to the JobQueue, in every process that runs jobs (ROLE=worker or all). Woken right after a
 * commit that wrote jobs (in this process) and every OUTBOX_POLL_MS otherwise (jobs of other
 * replicas, retries, leases run out). A hand-over that fails or takes longer than
 * OUTBOX_HANDOVER_TIMEOUT_MS is retried with back-off and never given up.
 *
 * A handed-over row stays pending: the worker marks it done when its job has run (JobOutbox.handle).
 * Until then the claim's lease (OUTBOX_LEASE_MS) keeps it from the relay; after it, the row is handed
 * over again under the same queue id `outbox-<id>`, and the queue's answer decides: still waiting or
 * running, nothing new; completed (the done mark was lost), marked done here; unknown (Redis lost
 * it), it is a new job and runs. So a job that is written runs at least once (docs/operations.md).
 */
@Injectable()
export class OutboxRelay implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Outbox');
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = true;
  /** Jobs that ran (or the queue says so) whose done mark failed (database away): marked at the next round. */
  private unmarked: number[] = [];
  /** Hand-overs that succeeded since `settle` last looked. */
  private handedOver = 0;
  /** Outages are reported once, and their end once. */
  private queueDown = false;
  private databaseDown = false;

  constructor(
    private readonly repository: OutboxRepository,
    private readonly jobs: JobQueue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** After every module has registered its job handlers; not in an `api` process (ROLE=api): workers relay. */
  onApplicationBootstrap(): void {
    if (!this.config.role.runsJobs) return;
    this.stopped = false;
    this.wake();
  }

  /** Relaying now (not in an `api` process, not after shutdown began). */
  get isRunning(): boolean {
    return !this.stopped;
  }

  /** Before the queue closes (beforeApplicationShutdown): a round under way finishes first. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    while (this.running) await this.running;
  }

  /** Look for due jobs now (a round under way is followed by one more). */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.drain().finally(() => {
      this.running = null;
      this.schedule();
    });
  }

  /**
   * Resolves when no job is due in the outbox and the queue has run what it was given, and their
   * done marks are written (tests). Jobs waiting for a retry after a failed hand-over, or for their
   * lease to run out, are not due, and are not waited for.
   */
  async settle(): Promise<void> {
    for (;;) {
      while (this.running) await this.running;
      this.handedOver = 0;
      this.wake();
      while (this.running) await this.running;
      await this.jobs.onIdle();
      // A job that ran may have written jobs of its own (a match job's notifications): its commit
      // woke the relay, whose hand-over may still be under way when the queue turns idle.
      while (this.running) await this.running;
      if (this.handedOver === 0 && (this.unmarked.length === 0 || this.databaseDown)) return;
    }
  }

  /**
   * A job of this row ran, but its done mark did not reach the database: written at the next round
   * (JobOutbox.handle). Should this process end first, the lease does it: the queue reports the job
   * completed (or, if it forgot it, the job runs again and finds what its first run left).
   */
  markDoneLater(id: number): void {
    this.unmarked.push(id);
  }

  private schedule(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), this.config.outbox.pollMs);
    // The poll alone does not keep the process alive.
    this.timer.unref();
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      try {
        for (;;) {
          const { claimed, failed } = await this.round();
          // A full batch handed over: there may be more. A failure: the queue is likely down,
          // the back-off decides when to try again.
          if (this.stopped || claimed < RELAY_BATCH || failed > 0) break;
        }
        if (this.databaseDown) this.logger.log('Outbox relay reaches PostgreSQL again');
        this.databaseDown = false;
      } catch (err) {
        // PostgreSQL away: nothing is lost (the rows are where they were); the poll tries again.
        if (!this.databaseDown) this.logger.warn(`Outbox relay cannot read the outbox: ${messageOf(err)}`);
        this.databaseDown = true;
        return;
      }
    } while (this.again && !this.stopped);
  }

  private async round(): Promise<{ claimed: number; failed: number }> {
    // Jobs that ran whose done mark did not reach the database (it went away in between): marked
    // first. Left to their lease instead, they would be handed over again minutes later, when the
    // queue may no longer remember them (BullMQ keeps the last 1000 completed) and runs them again.
    if (this.unmarked.length > 0) {
      // Taken first: workers may add to it while the statement runs.
      const ids = this.unmarked;
      this.unmarked = [];
      try {
        await this.repository.markRan(ids);
      } catch (err) {
        this.unmarked.push(...ids);
        throw err;
      }
    }
    const claimed = await this.repository.claim(RELAY_BATCH, this.config.outbox.leaseMs);
    if (claimed.length === 0) return { claimed: 0, failed: 0 };
    const results = await Promise.all(claimed.map((job) => this.handOver(job)));
    // Handed over again after the lease, and the queue says it ran: its done mark was lost.
    const completed = claimed.filter((_, i) => results[i] === 'completed').map((job) => job.id);
    if (completed.length > 0) {
      try {
        await this.repository.markRan(completed);
      } catch (err) {
        this.unmarked.push(...completed);
        throw err;
      }
    }
    // A row whose hand-over failed before is no longer waiting out a back-off.
    await this.repository.clearHandOverErrors(claimed.filter((job, i) => results[i] !== null && job.lastError !== null).map((job) => job.id));
    this.report(claimed, results);
    const failed = results.filter((r) => r === null).length;
    this.handedOver += claimed.length - failed;
    if (failed === 0 && this.queueDown) {
      this.queueDown = false;
      // Jobs that failed while it was away may be minutes into their back-off: due now.
      const due = await this.repository.retryFailedNow();
      this.logger.log(`Job queue takes jobs again; ${due} job(s) waiting for a retry are due now`);
      if (due > 0) this.again = true;
    }
    return { claimed: claimed.length, failed };
  }

  /**
   * Rows handed over again after their lease, by what the queue answered: it ran them (their done
   * mark was lost), or it did not hold them any more (lost with a Redis that restarted empty, or a
   * process that ended; or failed for good without their failed mark): queued anew.
   */
  private report(claimed: readonly ClaimedJob[], results: readonly (EnqueueResult | null)[]): void {
    // Not the first hand-over, and the one before it succeeded: the job was in the queue.
    const again = (job: ClaimedJob) => job.attempts > 1 && job.lastError === null;
    const lost = claimed.filter((job, i) => again(job) && results[i] === 'added').length;
    const ran = claimed.filter((_, i) => results[i] === 'completed').length;
    if (lost > 0) this.logger.warn(`Job queue no longer held ${lost} job(s) it had taken (lost with Redis?): handed over anew after their lease`);
    if (ran > 0) this.logger.log(`${ran} job(s) had run without their done mark reaching the database: marked done`);
  }

  /**
   * What the queue did with the job (a new one, one it holds, one that ran); null when it did not
   * answer, and the next attempt is scheduled. The row keeps its lease in every other case.
   */
  private async handOver(job: ClaimedJob): Promise<EnqueueResult | null> {
    try {
      // Never handed over before: the queue cannot hold it, and need not be asked.
      const firstTime = job.attempts === 1;
      return await this.withTimeout(this.jobs.enqueue(job.name, job.payload, { jobId: outboxJobId(job.id), firstTime }));
    } catch (err) {
      const message = messageOf(err);
      if (!this.queueDown) this.logger.warn(`Job queue did not take job "${job.name}" (kept in the outbox, retried): ${message}`);
      this.queueDown = true;
      await this.repository.markHandOverFailed(job.id, message, retryDelayMs(job.attempts));
      return null;
    }
  }

  private withTimeout<T>(work: Promise<T>): Promise<T> {
    const ms = this.config.outbox.handOverTimeoutMs;
    return withDeadline(work, ms, `hand-over took longer than ${ms} ms`);
  }
}
