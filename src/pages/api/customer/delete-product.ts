/** POST /api/customer/delete-product (multipart cart_id): removes a line; 404 when it is not the customer's. */
import { api, readBody } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { removeLine } from '../../../lib/server/services/cart.ts';
import { cartResponse, customerId, parseCartId } from '../../../lib/server/cart-routes.ts';

export const POST = api(async (ctx) => {
  const id = await customerId(ctx);
  const cartId = parseCartId((await readBody(ctx.request)).cart_id);
  await removeLine(await getDb(), id, cartId);
  return cartResponse(ctx, id, 'Item removed from cart');
});
