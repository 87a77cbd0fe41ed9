/** POST /api/customer/clear-cart (empty body): empties the cart. */
import { api } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { clearCart } from '../../../lib/server/services/cart.ts';
import { cartResponse, customerId } from '../../../lib/server/cart-routes.ts';

export const POST = api(async (ctx) => {
  const id = await customerId(ctx);
  await clearCart(await getDb(), id);
  return cartResponse(ctx, id, 'Cart cleared');
});
