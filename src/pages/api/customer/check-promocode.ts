/**
 * POST /api/customer/check-promocode (multipart promocode): checks a code against the current
 * cart → data {promocode, percent, discount, subtotal} and "Promo code applied! N% discount
 * applied."; 422 with the reason otherwise (spec 001 §8).
 */
import { api, badRequest, ok, readBody } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { evaluatePromo, promoAppliedMessage } from '../../../features/checkout/server/promos.ts';
import { listCart, summarize } from '../../../features/cart/server/cart.ts';
import { requireCustomer } from '../../../features/auth/server/session.ts';
import { paiseToRupees } from '../../../lib/money.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';
import { AppError } from '../../../lib/http/envelope.ts';

export const POST = api(async (ctx) => {
  const customer = await requireCustomer(ctx);
  const code = String((await readBody(ctx.request)).promocode ?? '').trim();
  if (!code) throw badRequest('Please enter a promo code.');
  const db = await getDb();
  const lines = await listCart(db, customer.id);
  if (!lines.length) throw new AppError('unprocessable', 'Your cart is empty. Please add items to your cart.');
  const { subtotalPaise } = summarize(lines);
  const promo = await evaluatePromo(db, customer.id, code, subtotalPaise);
  return ok(
    { promocode: promo.code, percent: promo.percentOff, discount: paiseToRupees(promo.discountPaise).toFixed(2), subtotal: paiseToRupees(subtotalPaise).toFixed(2) },
    { message: promoAppliedMessage(promo.percentOff), headers: NO_STORE },
  );
});
