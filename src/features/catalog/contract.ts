/**
 * The catalogue's JSON shapes, shared by routes, islands and the OpenAPI document (spec 000 §7).
 * A product is served in both of the spec's variants at once (`name`/`title`, `price` (MRP) and
 * `offer_price`, `priceWithTax`/`originalPrice`/`discountPercentage`, `image` as {url} and
 * `images` as [{url}]), money in rupees with 2 decimals. Browser-safe: zod only.
 * The catalogue's own route contracts are declared here too (see catalogContracts).
 */
import { z } from 'zod';
import type { RouteContract } from '../../lib/http/contract.ts';

const url = z.object({ url: z.string() });

/** A product card / list entry (server/shapes.ts `productJson`). */
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

/** The catalogue's route contracts (filled in as its routes are declared). */
export const catalogContracts: readonly RouteContract[] = [];
