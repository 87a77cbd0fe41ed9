/**
 * POST /api/customer/reorder {order_id}: buy again. Puts the order's items that are still in
 * stock into the cart (capped by stock) and answers `{added, skipped}` with a message naming what
 * was left out, plus the cart as it is now. 404 for another customer's order.
 */
import { api, ok, parseId, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { reorder, reorderMessage } from '../../../features/account/server/account.ts';
import { listCart, summarize } from '../../../features/cart/server/cart.ts';
import { requireCustomer, setCartHint } from '../../../features/auth/server/session.ts';
import { reorderJson } from '../../../features/account/server/shapes.ts';
import { cartLineJson, cartSummaryJson } from '../../../features/cart/server/shapes.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const orderId = parseId((await readBody(ctx.request)).order_id, 'Invalid order id.');
  const db = await getDb();
  const result = await reorder(db, customer.id, orderId);
  const lines = await listCart(db, customer.id);
  const summary = summarize(lines);
  setCartHint(ctx.cookies, ctx, summary.itemCount);
  return ok(
    { ...reorderJson(result), my_cart: lines.map(cartLineJson), summary: cartSummaryJson(summary) },
    { message: reorderMessage(result), headers: NO_STORE },
  );
});
