/** POST /api/customer/decrease-qty (form-urlencoded cart_id): one fewer of a line; never below 1 (422). */
import { api, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { stepQuantity } from '../../../features/cart/server/cart.ts';
import { cartResponse, customerId, parseCartId } from '../../../features/cart/server/respond.ts';

export const POST = api(async (ctx) => {
  const id = await customerId(ctx);
  const cartId = parseCartId((await readBody(ctx.request)).cart_id);
  await stepQuantity(await getDb(), id, cartId, -1);
  return cartResponse(ctx, id);
});
