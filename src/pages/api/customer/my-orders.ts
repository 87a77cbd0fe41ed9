/** GET /api/customer/my-orders → data.orders, newest first (spec 001 §7). */
import { api, ok } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { listOrders } from '../../../lib/server/services/orders.ts';
import { requireCustomer } from '../../../lib/server/session.ts';
import { orderJson } from '../../../lib/server/order-shapes.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  return ok({ orders: (await listOrders(await getDb(), customer.id)).map(orderJson) }, { headers: NO_STORE });
});
