import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';
import { partnerCompanies, users } from './accounts';

/**
 * The patient-data guard's sweep of content written before (issue 38, docs/patient-data-guard.md):
 * each run walks every shared text in keyset batches and records each identity number it finds.
 */
export const GUARD_SWEEP_REASONS = ['manual', 'rules'] as const;
export const GUARD_SWEEP_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
/** Where a finding is: one per kind of content the sweep reads (the API's source list). */
export const GUARD_FINDING_SOURCES = [
  'post',
  'comment',
  'petition',
  'press_release',
  'job',
  'product',
  'course',
  'company',
  'profile',
  'group',
  'message',
  'file',
] as const;
export const GUARD_FINDING_STATUSES = ['open', 'removed', 'not_a_number'] as const;

export const guardSweeps = pgTable(
  'guard_sweeps',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    reason: text('reason', { enum: GUARD_SWEEP_REASONS }).notNull(),
    /** The guard's rules version (NATIONAL_ID_RULES_VERSION of the contracts) the run matches with. */
    rules_version: smallint('rules_version').notNull(),
    status: text('status', { enum: GUARD_SWEEP_STATUSES }).notNull().default('queued'),
    requested_by_user_id: integer('requested_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where the run has come to: the source it reads and the last id done there (resumes after a crash). */
    cursor_source: text('cursor_source', { enum: GUARD_FINDING_SOURCES }),
    cursor_id: bigint('cursor_id', { mode: 'number' }).notNull().default(0),
    scanned: integer('scanned').notNull().default(0),
    found: integer('found').notNull().default(0),
    started_at: tstz('started_at'),
    finished_at: tstz('finished_at'),
    ...timestamps,
  },
  (t) => [
    check('guard_sweeps_reason_check', inList(t.reason, GUARD_SWEEP_REASONS)),
    check('guard_sweeps_status_check', inList(t.status, GUARD_SWEEP_STATUSES)),
    check('guard_sweeps_cursor_source_check', sql`${t.cursor_source} is null or ${inList(t.cursor_source, GUARD_FINDING_SOURCES)}`),
    /** At most one run queued or running at a time: asking again returns it. */
    uniqueIndex('guard_sweeps_one_active_uq').on(sql`(true)`).where(sql`${t.status} in ('queued', 'running')`),
    index('guard_sweeps_rules_version_idx').on(t.rules_version, t.status),
    index('guard_sweeps_requested_by_idx').on(t.requested_by_user_id).where(sql`${t.requested_by_user_id} is not null`),
  ],
);

export const guardFindings = pgTable(
  'guard_findings',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    source: text('source', { enum: GUARD_FINDING_SOURCES }).notNull(),
    /** The row's id in its own table (posts.id, petitions.id, user_info.user_id, ...). */
    content_id: bigint('content_id', { mode: 'number' }).notNull(),
    /** The column that holds it (`summary`, `body`, `original_name`, ...). */
    field: text('field').notNull(),
    /** Who wrote it: a member, or a company (then its member if known). */
    author_user_id: integer('author_user_id').references(() => users.id, { onDelete: 'set null' }),
    author_company_id: integer('author_company_id').references(() => partnerCompanies.id, { onDelete: 'set null' }),
    /** When the content was written. */
    content_created_at: tstz('content_created_at').notNull(),
    /** Where an administrator sees it (a web path); null for a private message. */
    link: text('link'),
    /** The number masked: never the number itself (`******-***46`). */
    masked: text('masked').notNull(),
    /** HMAC of the number (the national-id hash key): tells one finding from another without storing it. */
    number_hash: text('number_hash').notNull(),
    could_be_account: boolean('could_be_account').notNull().default(false),
    first_sweep_id: bigint('first_sweep_id', { mode: 'number' }).references(() => guardSweeps.id, { onDelete: 'set null' }),
    last_seen_sweep_id: bigint('last_seen_sweep_id', { mode: 'number' }).references(() => guardSweeps.id, { onDelete: 'set null' }),
    status: text('status', { enum: GUARD_FINDING_STATUSES }).notNull().default('open'),
    handled_by_user_id: integer('handled_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    handled_at: tstz('handled_at'),
    ...timestamps,
  },
  (t) => [
    check('guard_findings_source_check', inList(t.source, GUARD_FINDING_SOURCES)),
    check('guard_findings_status_check', inList(t.status, GUARD_FINDING_STATUSES)),
    /** A re-run finds the same number in the same place again: one row (idempotent). */
    uniqueIndex('guard_findings_place_number_uq').on(t.source, t.content_id, t.field, t.number_hash),
    /** The admin list: by status, newest first. */
    index('guard_findings_status_created_idx').on(t.status, t.created_at.desc(), t.id.desc()),
    index('guard_findings_author_user_idx').on(t.author_user_id).where(sql`${t.author_user_id} is not null`),
    index('guard_findings_author_company_idx').on(t.author_company_id).where(sql`${t.author_company_id} is not null`),
    index('guard_findings_first_sweep_idx').on(t.first_sweep_id).where(sql`${t.first_sweep_id} is not null`),
    index('guard_findings_last_seen_sweep_idx').on(t.last_seen_sweep_id).where(sql`${t.last_seen_sweep_id} is not null`),
    index('guard_findings_handled_by_idx').on(t.handled_by_user_id).where(sql`${t.handled_by_user_id} is not null`),
  ],
);
