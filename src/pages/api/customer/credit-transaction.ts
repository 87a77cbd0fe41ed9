/**
 * GET /api/customer/credit-transaction → data.orders: the customer's orders paid with credit,
 * read as credit transactions {id, address_id, paid_amount, payment_approval, payment_mode,
 * created_at, points_earned, address} (spec 001 §3, §7), newest first.
 */
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { listCreditOrders } from '../../../features/account/server/account.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { creditOrderJson } from '../../../features/account/server/shapes.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  return ok({ orders: (await listCreditOrders(await getDb(), customer.id)).map(creditOrderJson) }, { headers: NO_STORE });
});
