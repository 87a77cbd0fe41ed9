/** POST /api/customer/cancel-order {order_id}: cancels within 30 minutes while still placed; 409 otherwise. */
import { api, ok, parseId, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { cancelOrder } from '../../../features/orders/server/orders.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { orderJson } from '../../../features/orders/server/shapes.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const id = parseId((await readBody(ctx.request)).order_id, 'Invalid order id.');
  const order = await cancelOrder(await getDb(), customer.id, id);
  return ok({ order: orderJson(order) }, { message: 'Your order has been cancelled.', headers: NO_STORE });
});
