/** GET /api/customer/orders/{id} → data.order (404 for another customer's order). */
import { api, ok, parseId } from '../../../../lib/http/envelope.ts';
import { getDb } from '../../../../lib/db/index.ts';
import { getOrder } from '../../../../features/orders/server/orders.ts';
import { requireCustomer } from '../../../../features/auth/server/session.ts';
import { orderJson } from '../../../../features/orders/server/shapes.ts';
import { NO_STORE } from '../../../../lib/cache/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const id = parseId(ctx.params.id, 'Invalid order id.');
  return ok({ order: orderJson(await getOrder(await getDb(), customer.id, id)) }, { headers: NO_STORE });
});
