/** POST /api/customer/cancel-order {order_id}: cancels within 30 minutes while still placed; 409 otherwise. */
import { api, ok, parseId, readBody } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { cancelOrder } from '../../../lib/server/services/orders.ts';
import { requireCustomer } from '../../../lib/server/session.ts';
import { orderJson } from '../../../lib/server/order-shapes.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const id = parseId((await readBody(ctx.request)).order_id, 'Invalid order id.');
  const order = await cancelOrder(await getDb(), customer.id, id);
  return ok({ order: orderJson(order) }, { message: 'Your order has been cancelled.', headers: NO_STORE });
});
