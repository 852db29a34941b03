import { Injectable } from '@nestjs/common';
import {
  type Locale,
  type ProductInput,
  type ProductListQuery,
  type ProductStatus,
} from '@legenett/contracts';
import { type Database, schema } from '@legenett/db';
import { and, asc, count, desc, eq, type Placeholder, type SQL, sql } from 'drizzle-orm';
import { type AccountTx, type ExportRows } from '../../common/account-data';
import { variantKey } from '../../common/files/files.repository';
import { keysAsText, keysetAfter, type OrderKey, orderFor, type Slice } from '../../common/lists';
import { InjectDatabase } from '../../database/database.module';
import { inIdsPlaceholder, inSlice, perShape, type SliceShape, sliceShape, sliceShapeKey } from '../../database/prepared';
import { localisedRefOf } from '../reference';

const { products, productImages, productViews, categories, users, storedFiles } = schema;

export interface ProductRow {
  id: number;
  title: string;
  description: string;
  price: number;
  manufacturer: string | null;
  category: { id: number; name: string } | null;
  status: number;
  views_count: number;
  user_id: number;
  seller: { id: number; slug: string; first_name: string; last_name: string };
  created_at: Date;
  updated_at: Date;
}

export interface ImageRow {
  id: number;
  product_id: number;
  list_key: string;
  detail_key: string;
  width: number | null;
  height: number | null;
}

/** A stored picture (its `stored_files` main row) to add to a product. */
export interface NewImage {
  file_id: number;
}

/** The image count per product a transaction saw when it added images (for the 5-photo rule). */
export class TooManyImagesError extends Error {}

/**
 * The sort keys. While searching they are wrapped (`+ 0`) so that the planner cannot walk a sort
 * index filtering on the text match (a rare word would read every row of the status); it takes the
 * GIN index on `search` and sorts the matches instead.
 */
function orderOf(sort: ProductListQuery['sort'], direction: 'asc' | 'desc', searching: boolean): OrderKey[] {
  const price = searching ? sql`${products.price_nok} + 0` : sql`${products.price_nok}`;
  const created = searching
    ? sql`${products.created_at} + interval '0 seconds'`
    : sql`${products.created_at}`;
  if (sort === 'price')
    return [
      [price, direction],
      [products.id, direction],
    ];
  const d = sort === 'recent' ? 'desc' : 'asc';
  return [
    [created, d],
    [products.id, d],
  ];
}

export type ProductListFilter = Pick<ProductListQuery, 'status' | 'search'>;

/** The marketplace's order and filters as a slice read takes them. */
type ProductSliceQuery = Pick<ProductListQuery, 'status' | 'search' | 'sort' | 'direction'>;

/** What decides the SQL text of an unsearched page besides the slice (`pageQuery`). */
type ProductPageShape = SliceShape & Pick<ProductListQuery, 'status' | 'sort' | 'direction'>;

/** `1pa`: status (`a` for all), sort, and for the price its direction (the dates have their own). */
const productPageKey = (s: ProductPageShape): string =>
  `${s.status === 'all' ? 'a' : s.status}${s.sort[0]}${s.sort === 'price' ? s.direction[0] : ''}_${sliceShapeKey(s)}`;

/** Products, their images and views; the only marketplace file that speaks SQL. */
@Injectable()
export class MarketplaceRepository {
  /** Images of a page's products: prepared, it runs on every marketplace page (database/prepared.ts). */
  private readonly imagesQuery;

  constructor(@InjectDatabase() private readonly db: Database) {
    this.imagesQuery = db
      .select({
        id: productImages.id,
        product_id: productImages.product_id,
        list_key: sql<string>`coalesce(${variantKey(productImages.file_id, 'sm')}, ${storedFiles.storage_key})`,
        detail_key: storedFiles.storage_key,
        width: storedFiles.width,
        height: storedFiles.height,
      })
      .from(productImages)
      .innerJoin(storedFiles, eq(storedFiles.id, productImages.file_id))
      .where(inIdsPlaceholder(productImages.product_id))
      .orderBy(asc(productImages.product_id), asc(productImages.position), asc(productImages.id))
      .prepare('marketplace_images');
  }

  /**
   * Pages without a search and before any bookmark (the marketplace everyone opens, in any status
   * and order), prepared per shape (database/prepared.ts): with the limit and the status in the SQL
   * text PostgreSQL keeps one generic plan per connection (a walk of the order's index) instead of
   * planning every page. Only the offset of later pages is a value.
   */
  private readonly pageQuery = perShape('marketplace_page', productPageKey, (s: ProductPageShape, name) =>
    this.sliceQuery(s, s.locale, s, s.first ? 0 : sql.placeholder('offset')).prepare(name),
  );

  private select(locale: Locale) {
    return this.db
      .select({
        id: products.id,
        title: products.title,
        description: products.description,
        price: products.price_nok,
        manufacturer: products.manufacturer,
        category: localisedRefOf(categories, products.category_id, locale),
        status: products.status,
        views_count: products.views_count,
        user_id: products.user_id,
        seller: sql<
          ProductRow['seller']
        >`json_build_object('id', ${users.id}, 'slug', ${users.slug}, 'first_name', ${users.first_name}, 'last_name', ${users.last_name})`,
        created_at: products.created_at,
        updated_at: products.updated_at,
      })
      // The category by a primary-key subquery (localisedRefOf): one relation less for the planner.
      .from(products)
      .innerJoin(users, eq(users.id, products.user_id));
  }

  private static where(filter: ProductListFilter): SQL {
    // The status in the text, not a value: it is a closed set (1, 2) and the prepared pages'
    // generic plan then knows which part of products_status_*_idx it walks.
    if (filter.status !== 'all' && !Number.isInteger(filter.status)) throw new Error(`marketplace: bad status ${String(filter.status)}`);
    const conditions: SQL[] = filter.status === 'all' ? [] : [sql`${products.status} = ${sql.raw(String(filter.status))}`];
    if (filter.search)
      conditions.push(sql`${products.search} @@ websearch_to_tsquery('norwegian', ${filter.search})`);
    return and(...conditions) ?? sql`true`;
  }

  async count(filter: ProductListFilter): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(products)
      .where(MarketplaceRepository.where(filter));
    return row?.n ?? 0;
  }

  /**
   * A slice of the marketplace in the query's order; without a search and before any bookmark a
   * prepared statement (`pageQuery`).
   */
  slice(query: ProductSliceQuery, locale: Locale, slice: Slice): Promise<ProductRow[]> {
    if (!query.search && !slice.after) {
      const shape = { ...sliceShape(locale, slice), status: query.status, sort: query.sort, direction: query.direction };
      return this.pageQuery(shape).execute({ offset: slice.offset });
    }
    return this.sliceQuery(query, locale, slice, slice.offset);
  }

  /**
   * Deferred join: the slice's ids come from an index-only walk of the sort index (from a bookmark
   * on deep pages, `inSlice`), and only those rows are joined to their sellers. `offset` is a value,
   * or a placeholder in the prepared page (`pageQuery`).
   */
  private sliceQuery(
    query: ProductSliceQuery,
    locale: Locale,
    slice: Pick<Slice, 'fromEnd' | 'limit' | 'after'>,
    offset: number | Placeholder,
  ) {
    const keys = orderOf(query.sort, query.direction, Boolean(query.search));
    const order = orderFor(keys, slice.fromEnd);
    const where = MarketplaceRepository.where(query);
    const from = slice.after ? and(where, keysetAfter(keys, slice.fromEnd, slice.after))! : where;
    return this.select(locale)
      .where(inSlice(products.id, products, from, order, slice.limit, offset))
      .orderBy(...order);
  }

  /** The sort keys of the product at `position` (a bookmark for deep pages). */
  async keyAt(query: ProductListQuery, position: number, fromEnd: boolean): Promise<string[] | null> {
    const keys = orderOf(query.sort, query.direction, Boolean(query.search));
    const [row] = await this.db
      .select({ key: keysAsText(keys) })
      .from(products)
      .where(MarketplaceRepository.where(query))
      .orderBy(...orderFor(keys, fromEnd))
      .limit(1)
      .offset(position);
    return row?.key ?? null;
  }

  async countOwned(userId: number): Promise<number> {
    const [row] = await this.db.select({ n: count() }).from(products).where(eq(products.user_id, userId));
    return row?.n ?? 0;
  }

  /** The seller's own products, newest first. */
  sliceOwned(userId: number, locale: Locale, slice: Slice): Promise<ProductRow[]> {
    return this.select(locale)
      .where(eq(products.user_id, userId))
      .orderBy(desc(products.created_at), desc(products.id))
      .limit(slice.limit)
      .offset(slice.offset);
  }

  async find(id: number, locale: Locale, ownerId?: number): Promise<ProductRow | null> {
    const where =
      ownerId === undefined ? eq(products.id, id) : and(eq(products.id, id), eq(products.user_id, ownerId));
    const [row] = await this.select(locale).where(where).limit(1);
    return row ?? null;
  }

  /** The images of many products in one query, in gallery order. */
  async imagesOf(productIds: number[]): Promise<ImageRow[]> {
    if (productIds.length === 0) return [];
    return this.imagesQuery.execute({ ids: productIds });
  }

  private async addImages(tx: Pick<Database, 'select' | 'insert'>, productId: number, images: NewImage[], max: number): Promise<void> {
    if (images.length === 0) return;
    const [existing] = await tx
      .select({ n: count(), last: sql<number>`coalesce(max(${productImages.position}), -1)::int` })
      .from(productImages)
      .where(eq(productImages.product_id, productId));
    if ((existing?.n ?? 0) + images.length > max) throw new TooManyImagesError();
    const first = (existing?.last ?? -1) + 1;
    await tx
      .insert(productImages)
      .values(images.map((img, i) => ({ ...img, product_id: productId, position: first + i })));
  }

  async insert(userId: number, input: ProductInput, images: NewImage[], maxImages: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(products)
        .values({
          title: input.title,
          description: input.description,
          price_nok: input.price,
          manufacturer: input.manufacturer,
          category_id: input.category_id,
          user_id: userId,
        })
        .returning({ id: products.id });
      await this.addImages(tx, row!.id, images, maxImages);
      return row!.id;
    });
  }

  /** Updates an owned product and appends images; false when it is not the owner's (or gone). */
  async update(
    id: number,
    userId: number,
    input: ProductInput,
    images: NewImage[],
    maxImages: number,
  ): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      // The row lock serialises concurrent uploads to one product, so the 5-photo count holds.
      const [row] = await tx
        .update(products)
        .set({
          title: input.title,
          description: input.description,
          price_nok: input.price,
          manufacturer: input.manufacturer,
          category_id: input.category_id,
          updated_at: new Date(),
        })
        .where(and(eq(products.id, id), eq(products.user_id, userId)))
        .returning({ id: products.id });
      if (!row) return false;
      await this.addImages(tx, id, images, maxImages);
      return true;
    });
  }

  /** Moves an owned product from one status to another; 'missing' or 'wrong_state' when it cannot. */
  async transition(
    id: number,
    userId: number,
    from: ProductStatus,
    to: ProductStatus,
  ): Promise<'ok' | 'missing' | 'wrong_state'> {
    const [row] = await this.db
      .update(products)
      .set({ status: to, updated_at: new Date() })
      .where(and(eq(products.id, id), eq(products.user_id, userId), eq(products.status, from)))
      .returning({ id: products.id });
    if (row) return 'ok';
    const [exists] = await this.db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), eq(products.user_id, userId)))
      .limit(1);
    return exists ? 'wrong_state' : 'missing';
  }

  /** Deletes one image of an owned product; answers its file, or null when there is no such image. */
  async deleteImage(productId: number, imageId: number, userId: number): Promise<number | null> {
    const [row] = await this.db
      .delete(productImages)
      .where(
        and(
          eq(productImages.id, imageId),
          eq(productImages.product_id, productId),
          sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${products.user_id} = ${userId})`,
        ),
      )
      .returning({ file_id: productImages.file_id });
    return row?.file_id ?? null;
  }

  /** Counts a view once per user; the current count, or null when the product does not exist. */
  async markViewed(
    productId: number,
    userId: number,
  ): Promise<{ views_count: number; counted: boolean } | null> {
    return this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(eq(products.id, productId))
        .limit(1);
      if (!product) return null;
      const inserted = await tx
        .insert(productViews)
        .values({ product_id: productId, user_id: userId })
        .onConflictDoNothing({ target: [productViews.product_id, productViews.user_id] })
        .returning({ id: productViews.id });
      if (inserted.length > 0) {
        const [row] = await tx
          .update(products)
          .set({ views_count: sql`${products.views_count} + 1` })
          .where(eq(products.id, productId))
          .returning({ views_count: products.views_count });
        return { views_count: row!.views_count, counted: true };
      }
      const [row] = await tx
        .select({ views_count: products.views_count })
        .from(products)
        .where(eq(products.id, productId));
      return { views_count: row!.views_count, counted: false };
    });
  }

  // ---------- account erasure and export (docs/how-to/erase-and-export-user-data.md) ----------

  /**
   * A listing without its seller is useless: products go with their image rows and views; own views
   * go. The image files are the seller's uploads: the files step deletes them once nothing points at them.
   */
  async eraseAccount(tx: AccountTx, userId: number): Promise<void> {
    await tx.delete(products).where(eq(products.user_id, userId));
    await tx.delete(productViews).where(eq(productViews.user_id, userId));
  }

  async exportAccount(userId: number): Promise<Record<string, ExportRows>> {
    return {
      products: await this.db.select().from(products).where(eq(products.user_id, userId)),
      product_views: await this.db.select().from(productViews).where(eq(productViews.user_id, userId)),
    };
  }
}
