import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * One row per listed table (`jobs`, `products`, `partner_companies`): a number that triggers raise on
 * every write that can change what a list shows. The API caches list counts under it, so a count is
 * computed once per change instead of once per request (docs/decisions/0008-lists-and-counts.md).
 * The triggers are in migration 0008_list_versions.sql.
 */
export const listVersions = pgTable('list_versions', {
  name: text('name').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull().default(0),
});
