/**
 * Confirming an online order's payment, exactly once whoever brings the news (ADR 0075): the
 * browser's checkout callback, the gateway's webhook (late, twice, out of order), the customer's
 * cancel (which asks the gateway first) or the payments job's reconciliation. All go through
 * `confirmPayment`:
 * - a payment whose amount or currency differs from the order's is never accepted: the order
 *   keeps `payment_problem` for staff and the mismatch is logged at error;
 * - an authorized payment is captured first (a parallel capture that won is read back);
 * - a captured payment marks the order paid with one conditional UPDATE (`WHERE payment_status =
 *   'pending'`), in the transaction that records the webhook's delivery id and event key (a
 *   repeated event, or one replayed under a new delivery id, finds it and changes nothing) and in
 *   which the orders feature confirms the order (its settlement: the invoice number) and the
 *   "confirmed" SMS is queued (notifications' outbox);
 * - a captured payment for an order already released, or a second payment of a paid order, is
 *   refunded in full (one `late_payment` refund per payment id) and the customer is told by SMS
 *   (queued in the transaction that writes the refund).
 */
import { and, eq, or, sql } from 'drizzle-orm';
import { orderSmsQueued, queueOrderSms } from '#features/notifications/index.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { orders, paymentWebhookEvents } from '#lib/db/schema.ts';
import { logger } from '#lib/log.ts';
import { formatPaise } from '#lib/money.ts';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway.ts';
import { orderSettlement } from './order-settlement.ts';
import { CURRENCY } from './payment.ts';
import { requestRefund, sendRefund } from './payment-refunds.ts';

/** What one confirmation did. */
export type ConfirmOutcome =
  | 'paid' // marked paid now
  | 'already_paid' // by this payment, earlier or by a parallel caller
  | 'late_refund' // the order was released (or paid by another payment): this payment is refunded
  | 'problem' // amount or currency differ: never paid, recorded for staff
  | 'not_paid' // the payment is not captured (failed, created, or an authorization not taken)
  | 'duplicate' // the webhook event was acted on already
  | 'unknown'; // no order of ours has that gateway order

/** Whether the webhook event was acted on already: its delivery id, or its key under another delivery id. */
export async function eventSeen(db: Database | Transaction, event: ConfirmEvent): Promise<boolean> {
  const [row] = await db
    .select({ id: paymentWebhookEvents.eventId })
    .from(paymentWebhookEvents)
    .where(
      event.eventKey
        ? or(eq(paymentWebhookEvents.eventId, event.eventId), eq(paymentWebhookEvents.eventKey, event.eventKey))
        : eq(paymentWebhookEvents.eventId, event.eventId),
    );
  return Boolean(row);
}

/** Records the webhook event in `tx`; false when another delivery (same delivery id or same key) recorded it first. */
export async function recordEvent(db: Database | Transaction, event: ConfirmEvent): Promise<boolean> {
  const inserted = await db
    .insert(paymentWebhookEvents)
    .values({ eventId: event.eventId, eventKey: event.eventKey, type: event.type })
    .onConflictDoNothing()
    .returning({ id: paymentWebhookEvents.eventId });
  return inserted.length > 0;
}

/** The webhook event that brought the payment, when one did. */
export interface ConfirmEvent {
  /** The delivery id (`x-razorpay-event-id`). */
  eventId: string;
  /** The event's own key (webhookEventKey), or null when it names no entity. */
  eventKey: string | null;
  type: string;
}

/** Captures an authorized payment; when a parallel capture won, reads the payment back. */
async function captured(gateway: PaymentGateway, payment: GatewayPayment): Promise<GatewayPayment> {
  if (payment.status !== 'authorized') return payment;
  try {
    return await gateway.capturePayment(payment.id, payment.amountPaise, payment.currency);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    const again = await gateway.fetchPayment(payment.id);
    if (again.status === 'authorized') throw err;
    return again;
  }
}

/** Records a payment that does not match its order: never paid, shown to staff, logged at error. */
async function recordProblem(db: Database, orderId: number, amountPaise: number, payment: GatewayPayment) {
  const problem = `The gateway's payment ${payment.id} is ${formatPaise(payment.amountPaise)} ${payment.currency}; the order is ${formatPaise(amountPaise)} ${CURRENCY}. It was not accepted.`;
  const recorded = await db
    .update(orders)
    .set({ paymentProblem: problem })
    .where(and(eq(orders.id, orderId), sql`${orders.paymentProblem} IS DISTINCT FROM ${problem}`))
    .returning({ id: orders.id });
  if (!recorded.length) return; // logged already, when reconciliation meets it again
  logger.error(
    { orderId, paymentId: payment.id, paymentPaise: payment.amountPaise, currency: payment.currency, amountPaise },
    'payment amount or currency differs from the order: not marked paid',
  );
}

/**
 * Confirms `payment` (of the gateway order `payment.orderId`) for the order it pays; see the
 * module comment. `event` is the webhook's (de-duplicated in the acting transaction). Throws
 * GatewayError when the gateway could not be asked (nothing changed; a retry or the job settles it).
 */
export async function confirmPayment(
  db: Database,
  gateway: PaymentGateway | null,
  payment: GatewayPayment,
  event?: ConfirmEvent,
): Promise<ConfirmOutcome> {
  if (event && (await eventSeen(db, event))) return 'duplicate';
  const [row] = await db.select().from(orders).where(eq(orders.gatewayOrderId, payment.orderId));
  const pending = row?.paymentStatus === 'pending';
  const mismatch = row && (payment.amountPaise !== row.paidAmountPaise || payment.currency !== CURRENCY);
  let outcome: ConfirmOutcome | null = !row ? 'unknown' : pending && mismatch ? 'problem' : null;
  if (outcome === 'problem') await recordProblem(db, row!.id, row!.paidAmountPaise, payment);
  let paid = payment;
  // A late authorization is left to lapse (the gateway releases uncaptured payments): nothing is taken.
  if (!outcome && pending && gateway) paid = await captured(gateway, payment);
  if (!outcome && paid.status !== 'captured') outcome = 'not_paid';
  if (outcome) {
    if (event) await recordEvent(db, event);
    return outcome;
  }
  const orderId = row!.id;
  const settlement = orderSettlement();
  const result = await db.transaction(async (tx) => {
    if (event && !(await recordEvent(tx, event))) return { outcome: 'duplicate' as const };
    const marked = await tx
      .update(orders)
      .set({ paymentStatus: 'paid', paymentReference: paid.id, paymentProblem: null })
      .where(and(eq(orders.id, orderId), eq(orders.paymentStatus, 'pending')))
      .returning({ id: orders.id });
    if (marked.length) {
      await settlement.paid(tx, orderId, new Date());
      await queueOrderSms(tx, orderId, 'confirmed');
      return { outcome: 'paid' as const };
    }
    const [now] = await tx.select().from(orders).where(eq(orders.id, orderId));
    if (now?.paymentReference === paid.id && (now.paymentStatus === 'paid' || now.paymentStatus === 'refunded'))
      return { outcome: 'already_paid' as const };
    const refundId = await requestRefund(tx, {
      orderId,
      reason: 'late_payment',
      paymentId: paid.id,
      amountPaise: paid.amountPaise,
    });
    if (refundId) await queueOrderSms(tx, orderId, 'payment_refunded');
    return { outcome: 'late_refund' as const, refundId };
  });
  if (result.outcome === 'paid') {
    logger.info({ orderId, paymentId: paid.id, via: event?.type ?? 'callback' }, 'online order paid');
    orderSmsQueued();
  }
  if (result.outcome === 'late_refund' && result.refundId) {
    logger.warn({ orderId, paymentId: paid.id }, 'payment arrived for a released order: refunding it in full');
    await sendRefund(db, gateway, result.refundId);
    orderSmsQueued();
  }
  return result.outcome;
}

/**
 * Asks the gateway about a gateway order's payments and confirms the first captured or
 * authorized one (reconciliation, the customer's cancel). Returns its outcome, or null when
 * there is none.
 */
export async function confirmFromGateway(
  db: Database,
  gateway: PaymentGateway,
  gatewayOrderId: string,
): Promise<ConfirmOutcome | null> {
  const payments = await gateway.fetchOrderPayments(gatewayOrderId);
  let last: ConfirmOutcome | null = null;
  for (const p of payments) {
    if (p.status !== 'captured' && p.status !== 'authorized') continue;
    last = await confirmPayment(db, gateway, p);
  }
  return last;
}
