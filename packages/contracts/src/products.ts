import { z } from 'zod';
import { dataOf, IdParamSchema, IdSchema, optionalText, pageOf, PageQuerySchema, readable } from './common';
import { defineEndpoint } from './endpoint';
import { withoutNationalId } from './guarded-text';

/** 1 = in stock, 2 = sold out (the spec's numeric status filter, default 1). */
export const PRODUCT_STATUS = { IN_STOCK: 1, SOLD_OUT: 2 } as const;
export const ProductStatusSchema = z.union([z.literal(1), z.literal(2)]);
export type ProductStatus = z.infer<typeof ProductStatusSchema>;

/** At most this many photos per upload and per product (spec point 5). */
export const MAX_PRODUCT_IMAGES = 5;
/** A sane ceiling for a marketplace price, in whole kroner. */
export const MAX_PRODUCT_PRICE_NOK = 10_000_000;
/** Multipart field carrying the photos. */
export const PRODUCT_IMAGES_FIELD = 'images[]';

export const PRODUCT_SORTS = ['price', 'recent', 'old'] as const;
export const ProductSortSchema = z.enum(PRODUCT_SORTS);
export type ProductSort = z.infer<typeof ProductSortSchema>;
export const SortDirectionSchema = z.enum(['asc', 'desc']);


/**
 * A product's fields, sent as multipart form fields (strings) by `POST /my/products` and
 * `POST /my/products/:id`; the photos travel in `images[]` beside them.
 */
export const ProductInput = z.object({
  title: readable(z.string().trim().min(2).max(200)),
  description: withoutNationalId(z.string().trim().max(5000)).default(''),
  price: z.coerce.number().int().min(0).max(MAX_PRODUCT_PRICE_NOK),
  manufacturer: optionalText(200),
  category_id: z
    .union([z.literal(''), z.null(), IdSchema])
    .optional()
    .transform((v) => (v ? v : null)),
});
export type ProductInput = z.infer<typeof ProductInput>;
export type ProductFormValues = z.input<typeof ProductInput>;

/** The list's status filter: one status (the spec's 1 or 2) or `all` (both). */
export const ProductStatusFilterSchema = z.union([z.literal('all'), z.coerce.number().pipe(ProductStatusSchema)]);
export type ProductStatusFilter = z.infer<typeof ProductStatusFilterSchema>;

export const ProductListQuery = PageQuerySchema.extend({
  search: z.string().trim().max(200).optional(),
  status: ProductStatusFilterSchema.default(PRODUCT_STATUS.IN_STOCK),
  sort: ProductSortSchema.default('price'),
  direction: SortDirectionSchema.default('asc'),
});
export type ProductListQuery = z.infer<typeof ProductListQuery>;

export const ProductImageSchema = z.object({
  id: z.number().int(),
  /** The list-size variant (480 px). */
  thumb_url: z.string(),
  /** The detail-size variant (1600 px). */
  url: z.string(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
});
export type ProductImage = z.infer<typeof ProductImageSchema>;

export const ProductSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  price: z.number().int(),
  manufacturer: z.string().nullable(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  status: ProductStatusSchema,
  views_count: z.number().int(),
  images: z.array(ProductImageSchema),
  seller: z.object({ id: z.number().int(), slug: z.string(), first_name: z.string(), last_name: z.string() }),
  is_mine: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;

export const ProductImageParamsSchema = z.object({ id: IdSchema, imageId: IdSchema });




export const productEndpoints = {
  list: defineEndpoint({
    method: 'GET',
    path: '/products',
    summary: 'Marketplace: search, status filter (1 in stock, 2 sold out, all), sort and direction',
    access: 'member',
    permission: 'market-read',
    query: ProductListQuery,
    response: pageOf(ProductSchema),
  }),
  show: defineEndpoint({
    method: 'GET',
    path: '/products/:id',
    summary: 'One product',
    access: 'member',
    permission: 'market-read',
    params: IdParamSchema,
    response: dataOf(ProductSchema),
  }),
  markAsViewed: defineEndpoint({
    method: 'GET',
    path: '/products/:id/mark-as-viewed',
    summary: 'Count a view of the product (once per user)',
    access: 'member',
    permission: 'market-read',
    params: IdParamSchema,
    response: dataOf(z.object({ views_count: z.number().int(), counted: z.boolean() })),
  }),
  myList: defineEndpoint({
    method: 'GET',
    path: '/my/products',
    summary: 'My products, newest first, in stock and sold out',
    access: 'member',
    personal: true,
    permission: 'market-read',
    query: PageQuerySchema,
    response: pageOf(ProductSchema),
  }),
  create: defineEndpoint({
    method: 'POST',
    path: '/my/products',
    summary: 'List a product (multipart: fields and up to 5 photos in images[])',
    access: 'member',
    permission: 'market-create',
    multipart: true,
    body: ProductInput,
    status: 201,
    response: dataOf(ProductSchema),
  }),
  myShow: defineEndpoint({
    method: 'GET',
    path: '/my/products/:id',
    summary: 'One of my products',
    access: 'member',
    personal: true,
    permission: 'market-read',
    params: IdParamSchema,
    response: dataOf(ProductSchema),
  }),
  update: defineEndpoint({
    method: 'POST',
    path: '/my/products/:id',
    summary: 'Update one of my products (multipart; images[] adds photos, at most 5 in all)',
    access: 'member',
    personal: true,
    permission: 'market-update',
    multipart: true,
    params: IdParamSchema,
    body: ProductInput,
    response: dataOf(ProductSchema),
  }),
  markAsNotAvailable: defineEndpoint({
    method: 'POST',
    path: '/my/products/:id/mark-as-not-available',
    summary: 'Mark one of my products as sold out',
    access: 'member',
    personal: true,
    permission: 'market-update',
    params: IdParamSchema,
    response: dataOf(ProductSchema),
  }),
  markAsInStock: defineEndpoint({
    method: 'POST',
    path: '/my/products/:id/mark-as-in-stock',
    summary: 'Mark one of my products as in stock again',
    access: 'member',
    personal: true,
    permission: 'market-update',
    params: IdParamSchema,
    response: dataOf(ProductSchema),
  }),
  deleteImage: defineEndpoint({
    method: 'DELETE',
    path: '/my/products/:id/image/:imageId',
    summary: 'Remove a photo from one of my products',
    access: 'member',
    personal: true,
    permission: 'market-delete',
    params: ProductImageParamsSchema,
    response: dataOf(ProductSchema),
  }),
} as const;
