import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  customType,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { inList, norwegianSearch, timestamps, tstz, tsvector } from './_shared';
import { categories, counties, specialties } from './reference';
import { users, storedFiles } from './accounts';

/** How a signer is counted in the statistics: from their roles when signing. */
export const SIGNER_PROFESSIONS = ['doctor', 'student', 'other'] as const;

/** draft (owner only) -> active (until end_date) -> finished (end date passed) | closed (by the owner). */
export const PETITION_STATUSES = ['draft', 'active', 'finished', 'closed'] as const;
/** Set by PATCH: open = published, archived = archived. */
export const PETITION_VISIBILITIES = ['open', 'archived'] as const;

export const petitions = pgTable(
  'petitions',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    full_text: text('full_text').notNull().default(''),
    /** A `categories` row of type `petition`. */
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    end_date: date('end_date', { mode: 'string' }),
    status: text('status', { enum: PETITION_STATUSES }).notNull().default('draft'),
    visibility: text('visibility', { enum: PETITION_VISIBILITIES }).notNull().default('open'),
    post_on_my_page: boolean('post_on_my_page').notNull().default(false),
    /** Initiator. */
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    signatures_count: integer('signatures_count').notNull().default(0),
    /** Optional goal shown as a progress bar; reaching it freezes the delivered snapshot. */
    signature_goal: integer('signature_goal'),
    /** Who the petition is addressed to (a health trust, the ministry ...). */
    recipient: text('recipient').notNull().default(''),
    published_at: tstz('published_at'),
    closed_at: tstz('closed_at'),
    archived_at: tstz('archived_at'),
    /**
     * This petition's entries in the signature log counted so far (signatures and withdrawals): the
     * counter job moves it with `signatures_count` and the statistics, so it names one exact set.
     */
    log_length: integer('log_length').notNull().default(0),
    /**
     * The statistics hold this petition's anonymous entries with a leaf index below this one: the
     * counter job adds anonymous signatures and withdrawals only in batches of five signers at once
     * (docs/petitions.md, "Statistics and privacy"); named entries count at once.
     */
    stats_anonymous_upto: bigint('stats_anonymous_upto', { mode: 'number' }).notNull().default(0),
    /** The delivered snapshot: when, the count then, and the log's tree size (a signed checkpoint) it is. */
    delivered_at: tstz('delivered_at'),
    delivered_count: integer('delivered_count'),
    delivered_tree_size: bigint('delivered_tree_size', { mode: 'number' }),
    /** The recipient's answer, published by the owner (every signer is notified). */
    answer: text('answer'),
    answered_at: tstz('answered_at'),
    /** When bookmarkers were told it ends tomorrow, and the initiator that it ended (each once). */
    ending_notified_at: tstz('ending_notified_at'),
    ended_notified_at: tstz('ended_notified_at'),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        norwegianSearch([
          ['title', 'A'],
          ['summary', 'B'],
          ['full_text', 'C'],
        ]),
      ),
    ...timestamps,
  },
  (t) => [
    check('petitions_status_check', inList(t.status, PETITION_STATUSES)),
    check('petitions_visibility_check', inList(t.visibility, PETITION_VISIBILITIES)),
    check('petitions_signatures_count_check', sql`${t.signatures_count} >= 0`),
    index('petitions_status_end_date_idx').on(t.status, t.end_date),
    index('petitions_visibility_status_published_at_idx').on(
      t.visibility,
      t.status,
      t.published_at.desc(),
      t.id.desc(),
    ),
    // The published lists (not drafts, open or archived), newest first: a page walks ten entries
    // instead of sorting every published petition (docs/performance/api-overhead.md).
    index('petitions_published_list_idx')
      .on(t.visibility, t.published_at.desc(), t.id.desc())
      .where(sql`${t.status} <> 'draft'`),
    index('petitions_user_id_created_at_idx').on(t.user_id, t.created_at.desc()),
    index('petitions_category_id_idx').on(t.category_id),
    index('petitions_search_idx').using('gin', t.search),
    // Similar titles while a new petition is typed (trigram similarity).
    index('petitions_title_trgm_idx').using('gin', sql`lower(${t.title}) gin_trgm_ops`),
    check('petitions_signature_goal_check', sql`${t.signature_goal} is null or ${t.signature_goal} > 0`),
  ],
);

export const petitionSpecialties = pgTable(
  'petition_specialties',
  {
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    specialty_id: integer('specialty_id')
      .notNull()
      .references(() => specialties.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.petition_id, t.specialty_id] }),
    index('petition_specialties_specialty_id_petition_id_idx').on(t.specialty_id, t.petition_id),
  ],
);

export const petitionSignatures = pgTable(
  'petition_signatures',
  {
    id: serial('id').primaryKey(),
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Counted without a name in the public signer list (the owner's export still names them). */
    anonymous: boolean('anonymous').notNull().default(false),
    /** The signer's profession, first specialty and county when signing: the statistics read these. */
    profession: text('profession', { enum: SIGNER_PROFESSIONS }).notNull().default('other'),
    specialty_id: integer('specialty_id').references(() => specialties.id, { onDelete: 'set null' }),
    county_id: integer('county_id').references(() => counties.id, { onDelete: 'set null' }),
    /** This signature's entry in the signature log (the receipt). */
    log_entry_id: bigint('log_entry_id', { mode: 'number' }).notNull(),
    ...timestamps,
  },
  (t) => [
    index('petition_signatures_log_entry_id_idx').on(t.log_entry_id),
    uniqueIndex('petition_signatures_petition_user_uq').on(t.petition_id, t.user_id),
    index('petition_signatures_petition_created_at_idx').on(t.petition_id, t.created_at.desc()),
    // Signer lists and exports walk one petition's signatures in id order, in batches.
    index('petition_signatures_petition_id_id_idx').on(t.petition_id, t.id),
    index('petition_signatures_user_id_idx').on(t.user_id),
    index('petition_signatures_specialty_id_idx').on(t.specialty_id),
    index('petition_signatures_county_id_idx').on(t.county_id),
    check('petition_signatures_profession_check', inList(t.profession, SIGNER_PROFESSIONS)),
  ],
);

export const SIGNATURE_LOG_ACTIONS = ['sign', 'withdraw'] as const;

/** SHA-256 hashes and signatures: raw bytes. */
export const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/** The columns of a log entry, in the log and in the sequencer's queue alike (all but the id and the leaf index). */
const logEntryColumns = () => ({
  petition_id: integer('petition_id').notNull(),
  action: text('action', { enum: SIGNATURE_LOG_ACTIONS }).notNull(),
  /** Hex sha256 of the salt and the petition-and-account name (`logSigner`). */
  signer: text('signer').notNull(),
  salt: text('salt').notNull(),
  /** Milliseconds (the leaf text has them). */
  created_at: tstz('created_at').notNull(),
  profession: text('profession', { enum: SIGNER_PROFESSIONS }).notNull().default('other'),
  specialty_id: integer('specialty_id'),
  county_id: integer('county_id'),
  /** The Oslo day of the signature (a withdrawal carries its signature's day): the daily curve. */
  signed_day: date('signed_day', { mode: 'string' }).notNull(),
  /**
   * Private: the signature was anonymous (a withdrawal carries its signature's). The statistics take
   * anonymous entries only in batches of five signers (`stats_anonymous_upto` on the petition).
   */
  anonymous: boolean('anonymous').notNull().default(false),
});

/**
 * The one append-only signature log of all petitions (docs/petitions.md, "The signature log"): an
 * entry per signature and per withdrawal. Public: petition, action, signer (a salted hash) and time,
 * which the leaf hash covers. Private: the salt (given to the signer in the receipt) and what the
 * statistics count. The sequencer writes each entry here once, with its `leaf_index`, when it enters
 * the Merkle tree (until then it waits in `petition_log_pending`, under the same id). Insert-only:
 * never updated, never deleted; no foreign key, so nothing cascades into it.
 */
export const petitionLogEntries = pgTable(
  'petition_log_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    leaf_index: bigint('leaf_index', { mode: 'number' }).notNull(),
    ...logEntryColumns(),
  },
  (t) => [
    uniqueIndex('petition_log_entries_leaf_index_uq').on(t.leaf_index),
    // One petition's entries in log order (verify, delivery, the text lock, reconciliation).
    index('petition_log_entries_petition_leaf_idx').on(t.petition_id, t.leaf_index),
    check('petition_log_entries_action_check', inList(t.action, SIGNATURE_LOG_ACTIONS)),
  ],
);

/**
 * The sequencer's queue: signatures and withdrawals written but not yet in the Merkle tree, with the
 * columns of `petition_log_entries` but the leaf index. Each row's id is drawn from the entries' own
 * sequence, so an entry keeps its id (the receipt's, `petition_signatures.log_entry_id`) when the
 * sequencer moves it into the log: one insert there, and a delete here. A few rows at a time.
 */
export const petitionLogPending = pgTable(
  'petition_log_pending',
  {
    id: bigint('id', { mode: 'number' })
      .primaryKey()
      .default(sql`nextval('petition_log_entries_id_seq')`),
    ...logEntryColumns(),
  },
  (t) => [
    // What of a petition waits (the receipt's page, the text lock).
    index('petition_log_pending_petition_id_idx').on(t.petition_id),
    check('petition_log_pending_action_check', inList(t.action, SIGNATURE_LOG_ACTIONS)),
  ],
);

/** The hash of every complete subtree of 2^level leaves at `idx` (level 0: the leaves): proofs read a few. */
export const petitionLogNodes = pgTable(
  'petition_log_nodes',
  {
    level: smallint('level').notNull(),
    idx: bigint('idx', { mode: 'number' }).notNull(),
    hash: bytea('hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.level, t.idx] })],
);

/** Signed tree heads: one per sequencer batch. */
export const petitionLogCheckpoints = pgTable('petition_log_checkpoints', {
  tree_size: bigint('tree_size', { mode: 'number' }).primaryKey(),
  root_hash: bytea('root_hash').notNull(),
  created_at: tstz('created_at').notNull(),
  /** Base64 Ed25519 signature over the checkpoint text, and the signing key's id. */
  signature: text('signature').notNull(),
  key_id: text('key_id').notNull(),
});

/** How far the counter job has folded the log into the petitions' counts (one row, `counts`). */
export const petitionLogCursors = pgTable('petition_log_cursors', {
  name: text('name').primaryKey(),
  position: bigint('position', { mode: 'number' }).notNull().default(0),
  updated_at: tstz('updated_at').notNull().defaultNow(),
});

export const PETITION_STAT_DIMENSIONS = ['profession', 'specialty', 'county', 'day'] as const;

/** The statistics of each petition as the counter job adds them up (key: profession, id or `none`, day). */
export const petitionStatCounts = pgTable(
  'petition_stat_counts',
  {
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    dimension: text('dimension', { enum: PETITION_STAT_DIMENSIONS }).notNull(),
    key: text('key').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.petition_id, t.dimension, t.key] }), check('petition_stat_counts_dimension_check', inList(t.dimension, PETITION_STAT_DIMENSIONS))],
);

/** What a reconciliation found wrong and set right (the audit of the counter). */
export const petitionCountCorrections = pgTable(
  'petition_count_corrections',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    petition_id: integer('petition_id').notNull(),
    /** `signatures_count`, `log_length` or `<dimension>:<key>`. */
    field: text('field').notNull(),
    was: integer('was').notNull(),
    now: integer('now').notNull(),
    /** `nightly` or `admin:<user id>`. */
    source: text('source').notNull(),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [index('petition_count_corrections_created_at_idx').on(t.created_at.desc())],
);

export const petitionBookmarks = pgTable(
  'petition_bookmarks',
  {
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.petition_id, t.user_id] }),
    // `/my/bookmarked-petitions`, newest first.
    index('petition_bookmarks_user_created_at_idx').on(t.user_id, t.created_at.desc()),
  ],
);

/** Manual authors; user_id links one to an account when there is one. */
export const petitionCoAuthors = pgTable(
  'petition_co_authors',
  {
    id: serial('id').primaryKey(),
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    title: text('title'),
    user_id: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    position: smallint('position').notNull().default(0),
    /** An author with an account is shown (and may edit) only once they accept. */
    accepted_at: tstz('accepted_at'),
    ...timestamps,
  },
  (t) => [
    index('petition_co_authors_petition_id_idx').on(t.petition_id, t.position),
    index('petition_co_authors_user_id_idx').on(t.user_id).where(sql`${t.user_id} is not null`),
    uniqueIndex('petition_co_authors_petition_user_uq')
      .on(t.petition_id, t.user_id)
      .where(sql`${t.user_id} is not null`),
  ],
);

/** PDF files only (checked by magic bytes in the API). */
export const petitionAttachments = pgTable(
  'petition_attachments',
  {
    id: serial('id').primaryKey(),
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    /** The PDF's `stored_files` row (its name, type and size are there). */
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    uploaded_by_user_id: integer('uploaded_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('petition_attachments_file_id_idx').on(t.file_id),
    index('petition_attachments_petition_id_idx').on(t.petition_id),
  ],
);

export const petitionPressReleases = pgTable(
  'petition_press_releases',
  {
    id: serial('id').primaryKey(),
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    subject: text('subject'),
    body: text('body').notNull(),
    /** The addresses it was sent to. */
    recipients: text('recipients')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contact: text('contact'),
    /** The PDF sent with it (a `stored_files` row). */
    pdf_file_id: integer('pdf_file_id').references(() => storedFiles.id, { onDelete: 'restrict' }),
    sent_at: tstz('sent_at'),
    sent_by_user_id: integer('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('petition_press_releases_petition_id_idx').on(t.petition_id, t.created_at.desc()),
    index('petition_press_releases_pdf_file_id_idx').on(t.pdf_file_id).where(sql`${t.pdf_file_id} is not null`),
  ],
);

/** The wire's `co_author_ids`, as a join table so deleting a co-author stays consistent. */
export const petitionPressReleaseCoAuthors = pgTable(
  'petition_press_release_co_authors',
  {
    press_release_id: integer('press_release_id')
      .notNull()
      .references(() => petitionPressReleases.id, { onDelete: 'cascade' }),
    co_author_id: integer('co_author_id')
      .notNull()
      .references(() => petitionCoAuthors.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.press_release_id, t.co_author_id] }),
    index('petition_press_release_co_authors_co_author_id_idx').on(t.co_author_id),
  ],
);
