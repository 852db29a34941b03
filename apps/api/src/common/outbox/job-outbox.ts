import { Injectable, Logger } from '@nestjs/common';
import { isDatabaseUnavailable } from '../../database/database-errors';
import { type Transaction, UnitOfWork } from '../../database/unit-of-work';
import { type JobContext, JobQueue } from '../queue';
import { OutboxRelay, outboxRowOf } from './outbox-relay';
import { type OutboxJob, OutboxRepository } from './outbox.repository';

/** What a handler of outbox jobs gets: the queue's context, and `once` for its writes. */
export interface OutboxJobContext<P> extends JobContext<P> {
  /**
   * Runs `work` in one transaction with this job's done mark, so the handler's writes and the mark
   * commit together or not at all. Answers false, without running `work`, when the job is marked
   * already: another run of it got there first (a second run waits for the first one's commit),
   * or it failed for good, or it was erased with an account. At most one call per run; a handler
   * that makes none is marked done when it returns.
   *
   * `work` gets the payload as the row holds it when marked: a job rewritten after it was handed
   * over (a message edited or deleted: `patchPayloadData`) runs with the new payload, never the copy
   * the queue carried. The mark locks the row, so a rewrite waits for a run under way, and a run for
   * a rewrite under way.
   */
  once(work: (tx: Transaction, payload: P) => Promise<void>): Promise<boolean>;
}

export type OutboxJobHandler<P> = (job: OutboxJobContext<P>) => Promise<void>;

const messageOf = (err: unknown): string => (err instanceof Error ? err.message : String(err));

/**
 * The one way to start a background job from a module, and to handle it:
 *
 * - `add(tx, job)` writes it to the job outbox in the caller's transaction, so it exists exactly
 *   when the caller's rows do. The relay hands it to the JobQueue right after the commit (and
 *   retries until the queue takes it); the request never waits on Redis. Without a transaction,
 *   `add(null, job)` opens its own.
 * - `handle(name, handler)` registers its handler on the JobQueue. The row stays pending until the
 *   handler has run successfully and is marked done then: by `job.once(tx => ...)` in the
 *   transaction of the handler's own writes, else right after the handler returns.
 *
 * Delivery is at least once: a job may run a second time (its row handed over again after the
 * lease to a queue that forgot it ran, a worker that stalled). The rule that makes that harmless:
 * a handler's effects go inside `once` (the second run finds the row done and skips them); before
 * it, only reads, or effects the handler guards itself (mail.deliver's sent mark). See
 * docs/operations.md for what a second run of each handler does.
 */
@Injectable()
export class JobOutbox {
  private readonly logger = new Logger('Outbox');
  /** Done marks after a run that failed: reported once per outage. */
  private markFailing = false;

  constructor(
    private readonly repository: OutboxRepository,
    private readonly uow: UnitOfWork,
    private readonly relay: OutboxRelay,
    private readonly jobs: JobQueue,
  ) {}

  async add(tx: Transaction | null, jobs: OutboxJob | readonly OutboxJob[]): Promise<void> {
    const list: readonly OutboxJob[] = Array.isArray(jobs) ? jobs : [jobs as OutboxJob];
    if (list.length === 0) return;
    if (tx === null) {
      await this.uow.run((own) => this.add(own, list));
      return;
    }
    const written = await this.repository.insert(tx, list);
    // Outside UnitOfWork.run there is no commit to hook: the relay's poll finds the job instead.
    if (written > 0) this.uow.afterCommit(tx, () => this.relay.wake());
  }

  /**
   * Registers the handler of the outbox jobs named `name` (in `onModuleInit`). A job enqueued on the
   * JobQueue directly (no outbox row) runs it too, `once` then being a plain transaction.
   */
  handle<P>(name: string, handler: OutboxJobHandler<P>): void {
    this.jobs.register<P>(name, async (job) => {
      const row = outboxRowOf(job.id);
      let marked = false;
      const once = async (work: (tx: Transaction, payload: P) => Promise<void>): Promise<boolean> => {
        if (marked) throw new Error(`Job "${name}" called once() twice in one run`);
        marked = true;
        return this.uow.run(async (tx) => {
          // First: the mark locks the row, so a second run of this job waits here and then finds it
          // done; the payload is the row's as marked (rewritten since the hand-over, perhaps).
          let payload = job.payload;
          if (row !== null) {
            const current = await this.repository.markRanReturning(row, tx);
            if (current === null) return false;
            payload = current.payload as P;
          }
          await work(tx, payload);
          return true;
        });
      };
      try {
        await handler({ ...job, once });
      } catch (err) {
        // The queue's last attempt (a run put off while the database is away is none).
        if (row !== null && job.attempt >= job.maxAttempts && !isDatabaseUnavailable(err)) await this.failedForGood(row, name, err);
        throw err;
      }
      if (row !== null && !marked) await this.markRan(row);
    });
  }

  /** Rewrites fields of `payload.data` of the jobs named `name` holding `contains` (OutboxRepository.patchPayloadData). */
  patchPayloadData(tx: Transaction, name: string, contains: Record<string, unknown>, patch: Record<string, unknown>): Promise<number> {
    return this.repository.patchPayloadData(tx, name, contains, patch);
  }

  /** Account erasure: the jobs whose payload names this account, pending or done, go. */
  eraseUser(userId: number, tx?: Transaction): Promise<number> {
    return this.repository.deleteForUser(userId, tx);
  }

  /** After a handler without `once`: a mark that fails is left to the relay, the job is not run again for it. */
  private async markRan(row: number): Promise<void> {
    try {
      await this.repository.markRan([row]);
      if (this.markFailing) this.logger.log('Done marks of jobs reach the database again');
      this.markFailing = false;
    } catch (err) {
      if (!this.markFailing) this.logger.warn(`Job ran, but its done mark failed (written later): ${messageOf(err)}`);
      this.markFailing = true;
      this.relay.markDoneLater(row);
    }
  }

  /**
   * Kept `failed`, not handed over again. Should the mark fail, the row stays pending and the relay
   * hands it over after its lease: the queue then runs it anew with fresh attempts.
   */
  private async failedForGood(row: number, name: string, err: unknown): Promise<void> {
    try {
      await this.repository.markJobFailed(row, messageOf(err));
    } catch (markErr) {
      this.logger.warn(`Job "${name}" (outbox #${row}) failed for good, and marking it failed did too: ${messageOf(markErr)}`);
    }
  }
}
