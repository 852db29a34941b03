import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, unique, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { inList, timestamps } from './_shared';
import { users } from './users';

/** What a stored file is for; decides how the API accepts and processes it (see docs/how-to/store-a-file.md). */
export const FILE_KINDS = [
  'avatar',
  'profile_background',
  'company_logo',
  'company_background',
  'job_logo',
  'post_image',
  'post_document',
  /** Attachments of direct messages (issue 26): members-only, signed links. */
  'message_image',
  'message_document',
  'product_image',
  'course_video',
  'petition_attachment',
  /** The video and audio archive (modules/media): the media file, its poster frame, its WebVTT captions. */
  'media_video',
  'media_audio',
  'media_poster',
  'media_captions',
  /** `POST /upload-image` and files carried over from before the one file model. */
  'image',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * Every object in storage is one row here (ADR 0007). A file stored in several sizes is a main row
 * (`original_id` null) and one row per other size (`original_id` -> the main row, `variant` its name);
 * tables that use a file point at the main row. Rows go with their storage objects, never without.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    storage_key: text('storage_key').notNull().unique(),
    kind: text('kind', { enum: FILE_KINDS }).notNull(),
    content_type: text('content_type').notNull(),
    /** Null only for files carried over from before migration 0007, whose size was never recorded. */
    size_bytes: integer('size_bytes'),
    width: integer('width'),
    height: integer('height'),
    original_name: text('original_name'),
    /** Who uploaded it: their account erasure removes it, or keeps it unowned while something still uses it. */
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    original_id: integer('original_id').references((): AnyPgColumn => storedFiles.id, { onDelete: 'cascade' }),
    /** Size name (`lg`, `sm`); on a main row the name of its own size, or null for a file with one version. */
    variant: text('variant'),
    ...timestamps,
  },
  (t) => [
    index('stored_files_owner_user_id_idx').on(t.owner_user_id, t.created_at.desc()),
    unique('stored_files_original_id_variant_uq').on(t.original_id, t.variant),
    check('stored_files_kind_check', inList(t.kind, FILE_KINDS)),
    check('stored_files_variant_check', sql`${t.original_id} is null or ${t.variant} is not null`),
  ],
);
