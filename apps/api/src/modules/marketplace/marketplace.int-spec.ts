import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Locale, PRODUCT_IMAGES_FIELD, productEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { createCompany, createUser, tokenFor } from '../../../test/auth';
import { type BodyIn, type Caller, Invalid, invalid, type Upload } from '../../../test/call';
import { fileRows } from '../../../test/files';

let t: TestApp;
let dataDir: string;
let token: string;
let categoryId: number;
let courseCategoryId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'legenett-market-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_MB: '0.5' } });
  token = uniqueToken();
  const [cat] = await t.db
    .insert(schema.categories)
    .values({ code: `pc-${token}`, type: 'product', name: { no: `Utstyr ${token}`, en: `Equipment ${token}` } })
    .returning();
  const [other] = await t.db
    .insert(schema.categories)
    .values({ code: `kc-${token}`, type: 'course', name: { no: `Kurs ${token}`, en: `Course ${token}` } })
    .returning();
  categoryId = cat!.id;
  courseCategoryId = other!.id;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type ProductFields = BodyIn<typeof ep.create>;

/** Creates or updates a product: its fields and photos as multipart, English unless `locale` says otherwise. */
function send(
  endpoint: typeof ep.create | typeof ep.update,
  as: Caller,
  body: ProductFields | Invalid,
  files: Upload[] = [],
  opts: { params?: { id: number }; locale?: Locale } = {},
) {
  return t.call(endpoint, { as, params: opts.params, body, files: { [PRODUCT_IMAGES_FIELD]: files }, locale: opts.locale ?? 'en' });
}

const png = async (): Promise<Upload> => ({
  buffer: await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer(),
  name: 'photo.png',
});
const photos = (n: number) => Promise.all(Array.from({ length: n }, png));
const fields = (overrides: Partial<ProductFields> = {}): ProductFields => ({
  title: `Ultralydapparat ${token}`,
  description: 'Lite brukt bærbart ultralydapparat.',
  price: 12500,
  manufacturer: 'Philips',
  category_id: categoryId,
  ...overrides,
});

async function createProduct(me: Caller, overrides: Partial<ProductFields> = {}, images = 0) {
  const res = await send(ep.create, me, fields(overrides), await photos(images));
  expect(res.status).toBe(201);
  return res.parsed.data;
}

const stored = (url: string) => path.join(dataDir, 'uploads', url.replace('/api/files/', ''));

describe('POST /my/products', () => {
  it('creates a product with photos, re-encoded in list and detail sizes without metadata', async () => {
    const me = await t.session();
    const { user } = me;
    const product = await createProduct(me, {}, 2);
    expect(product).toMatchObject({ price: 12500, manufacturer: 'Philips', status: 1, is_mine: true, views_count: 0 });
    expect(product.category).toEqual({ id: categoryId, name: `Equipment ${token}` });
    expect(product.seller.id).toBe(user.id);
    expect(product.images).toHaveLength(2);
    for (const img of product.images) {
      const file = fs.readFileSync(stored(img.url));
      expect(file.subarray(8, 12).toString()).toBe('WEBP');
      expect(file.includes(Buffer.from('secret-camera-owner'))).toBe(false);
      expect(fs.existsSync(stored(img.thumb_url))).toBe(true);
    }
  });

  it('refuses 6 photos with the spec message, in both languages', async () => {
    const me = await t.session();
    const en = await send(ep.create, me, fields(), await photos(6));
    expect(en.status).toBe(422);
    expect(en.validation.errors[PRODUCT_IMAGES_FIELD]).toEqual(["You can't upload more than 5 photos!"]);
    const no = await send(ep.create, me, fields(), await photos(6), { locale: 'no' });
    expect(no.validation.errors[PRODUCT_IMAGES_FIELD]).toEqual(['Du kan ikke laste opp mer enn 5 bilder!']);
  });

  it('refuses a text file named .png, a negative price and other bad fields with 422', async () => {
    const me = await t.session();
    const text = await send(ep.create, me, fields(), [{ buffer: Buffer.from('I am not a picture at all'), name: 'photo.png' }]);
    expect(text.status).toBe(422);
    expect(text.validation.errors[PRODUCT_IMAGES_FIELD]).toEqual(['This file type is not supported. Use JPEG, PNG or WebP.']);

    const negative = await send(ep.create, me, fields({ price: -1 }));
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.validation.errors)).toEqual(['price']);

    const bad = await send(ep.create, me, invalid({ title: '', price: 'abc', category_id: courseCategoryId }));
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.validation.errors).sort()).toEqual(['price', 'title']);

    const wrongCategory = await send(ep.create, me, fields({ category_id: courseCategoryId }));
    expect(wrongCategory.status).toBe(422);
    expect(Object.keys(wrongCategory.validation.errors)).toEqual(['category_id']);

    const huge = await send(ep.create, me, fields({ price: 10_000_001 }));
    expect(huge.status).toBe(422);
  });

  it('answers 413 for a photo over the size cap', async () => {
    const me = await t.session();
    const res = await send(ep.create, me, fields(), [{ buffer: Buffer.alloc(600 * 1024, 1), name: 'big.png' }]);
    expect(res.status).toBe(413);
  });

  it('is refused to anonymous (401) and not-yet-approved accounts (403)', async () => {
    expect((await send(ep.create, null, fields())).status).toBe(401);
    const me = await t.session({ status: 'awaiting_approval' });
    const res = await send(ep.create, me, fields());
    expect(res.status).toBe(403);
    expect(res.error.reason).toBe('account_not_approved');
  });
});

describe('GET /products', () => {
  it('filters by status, searches in Norwegian and sorts by price, recent and old', async () => {
    const me = await t.session();
    const word = `stetoskop${token.replace(/[^a-z]/g, '')}`;
    const cheap = await createProduct(me, { title: `Billig ${word}`, price: 100 });
    const dear = await createProduct(me, { title: `Dyrt ${word}`, price: 900 });
    const sold = await createProduct(me, { title: `Solgt ${word}`, price: 500 });
    expect((await t.call(ep.markAsNotAvailable, { as: me, params: { id: sold.id } })).status).toBe(200);

    const list = async (query: Record<string, string | number>) => {
      const res = await t.call(ep.list, { as: me, query: { search: word, ...query } });
      expect(res.status).toBe(200);
      return res.parsed;
    };
    expect((await list({})).data.map((p) => p.id)).toEqual([cheap.id, dear.id]);
    expect((await list({ direction: 'desc' })).data.map((p) => p.id)).toEqual([dear.id, cheap.id]);
    expect((await list({ sort: 'recent' })).data.map((p) => p.id)).toEqual([dear.id, cheap.id]);
    expect((await list({ sort: 'old' })).data.map((p) => p.id)).toEqual([cheap.id, dear.id]);
    const soldOut = await list({ status: 2 });
    expect(soldOut.data.map((p) => p.id)).toEqual([sold.id]);
    expect(soldOut.data[0]!.status).toBe(2);
    const all = await list({ status: 'all' });
    expect(all.data.map((p) => p.id)).toEqual([cheap.id, sold.id, dear.id]);
    expect(all.meta.total).toBe(3);
    expect((await list({ status: 'all', sort: 'recent', per_page: 2, page: 2 })).data.map((p) => p.id)).toEqual([cheap.id]);
    const paged = await list({ per_page: 1, page: 2 });
    expect(paged.data.map((p) => p.id)).toEqual([dear.id]);
    expect(paged.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
  });

  it('answers 422 for bad filters and 401/403 for anonymous and unapproved callers', async () => {
    const me = await t.session();
    const bad: Record<string, string | number>[] = [{ status: 3 }, { status: 'any' }, { status: 0 }, { sort: 'name' }, { direction: 'up' }, { page: 0 }, { per_page: 500 }];
    for (const query of bad) {
      const res = await t.call(ep.list, { as: me, query });
      expect(res.status).toBe(422);
    }
    expect((await t.call(ep.list, { as: me, query: { search: '!!! & | :* (' } })).status).toBe(200);
    expect((await t.call(ep.list, { as: null })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await t.call(ep.list, { as: waiting })).status).toBe(403);
  });
});

describe('GET /products/:id and mark-as-viewed', () => {
  it('shows a product to others and counts a view once per user', async () => {
    const owner = await t.session();
    const product = await createProduct(owner, {}, 1);
    const viewer = await t.session();
    const shown = (await t.call(ep.show, { as: viewer, params: { id: product.id } })).parsed.data;
    expect(shown).toMatchObject({ id: product.id, is_mine: false });
    expect(shown.images).toHaveLength(1);

    const first = (await t.call(ep.markAsViewed, { as: viewer, params: { id: product.id } })).parsed.data;
    expect(first).toEqual({ views_count: 1, counted: true });
    const again = (await t.call(ep.markAsViewed, { as: viewer, params: { id: product.id } })).parsed.data;
    expect(again).toEqual({ views_count: 1, counted: false });
  });

  it('answers 404 for unknown products, 422 for bad ids, 401 and 403 without access', async () => {
    const me = await t.session();
    expect((await t.call(ep.show, { as: me, params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await t.call(ep.markAsViewed, { as: me, params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await t.call(ep.show, { as: me, params: { id: 'abc' } })).status).toBe(422);
    expect((await t.call(ep.show, { as: null, params: { id: 1 } })).status).toBe(401);
    expect((await t.call(ep.markAsViewed, { as: null, params: { id: 1 } })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await t.call(ep.show, { as: waiting, params: { id: 1 } })).status).toBe(403);
    expect((await t.call(ep.markAsViewed, { as: waiting, params: { id: 1 } })).status).toBe(403);
  });
});

describe('/my/products', () => {
  it('lists and shows only my own products; others get 404', async () => {
    const me = await t.session();
    const other = await t.session();
    const a = await createProduct(me, { title: 'Første' });
    const b = await createProduct(me, { title: 'Andre' });
    await createProduct(other);
    const mine = (await t.call(ep.myList, { as: me })).parsed;
    expect(mine.data.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(mine.meta.total).toBe(2);
    expect((await t.call(ep.myShow, { as: me, params: { id: a.id } })).status).toBe(200);
    expect((await t.call(ep.myShow, { as: other, params: { id: a.id } })).status).toBe(404);
    expect((await t.call(ep.myShow, { as: me, params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await t.call(ep.myList, { as: null })).status).toBe(401);
    expect((await t.call(ep.myShow, { as: null, params: { id: a.id } })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await t.call(ep.myList, { as: waiting })).status).toBe(403);
    expect((await t.call(ep.myShow, { as: waiting, params: { id: a.id } })).status).toBe(403);
    expect((await t.call(ep.myList, { as: me, query: { page: 'x' } })).status).toBe(422);
  });

  it('updates fields and adds photos up to 5 in all', async () => {
    const me = await t.session();
    const product = await createProduct(me, {}, 3);
    const res = await send(ep.update, me, fields({ title: 'Nytt navn', price: 0, manufacturer: '' }), await photos(2), { params: { id: product.id } });
    expect(res.status).toBe(200);
    const updated = res.parsed.data;
    expect(updated).toMatchObject({ title: 'Nytt navn', price: 0, manufacturer: null });
    expect(updated.images).toHaveLength(5);
    expect(updated.images.slice(0, 3).map((i) => i.id)).toEqual(product.images.map((i) => i.id));

    const sixth = await send(ep.update, me, fields(), await photos(1), { params: { id: product.id } });
    expect(sixth.status).toBe(422);
    expect(sixth.validation.errors[PRODUCT_IMAGES_FIELD]).toEqual(["You can't upload more than 5 photos!"]);
    const after = (await t.call(ep.myShow, { as: me, params: { id: product.id } })).parsed.data;
    expect(after.images).toHaveLength(5);
  });

  it('refuses updates of others (404), unknown ids (404), bad input (422), anonymous (401) and unapproved (403)', async () => {
    const owner = await t.session();
    const product = await createProduct(owner);
    const other = await t.session();
    expect((await send(ep.update, other, fields(), [], { params: { id: product.id } })).status).toBe(404);
    expect((await send(ep.update, owner, fields(), [], { params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await send(ep.update, owner, fields({ price: -5 }), [], { params: { id: product.id } })).status).toBe(422);
    expect((await send(ep.update, null, fields(), [], { params: { id: product.id } })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await send(ep.update, waiting, fields(), [], { params: { id: product.id } })).status).toBe(403);
    const unchanged = (await t.call(ep.myShow, { as: owner, params: { id: product.id } })).parsed.data;
    expect(unchanged.price).toBe(12500);
  });

  it('toggles the stock state through the state table', async () => {
    const me = await t.session();
    const product = await createProduct(me);
    const sold = await t.call(ep.markAsNotAvailable, { as: me, params: { id: product.id }, locale: 'en' });
    expect(sold.parsed.data.status).toBe(2);
    const twice = await t.call(ep.markAsNotAvailable, { as: me, params: { id: product.id }, locale: 'en' });
    expect(twice.status).toBe(409);
    expect(twice.error.message).toBe('The product is already marked as sold out.');
    const back = await t.call(ep.markAsInStock, { as: me, params: { id: product.id } });
    expect(back.parsed.data.status).toBe(1);
    expect((await t.call(ep.markAsInStock, { as: me, params: { id: product.id }, locale: 'no' })).error.message).toBe('Produktet er allerede på lager.');

    const other = await t.session();
    expect((await t.call(ep.markAsNotAvailable, { as: other, params: { id: product.id } })).status).toBe(404);
    expect((await t.call(ep.markAsInStock, { as: other, params: { id: product.id } })).status).toBe(404);
    expect((await t.call(ep.markAsNotAvailable, { as: me, params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await t.call(ep.markAsNotAvailable, { as: me, params: { id: 'x' } })).status).toBe(422);
    expect((await t.call(ep.markAsNotAvailable, { as: null, params: { id: product.id } })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await t.call(ep.markAsInStock, { as: waiting, params: { id: product.id } })).status).toBe(403);
  });

  it('deletes a photo with its files; others and unknown images get 404', async () => {
    const me = await t.session();
    const { user } = me;
    const product = await createProduct(me, {}, 2);
    const [first, second] = product.images;
    const firstRows = await fileRows(t.db, first!.url);
    expect(firstRows.map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['product_image', 'lg', user.id],
      ['product_image', 'sm', user.id],
    ]);
    expect(firstRows[1]!.storage_key).toBe(first!.thumb_url.replace('/api/files/', ''));
    expect(firstRows[0]).toMatchObject({ width: first!.width, height: first!.height });
    const other = await t.session();
    expect((await t.call(ep.deleteImage, { as: other, params: { id: product.id, imageId: first!.id } })).status).toBe(404);
    expect((await t.call(ep.deleteImage, { as: me, params: { id: product.id, imageId: 2_000_000_000 } })).status).toBe(404);
    expect((await t.call(ep.deleteImage, { as: me, params: { id: product.id, imageId: 'x' } })).status).toBe(422);
    expect((await t.call(ep.deleteImage, { as: null, params: { id: product.id, imageId: first!.id } })).status).toBe(401);
    const waiting = await t.session({ status: 'awaiting_approval' });
    expect((await t.call(ep.deleteImage, { as: waiting, params: { id: product.id, imageId: first!.id } })).status).toBe(403);

    const res = await t.call(ep.deleteImage, { as: me, params: { id: product.id, imageId: first!.id } });
    expect(res.status).toBe(200);
    expect(res.parsed.data.images.map((i) => i.id)).toEqual([second!.id]);
    expect(fs.existsSync(stored(first!.url))).toBe(false);
    expect(fs.existsSync(stored(first!.thumb_url))).toBe(false);
    expect(await fileRows(t.db, first!.url)).toEqual([]);
    expect(await fileRows(t.db, second!.url)).toHaveLength(2);
    const rows = await t.db.select().from(schema.productImages).where(eq(schema.productImages.id, first!.id));
    expect(rows).toHaveLength(0);
  });

  it('lets a company manager acting as the company browse, but not manage personal products', async () => {
    const manager = await createUser(t.db);
    const company = await createCompany(t.db, { managers: [manager.id] });
    const asCompany = await tokenFor(t, manager, { actAs: company.id });
    expect((await t.call(ep.list, { as: asCompany })).status).toBe(200);
    const mine = await t.call(ep.myList, { as: asCompany });
    expect(mine.status).toBe(403);
    expect(mine.error.reason).toBe('business_profile_active');
  });
});
