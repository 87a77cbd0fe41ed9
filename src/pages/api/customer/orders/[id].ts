/** GET /api/customer/orders/{id} → data.order (404 for another customer's order). */
import { api, ok, parseId } from '../../../../lib/server/http.ts';
import { getDb } from '../../../../lib/server/db/index.ts';
import { getOrder } from '../../../../lib/server/services/orders.ts';
import { requireCustomer } from '../../../../lib/server/session.ts';
import { orderJson } from '../../../../lib/server/order-shapes.ts';
import { NO_STORE } from '../../../../lib/server/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const id = parseId(ctx.params.id, 'Invalid order id.');
  return ok({ order: orderJson(await getOrder(await getDb(), customer.id, id)) }, { headers: NO_STORE });
});
