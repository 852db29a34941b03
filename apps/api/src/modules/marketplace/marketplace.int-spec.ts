import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPath, type Endpoint, PRODUCT_IMAGES_FIELD, productEndpoints as ep } from '@legenett/contracts';
import { schema } from '@legenett/db';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { createTestApp, type TestApp, uniqueToken } from '../../../test/app';
import { bearer, createCompany, createUser, tokenFor } from '../../../test/auth';
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

async function session(options: Parameters<typeof createUser>[1] = {}) {
  const user = await createUser(t.db, options);
  return { user, auth: bearer(await tokenFor(t, user)) };
}

type Params = Record<string, string | number>;

function call(endpoint: Endpoint, auth: string | null, opts: { params?: Params; query?: Record<string, string | number>; locale?: string } = {}) {
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'delete';
  let req = t.http[method](`/api${buildPath(endpoint.path, opts.params)}`).set('X-localization', opts.locale ?? 'en');
  if (opts.query) req = req.query(opts.query);
  if (auth) req = req.set('Authorization', auth);
  return req;
}

interface UploadFile {
  buffer: Buffer;
  name: string;
}

function send(endpoint: Endpoint, auth: string | null, fields: Record<string, string | number>, files: UploadFile[] = [], opts: { params?: Params; locale?: string } = {}) {
  let req = t.http.post(`/api${buildPath(endpoint.path, opts.params)}`).set('X-localization', opts.locale ?? 'en');
  if (auth) req = req.set('Authorization', auth);
  for (const [k, v] of Object.entries(fields)) req = req.field(k, String(v));
  for (const f of files) req = req.attach(PRODUCT_IMAGES_FIELD, f.buffer, f.name);
  return req;
}

const png = async (): Promise<UploadFile> => ({
  buffer: await sharp({ create: { width: 60, height: 40, channels: 3, background: { r: 10, g: 120, b: 200 } } })
    .png()
    .withMetadata({ exif: { IFD0: { Copyright: 'secret-camera-owner' } } })
    .toBuffer(),
  name: 'photo.png',
});
const photos = (n: number) => Promise.all(Array.from({ length: n }, png));
const fields = (overrides: Record<string, string | number> = {}) => ({
  title: `Ultralydapparat ${token}`,
  description: 'Lite brukt bærbart ultralydapparat.',
  price: 12500,
  manufacturer: 'Philips',
  category_id: categoryId,
  ...overrides,
});

async function createProduct(auth: string, overrides: Record<string, string | number> = {}, images = 0) {
  const res = await send(ep.create, auth, fields(overrides), await photos(images));
  expect(res.status).toBe(201);
  return ep.create.response.parse(res.body).data;
}

const stored = (url: string) => path.join(dataDir, 'uploads', url.replace('/api/files/', ''));

describe('POST /my/products', () => {
  it('creates a product with photos, re-encoded in list and detail sizes without metadata', async () => {
    const { auth, user } = await session();
    const product = await createProduct(auth, {}, 2);
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
    const { auth } = await session();
    const en = await send(ep.create, auth, fields(), await photos(6));
    expect(en.status).toBe(422);
    expect(en.body.errors[PRODUCT_IMAGES_FIELD]).toEqual(["You can't upload more than 5 photos!"]);
    const no = await send(ep.create, auth, fields(), await photos(6), { locale: 'no' });
    expect(no.body.errors[PRODUCT_IMAGES_FIELD]).toEqual(['Du kan ikke laste opp mer enn 5 bilder!']);
  });

  it('refuses a text file named .png, a negative price and other bad fields with 422', async () => {
    const { auth } = await session();
    const text = await send(ep.create, auth, fields(), [{ buffer: Buffer.from('I am not a picture at all'), name: 'photo.png' }]);
    expect(text.status).toBe(422);
    expect(text.body.errors[PRODUCT_IMAGES_FIELD]).toEqual(['This file type is not supported. Use JPEG, PNG or WebP.']);

    const negative = await send(ep.create, auth, fields({ price: -1 }));
    expect(negative.status).toBe(422);
    expect(Object.keys(negative.body.errors)).toEqual(['price']);

    const bad = await send(ep.create, auth, { title: '', price: 'abc', category_id: courseCategoryId });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['price', 'title']);

    const wrongCategory = await send(ep.create, auth, fields({ category_id: courseCategoryId }));
    expect(wrongCategory.status).toBe(422);
    expect(Object.keys(wrongCategory.body.errors)).toEqual(['category_id']);

    const huge = await send(ep.create, auth, fields({ price: 10_000_001 }));
    expect(huge.status).toBe(422);
  });

  it('answers 413 for a photo over the size cap', async () => {
    const { auth } = await session();
    const res = await send(ep.create, auth, fields(), [{ buffer: Buffer.alloc(600 * 1024, 1), name: 'big.png' }]);
    expect(res.status).toBe(413);
  });

  it('is refused to anonymous (401) and not-yet-approved accounts (403)', async () => {
    expect((await send(ep.create, null, fields())).status).toBe(401);
    const { auth } = await session({ status: 'awaiting_approval' });
    const res = await send(ep.create, auth, fields());
    expect(res.status).toBe(403);
    expect(res.body.reason).toBe('account_not_approved');
  });
});

describe('GET /products', () => {
  it('filters by status, searches in Norwegian and sorts by price, recent and old', async () => {
    const { auth } = await session();
    const word = `stetoskop${token.replace(/[^a-z]/g, '')}`;
    const cheap = await createProduct(auth, { title: `Billig ${word}`, price: 100 });
    const dear = await createProduct(auth, { title: `Dyrt ${word}`, price: 900 });
    const sold = await createProduct(auth, { title: `Solgt ${word}`, price: 500 });
    expect((await call(ep.markAsNotAvailable, auth, { params: { id: sold.id } })).status).toBe(200);

    const list = async (query: Record<string, string | number>) => {
      const res = await call(ep.list, auth, { query: { search: word, ...query } });
      expect(res.status).toBe(200);
      return ep.list.response.parse(res.body);
    };
    expect((await list({})).data.map((p) => p.id)).toEqual([cheap.id, dear.id]);
    expect((await list({ direction: 'desc' })).data.map((p) => p.id)).toEqual([dear.id, cheap.id]);
    expect((await list({ sort: 'recent' })).data.map((p) => p.id)).toEqual([dear.id, cheap.id]);
    expect((await list({ sort: 'old' })).data.map((p) => p.id)).toEqual([cheap.id, dear.id]);
    const soldOut = await list({ status: 2 });
    expect(soldOut.data.map((p) => p.id)).toEqual([sold.id]);
    expect(soldOut.data[0]!.status).toBe(2);
    const paged = await list({ per_page: 1, page: 2 });
    expect(paged.data.map((p) => p.id)).toEqual([dear.id]);
    expect(paged.meta).toEqual({ current_page: 2, last_page: 2, per_page: 1, total: 2 });
  });

  it('answers 422 for bad filters and 401/403 for anonymous and unapproved callers', async () => {
    const { auth } = await session();
    const bad: Record<string, string | number>[] = [{ status: 3 }, { sort: 'name' }, { direction: 'up' }, { page: 0 }, { per_page: 500 }];
    for (const query of bad) {
      const res = await call(ep.list, auth, { query });
      expect(res.status).toBe(422);
    }
    expect((await call(ep.list, auth, { query: { search: '!!! & | :* (' } })).status).toBe(200);
    expect((await call(ep.list, null)).status).toBe(401);
    const waiting = await session({ status: 'awaiting_approval' });
    expect((await call(ep.list, waiting.auth)).status).toBe(403);
  });
});

describe('GET /products/:id and mark-as-viewed', () => {
  it('shows a product to others and counts a view once per user', async () => {
    const owner = await session();
    const product = await createProduct(owner.auth, {}, 1);
    const viewer = await session();
    const shown = ep.show.response.parse((await call(ep.show, viewer.auth, { params: { id: product.id } })).body).data;
    expect(shown).toMatchObject({ id: product.id, is_mine: false });
    expect(shown.images).toHaveLength(1);

    const first = ep.markAsViewed.response.parse((await call(ep.markAsViewed, viewer.auth, { params: { id: product.id } })).body).data;
    expect(first).toEqual({ views_count: 1, counted: true });
    const again = ep.markAsViewed.response.parse((await call(ep.markAsViewed, viewer.auth, { params: { id: product.id } })).body).data;
    expect(again).toEqual({ views_count: 1, counted: false });
  });

  it('answers 404 for unknown products, 422 for bad ids, 401 and 403 without access', async () => {
    const { auth } = await session();
    expect((await call(ep.show, auth, { params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await call(ep.markAsViewed, auth, { params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await call(ep.show, auth, { params: { id: 'abc' } })).status).toBe(422);
    expect((await call(ep.show, null, { params: { id: 1 } })).status).toBe(401);
    expect((await call(ep.markAsViewed, null, { params: { id: 1 } })).status).toBe(401);
    const waiting = await session({ status: 'awaiting_approval' });
    expect((await call(ep.show, waiting.auth, { params: { id: 1 } })).status).toBe(403);
    expect((await call(ep.markAsViewed, waiting.auth, { params: { id: 1 } })).status).toBe(403);
  });
});

describe('/my/products', () => {
  it('lists and shows only my own products; others get 404', async () => {
    const me = await session();
    const other = await session();
    const a = await createProduct(me.auth, { title: 'Første' });
    const b = await createProduct(me.auth, { title: 'Andre' });
    await createProduct(other.auth);
    const mine = ep.myList.response.parse((await call(ep.myList, me.auth)).body);
    expect(mine.data.map((p) => p.id)).toEqual([b.id, a.id]);
    expect(mine.meta.total).toBe(2);
    expect((await call(ep.myShow, me.auth, { params: { id: a.id } })).status).toBe(200);
    expect((await call(ep.myShow, other.auth, { params: { id: a.id } })).status).toBe(404);
    expect((await call(ep.myShow, me.auth, { params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await call(ep.myList, null)).status).toBe(401);
    expect((await call(ep.myShow, null, { params: { id: a.id } })).status).toBe(401);
    const waiting = await session({ status: 'awaiting_approval' });
    expect((await call(ep.myList, waiting.auth)).status).toBe(403);
    expect((await call(ep.myShow, waiting.auth, { params: { id: a.id } })).status).toBe(403);
    expect((await call(ep.myList, me.auth, { query: { page: 'x' } })).status).toBe(422);
  });

  it('updates fields and adds photos up to 5 in all', async () => {
    const { auth } = await session();
    const product = await createProduct(auth, {}, 3);
    const res = await send(ep.update, auth, fields({ title: 'Nytt navn', price: 0, manufacturer: '' }), await photos(2), { params: { id: product.id } });
    expect(res.status).toBe(200);
    const updated = ep.update.response.parse(res.body).data;
    expect(updated).toMatchObject({ title: 'Nytt navn', price: 0, manufacturer: null });
    expect(updated.images).toHaveLength(5);
    expect(updated.images.slice(0, 3).map((i) => i.id)).toEqual(product.images.map((i) => i.id));

    const sixth = await send(ep.update, auth, fields(), await photos(1), { params: { id: product.id } });
    expect(sixth.status).toBe(422);
    expect(sixth.body.errors[PRODUCT_IMAGES_FIELD]).toEqual(["You can't upload more than 5 photos!"]);
    const after = ep.myShow.response.parse((await call(ep.myShow, auth, { params: { id: product.id } })).body).data;
    expect(after.images).toHaveLength(5);
  });

  it('refuses updates of others (404), unknown ids (404), bad input (422), anonymous (401) and unapproved (403)', async () => {
    const owner = await session();
    const product = await createProduct(owner.auth);
    const other = await session();
    expect((await send(ep.update, other.auth, fields(), [], { params: { id: product.id } })).status).toBe(404);
    expect((await send(ep.update, owner.auth, fields(), [], { params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await send(ep.update, owner.auth, fields({ price: -5 }), [], { params: { id: product.id } })).status).toBe(422);
    expect((await send(ep.update, null, fields(), [], { params: { id: product.id } })).status).toBe(401);
    const waiting = await session({ status: 'awaiting_approval' });
    expect((await send(ep.update, waiting.auth, fields(), [], { params: { id: product.id } })).status).toBe(403);
    const unchanged = ep.myShow.response.parse((await call(ep.myShow, owner.auth, { params: { id: product.id } })).body).data;
    expect(unchanged.price).toBe(12500);
  });

  it('toggles the stock state through the state table', async () => {
    const { auth } = await session();
    const product = await createProduct(auth);
    const sold = await call(ep.markAsNotAvailable, auth, { params: { id: product.id } });
    expect(ep.markAsNotAvailable.response.parse(sold.body).data.status).toBe(2);
    const twice = await call(ep.markAsNotAvailable, auth, { params: { id: product.id } });
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('The product is already marked as sold out.');
    const back = await call(ep.markAsInStock, auth, { params: { id: product.id } });
    expect(ep.markAsInStock.response.parse(back.body).data.status).toBe(1);
    expect((await call(ep.markAsInStock, auth, { params: { id: product.id }, locale: 'no' })).body.message).toBe('Produktet er allerede på lager.');

    const other = await session();
    expect((await call(ep.markAsNotAvailable, other.auth, { params: { id: product.id } })).status).toBe(404);
    expect((await call(ep.markAsInStock, other.auth, { params: { id: product.id } })).status).toBe(404);
    expect((await call(ep.markAsNotAvailable, auth, { params: { id: 2_000_000_000 } })).status).toBe(404);
    expect((await call(ep.markAsNotAvailable, auth, { params: { id: 'x' } })).status).toBe(422);
    expect((await call(ep.markAsNotAvailable, null, { params: { id: product.id } })).status).toBe(401);
    const waiting = await session({ status: 'awaiting_approval' });
    expect((await call(ep.markAsInStock, waiting.auth, { params: { id: product.id } })).status).toBe(403);
  });

  it('deletes a photo with its files; others and unknown images get 404', async () => {
    const { user, auth } = await session();
    const product = await createProduct(auth, {}, 2);
    const [first, second] = product.images;
    const firstRows = await fileRows(t.db, first!.url);
    expect(firstRows.map((r) => [r.kind, r.variant, r.owner_user_id])).toEqual([
      ['product_image', 'lg', user.id],
      ['product_image', 'sm', user.id],
    ]);
    expect(firstRows[1]!.storage_key).toBe(first!.thumb_url.replace('/api/files/', ''));
    expect(firstRows[0]).toMatchObject({ width: first!.width, height: first!.height });
    const other = await session();
    expect((await call(ep.deleteImage, other.auth, { params: { id: product.id, imageId: first!.id } })).status).toBe(404);
    expect((await call(ep.deleteImage, auth, { params: { id: product.id, imageId: 2_000_000_000 } })).status).toBe(404);
    expect((await call(ep.deleteImage, auth, { params: { id: product.id, imageId: 'x' } })).status).toBe(422);
    expect((await call(ep.deleteImage, null, { params: { id: product.id, imageId: first!.id } })).status).toBe(401);
    const waiting = await session({ status: 'awaiting_approval' });
    expect((await call(ep.deleteImage, waiting.auth, { params: { id: product.id, imageId: first!.id } })).status).toBe(403);

    const res = await call(ep.deleteImage, auth, { params: { id: product.id, imageId: first!.id } });
    expect(res.status).toBe(200);
    expect(ep.deleteImage.response.parse(res.body).data.images.map((i) => i.id)).toEqual([second!.id]);
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
    const asCompany = bearer(await tokenFor(t, manager, { actAs: company.id }));
    expect((await call(ep.list, asCompany)).status).toBe(200);
    const mine = await call(ep.myList, asCompany);
    expect(mine.status).toBe(403);
    expect(mine.body.reason).toBe('business_profile_active');
  });
});
