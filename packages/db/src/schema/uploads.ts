import { index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { timestamps } from './_shared';
import { users } from './users';

/** Files uploaded on their own (`POST /upload-image`), so orphans can be found and removed. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: serial('id').primaryKey(),
    storage_key: text('storage_key').notNull().unique(),
    mime: text('mime').notNull(),
    size_bytes: integer('size_bytes').notNull(),
    original_name: text('original_name'),
    purpose: text('purpose'),
    owner_user_id: integer('owner_user_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [index('stored_files_owner_user_id_idx').on(t.owner_user_id, t.created_at.desc())],
);
