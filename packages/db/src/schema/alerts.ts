import { sql } from 'drizzle-orm';
import { bigint, bigserial, check, index, integer, jsonb, pgTable, primaryKey, serial, text, unique } from 'drizzle-orm/pg-core';
import { inList, timestamps, tstz } from './_shared';
import { postComments, posts } from './posts';
import { users } from './accounts';

/** What an alert watches: the jobs board, the course catalogue, petitions, the video archive. */
export const ALERT_TYPES = ['job', 'course', 'petition', 'video'] as const;
/** `immediate`: a notification per new match; `daily` / `weekly`: collected for the digest. */
export const ALERT_FREQUENCIES = ['immediate', 'daily', 'weekly'] as const;
/** The "any" element of an integer key array (ids start at 1). */
export const ALERT_ANY_ID = 0;
/** The "any" element of a text key array. */
export const ALERT_ANY_TEXT = '*';

/**
 * A saved search ("Varsle meg"). `filters` keeps the list page's query as the user saved it (to show
 * and edit it, and to open the list again); the key arrays are the same filters normalised for the
 * reverse search: "which alerts does this new item match?" (docs/decisions/0012-alerts.md).
 *
 * Each dimension is an array of the ids the alert accepts, or `{0}` (`{*}`) for "any"; a new item
 * asks `keys && array[0, <its ids>]` per dimension, which a GIN index answers. `search_lexemes` are
 * the Norwegian lexemes of the saved search words: an item matches when it holds them all
 * (`search_lexemes <@ <the item's lexemes>`, also GIN). One partial GIN index per type holds every
 * dimension, so a match is one bitmap index scan, never a walk over all alerts.
 */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: ALERT_TYPES }).notNull(),
    name: text('name').notNull(),
    frequency: text('frequency', { enum: ALERT_FREQUENCIES }).notNull(),
    filters: jsonb('filters').$type<Record<string, unknown>>().notNull().default({}),
    specialty_keys: integer('specialty_keys').array().notNull().default(sql`'{0}'`),
    county_keys: integer('county_keys').array().notNull().default(sql`'{0}'`),
    city_keys: integer('city_keys').array().notNull().default(sql`'{0}'`),
    category_keys: integer('category_keys').array().notNull().default(sql`'{0}'`),
    /** The job's workplace type or the course's type. */
    variant_keys: text('variant_keys').array().notNull().default(sql`'{*}'`),
    search_lexemes: text('search_lexemes').array().notNull().default(sql`'{}'`),
    ...timestamps,
  },
  (t) => [
    check('alerts_type_check', inList(t.type, ALERT_TYPES)),
    check('alerts_frequency_check', inList(t.frequency, ALERT_FREQUENCIES)),
    check('alerts_name_check', sql`char_length(${t.name}) between 1 and 100`),
    // "My alerts" (newest first) and the per-user limit's count.
    index('alerts_user_id_id_idx').on(t.user_id, t.id.desc()),
    ...ALERT_TYPES.map((type) =>
      index(`alerts_${type}_match_idx`)
        .using('gin', t.specialty_keys, t.county_keys, t.city_keys, t.category_keys, t.variant_keys, t.search_lexemes)
        .where(sql`${t.type} = ${sql.raw(`'${type}'`)}`)
        // Alerts are written seldom and matched often: no pending list for every match to scan.
        .with({ fastupdate: false }),
    ),
  ],
);

/**
 * One row per (alert, item) the alert matched: the exactly-once record of the matching (a unique
 * key), and for daily and weekly alerts what the digest reads ("matches since the last digest").
 * `title` is a snapshot, so the digest needs no join per type.
 */
export const alertMatches = pgTable(
  'alert_matches',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    alert_id: integer('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    item_type: text('item_type', { enum: ALERT_TYPES }).notNull(),
    item_id: integer('item_id').notNull(),
    frequency: text('frequency', { enum: ALERT_FREQUENCIES }).notNull(),
    title: text('title').notNull(),
    matched_at: tstz('matched_at').notNull().defaultNow(),
  },
  (t) => [
    check('alert_matches_item_type_check', inList(t.item_type, ALERT_TYPES)),
    check('alert_matches_frequency_check', inList(t.frequency, ALERT_FREQUENCIES)),
    unique('alert_matches_alert_item_key').on(t.alert_id, t.item_type, t.item_id),
    // The digest: a user's daily/weekly matches in a period.
    index('alert_matches_digest_idx')
      .on(t.user_id, t.matched_at, t.id)
      .where(sql`${t.frequency} <> 'immediate'`),
  ],
);

/** Items the matching has run for: marks an item done, so the sweep of scheduled items skips it. */
export const alertScans = pgTable(
  'alert_scans',
  {
    item_type: text('item_type', { enum: ALERT_TYPES }).notNull(),
    item_id: integer('item_id').notNull(),
    matches: integer('matches').notNull(),
    scanned_at: tstz('scanned_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.item_type, t.item_id] }), check('alert_scans_item_type_check', inList(t.item_type, ALERT_TYPES))],
);

/**
 * `@` mentions in a post's text or in a comment, by user id (the text holds `@[<id>]`). One row per
 * person per post text or comment: what renders the link and what was notified.
 */
export const postMentions = pgTable(
  'post_mentions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    post_id: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    comment_id: bigint('comment_id', { mode: 'number' }).references(() => postComments.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    created_at: tstz('created_at').notNull().defaultNow(),
  },
  (t) => [
    unique('post_mentions_post_comment_user_key').on(t.post_id, t.comment_id, t.user_id).nullsNotDistinct(),
    index('post_mentions_comment_id_idx').on(t.comment_id).where(sql`${t.comment_id} is not null`),
    index('post_mentions_user_id_idx').on(t.user_id),
  ],
);
