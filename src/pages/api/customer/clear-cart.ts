/** POST /api/customer/clear-cart (empty body): empties the cart. */
import { api } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { clearCart } from '../../../features/cart/server/cart.ts';
import { cartResponse, customerId } from '../../../features/cart/server/respond.ts';

export const POST = api(async (ctx) => {
  const id = await customerId(ctx);
  await clearCart(await getDb(), id);
  return cartResponse(ctx, id, 'Cart cleared');
});
