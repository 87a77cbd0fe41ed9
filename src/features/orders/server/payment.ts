/**
 * Settling an online order's payment (ARCHITECTURE "Orders and stock"): the gateway's charge
 * runs after the reservation committed, outside any transaction (the order is
 * `payment_status = pending` meanwhile and hidden from the customer), then a short transaction
 * marks it paid. A declined charge is compensated: the order is cancelled with
 * `payment_status = failed` (still hidden), what it reserved is restored and its lines go back
 * into the cart; the client gets a 402 PAYMENT_FAILED.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { cartItems, orders } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import type { PaymentGateway } from '#features/payments/index.ts';
import { restoreReservation } from './reservation.ts';
import { orderConfirmed } from './confirmation.ts';
import { markCatalogChanged } from '#features/catalog/index.ts';

/** 402 when the gateway declines or fails a charge (the order is released, nothing is kept). */
export const PAYMENT_FAILED =
  'Payment failed: the payment was not accepted. Your order was not placed and your cart is unchanged. Please try again or choose another payment method.';

/**
 * Charges a reserved online order outside any transaction, then marks it paid in a short one.
 * A failed charge is logged with the request id, the reservation released (releaseFailedPayment)
 * and answered with a 402. A charge that went through but could not be recorded is logged with
 * the gateway's reference and answered with a 503 that tells the customer not to pay again.
 */
export async function settlePayment(
  db: Database,
  gateway: PaymentGateway,
  customerId: number,
  order: { id: number; amountPaise: number },
  reqId?: string,
): Promise<void> {
  const context = { reqId, orderId: order.id, customerId, amountPaise: order.amountPaise, gateway: gateway.name };
  let reference: string;
  try {
    ({ reference } = await gateway.charge(order.amountPaise, `FarmFresh order ${order.id}`));
  } catch (err) {
    logger.warn({ ...context, err }, 'payment charge failed; releasing the order');
    try {
      await releaseFailedPayment(db, customerId, order.id);
    } catch (releaseErr) {
      logger.error({ ...context, err: releaseErr }, 'payment failed and the reserved order could not be released');
      throw new AppError(
        'unavailable',
        'Payment failed, and we could not release your order. Please contact us before trying again.',
      );
    }
    throw new AppError('payment_required', PAYMENT_FAILED);
  }
  try {
    await db.transaction(async (tx) => {
      const marked = await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paymentReference: reference })
        .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')))
        .returning({ id: orders.id });
      if (!marked.length) throw new Error(`order ${order.id} was no longer pending payment`);
      await orderConfirmed(tx, order.id);
    });
  } catch (err) {
    logger.error({ ...context, reference, err }, 'payment charged but the order could not be marked paid');
    throw new AppError(
      'unavailable',
      `Your payment went through (reference ${reference}) but we could not confirm the order. Please do not pay again; contact us with this reference.`,
    );
  }
}

/**
 * The compensating transaction of a declined charge: the pending order becomes cancelled with
 * payment `failed` (its idempotency key freed for a retry), stock, promo use and points are
 * restored, and its lines go back into the cart (a product the customer has re-added since
 * keeps the cart's quantity).
 */
async function releaseFailedPayment(
  db: Database,
  customerId: number,
  orderId: number,
  now = new Date(),
): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.paymentStatus, 'pending')))
      .for('update');
    if (!row) throw new Error(`order ${orderId} is not pending payment`);
    await tx
      .update(orders)
      .set({ status: 'cancelled', cancelledAt: now, paymentStatus: 'failed', idempotencyKey: null })
      .where(eq(orders.id, orderId));
    const lines = await restoreReservation(tx, row);
    for (const line of lines) {
      if (!line.productId) continue;
      await tx.insert(cartItems).values({ customerId, productId: line.productId, qty: line.qty }).onConflictDoNothing();
    }
  });
  markCatalogChanged(db); // the stock came back
}

/** `orders.refund_reference` while a refund is being asked of the gateway (claimed, so it is asked once). */
export const REFUND_IN_PROGRESS = 'in_progress';

/**
 * Refunds a cancelled online order's payment to the original method, after the cancellation
 * committed (its payment is already `refunded` and its reservation restored), outside any
 * transaction, and records the gateway's refund reference. The refund is first claimed
 * (`refund_reference` null → REFUND_IN_PROGRESS), so two callers never both ask the gateway.
 * Returns what happened ('taken': another caller has it). Never throws: a refund the gateway
 * refused (or no gateway) is logged at `error` and released for an operator to repeat
 * (retryRefund); the customer's cancellation stands.
 */
export async function refundPayment(
  db: Database,
  gateway: PaymentGateway | null,
  order: { id: number; paymentReference: string | null; paidAmountPaise: number },
): Promise<'refunded' | 'failed' | 'taken'> {
  const context = {
    orderId: order.id,
    chargeReference: order.paymentReference,
    amountPaise: order.paidAmountPaise,
    gateway: gateway?.name,
  };
  try {
    const claimed = await db
      .update(orders)
      .set({ refundReference: REFUND_IN_PROGRESS })
      .where(and(eq(orders.id, order.id), isNull(orders.refundReference)))
      .returning({ id: orders.id });
    if (!claimed.length) return 'taken';
    try {
      if (!gateway || !order.paymentReference) throw new Error('no payment gateway or charge reference to refund');
      const { reference } = await gateway.refund(order.paymentReference, order.paidAmountPaise);
      await db.update(orders).set({ refundReference: reference }).where(eq(orders.id, order.id));
      logger.info({ ...context, refundReference: reference }, 'online payment refunded');
      return 'refunded';
    } catch (err) {
      await db.update(orders).set({ refundReference: null }).where(eq(orders.id, order.id));
      throw err;
    }
  } catch (err) {
    logger.error(
      { ...context, err },
      'refund of a cancelled online order failed: repeat it with npm run orders -- refund ORDER_ID',
    );
    return 'failed';
  }
}

/**
 * Repeats the gateway refund of a cancelled online order whose refund did not go through
 * (operators: `npm run orders -- refund ID`). Returns the refund's reference. Errors: 404 unknown
 * order; 409 not a cancelled online payment, already refunded, or being refunded; 503 the gateway
 * refused again.
 */
export async function retryRefund(db: Database, gateway: PaymentGateway | null, orderId: number): Promise<string> {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!row) throw new AppError('not_found', `Order ${orderId} not found.`);
  if (row.paymentMode !== 'Online' || row.paymentStatus !== 'refunded')
    throw new AppError('conflict', `Order ${orderId} is not a cancelled online payment.`);
  if (row.refundReference)
    throw new AppError(
      'conflict',
      `Order ${orderId} was already refunded, or is being refunded (${row.refundReference}).`,
    );
  const outcome = await refundPayment(db, gateway, row);
  if (outcome === 'taken') throw new AppError('conflict', `Order ${orderId} is being refunded by another request.`);
  if (outcome === 'failed')
    throw new AppError('unavailable', `The gateway did not take the refund of order ${orderId}; see the log.`);
  const [after] = await db.select({ reference: orders.refundReference }).from(orders).where(eq(orders.id, orderId));
  return after!.reference!;
}
