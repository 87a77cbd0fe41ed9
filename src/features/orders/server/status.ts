/**
 * The order status machine (docs/orders-and-payments.md#order-statuses):
 * placed → processed → out_for_delivery → delivered, and placed → cancelled by the customer
 * within CANCEL_WINDOW_MS (30 minutes), or placed or processed → cancelled by the shop. At the door
 * the rider's outcome (the fulfilment feature) ends the delivery: delivered, or undelivered (not at
 * home, refused: back at the shop, then rescheduled → processed, or cancelled by the shop); an owner
 * or manager may undo that the same day (→ out_for_delivery). Points earned are recorded on the
 * order and credited on delivery, once (taken back when a delivery is undone). An online order starts as pending_payment and the payments feature settles it
 * (orderSettlement): paid → placed, released unpaid → payment_failed (ADR 0099).
 */
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { markCatalogChanged } from '#features/catalog/index.ts';
import { orderSmsQueued, queueOrderSms } from '#features/notifications/index.ts';
import { type OrderSettlement, type PaymentGateway, requestRefund, sendRefund } from '#features/payments/index.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { cartItems, customers, orders, pointsTransactions } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { CANCEL_WINDOW_MINUTES } from '../rules.ts';
import { invoicedOrderCancelled } from './cancellation.ts';
import { orderConfirmed } from './confirmation.ts';
import { CANCEL_WINDOW_MS, confirmedOrders, getOrder, type Order, type OrderRow, type OrderStatus } from './queries.ts';
import { restoreReservation } from './stock-and-balances.ts';

/** Forward transitions an operator may make. */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  placed: 'processed',
  processed: 'out_for_delivery',
  out_for_delivery: 'delivered',
};

/** What a cancellation may be told: the payment gateway to refund through (tests pass their own). */
interface CancelOptions {
  gateway?: PaymentGateway | null;
}

/**
 * Cancels a locked order row inside `tx`: status, stamp, a paid payment marked refunded (its
 * refund written, to send after the commit), and stock, slot, points, promo use and credit given
 * back (restoreReservation). Returns the refund's id, when one is owed.
 */
async function cancelLocked(tx: Transaction, row: OrderRow, now: Date, reason: string | null): Promise<number | null> {
  await tx
    .update(orders)
    .set({
      status: 'cancelled',
      cancelledAt: now,
      cancelReason: reason,
      paymentStatus: row.paymentStatus === 'paid' ? 'refunded' : row.paymentStatus,
    })
    .where(eq(orders.id, row.id));
  await restoreReservation(tx, row);
  // The invoice stays valid: a credit note for all of it (invoices feature) records the cancellation.
  if (row.invoiceNumber) await invoicedOrderCancelled(tx, row.id, now, reason);
  await queueOrderSms(tx, row.id, 'cancelled');
  if (row.paymentMode !== 'Online' || row.paymentStatus !== 'paid' || !row.paymentReference) return null;
  return requestRefund(tx, {
    orderId: row.id,
    reason: 'cancel',
    paymentId: row.paymentReference,
    amountPaise: row.paidAmountPaise,
  });
}

/** After a cancellation's commit, never undoing it: the stock's pages, a paid online order's refund, the SMS. */
async function afterCancel(
  db: Database,
  cancelled: { id: number; refundId: number | null },
  options: CancelOptions,
): Promise<void> {
  markCatalogChanged(db); // the stock came back
  if (cancelled.refundId !== null) await sendRefund(db, options.gateway, cancelled.refundId);
  orderSmsQueued(); // the "cancelled" SMS, committed with the cancellation
}

/**
 * Cancels a customer's order within 30 minutes while it is still placed: stock, points and
 * promo use restored, a credit debit reversed (available at once), a paid online payment marked
 * refunded and then refunded at the gateway (the payments feature's refunds); the customer gets an SMS.
 * Errors: 404 not the customer's; 409 no longer placed, or past the window.
 */
export async function cancelOrder(
  db: Database,
  customerId: number,
  orderId: number,
  now = new Date(),
  options: CancelOptions = {},
): Promise<Order> {
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), confirmedOrders))
      .for('update');
    if (!row) throw notFound('Order not found.');
    if (row.status !== 'placed')
      throw new AppError('conflict', 'This order can no longer be cancelled: it is already being prepared.');
    if (now.getTime() - row.createdAt.getTime() >= CANCEL_WINDOW_MS) {
      throw new AppError(
        'conflict',
        `Orders can be cancelled only within ${CANCEL_WINDOW_MINUTES} minutes of placing them.`,
      );
    }
    return { id: row.id, refundId: await cancelLocked(tx, row, now, null) };
  });
  await afterCancel(db, cancelled, options);
  return getOrder(db, customerId, orderId);
}

/**
 * The shop cancels an order (staff, with a reason) while it is placed or processed, or after the
 * rider brought it back undelivered, whatever its age: everything is given back as for a customer's cancellation, an online payment is refunded,
 * the customer gets the SMS. `within` runs in the transaction before the change (the audit entry;
 * it may refuse by throwing). Errors: 404 unknown order, or one awaiting its online payment or
 * released unpaid; 409 out for delivery, delivered or already cancelled.
 */
export async function cancelOrderByShop(
  db: Database,
  orderId: number,
  reason: string,
  within: (tx: Transaction, row: OrderRow) => Promise<void>,
  now = new Date(),
  options: CancelOptions = {},
): Promise<void> {
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), confirmedOrders))
      .for('update');
    if (!row) throw notFound(`Order ${orderId} not found.`);
    if (row.status === 'cancelled') throw new AppError('conflict', `Order ${orderId} is already cancelled.`);
    if (row.status !== 'placed' && row.status !== 'processed' && row.status !== 'undelivered')
      throw new AppError(
        'conflict',
        `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: it can no longer be cancelled.`,
      );
    await within(tx, row);
    return { id: row.id, refundId: await cancelLocked(tx, row, now, reason) };
  });
  await afterCancel(db, cancelled, options);
}

/** What a staff move names: the status it moves to, and work for the same transaction. */
export interface AdvanceOptions {
  /**
   * The status to move to. Already there: nothing changes (`changed: false`; a retried click moves
   * nothing twice); anything but the next step: 409.
   */
  to?: OrderStatus;
  /** Runs in the transaction, on the locked row, before the change (the audit entry; may refuse by throwing). */
  within?: (tx: Transaction, row: OrderRow, next: OrderStatus) => Promise<void>;
}

/**
 * Credits a delivered order's earned points to its customer's balance, with an `earned` points
 * transaction, exactly once: the order's `points_credited_at` is stamped by a guarded update, so
 * a second call credits nothing. Delivery calls it, and so does the demo shop's seed for the
 * orders it writes as delivered. Returns the points credited (0 when none are due).
 */
export async function creditEarnedPoints(tx: Transaction, orderId: number, now: Date): Promise<number> {
  const [due] = await tx
    .update(orders)
    .set({ pointsCreditedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        eq(orders.status, 'delivered'),
        isNull(orders.pointsCreditedAt),
        gt(orders.pointsEarned, 0),
      ),
    )
    .returning({ customerId: orders.customerId, points: orders.pointsEarned });
  if (!due) return 0;
  await tx
    .update(customers)
    .set({ pointsBalance: sql`${customers.pointsBalance} + ${due.points}` })
    .where(eq(customers.id, due.customerId));
  await tx
    .insert(pointsTransactions)
    .values({ customerId: due.customerId, orderId, delta: due.points, reason: 'earned' });
  return due.points;
}

/**
 * The rider handed the out-for-delivery order over (wholly or in part), inside the transaction
 * that locked `row`: delivered, stamped, points credited once, the "delivered" SMS queued (send it
 * with orderSmsQueued after the commit). The payment is the caller's: the cash collected decides it.
 */
export async function deliverLocked(tx: Transaction, row: OrderRow, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'delivered', deliveredAt: now })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'out_for_delivery')));
  await creditEarnedPoints(tx, row.id, now);
  await queueOrderSms(tx, row.id, 'delivered');
}

/**
 * The rider brought the out-for-delivery order back (not at home, refused), inside the transaction
 * that locked `row`: undelivered, stamped, the "undelivered" SMS queued.
 */
export async function undeliverLocked(tx: Transaction, row: OrderRow, now: Date): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'undelivered', undeliveredAt: now })
    .where(and(eq(orders.id, row.id), eq(orders.status, 'out_for_delivery')));
  await queueOrderSms(tx, row.id, 'undelivered');
}

/**
 * Undoes the rider's outcome on the locked delivered or undelivered order: back out for delivery,
 * the delivery and return stamps cleared, points credited on delivery taken back (a `revoked`
 * points transaction; the balance never below 0). SMS already sent stay sent.
 */
export async function reopenDeliveryLocked(tx: Transaction, row: OrderRow): Promise<void> {
  await tx
    .update(orders)
    .set({ status: 'out_for_delivery', deliveredAt: null, undeliveredAt: null, pointsCreditedAt: null })
    .where(and(eq(orders.id, row.id), eq(orders.status, row.status)));
  if (row.pointsCreditedAt && row.pointsEarned > 0) {
    await tx
      .update(customers)
      .set({ pointsBalance: sql`GREATEST(${customers.pointsBalance} - ${row.pointsEarned}, 0)` })
      .where(eq(customers.id, row.customerId));
    await tx
      .insert(pointsTransactions)
      .values({ customerId: row.customerId, orderId: row.id, delta: -row.pointsEarned, reason: 'revoked' });
  }
}

/**
 * Moves an order one step forward (operators: `npm run orders -- advance ID`; staff on the order
 * page, naming `to`). Only the forward transitions are allowed; delivery credits the order's
 * earned points once. Errors: 404 unknown order; 409 awaiting its online payment, released
 * unpaid, already final, or `to` not its next step.
 */
export async function advanceOrder(
  db: Database,
  orderId: number,
  now = new Date(),
  options: AdvanceOptions = {},
): Promise<{ id: number; from: OrderStatus; to: OrderStatus; changed: boolean }> {
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound(`Order ${orderId} not found.`);
    if (options.to && row.status === options.to)
      return { id: orderId, from: row.status, to: row.status, changed: false };
    if (row.status === 'pending_payment')
      throw new AppError('conflict', `Order ${orderId} is awaiting its online payment: it cannot move forward yet.`);
    if (row.status === 'payment_failed')
      throw new AppError('conflict', `Order ${orderId} was released unpaid: it cannot move forward.`);
    const next = NEXT_STATUS[row.status];
    if (!next)
      throw new AppError('conflict', `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: it cannot move forward.`);
    if (options.to && options.to !== next)
      throw new AppError('conflict', `Order ${orderId} is ${row.status.replace(/_/g, ' ')}: it is not ready for that.`);
    await options.within?.(tx, row, next);
    const stamp =
      next === 'processed'
        ? { processedAt: now }
        : next === 'out_for_delivery'
          ? { outForDeliveryAt: now }
          : { deliveredAt: now };
    await tx
      .update(orders)
      .set({ status: next, ...stamp })
      .where(and(eq(orders.id, orderId), eq(orders.status, row.status)));
    if (next === 'delivered') await creditEarnedPoints(tx, orderId, now);
    if (next === 'delivered' && row.paymentMode === 'Cash') {
      await tx.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    }
    // "processed" owes no SMS (the customer heard "confirmed").
    if (next === 'out_for_delivery' || next === 'delivered') await queueOrderSms(tx, orderId, next);
    return { id: orderId, from: row.status, to: next, changed: true };
  });
  if (moved.changed && (moved.to === 'out_for_delivery' || moved.to === 'delivered')) orderSmsQueued();
  return moved;
}

/**
 * What an online order's payment does to the order (the payments feature's settlement, registered
 * at the server's start-up): paid, pending_payment → placed and the order is confirmed (invoice
 * number); released unpaid, pending_payment → payment_failed (stamped in cancelled_at) with its
 * idempotency key freed for a new try, everything it held given back and its lines back in the
 * cart (a product re-added since keeps the cart's quantity).
 */
export const orderSettlement: OrderSettlement = {
  async paid(tx, orderId, now) {
    await tx
      .update(orders)
      .set({ status: 'placed' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'pending_payment')));
    await orderConfirmed(tx, orderId, now);
  },
  async released(tx, row, now) {
    await tx
      .update(orders)
      .set({ status: 'payment_failed', cancelledAt: now, idempotencyKey: null })
      .where(eq(orders.id, row.id));
    const lines = await restoreReservation(tx, row);
    for (const line of lines) {
      if (!line.productId) continue;
      await tx
        .insert(cartItems)
        .values({ customerId: row.customerId, productId: line.productId, qty: line.qty })
        .onConflictDoNothing();
    }
  },
  afterRelease: (db) => markCatalogChanged(db), // the stock came back
};
