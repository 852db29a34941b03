import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { users } from './users';
import { storedFiles } from './files';

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
    /** Links in the signature hash chain so far, and the hash of the last one (null: no link yet). */
    chain_length: integer('chain_length').notNull().default(0),
    chain_head: text('chain_head'),
    /** The delivered snapshot: when, the count then, and the chain position it covers. */
    delivered_at: tstz('delivered_at'),
    delivered_count: integer('delivered_count'),
    delivered_chain_length: integer('delivered_chain_length'),
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
    /** The position and hash of this signature's link in the petition's chain (the receipt). */
    chain_position: integer('chain_position').notNull(),
    chain_hash: text('chain_hash').notNull(),
    ...timestamps,
  },
  (t) => [
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

export const SIGNATURE_LINK_ACTIONS = ['sign', 'withdraw'] as const;

/**
 * The tamper-evident history of a petition's signatures: one link per signature and per withdrawal,
 * each with the hash of the previous link. Never updated or deleted (but with the petition).
 */
export const petitionSignatureLinks = pgTable(
  'petition_signature_links',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    petition_id: integer('petition_id')
      .notNull()
      .references(() => petitions.id, { onDelete: 'cascade' }),
    /** 1, 2, 3 ... within the petition. */
    position: integer('position').notNull(),
    action: text('action', { enum: SIGNATURE_LINK_ACTIONS }).notNull(),
    /** sha256 of petition and account: the link stays verifiable after the account is erased. */
    signer: text('signer').notNull(),
    prev_hash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
    created_at: tstz('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('petition_signature_links_petition_position_uq').on(t.petition_id, t.position),
    check('petition_signature_links_action_check', inList(t.action, SIGNATURE_LINK_ACTIONS)),
  ],
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
