/**
 * PUT /api/wishlists {productId}: toggles a product — 201 "Product added to wishlist
 * successfully!" or 200 "Product removed from wishlist successfully" (spec 000 §4, §8).
 * GET /api/wishlists → data.wishlists (products, newest first).
 */
import { api, ok, parseId, readBody } from '../../lib/http/envelope.ts';
import { getDb } from '../../lib/db/index.ts';
import { listWishlist, toggleWishlist } from '../../features/wishlist/server.ts';
import { requireCustomer } from '../../features/auth/server/session.ts';
import { productJson } from '../../features/catalog/server/shapes.ts';
import { NO_STORE } from '../../lib/cache/cache-control.ts';

export const PUT = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const body = await readBody(ctx.request);
  const productId = parseId(body.productId ?? body.product_id, 'Invalid product id.');
  const result = await toggleWishlist(await getDb(), customer.id, productId);
  return result === 'added'
    ? ok({ productId, wishlisted: true }, { status: 201, message: 'Product added to wishlist successfully!', headers: NO_STORE })
    : ok({ productId, wishlisted: false }, { status: 200, message: 'Product removed from wishlist successfully', headers: NO_STORE });
});

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const products = await listWishlist(await getDb(), customer.id);
  return ok({ wishlists: products.map((p) => productJson(p, { wishlisted: true })) }, { headers: NO_STORE });
});
