/**
 * The catalogue's JSON shapes: category, subcategory, banner, product card and
 * product detail, and the paging beside a page of products. Browser-safe: zod only.
 *
 * A product is served in both of the spec's variants at once (`name`/`title`, `price` (MRP) and
 * `offer_price`, `priceWithTax`/`originalPrice`/`discountPercentage`, `image` as {url} and
 * `images` as [{url}]), money in rupees with 2 decimals. Categories carry `title` and `name`,
 * subcategories `name` and `title` (both variants' clients read them).
 */
import { z } from 'zod';

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

/** A home banner; `ctaLink` defaults to /shop. Texts like "b12" arrive blank. */
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
  /** Non-empty when the signed-in customer has wishlisted the product (what the storefront's clients read). */
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
