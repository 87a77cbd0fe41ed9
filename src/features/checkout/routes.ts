/**
 * The checkout's route handlers (contracts in contract.ts; mounted by
 * src/pages/api/customer/{check-promocode,checkout-summary,place-order}.ts). Server only.
 */
import { eq } from 'drizzle-orm';
import { clientIp, setCartHint } from '#features/auth/index.ts';
import { cartLineJson, listCart, summarize } from '#features/cart/index.ts';
import { checkoutDelivery, checkoutDeliveryJson } from '#features/delivery/index.ts';
import { orderJson, placeOrder, quoteJson, quoteOrder } from '#features/orders/index.ts';
import { checkoutPaymentJson, getPaymentGateway } from '#features/payments/index.ts';
import { countedPromoTry, evaluatePromo, promoAppliedMessage } from '#features/promotions/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { implement } from '#lib/http/handler.ts';
import { paiseToRupees, rupeesToPaise } from '#lib/money.ts';
import { checkoutSummaryRoute, checkPromocodeRoute, placeOrderRoute } from './contract.ts';
import { CHECKOUT_MESSAGES } from './rules.ts';

/** An Idempotency-Key: 8 to 100 letters, digits, dots, colons, dashes or underscores. */
const IDEMPOTENCY_KEY = /^[\w.:-]{8,100}$/;

/** Runs `check` as a counted promo try when the request names a code (429 when tries are spent). */
const withPromo = <T>(
  db: Awaited<ReturnType<typeof getDb>>,
  ctx: Parameters<typeof clientIp>[0],
  customerId: number,
  code: string | undefined,
  check: () => Promise<T>,
) => (code?.trim() ? countedPromoTry(db, customerId, clientIp(ctx), check) : check());

export const checkPromocodeEndpoint = implement(checkPromocodeRoute, async ({ ctx, body, customer }) => {
  const db = await getDb();
  const lines = await listCart(db, customer.id);
  if (!lines.length) throw new AppError('unprocessable', CHECKOUT_MESSAGES.empty);
  const { subtotalPaise } = summarize(lines);
  const promo = await countedPromoTry(db, customer.id, clientIp(ctx), () =>
    evaluatePromo(db, customer.id, body.promocode, subtotalPaise),
  );
  return {
    data: {
      promocode: promo.code,
      percent: promo.percentOff,
      discount: paiseToRupees(promo.discountPaise).toFixed(2),
      subtotal: paiseToRupees(subtotalPaise).toFixed(2),
    },
    message: promoAppliedMessage(promo),
    headers: NO_STORE,
  };
});

export const checkoutSummaryEndpoint = implement(checkoutSummaryRoute, async ({ ctx, query, customer }) => {
  const db = await getDb();
  const delivery = await checkoutDelivery(db, ctx.cookies, customer.id, query.address_id);
  const quote = await withPromo(db, ctx, customer.id, query.promocode, () =>
    quoteOrder(db, customer.id, { promoCode: query.promocode, points: query.points, policy: delivery.policy }),
  );
  const [account] = await db
    .select({ points: customers.pointsBalance, credit: customers.creditBalancePaise })
    .from(customers)
    .where(eq(customers.id, customer.id));
  return {
    data: {
      summary: quoteJson(quote),
      items: quote.lines.map(cartLineJson),
      points_balance: account?.points ?? 0,
      credit_balance: paiseToRupees(account?.credit ?? 0).toFixed(2),
      online_payment: getPaymentGateway() !== null,
      delivery: delivery.zone && checkoutDeliveryJson(delivery.zone, quote.subtotalPaise),
      delivery_estimate_zone: delivery.estimateZone,
    },
    headers: NO_STORE,
  };
});

export const placeOrderEndpoint = implement(placeOrderRoute, async ({ ctx, body, customer }) => {
  const key = ctx.request.headers.get('idempotency-key')?.trim() || undefined;
  if (key && !IDEMPOTENCY_KEY.test(key))
    throw new AppError(
      'bad_request',
      'Idempotency-Key must be 8 to 100 letters, digits, dots, colons, dashes or underscores.',
    );
  const db = await getDb();
  const { order, created, payment } = await withPromo(db, ctx, customer.id, body.promocode, () =>
    placeOrder(
      db,
      customer.id,
      {
        addressId: body.address_id,
        paymentMode: body.payment_mode,
        paidAmountPaise: rupeesToPaise(body.paid_amount),
        discountPaise: body.discount !== undefined ? rupeesToPaise(body.discount) : undefined,
        promoCode: body.promocode,
        customerNote: body.customer_note,
        points: body.points,
        idempotencyKey: key,
        cartVersion: body.cart_version,
        substitution: body.substitution,
        deliverySlot: body.delivery_slot,
      },
      { reqId: ctx.locals.reqId },
    ),
  );
  setCartHint(ctx.cookies, ctx, 0); // the order emptied the cart (an online one gives it back if not paid)
  return {
    status: created ? 201 : 200,
    message: payment ? 'Complete the payment to place your order.' : 'Order placed successfully!',
    data: {
      order: orderJson(order),
      order_id: order.id,
      success: true as const,
      payment: payment ? checkoutPaymentJson(payment) : null,
    },
    headers: NO_STORE,
  };
});
