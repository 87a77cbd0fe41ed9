/**
 * The order status machine (spec 001 §4; ARCHITECTURE "Orders and stock"):
 * placed → processed → out_for_delivery → delivered, and placed → cancelled by the customer
 * within CANCEL_WINDOW_MS (30 minutes). Points earned are recorded on the order and credited
 * on delivery, once; a Cash order becomes paid on delivery.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { customers, orders, pointsTransactions } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { CANCEL_WINDOW_MS, getOrder, visible, type Order, type OrderStatus } from './queries.ts';
import { restoreReservation } from './reservation.ts';
import { markCatalogChanged } from '#features/catalog/index.ts';
import { notifyOrderStatus } from '#features/notifications/index.ts';
import { getPaymentGateway, type PaymentGateway } from '#features/payments/index.ts';
import { refundPayment } from './payment.ts';

/** Forward transitions an operator may make. */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  placed: 'processed',
  processed: 'out_for_delivery',
  out_for_delivery: 'delivered',
};

/**
 * Cancels a customer's order within 30 minutes while it is still placed: stock, points and
 * promo use restored, a credit debit reversed (available at once), a paid online payment marked
 * refunded and then refunded at the gateway (refundPayment); the customer gets an SMS.
 * Errors: 404 not the customer's; 409 no longer placed, or past the window.
 */
export async function cancelOrder(
  db: Database,
  customerId: number,
  orderId: number,
  now = new Date(),
  options: { gateway?: PaymentGateway | null } = {},
): Promise<Order> {
  const cancelled = await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), visible))
      .for('update');
    if (!row) throw notFound('Order not found.');
    if (row.status !== 'placed')
      throw new AppError('conflict', 'This order can no longer be cancelled: it is already being prepared.');
    if (now.getTime() - row.createdAt.getTime() >= CANCEL_WINDOW_MS) {
      throw new AppError('conflict', 'Orders can be cancelled only within 30 minutes of placing them.');
    }
    await tx
      .update(orders)
      .set({
        status: 'cancelled',
        cancelledAt: now,
        paymentStatus: row.paymentStatus === 'paid' ? 'refunded' : row.paymentStatus,
      })
      .where(eq(orders.id, orderId));
    await restoreReservation(tx, row);
    return row;
  });
  markCatalogChanged(db); // the stock came back
  // After the commit, never undoing it: a paid online order's money back to its payment method, and the SMS.
  if (cancelled.paymentMode === 'Online' && cancelled.paymentStatus === 'paid') {
    await refundPayment(db, options.gateway !== undefined ? options.gateway : getPaymentGateway(), cancelled);
  }
  notifyOrderStatus(db, orderId, 'cancelled');
  return getOrder(db, customerId, orderId);
}

/**
 * Moves an order one step forward (operators: `npm run orders -- advance ID`). Only the
 * forward transitions are allowed; delivery credits the order's earned points once.
 * Errors: 404 unknown order; 409 awaiting its online payment, or already final.
 */
export async function advanceOrder(
  db: Database,
  orderId: number,
  now = new Date(),
): Promise<{ id: number; from: OrderStatus; to: OrderStatus }> {
  const moved = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound(`Order ${orderId} not found.`);
    if (row.paymentStatus === 'pending')
      throw new AppError('conflict', `Order ${orderId} is awaiting its online payment: it cannot move forward yet.`);
    const next = NEXT_STATUS[row.status];
    if (!next) throw new AppError('conflict', `Order ${orderId} is ${row.status}: it cannot move forward.`);
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
    if (next === 'delivered' && row.pointsEarned > 0 && !row.pointsCreditedAt) {
      await tx
        .update(customers)
        .set({ pointsBalance: sql`${customers.pointsBalance} + ${row.pointsEarned}` })
        .where(eq(customers.id, row.customerId));
      await tx
        .insert(pointsTransactions)
        .values({ customerId: row.customerId, orderId, delta: row.pointsEarned, reason: 'earned' });
      await tx.update(orders).set({ pointsCreditedAt: now }).where(eq(orders.id, orderId));
    }
    if (next === 'delivered' && row.paymentMode === 'Cash') {
      await tx.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    }
    return { id: orderId, from: row.status, to: next };
  });
  // After the commit; never undoes it. "processed" sends nothing (the customer heard "confirmed").
  if (moved.to === 'out_for_delivery' || moved.to === 'delivered') notifyOrderStatus(db, orderId, moved.to);
  return moved;
}
