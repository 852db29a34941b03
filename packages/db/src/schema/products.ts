import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { inList, norwegianSearch, timestamps, tsvector } from './_shared';
import { categories } from './reference';
import { users, storedFiles } from './accounts';

/** 1 = in stock, 2 = sold out (the spec's numeric status filter, default 1). */
export const PRODUCT_STATUSES = [1, 2] as const;
export const PRODUCT_STATUS = { IN_STOCK: 1, SOLD_OUT: 2 } as const;

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Whole Norwegian kroner (no øre): a marketplace listing price, shown and entered as kroner. */
    price_nok: integer('price_nok').notNull(),
    manufacturer: text('manufacturer'),
    /** A `categories` row of type `product`. */
    category_id: integer('category_id').references(() => categories.id, { onDelete: 'set null' }),
    status: smallint('status').notNull().default(1),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    views_count: integer('views_count').notNull().default(0),
    search: tsvector('search')
      .notNull()
      .generatedAlwaysAs(
        norwegianSearch([
          ['title', 'A'],
          ['manufacturer', 'B'],
          ['description', 'C'],
        ]),
      ),
    ...timestamps,
  },
  (t) => [
    check('products_status_check', inList(t.status, PRODUCT_STATUSES)),
    check('products_price_nok_check', sql`${t.price_nok} >= 0`),
    check('products_views_count_check', sql`${t.views_count} >= 0`),
    // The four sorts under the status filter; id breaks ties for stable pages.
    index('products_status_price_idx').on(t.status, t.price_nok, t.id),
    index('products_status_created_at_idx').on(t.status, t.created_at, t.id),
    // The same sorts without a status filter (the list's "all").
    index('products_price_idx').on(t.price_nok, t.id),
    index('products_created_at_idx').on(t.created_at, t.id),
    index('products_category_id_idx').on(t.category_id),
    index('products_user_id_created_at_idx').on(t.user_id, t.created_at.desc()),
    index('products_search_idx').using('gin', t.search),
  ],
);

/** Re-encoded images; the id is the `{imageId}` of `DELETE /my/products/{id}/image/{imageId}`. */
export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The `stored_files` main row (detail size); its `sm` variant is the list picture. */
    file_id: integer('file_id')
      .notNull()
      .references(() => storedFiles.id, { onDelete: 'restrict' }),
    position: smallint('position').notNull().default(0),
    ...timestamps,
  },
  (t) => [
    index('product_images_product_id_position_idx').on(t.product_id, t.position),
    index('product_images_file_id_idx').on(t.file_id),
  ],
);

export const productViews = pgTable(
  'product_views',
  {
    id: serial('id').primaryKey(),
    product_id: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('product_views_product_user_uq').on(t.product_id, t.user_id),
    index('product_views_user_id_idx').on(t.user_id),
  ],
);
