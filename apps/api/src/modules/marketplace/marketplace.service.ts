import { Injectable } from '@nestjs/common';
import {
  type Locale,
  MAX_PRODUCT_IMAGES,
  type PageQuery,
  type Product,
  PRODUCT_IMAGES_FIELD,
  PRODUCT_STATUS,
  type ProductInput,
  type ProductListQuery,
  type ProductStatus,
} from '@legenett/contracts';
import { isCallerInPersonOrActing } from '../../common/access';
import { type Principal } from '../../common/auth';
import { AppError } from '../../common/errors/app-error';
import { ListCounts, readPage } from '../../common/lists';
import { FilesService } from '../../common/files/files.service';
import { Storage } from '../../common/storage/storage';
import { ReferenceChecks } from '../reference';
import { type ImageRow, MarketplaceRepository, type NewImage, type ProductRow, TooManyImagesError } from './marketplace.repository';

const tooManyPhotos = () =>
  new AppError('VALIDATION', {
    fields: { [PRODUCT_IMAGES_FIELD]: ['errors.too_many_photos'] },
    vars: { maximum: MAX_PRODUCT_IMAGES },
  });

/** The stock state table: which call moves a product from which status to which. */
const TRANSITIONS = {
  'not-available': {
    from: PRODUCT_STATUS.IN_STOCK,
    to: PRODUCT_STATUS.SOLD_OUT,
    conflict: 'marketplace.errors.already_sold_out',
  },
  'in-stock': {
    from: PRODUCT_STATUS.SOLD_OUT,
    to: PRODUCT_STATUS.IN_STOCK,
    conflict: 'marketplace.errors.already_in_stock',
  },
} as const;
export type StockTransition = keyof typeof TRANSITIONS;

/** The marketplace: browsing, own products, photos and the stock state. */
@Injectable()
export class MarketplaceService {
  constructor(
    private readonly repository: MarketplaceRepository,
    private readonly files: FilesService,
    private readonly storage: Storage,
    private readonly references: ReferenceChecks,
    private readonly counts: ListCounts,
  ) {}

  private async present(rows: ProductRow[], me: Principal): Promise<Product[]> {
    const images = await this.repository.imagesOf(rows.map((r) => r.id));
    const byProduct = new Map<number, ImageRow[]>();
    for (const img of images) {
      const list = byProduct.get(img.product_id);
      if (list) list.push(img);
      else byProduct.set(img.product_id, [img]);
    }
    // Fields named one by one, in the order the answer always had (not `...row` less `user_id`):
    // the rest/spread copy was the API's largest own item in the marketplace's CPU profile.
    return rows.map((row) => ({
      id: row.id,
      title: row.title,
      description: row.description,
      price: row.price,
      manufacturer: row.manufacturer,
      category: row.category,
      status: row.status === PRODUCT_STATUS.SOLD_OUT ? PRODUCT_STATUS.SOLD_OUT : PRODUCT_STATUS.IN_STOCK,
      views_count: row.views_count,
      seller: row.seller,
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
      images: (byProduct.get(row.id) ?? []).map((img) => ({
        id: img.id,
        thumb_url: this.storage.publicUrl(img.list_key),
        url: this.storage.publicUrl(img.detail_key),
        width: img.width,
        height: img.height,
      })),
      is_mine: isCallerInPersonOrActing(me, { user_id: row.user_id, company_id: null }),
    }));
  }

  private async one(
    id: number,
    me: Principal,
    locale: Locale,
    ownerId?: number,
  ): Promise<{ data: Product }> {
    const row = await this.repository.find(id, locale, ownerId);
    if (!row) throw AppError.notFound();
    const [product] = await this.present([row], me);
    return { data: product! };
  }

  async list(me: Principal, query: ProductListQuery, locale: Locale) {
    const filter = { status: query.status, search: query.search || undefined };
    const page = await readPage(query, {
      count: () => this.counts.cached('products', ['products'], filter, () => this.repository.count(filter)),
      read: this.counts.keyset(
        'products',
        ['products'],
        { ...filter, sort: query.sort, direction: query.direction },
        {
          read: (slice) => this.repository.slice(query, locale, slice),
          keyAt: (position, fromEnd) => this.repository.keyAt(query, position, fromEnd),
        },
      ),
      fromEnd: true,
    });
    return { data: await this.present(page.rows, me), meta: page.meta };
  }

  show(me: Principal, id: number, locale: Locale) {
    return this.one(id, me, locale);
  }

  async markAsViewed(me: Principal, id: number) {
    const result = await this.repository.markViewed(id, me.userId);
    if (!result) throw AppError.notFound();
    return { data: result };
  }

  async myList(me: Principal, query: PageQuery, locale: Locale) {
    const page = await readPage(query, {
      count: () => this.repository.countOwned(me.userId),
      read: (slice) => this.repository.sliceOwned(me.userId, locale, slice),
    });
    return { data: await this.present(page.rows, me), meta: page.meta };
  }

  myShow(me: Principal, id: number, locale: Locale) {
    return this.one(id, me, locale, me.userId);
  }

  async create(me: Principal, input: ProductInput, files: Express.Multer.File[], locale: Locale) {
    await this.checkCategory(input);
    const id = await this.withImages(me, files, (images) => this.repository.insert(me.userId, input, images, MAX_PRODUCT_IMAGES));
    return this.one(id, me, locale);
  }

  async update(me: Principal, id: number, input: ProductInput, files: Express.Multer.File[], locale: Locale) {
    if (!(await this.repository.find(id, locale, me.userId))) throw AppError.notFound();
    await this.checkCategory(input);
    await this.withImages(me, files, async (images) => {
      // Thrown inside, so the photos just stored are removed again.
      if (!(await this.repository.update(id, me.userId, input, images, MAX_PRODUCT_IMAGES))) throw AppError.notFound();
    });
    return this.one(id, me, locale);
  }

  async transition(me: Principal, id: number, name: StockTransition, locale: Locale) {
    const t = TRANSITIONS[name];
    const result = await this.repository.transition(
      id,
      me.userId,
      t.from as ProductStatus,
      t.to as ProductStatus,
    );
    if (result === 'missing') throw AppError.notFound();
    if (result === 'wrong_state') throw new AppError('CONFLICT', { message: t.conflict });
    return this.one(id, me, locale);
  }

  async deleteImage(me: Principal, id: number, imageId: number, locale: Locale) {
    const removed = await this.repository.deleteImage(id, imageId, me.userId);
    if (removed === null) throw AppError.notFound();
    await this.files.remove(removed);
    return this.one(id, me, locale);
  }

  private checkCategory(input: ProductInput): Promise<void> {
    return this.references.require([['category_id', 'productCategories', input.category_id]]);
  }

  /**
   * Stores the photos (type by magic bytes, re-encoded without metadata, list and detail sizes), then
   * writes the rows; when the write fails the stored files are removed again.
   */
  private async withImages<T>(me: Principal, files: Express.Multer.File[], write: (images: NewImage[]) => Promise<T>): Promise<T> {
    if (files.length > MAX_PRODUCT_IMAGES) throw tooManyPhotos();
    try {
      return await this.files.storeFor(files, { kind: 'product_image', owner: me.userId, field: PRODUCT_IMAGES_FIELD }, (stored) =>
        write(stored.map((f) => ({ file_id: f.id }))),
      );
    } catch (err) {
      if (err instanceof TooManyImagesError) throw tooManyPhotos();
      throw err;
    }
  }
}
