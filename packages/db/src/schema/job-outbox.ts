import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';

/**
 * `pending` until its job has run, then `done` (purged after a retention period); `failed` when its
 * job failed in every attempt (kept for a longer retention period, to look into or run again).
 * Rows `done` without `ran_at` were marked at the hand-over by versions before 0018: their job may
 * still be waiting in the queue, and runs.
 */
export const JOB_OUTBOX_STATUSES = ['pending', 'done', 'failed'] as const;

/**
 * The transactional job outbox: a background job is written here in the same transaction as the
 * row that caused it, and a relay in every API replica hands it to the job queue afterwards. So a
 * request never waits on Redis, and nothing committed is without its job.
 */
export const jobOutbox = pgTable(
  'job_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** The job name a handler is registered under (`notifications.create`, `mail.deliver`, ...). */
    name: text('name').notNull(),
    payload: jsonb('payload').$type<unknown>().notNull(),
    /** Optional stable key: a second job with the same key is not written (e.g. one per decision). */
    dedupe_key: text('dedupe_key'),
    /**
     * The accounts the payload names, so erasing an account can find its jobs without reading
     * every payload shape. No foreign key: a job may outlive its rows, and erasure deletes these.
     */
    user_ids: integer('user_ids').array().notNull().default(sql`'{}'::integer[]`),
    status: text('status', { enum: JOB_OUTBOX_STATUSES }).notNull().default('pending'),
    /** Hand-overs so far (each claim counts one: the first, retries after a failure, and each one after a lease ran out). */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the relay may take it next: now for a new job; after a claim, the end of its lease (the
     * job has that long to run before it is handed over again); after a failed hand-over, its back-off.
     */
    next_attempt_at: tstz('next_attempt_at').notNull().defaultNow(),
    /** Why the last hand-over failed, or why the job failed for good (`failed`). */
    last_error: text('last_error'),
    done_at: tstz('done_at'),
    /** When its job ran (the worker's done mark, in the handler's transaction); null on rows done at hand-over before 0018. */
    ran_at: tstz('ran_at'),
    /** When its job failed for good (`failed`). */
    failed_at: tstz('failed_at'),
    ...timestamps,
  },
  (t) => [
    check('job_outbox_status_check', inList(t.status, JOB_OUTBOX_STATUSES)),
    // The relay's claim: due pending rows in order; done rows are not in this index at all.
    index('job_outbox_pending_due_idx')
      .on(t.next_attempt_at, t.id)
      .where(sql`${t.status} = 'pending'`),
    // Housekeeping purges done rows after the retention period.
    index('job_outbox_done_at_idx')
      .on(t.done_at)
      .where(sql`${t.status} = 'done'`),
    // Housekeeping purges failed rows after their (longer) retention period.
    index('job_outbox_failed_at_idx')
      .on(t.failed_at)
      .where(sql`${t.status} = 'failed'`),
    uniqueIndex('job_outbox_dedupe_key_key').on(t.dedupe_key),
    // Account erasure: `user_ids && array[$1]`.
    index('job_outbox_user_ids_idx').using('gin', t.user_ids),
  ],
);
