import { Injectable } from '@nestjs/common';
import { type Database, schema, type Transaction } from '@legenett/db';
import { and, arrayOverlaps, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { InjectDatabase } from '../../database/database.tokens';

const o = schema.jobOutbox;

/**
 * A row whose job may still run: pending, or done at hand-over by a version before migration 0018
 * (no `ran_at`; its job may still be in the queue). Not one that ran, failed for good, or is gone.
 */
const runnable = and(isNull(o.ran_at), inArray(o.status, ['pending', 'done']));

/** A job to write to the outbox. */
export interface OutboxJob<P = unknown> {
  /** The name its handler is registered under on the JobQueue. */
  name: string;
  /** Plain JSON: it is stored as jsonb and read back by the relay. */
  payload: P;
  /** When set, a second job with the same key is not written (one job per decision, per mail, ...). */
  dedupeKey?: string;
  /**
   * The accounts the payload names, so erasing an account finds its jobs (see deleteForUser): such a
   * job is deleted with the account. A job for many accounts alike (a digest send batch) keeps their
   * ids in its payload's `user_ids` (a JSON array of numbers): erasing one of them removes that id
   * from both and leaves the job to the others (it is deleted with the last).
   */
  userIds?: readonly (number | null)[];
  /** Not handed over before this instant (an e-mail held back for the end of quiet hours); default now. */
  notBefore?: Date;
  /** Not handed over before this many milliseconds after the commit (e.g. "still unread after 15 minutes"). */
  delayMs?: number;
}

export interface ClaimedJob {
  id: number;
  name: string;
  payload: unknown;
  /** Hand-overs including this one. */
  attempts: number;
  /** Why the last hand-over failed; null when it succeeded (or this is the first). */
  lastError: string | null;
}

/** The job outbox table; only the outbox (JobOutbox, OutboxRelay) and housekeeping use it. */
@Injectable()
export class OutboxRepository {
  constructor(@InjectDatabase() private readonly db: Database) {}

  /** Writes the jobs in the caller's transaction; answers how many were new (not deduplicated). */
  async insert(tx: Transaction, jobs: readonly OutboxJob[]): Promise<number> {
    if (jobs.length === 0) return 0;
    const rows = await tx
      .insert(o)
      .values(
        jobs.map((job) => ({
          name: job.name,
          payload: job.payload,
          dedupe_key: job.dedupeKey ?? null,
          user_ids: [...new Set((job.userIds ?? []).filter((id): id is number => id !== null))],
          next_attempt_at: job.notBefore ?? (job.delayMs ? sql`now() + ${Math.round(job.delayMs)} * interval '1 millisecond'` : sql`now()`),
        })),
      )
      .onConflictDoNothing({ target: o.dedupe_key })
      .returning({ id: o.id });
    return rows.length;
  }

  /**
   * Rewrites fields of `payload.data` in the jobs named `name` whose payload holds `contains`,
   * pending or done (done rows are kept a day): a copy of a text its writer changed or deleted must
   * not be delivered or kept. A job already handed to the queue runs with its copy; the caller
   * repairs what such a run writes (docs/messages.md, "Edits and deletions").
   */
  async patchPayloadData(tx: Transaction, name: string, contains: Record<string, unknown>, patch: Record<string, unknown>): Promise<number> {
    const rows = await tx
      .update(o)
      .set({ payload: sql`jsonb_set(${o.payload}, '{data}', coalesce(${o.payload}->'data', '{}'::jsonb) || ${JSON.stringify(patch)}::jsonb)` })
      .where(and(eq(o.name, name), sql`${o.payload} @> ${JSON.stringify(contains)}::jsonb`))
      .returning({ id: o.id });
    return rows.length;
  }

  /**
   * Takes up to `limit` due jobs for this replica: rows another replica is claiming are skipped
   * (SKIP LOCKED, as are rows a worker is marking), and a claimed row is not due again for
   * `leaseMs`: its job has that long to run and be marked done before it is handed over again.
   * Served by job_outbox_pending_due_idx.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedJob[]> {
    const due = this.db
      .select({ id: o.id })
      .from(o)
      .where(and(eq(o.status, 'pending'), lte(o.next_attempt_at, sql`now()`)))
      .orderBy(asc(o.next_attempt_at), asc(o.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(o)
      .set({ attempts: sql`${o.attempts} + 1`, next_attempt_at: sql`now() + ${leaseMs} * interval '1 millisecond'` })
      .where(inArray(o.id, due))
      .returning({ id: o.id, name: o.name, payload: o.payload, attempts: o.attempts, lastError: o.last_error });
    return rows.sort((a, b) => a.id - b.id);
  }

  /** These were handed over after a failed hand-over: the error is history (and no longer makes them due, see retryFailedNow). */
  async clearHandOverErrors(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .update(o)
      .set({ last_error: null })
      .where(and(inArray(o.id, [...ids]), eq(o.status, 'pending')));
  }

  /**
   * The done mark: these jobs have run. In the handler's transaction when given: the row stays
   * locked until it commits, so a second run of the same job waits for it and then finds the row
   * done. Answers how many rows it marked (0: another run marked it, it failed for good, or it is gone).
   */
  async markRan(ids: readonly number[], tx?: Transaction): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await (tx ?? this.db)
      .update(o)
      .set({ status: 'done', done_at: sql`now()`, ran_at: sql`now()`, last_error: null })
      .where(and(inArray(o.id, [...ids]), runnable))
      .returning({ id: o.id });
    return rows.length;
  }

  /** `markRan` of one row in the handler's transaction, answering the payload the row holds then (null: not runnable). */
  async markRanReturning(id: number, tx: Transaction): Promise<{ payload: unknown } | null> {
    const [row] = await tx
      .update(o)
      .set({ status: 'done', done_at: sql`now()`, ran_at: sql`now()`, last_error: null })
      .where(and(eq(o.id, id), runnable))
      .returning({ payload: o.payload });
    return row ?? null;
  }

  /** Its job failed in every attempt: kept `failed` with the reason, not handed over again. */
  async markJobFailed(id: number, error: string): Promise<void> {
    await this.db
      .update(o)
      .set({ status: 'failed', failed_at: sql`now()`, last_error: error.slice(0, 2000) })
      .where(and(eq(o.id, id), runnable));
  }

  /** The hand-over failed: try again after `retryInMs`. */
  async markHandOverFailed(id: number, error: string, retryInMs: number): Promise<void> {
    await this.db
      .update(o)
      .set({ last_error: error.slice(0, 2000), next_attempt_at: sql`now() + ${retryInMs} * interval '1 millisecond'` })
      .where(and(eq(o.id, id), eq(o.status, 'pending')));
  }

  /**
   * The queue is back: jobs waiting out the back-off of failed hand-overs are due now, rather than
   * up to RETRY_MAX_MS later. A row another replica has claimed in the meantime may be handed over
   * twice; its queue id makes the queue keep it once.
   */
  async retryFailedNow(): Promise<number> {
    const result = await this.db
      .update(o)
      .set({ next_attempt_at: sql`now()` })
      .where(and(eq(o.status, 'pending'), isNotNull(o.last_error), gt(o.next_attempt_at, sql`now()`)));
    return result.rowCount ?? 0;
  }

  /**
   * Every job, pending or done, whose payload names the account (account erasure): deleted, but for
   * a job for many accounts (`payload.user_ids`) that names it among them, which loses this one and
   * stays for the others (a job that names it otherwise, as the actor of a notification to many, goes).
   * Answers how many jobs it deleted or changed.
   */
  async deleteForUser(userId: number, tx?: Transaction): Promise<number> {
    const db = tx ?? this.db;
    const shared = await db.execute(sql`
      update job_outbox set
        user_ids = array_remove(user_ids, ${userId}::int),
        payload = jsonb_set(payload, '{user_ids}',
          coalesce((select jsonb_agg(e) from jsonb_array_elements(payload->'user_ids') e where e <> to_jsonb(${userId}::int)), '[]'::jsonb))
      where user_ids && array[${userId}::int] and cardinality(user_ids) > 1 and jsonb_typeof(payload->'user_ids') = 'array'
        and payload->'user_ids' @> to_jsonb(${userId}::int)`);
    const result = await db.delete(o).where(arrayOverlaps(o.user_ids, [userId]));
    return (shared.rowCount ?? 0) + (result.rowCount ?? 0);
  }
}
