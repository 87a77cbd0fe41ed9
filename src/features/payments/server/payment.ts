/**
 * An online order's start and its release (ADR 0075, 0099). Placing it reserves everything in one
 * transaction as pending_payment with `payment_status = pending` (hidden from the customer's
 * lists, not on the board); then, outside any transaction, the gateway order the customer pays
 * into is created and its id stored on the order. The order becomes placed when the payment is
 * confirmed (payment-confirm.ts). A gateway that cannot create the order, a declined or abandoned
 * checkout, or the pending time running out release it: `payment_status = failed`, and the orders
 * feature makes it payment_failed, gives back its stock, slot, promo use and points and puts its
 * lines back in the cart (order-settlement.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import type { PaymentGateway } from './gateway.ts';
import { orderSettlement } from './order-settlement.ts';

/** The spec's text when the gateway order cannot be created (503; the order is released, the cart intact). */
export const PAYMENT_INIT_FAILED = 'Payment initialization failed.';
/** The spec's text when the payment itself did not go through (the order is released, the cart intact). */
export const PAYMENT_FAILED = 'Payment processing failed.';
/** The currency of every order. */
export const CURRENCY = 'INR';

/** What the browser opens the gateway's checkout with (`data.payment` of place-order). */
export interface CheckoutPayment {
  gateway: PaymentGateway['name'];
  keyId: string;
  orderId: string;
  amountPaise: number;
  currency: string;
}

/** `data.payment` as JSON: `{ gateway, key_id, order_id, amount, currency }` (amount in paise). */
export const checkoutPaymentJson = (p: CheckoutPayment) => ({
  gateway: p.gateway,
  key_id: p.keyId,
  order_id: p.orderId,
  amount: p.amountPaise,
  currency: p.currency,
});

/**
 * Creates the gateway order for a reserved online order (outside any transaction) and stores its
 * id. A gateway failure releases the order and answers 503 PAYMENT_INIT_FAILED.
 */
export async function startOnlinePayment(
  db: Database,
  gateway: PaymentGateway,
  order: { id: number; amountPaise: number },
  reqId?: string,
): Promise<CheckoutPayment> {
  const context = { reqId, orderId: order.id, amountPaise: order.amountPaise, gateway: gateway.name };
  let gatewayOrderId: string;
  try {
    const created = await gateway.createOrder({
      amountPaise: order.amountPaise,
      receipt: String(order.id),
      notes: { order_number: String(order.id) },
    });
    gatewayOrderId = created.id;
    await db
      .update(orders)
      .set({ gatewayOrderId })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')));
  } catch (err) {
    logger.warn({ ...context, err }, 'gateway order could not be created; releasing the order');
    await releasePendingOrder(db, order.id).catch((releaseErr: unknown) =>
      logger.error({ ...context, err: releaseErr }, 'the order could not be released; the payments job releases it'),
    );
    throw new AppError('unavailable', PAYMENT_INIT_FAILED);
  }
  logger.info({ ...context, gatewayOrderId }, 'online order awaiting payment');
  return {
    gateway: gateway.name,
    keyId: gateway.keyId,
    orderId: gatewayOrderId,
    amountPaise: order.amountPaise,
    currency: CURRENCY,
  };
}

/** The checkout payment of a pending order with a gateway order, or null (none yet). */
export function pendingCheckoutPayment(
  gateway: PaymentGateway | null,
  row: { paymentStatus: string; gatewayOrderId: string | null; paidAmountPaise: number },
): CheckoutPayment | null {
  if (!gateway || row.paymentStatus !== 'pending' || !row.gatewayOrderId) return null;
  return {
    gateway: gateway.name,
    keyId: gateway.keyId,
    orderId: row.gatewayOrderId,
    amountPaise: row.paidAmountPaise,
    currency: CURRENCY,
  };
}

/**
 * Releases an order still awaiting its payment: payment `failed`, and the orders feature's
 * settlement releases the order (its idempotency key freed for a new try, stock, slot, promo use
 * and points restored, its lines back in the cart). Returns false when it was no longer pending
 * (paid, or released by another caller): exactly once, on any process.
 */
export async function releasePendingOrder(db: Database, orderId: number, now = new Date()): Promise<boolean> {
  const settlement = orderSettlement();
  const released = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
      .for('update');
    if (!row) return false;
    await tx.update(orders).set({ paymentStatus: 'failed' }).where(eq(orders.id, orderId));
    await settlement.released(tx, row, now);
    return true;
  });
  if (released) settlement.afterRelease(db);
  return released;
}
