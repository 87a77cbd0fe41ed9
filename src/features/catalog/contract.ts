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
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import { listingQuerySchema, queryParam } from './listing-query.ts';

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
