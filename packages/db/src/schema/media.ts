import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { norwegianSearch, timestamps, tstz, tsvector } from './_shared';
import { categories } from './reference';

/*
 * Video and audio categories are `categories` rows of type `video` / `audio` (reference.ts already has
 * those types), so `/video-categories`, `/audio-categories` and `categories?type=` read one table.
 */

export const videos = pgTable(
  'videos',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    embed_code: text('embed_code'),
    thumbnail: text('thumbnail'),
    duration_seconds: integer('duration_seconds'),
    /** Null = not yet visible. */
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
  },
  (t) => [
    check('videos_duration_seconds_check', sql`${t.duration_seconds} is null or ${t.duration_seconds} >= 0`),
    index('videos_published_at_idx').on(t.published_at.desc(), t.id.desc()),
    index('videos_category_published_at_idx').on(t.category_id, t.published_at.desc()),
    index('videos_search_idx').using('gin', t.search),
  ],
);

export const audioTracks = pgTable(
  'audio_tracks',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    url: text('url').notNull(),
    thumbnail: text('thumbnail'),
    duration_seconds: integer('duration_seconds'),
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
  },
  (t) => [
    check(
      'audio_tracks_duration_seconds_check',
      sql`${t.duration_seconds} is null or ${t.duration_seconds} >= 0`,
    ),
    index('audio_tracks_published_at_idx').on(t.published_at.desc(), t.id.desc()),
    index('audio_tracks_category_published_at_idx').on(t.category_id, t.published_at.desc()),
    index('audio_tracks_search_idx').using('gin', t.search),
  ],
);
