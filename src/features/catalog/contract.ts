/**
 * The catalogue's JSON shapes and route contracts (spec 000 §3, §7), shared by the routes
 * (routes.ts), the islands (with `import type`) and the OpenAPI document. Browser-safe: zod only.
 *
 * A product is served in both of the spec's variants at once (`name`/`title`, `price` (MRP) and
 * `offer_price`, `priceWithTax`/`originalPrice`/`discountPercentage`, `image` as {url} and
 * `images` as [{url}]), money in rupees with 2 decimals. Categories carry `title` and `name`,
 * subcategories `name` and `title` (both variants' clients read them).
 */
import { z } from 'zod';
import { defineAdminRoute, defineRoute, positiveId } from '#lib/http/contract.ts';
import { listingQuerySchema, queryParam } from './listing-query.ts';
import { MAX_STOCK, PRODUCT_FILTERS, productPatchSchema } from './admin-rules.ts';

export { positiveInt, queryParam } from './listing-query.ts';
export * from './admin-rules.ts';

const url = z.object({ url: z.string() });

/** A category (server/catalog-json.ts `categoryJson`). */
export const categorySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  name: z.string(),
  slug: z.string(),
  /** Image URL (the placeholder when the category has none). */
  image: z.string(),
  description: z.string().nullable(),
});

/** A subcategory (server/catalog-json.ts `subcategoryJson`). */
export const subcategorySchema = z.object({
  id: z.number().int(),
  category_id: z.number().int(),
  name: z.string(),
  title: z.string(),
  slug: z.string(),
  image: z.string(),
});

/** A home banner (spec 000 §3); `ctaLink` defaults to /shop. Texts like "b12" arrive blank. */
export const bannerSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  image: z.string(),
  cta: z.string().nullable(),
  ctaLink: z.string(),
});

/** A product card / list entry (server/catalog-json.ts `productJson`). */
export const productCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  slug: z.string(),
  image: url,
  product_image: z.string(),
  images: z.array(url),
  /** MRP in rupees. */
  price: z.number(),
  /** Selling price in rupees. */
  offer_price: z.number(),
  priceWithTax: z.number(),
  originalPrice: z.number(),
  discountPercentage: z.number(),
  weight: z.number().nullable(),
  weightUnit: z.string().nullable(),
  unit: z.string().nullable(),
  tax: z.object({ taxPercentage: z.number() }),
  stock: z.number().int(),
  in_stock: z.boolean(),
  brand: z.string().nullable(),
  categoryA: z.object({ id: z.number().int() }),
  categoryB: z.object({ id: z.number().int() }),
  category_id: z.number().int(),
  subcategory_id: z.number().int(),
  /** Non-empty when the signed-in customer has wishlisted the product (spec 000 §7). */
  wishlists: z.array(z.object({ product_id: z.number().int() })),
});
export type ProductCardJson = z.infer<typeof productCardSchema>;

const named = z.object({ id: z.number().int(), name: z.string() });

/** A product detail: the card plus sku, texts, highlights, the whole gallery and category names. */
export const productDetailSchema = productCardSchema.extend({
  sku: z.string(),
  description: z.string().nullable(),
  additionalInformation: z.string().nullable(),
  highlights: z.array(z.string()),
  type: z.string().nullable(),
  rating: z.number().nullable(),
  categoryA: named,
  categoryB: named,
  category_name: z.string(),
  subcategory_name: z.string(),
});

/** Paging beside a product page: `total` products, 1-based `page`, `pageSize`, `totalPages` ≥ 1. */
export const pagingShape = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  totalPages: z.number().int(),
};

const catalogNotes = 'Public; a shared cache may reuse it for a second (Cache-Control: public, max-age=0, s-maxage=1).';

/** GET /api/customer/home: banners, categories and the first 10 products (spec 000 §7, §9). */
export const homeRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/home',
  summary: 'Home feed: active banners, every category and the first 10 products',
  description: catalogNotes,
  auth: 'none',
  response: z.object({
    banners: z.array(bannerSchema),
    categories: z.array(categorySchema),
    products: z.array(productCardSchema),
  }),
});

/** GET /api/customer/product-categories: every category in display order. */
export const listCategoriesRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/product-categories',
  summary: 'Every category in display order',
  description: catalogNotes,
  auth: 'none',
  response: z.object({ categories: z.array(categorySchema) }),
});

/** GET /api/customer/product-subcategories/{id}: a category, its subcategories and one page of its products. */
export const categoryProductsRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/product-subcategories/{id}',
  summary:
    'A category with its subcategories and one page of its products (optionally one subcategory), sorted by offer price',
  description: `404 for an unknown category or a subcategory outside it; 400 for a bad id or parameter. pageSize 1–100 (default 10). ${catalogNotes}`,
  auth: 'none',
  params: z.object({ id: positiveId('Invalid category id.') }),
  query: listingQuerySchema,
  response: z.object({
    category: categorySchema,
    subcategories: z.array(subcategorySchema),
    products: z.array(productCardSchema),
    ...pagingShape,
  }),
});

/** The All entry of the subcategory list (id 0). */
const allSubcategorySchema = z.object({ id: z.literal(0), name: z.literal('All'), title: z.literal('All') });

/**
 * GET /api/customer/products/{id}: one page of a subcategory's products; id 0 is All (optionally
 * within `category`).
 */
export const subcategoryProductsRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/products/{id}',
  summary: "One page of a subcategory's products; id 0 is All (every product, or every product of `category`)",
  description: `404 for an unknown subcategory or category; 400 for a bad id or parameter. pageSize 1–100 (default 10). ${catalogNotes}`,
  auth: 'none',
  params: z.object({
    id: z
      .string()
      .regex(/^\d{1,9}$/, 'Invalid subcategory id.')
      .transform(Number),
  }),
  query: listingQuerySchema.omit({ subcategory: true }).extend({
    category: queryParam(
      z
        .string()
        .regex(/^\d{1,9}$/, 'Invalid category id.')
        .transform(Number),
    ),
  }),
  response: z.object({
    subcategory: z.union([subcategorySchema, allSubcategorySchema]),
    products: z.array(productCardSchema),
    ...pagingShape,
  }),
});

/** GET /api/customer/product-details/{id}: a product and up to 8 related products. */
export const productDetailsRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/product-details/{id}',
  summary: 'A product with up to 8 related products (same subcategory first, then same category)',
  description: `404 "No product details found." for an unknown or inactive product. With a session, \`wishlists\` shows the customer's hearts and the answer is not cached (no-store); otherwise ${catalogNotes}`,
  auth: 'optional',
  params: z.object({ id: positiveId('Invalid product id.') }),
  response: z.object({ product: productDetailSchema, related_products: z.array(productCardSchema) }),
});

/** Every catalogue route. */
export const catalogContracts = [
  homeRoute,
  listCategoriesRoute,
  categoryProductsRoute,
  subcategoryProductsRoute,
  productDetailsRoute,
] as const;

/** Wishlist routes (spec 000 §4 "Wishlist toggle", §7 PUT/GET /api/wishlists). */
/** PUT /api/wishlists: adds a product when absent (201), removes it when present (200). */
export const toggleWishlistRoute = defineRoute({
  method: 'PUT',
  path: '/api/wishlists',
  summary: 'Toggle a product in the wishlist (201 added, 200 removed)',
  auth: 'customer',
  body: z.object({ productId: positiveId('Invalid product id.') }),
  response: z.object({ productId: z.number().int(), wishlisted: z.boolean() }),
});

/** GET /api/wishlists: the wishlisted products, newest first. */
export const listWishlistRoute = defineRoute({
  method: 'GET',
  path: '/api/wishlists',
  summary: 'Wishlisted products, newest first',
  auth: 'customer',
  response: z.object({ wishlists: z.array(productCardSchema) }),
});

export const wishlistContracts = [toggleWishlistRoute, listWishlistRoute] as const;

/** Back-office product routes (manager and owner: `products.manage`). Money in paise. */
export const adminProductSchema = z.object({
  id: z.number().int(),
  sku: z.string(),
  name: z.string(),
  slug: z.string(),
  categoryId: z.number().int(),
  categoryName: z.string(),
  subcategoryId: z.number().int(),
  subcategoryName: z.string(),
  brand: z.string().nullable(),
  description: z.string().nullable(),
  highlights: z.array(z.string()),
  images: z.array(z.string()),
  weight: z.number().nullable(),
  weightUnit: z.string().nullable(),
  pricePaise: z.number().int(),
  mrpPaise: z.number().int(),
  taxPercent: z.number(),
  hsnCode: z.string().nullable(),
  stock: z.number().int(),
  isActive: z.boolean(),
  updatedAt: z.string(),
});

/** GET /api/admin/products: the listing (search, filters, pages). */
export const adminProductsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/products',
  summary: 'Products for the back office: search, filters, pages',
  description:
    '`q` is matched by the storefront search engine (best first), by name and by SKU; `filter` out_of_stock, inactive or low_stock (stock at or below `stock_at_most`).',
  permission: 'products.manage',
  query: z.object({
    q: z.string().trim().max(100, 'Search for at most 100 characters.').optional(),
    filter: z.enum(PRODUCT_FILTERS, { error: `filter must be one of ${PRODUCT_FILTERS.join(', ')}.` }).default('all'),
    stock_at_most: z.coerce
      .number({ error: 'stock_at_most must be a whole number.' })
      .int('stock_at_most must be a whole number.')
      .min(0, 'stock_at_most cannot be negative.')
      .max(MAX_STOCK)
      .default(5),
    page: z.coerce.number({ error: 'page must be a number.' }).int().min(1).max(10_000).default(1),
  }),
  response: z.object({
    products: z.array(adminProductSchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  }),
});

/** GET /api/admin/products/{id}: one product with the category tree for its form. */
export const adminProductRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/products/{id}',
  summary: 'One product for the back office, with the categories to choose from',
  permission: 'products.manage',
  params: z.object({ id: positiveId('Invalid product id.') }),
  response: z.object({
    product: adminProductSchema,
    categories: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        subcategories: z.array(z.object({ id: z.number().int(), name: z.string() })),
      }),
    ),
  }),
});

/** PATCH /api/admin/products/{id}: changes what is sent (inline edit or the product form). */
export const updateAdminProductRoute = defineAdminRoute({
  method: 'PATCH',
  path: '/api/admin/products/{id}',
  summary:
    'Change a product: price, MRP, stock, active, name, description, highlights, images, category, unit, pack size, tax',
  description:
    'Money in paise (integers), price at or below MRP (422 otherwise). The storefront shows the change within a second on every server process. Audited with the changed fields before and after.',
  permission: 'products.manage',
  params: z.object({ id: positiveId('Invalid product id.') }),
  body: productPatchSchema,
  response: z.object({ product: adminProductSchema }),
});

/** GET /api/admin/products/export: every product as CSV. */
export const exportProductsRoute = defineAdminRoute({
  method: 'GET',
  path: '/api/admin/products/export',
  summary: 'Export every product as CSV (the importer takes it back)',
  permission: 'products.manage',
  response: z.never(),
  produces: 'text/csv',
});

/** Largest catalogue CSV the browser import takes, in bytes (20 MB). */
export const MAX_IMPORT_BYTES = 20 * 1024 * 1024;

/** One line of the import's stream: progress, then the report. */
export const importReportSchema = z.object({
  inserted: z.number().int(),
  updated: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(z.object({ line: z.number().int(), column: z.string().optional(), reason: z.string() })),
  rows: z.array(
    z.object({
      line: z.number().int(),
      sku: z.string(),
      name: z.string(),
      outcome: z.enum(['added', 'changed', 'unchanged']),
    }),
  ),
});
export type ImportReport = z.infer<typeof importReportSchema>;

/** POST /api/admin/products/import: imports a catalogue CSV with the command line's importer. */
export const importProductsRoute = defineAdminRoute({
  method: 'POST',
  path: '/api/admin/products/import',
  summary: 'Import a catalogue CSV (same importer as npm run catalog:import), streaming progress',
  description:
    'Answers application/x-ndjson: `{"progress":{"done":n,"total":m}}` lines while rows are written, then `{"success":true,"data":{report}}` (added, changed, refused rows with their line and reason) or `{"success":false,"message":…}`. A bad header writes nothing. Body up to 20 MB.',
  permission: 'products.manage',
  maxBodyBytes: MAX_IMPORT_BYTES,
  body: z.object({
    csv: z.string({ error: 'Choose a CSV file.' }).min(1, 'The file is empty.'),
  }),
  response: importReportSchema,
  produces: 'application/x-ndjson',
});

export const adminCatalogContracts = [
  adminProductsRoute,
  adminProductRoute,
  updateAdminProductRoute,
  exportProductsRoute,
  importProductsRoute,
] as const;
