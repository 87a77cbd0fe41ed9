/**
 * GET /api/customer/checkout-summary?promocode=&points= → the server's figures for the current
 * cart (subtotal, item count, discount, delivery fee, paid amount) plus the customer's points and
 * available credit, so the checkout shows exactly what place-order will charge.
 */
import { api, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { quoteJson, quoteOrder } from '../../../features/orders/server/quote.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { customers } from '../../../lib/db/schema.ts';
import { eq } from 'drizzle-orm';
import { paiseToRupees } from '../../../lib/money.ts';
import { getPaymentGateway } from '../../../features/payments/server.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';
import { badRequest } from '../../../lib/http/envelope.ts';

export const GET = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const promoCode = ctx.url.searchParams.get('promocode')?.trim() || undefined;
  const pointsText = ctx.url.searchParams.get('points')?.trim() || '0';
  if (!/^\d{1,7}$/.test(pointsText)) throw badRequest('points must be a whole number.');
  const db = await getDb();
  const quote = await quoteOrder(db, customer.id, { promoCode, points: Number(pointsText) });
  const [account] = await db.select({ points: customers.pointsBalance, credit: customers.creditBalancePaise }).from(customers).where(eq(customers.id, customer.id));
  return ok(
    {
      summary: quoteJson(quote),
      points_balance: account?.points ?? 0,
      credit_balance: paiseToRupees(account?.credit ?? 0).toFixed(2),
      online_payment: getPaymentGateway() !== null,
    },
    { headers: NO_STORE },
  );
});
