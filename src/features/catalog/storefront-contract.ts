/**
 * The storefront's catalogue and wishlist route contracts: home feed,
 * categories, a category's or subcategory's products, a product's details, and the wishlist
 * toggle and list. Browser-safe: zod only.
 */
import { z } from 'zod';
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import {
  bannerSchema,
  categorySchema,
  pagingShape,
  productCardSchema,
  productDetailSchema,
  subcategorySchema,
} from './catalog-schemas.ts';
import { listingQuerySchema, queryParam } from './listing-query.ts';

const catalogNotes = 'Public; a shared cache may reuse it for a second (Cache-Control: public, max-age=0, s-maxage=1).';

/** GET /api/customer/home: banners, categories and the first 10 products. */
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

/** GET /api/customer/product-categories: the listed categories (active, with a product on sale) in display order. */
export const listCategoriesRoute = defineRoute({
  method: 'GET',
  path: '/api/customer/product-categories',
  summary: 'The categories with a product on sale, in display order',
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

/** Wishlist routes: PUT/GET /api/wishlists (docs/storefront-rules.md#wishlist). */
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
