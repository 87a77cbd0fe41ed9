/** The wishlist's route handlers (contracts in contract.ts; mounted by src/pages/api/wishlists.ts). */
import { implement } from '#lib/http/handler.ts';
import { getDb } from '#lib/db/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { productJson } from '#features/catalog/server/catalog-json.ts';
import { listWishlist, toggleWishlist } from './server.ts';
import { listWishlistRoute, toggleWishlistRoute } from './contract.ts';
import { WISHLIST_MESSAGES } from './rules.ts';

export const toggleWishlistEndpoint = implement(toggleWishlistRoute, async ({ body, customer }) => {
  const added = (await toggleWishlist(await getDb(), customer.id, body.productId)) === 'added';
  return {
    status: added ? 201 : 200,
    message: added ? WISHLIST_MESSAGES.added : WISHLIST_MESSAGES.removed,
    data: { productId: body.productId, wishlisted: added },
    headers: NO_STORE,
  };
});

export const listWishlistEndpoint = implement(listWishlistRoute, async ({ customer }) => {
  const products = await listWishlist(await getDb(), customer.id);
  return { data: { wishlists: products.map((p) => productJson(p, { wishlisted: true })) }, headers: NO_STORE };
});
