/** GET /api/customer/my-orders → data.orders, newest first (spec 001 §7). */
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { listOrders } from '../../../features/orders/server/orders.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { orderJson } from '../../../features/orders/server/shapes.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  return ok({ orders: (await listOrders(await getDb(), customer.id)).map(orderJson) }, { headers: NO_STORE });
});
