import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { inList, norwegianSearch, timestamps, tstz, tsvector } from './_shared';
import { storedFiles, users } from './accounts';
import { categories } from './reference';

/*
 * Video and audio categories are `categories` rows of type `video` / `audio` (reference.ts already has
 * those types), so `/video-categories`, `/audio-categories` and `categories?type=` read one table.
 *
 * Both tables have the same columns, so one repository serves both (docs/media.md). An item plays
 * either a stored file (`file_id`, served only through signed URLs), an external link (`url`) or a
 * sanitised embed (`embed_code`).
 */

/** Who may open an item, besides the health-personnel gate every item has. */
export const MEDIA_ACCESS_LEVELS = ['all', 'doctors', 'specialties'] as const;
export type MediaAccessLevel = (typeof MEDIA_ACCESS_LEVELS)[number];
export const MEDIA_KINDS = ['video', 'audio'] as const;
export type MediaKind = (typeof MEDIA_KINDS)[number];

const mediaColumns = () => ({
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  description: text('description').notNull().default(''),
  category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
  /** An external address to open instead of a stored file (https only). */
  url: text('url'),
  /** Sanitised embed markup (an iframe of an allowed host), instead of a stored file. */
  embed_code: text('embed_code'),
  /** Carried over from before stored files; new items keep their poster in `poster_file_id`. */
  thumbnail: text('thumbnail'),
  file_id: integer('file_id').references((): AnyPgColumn => storedFiles.id, { onDelete: 'restrict' }),
  poster_file_id: integer('poster_file_id').references((): AnyPgColumn => storedFiles.id, { onDelete: 'set null' }),
  captions_file_id: integer('captions_file_id').references((): AnyPgColumn => storedFiles.id, {
    onDelete: 'set null',
  }),
  duration_seconds: integer('duration_seconds'),
  access_level: text('access_level', { enum: MEDIA_ACCESS_LEVELS }).notNull().default('all'),
  /** With access level `specialties`: who may open it (any of these). */
  specialty_ids: integer('specialty_ids').array().notNull().default(sql`'{}'::integer[]`),
  /** Null = not published (a draft, or unpublished); a future time = scheduled. */
  published_at: tstz('published_at'),
  search: tsvector('search')
    .notNull()
    .generatedAlwaysAs(
      norwegianSearch([
        ['title', 'A'],
        ['description', 'B'],
      ]),
    ),
  ...timestamps,
});

export const videos = pgTable('videos', mediaColumns(), (t) => [
  check('videos_duration_seconds_check', sql`${t.duration_seconds} is null or ${t.duration_seconds} >= 0`),
  check('videos_access_level_check', inList(t.access_level, MEDIA_ACCESS_LEVELS)),
  index('videos_published_at_idx').on(t.published_at.desc(), t.id.desc()),
  index('videos_category_published_at_idx').on(t.category_id, t.published_at.desc(), t.id.desc()),
  index('videos_search_idx').using('gin', t.search),
  index('videos_file_id_idx').on(t.file_id).where(sql`${t.file_id} is not null`),
  index('videos_poster_file_id_idx').on(t.poster_file_id).where(sql`${t.poster_file_id} is not null`),
  index('videos_captions_file_id_idx').on(t.captions_file_id).where(sql`${t.captions_file_id} is not null`),
]);

export const audioTracks = pgTable('audio_tracks', mediaColumns(), (t) => [
  check('audio_tracks_duration_seconds_check', sql`${t.duration_seconds} is null or ${t.duration_seconds} >= 0`),
  check('audio_tracks_access_level_check', inList(t.access_level, MEDIA_ACCESS_LEVELS)),
  index('audio_tracks_published_at_idx').on(t.published_at.desc(), t.id.desc()),
  index('audio_tracks_category_published_at_idx').on(t.category_id, t.published_at.desc(), t.id.desc()),
  index('audio_tracks_search_idx').using('gin', t.search),
  index('audio_tracks_file_id_idx').on(t.file_id).where(sql`${t.file_id} is not null`),
  index('audio_tracks_poster_file_id_idx').on(t.poster_file_id).where(sql`${t.poster_file_id} is not null`),
  index('audio_tracks_captions_file_id_idx')
    .on(t.captions_file_id)
    .where(sql`${t.captions_file_id} is not null`),
]);

/**
 * The cues of an item's WebVTT captions, one row per cue, for searching what is said: a hit links to
 * the second it is said (`/videos/:id?t=`). Replaced with the captions file; removed with the item.
 */
export const mediaCaptionCues = pgTable(
  'media_caption_cues',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    item_id: integer('item_id').notNull(),
    start_seconds: integer('start_seconds').notNull(),
    text: text('text').notNull(),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(norwegianSearch([['text', 'A']])),
  },
  (t) => [
    check('media_caption_cues_kind_check', inList(t.kind, MEDIA_KINDS)),
    index('media_caption_cues_item_idx').on(t.kind, t.item_id, t.start_seconds),
    index('media_caption_cues_search_idx').using('gin', t.search),
  ],
);

/** Where a user stopped in an item ("continue where you left off"); one row per user and item. */
export const mediaPositions = pgTable(
  'media_positions',
  {
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    /** A `videos` or `audio_tracks` id (by `kind`); rows of deleted items are removed with them by the API. */
    item_id: integer('item_id').notNull(),
    position_seconds: integer('position_seconds').notNull(),
    /** Played to the end: the next play starts from the beginning, and it leaves "continue watching". */
    completed: boolean('completed').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    primaryKey({ columns: [t.user_id, t.kind, t.item_id] }),
    check('media_positions_kind_check', inList(t.kind, MEDIA_KINDS)),
    check('media_positions_position_check', sql`${t.position_seconds} >= 0`),
    index('media_positions_continue_idx')
      .on(t.user_id, t.kind, t.updated_at.desc())
      .where(sql`not ${t.completed}`),
    index('media_positions_item_idx').on(t.kind, t.item_id),
  ],
);

/** A user's media settings; no row = the defaults (resume on). */
export const mediaPreferences = pgTable('media_preferences', {
  user_id: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  resume: boolean('resume').notNull().default(true),
  ...timestamps,
});

/** A private podcast feed of the audio archive: the token (only its hash stored) is in the feed's URL. */
export const podcastFeeds = pgTable(
  'podcast_feeds',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token_hash: text('token_hash').notNull().unique(),
    expires_at: tstz('expires_at').notNull(),
    revoked_at: tstz('revoked_at'),
    ...timestamps,
  },
  (t) => [index('podcast_feeds_user_id_idx').on(t.user_id)],
);
