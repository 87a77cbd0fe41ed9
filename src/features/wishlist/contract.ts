/**
 * Wishlist routes (spec 000 §4 "Wishlist toggle", §7 PUT/GET /api/wishlists): the one
 * declaration of each, shared by the server (routes.ts), the store and the OpenAPI document.
 * Zod only; islands import these with `import type` (see src/lib/http/client.ts).
 */
import { z } from 'zod';
import { defineRoute, positiveId } from '#lib/http/contract.ts';
import { productCardSchema } from '#features/catalog/contract.ts';

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
