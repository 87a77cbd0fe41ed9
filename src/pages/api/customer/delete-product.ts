/** POST /api/customer/delete-product (multipart cart_id): removes a line; 404 when it is not the customer's. */
import { api, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { removeLine } from '../../../features/cart/server/cart.ts';
import { cartResponse, customerId, parseCartId } from '../../../features/cart/server/respond.ts';

export const POST = api(async (ctx) => {
  const id = await customerId(ctx);
  const cartId = parseCartId((await readBody(ctx.request)).cart_id);
  await removeLine(await getDb(), id, cartId);
  return cartResponse(ctx, id, 'Item removed from cart');
});
