import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';

/** `pending` until the relay has handed the job to the queue, then `done` (purged after a retention period). */
export const JOB_OUTBOX_STATUSES = ['pending', 'done'] as const;

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
    /** Hand-over attempts so far (the claim counts one). */
    attempts: integer('attempts').notNull().default(0),
    /** When the relay may take it next: now for a new job, later after a failed hand-over or while claimed. */
    next_attempt_at: tstz('next_attempt_at').notNull().defaultNow(),
    last_error: text('last_error'),
    done_at: tstz('done_at'),
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
    uniqueIndex('job_outbox_dedupe_key_key').on(t.dedupe_key),
    // Account erasure: `user_ids && array[$1]`.
    index('job_outbox_user_ids_idx').using('gin', t.user_ids),
  ],
);
