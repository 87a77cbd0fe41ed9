/**
 * GET /api/customer/credit-transaction → data.orders: the customer's orders paid with credit,
 * read as credit transactions {id, address_id, paid_amount, payment_approval, payment_mode,
 * created_at, points_earned, address} (spec 001 §3, §7), newest first.
 */
import { api, ok } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { listCreditOrders } from '../../../lib/server/services/account.ts';
import { requireCustomer } from '../../../lib/server/session.ts';
import { creditOrderJson } from '../../../lib/server/account-shapes.ts';
import { NO_STORE } from '../../../lib/server/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  return ok({ orders: (await listCreditOrders(await getDb(), customer.id)).map(creditOrderJson) }, { headers: NO_STORE });
});
