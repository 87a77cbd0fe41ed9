/**
 * A UPI QR code at the door: a Cash or Card on delivery order out for delivery is paid by a
 * single-use QR for exactly the amount due (the order's paid_amount_paise, which the rider's
 * hand-backs lower), made through the gateway's QR Codes API.
 *
 * - `makeUpiQr` (the rider asks for it): the active QR is re-used when its amount is the amount
 *   due and it has UPI_QR_MIN_LEFT_MS left; otherwise it is closed at the gateway (a payment on it
 *   already is settled first) and a new one is made. No database lock is held while the gateway is
 *   asked (on PGlite's one connection that would stall the shop): the new QR is recorded under the
 *   order's row lock only if no other tap recorded one meanwhile, else it is closed unused, so two
 *   taps show one QR; at most one active QR per order is also a unique index.
 * - `settleQrPayment` (the `qr_code.credited` webhook, or the rider's poll asking the gateway when
 *   the webhook is late): in one transaction that records the webhook event (dedupe as online
 *   payments, payment_webhook_events) and locks the order then the QR, a captured payment of the
 *   active QR for its amount, of an order out for delivery or delivered, marks the QR paid and
 *   the order paid with the payment's id as its payment_reference (so a later refund goes back
 *   to it), exactly once. A payment on a QR that is closed, for another amount, of an order paid
 *   already or no longer at the door (undelivered, cancelled) is refunded in full (a
 *   `late_payment` refund, one per payment id), the order's payment_problem tells staff and the
 *   customer gets the "late payment refunded" SMS.
 * - `upiQrState` (the rider's poll): the latest QR's state; an unpaid one older than
 *   UPI_QR_ASK_AFTER_MS asks the gateway for its payments.
 */
import { and, desc, eq } from 'drizzle-orm';
import { orderSmsQueued, queueOrderSms } from '#features/notifications/index.ts';
import { getConfig } from '#lib/config.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { orders, paymentQrCodes } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import { roleCan } from '#lib/http/permissions.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { logger } from '#lib/log.ts';
import { formatPaise } from '#lib/money.ts';
import { getPaymentGateway } from './configured.ts';
import { GatewayError, type GatewayPayment, type PaymentGateway } from './gateway.ts';
import { CURRENCY } from './payment.ts';
import { type ConfirmEvent, eventSeen, recordEvent } from './payment-confirm.ts';
import { requestRefund, sendRefund } from './payment-refunds.ts';

/** How long a QR takes payments before the gateway closes it (s). */
export const UPI_QR_LIFETIME_S = 15 * 60;
/** A QR with less time left than this (ms) is not shown again: a new one is made. */
export const UPI_QR_MIN_LEFT_MS = 2 * 60_000;
/** An unpaid QR older than this (ms) makes the rider's poll ask the gateway (its webhook may be late). */
export const UPI_QR_ASK_AFTER_MS = 5_000;

/** 409 when no gateway is configured (PAYMENT_GATEWAY unset). */
export const UPI_QR_OFF = 'UPI QR payment is not available: no payment gateway is configured. Please collect cash.';
/** 503 when the gateway cannot make or close a QR now. */
export const UPI_QR_UNAVAILABLE = 'The UPI QR could not be made just now. Please try again, or collect cash.';

/** Whether the rider can be offered a UPI QR: a payment gateway is configured. */
export function upiQrAvailable(): boolean {
  return getPaymentGateway() !== null;
}

type QrRow = typeof paymentQrCodes.$inferSelect;
type OrderRow = typeof orders.$inferSelect;

/** Where an order's UPI QR stands, as the rider's panel reads it. */
export interface UpiQrState {
  orderId: number;
  /** none made; active (waiting for payment); expired (past close_by, unpaid); paid; closed (replaced). */
  status: 'none' | 'active' | 'expired' | 'paid' | 'closed';
  /** The order's amount due at the door now (paise). */
  amountDuePaise: number;
  orderPaymentStatus: OrderRow['paymentStatus'];
  qr: {
    id: string;
    amountPaise: number;
    imageUrl: string | null;
    closeBy: Date;
    paidAt: Date | null;
    paymentId: string | null;
  } | null;
}

/** The order for `viewer` (a member without `board.view`, a rider, only theirs), locked when `lock`; 404 otherwise. */
async function viewerOrder(db: Database | Transaction, orderId: number, viewer: SessionStaff, lock: boolean) {
  const query = db.select().from(orders).where(eq(orders.id, orderId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || (!roleCan(viewer.role, 'board.view') && row.riderId !== viewer.id))
    throw notFound(`Order ${orderId} not found.`);
  return row;
}

/** Why `order` cannot be collected by UPI QR now (the 409's message), or null when it can. */
function notCollectable(order: OrderRow): string | null {
  // At the door, or just delivered with its amount due left to the QR (the rider's outcome chose UPI QR).
  if (order.status !== 'out_for_delivery' && order.status !== 'delivered')
    return `Order #${order.id} is not at the door: a UPI QR is made only for an order out for delivery or just delivered.`;
  if (order.paymentMode !== 'Cash' && order.paymentMode !== 'Card')
    return `Order #${order.id} is prepaid (${order.paymentMode}): there is nothing to collect.`;
  if (order.paymentStatus === 'paid') return `Order #${order.id} is paid already.`;
  if (order.paidAmountPaise <= 0) return `Order #${order.id} has nothing to collect.`;
  return null;
}

/** The state of the order's latest QR. */
async function stateOf(db: Database | Transaction, order: OrderRow, now: Date): Promise<UpiQrState> {
  const [qr] = await db
    .select()
    .from(paymentQrCodes)
    .where(eq(paymentQrCodes.orderId, order.id))
    .orderBy(desc(paymentQrCodes.id))
    .limit(1);
  const status: UpiQrState['status'] = !qr
    ? 'none'
    : qr.status === 'active' && qr.closeBy.getTime() <= now.getTime()
      ? 'expired'
      : qr.status;
  return {
    orderId: order.id,
    status,
    amountDuePaise: order.paidAmountPaise,
    orderPaymentStatus: order.paymentStatus,
    qr: qr
      ? {
          id: qr.gatewayQrId,
          amountPaise: qr.amountPaise,
          imageUrl: qr.imageUrl,
          closeBy: qr.closeBy,
          paidAt: qr.paidAt,
          paymentId: qr.paymentId,
        }
      : null,
  };
}

/** The first captured payment on a QR, asked of the gateway. */
async function capturedOn(gateway: PaymentGateway, gatewayQrId: string): Promise<GatewayPayment | null> {
  const payments = await gateway.fetchQrPayments(gatewayQrId);
  return payments.find((p) => p.status === 'captured') ?? null;
}

/**
 * The rider asks for a QR for order `orderId` (see the module comment). No transaction is open
 * while the gateway is asked: the order and its active QR are read, the gateway closes a stale QR
 * and makes the new one, and only then is the new QR recorded under the order's row lock, after
 * checking again that the order still owes that amount and no other tap recorded a QR meanwhile
 * (else the new one is closed at the gateway and the one recorded stands). Errors: 409 no gateway,
 * or the order cannot be collected by QR (with why); 404 not the rider's order; 503 the gateway
 * could not be asked (nothing changed).
 */
export async function makeUpiQr(
  db: Database,
  gateway: PaymentGateway | null,
  orderId: number,
  viewer: SessionStaff,
  actor: StaffActor,
  now = new Date(),
): Promise<UpiQrState> {
  if (!gateway) throw new AppError('conflict', UPI_QR_OFF);
  try {
    const order = await viewerOrder(db, orderId, viewer, false);
    const why = notCollectable(order);
    if (why) throw new AppError('conflict', why);
    const amount = order.paidAmountPaise;
    const [active] = await db
      .select()
      .from(paymentQrCodes)
      .where(and(eq(paymentQrCodes.orderId, orderId), eq(paymentQrCodes.status, 'active')));
    if (active) {
      const fresh = active.closeBy.getTime() - now.getTime() >= UPI_QR_MIN_LEFT_MS;
      if (active.amountPaise === amount && fresh) return stateOf(db, order, now);
      // Paid but not yet heard of: settled (or refunded, for an old amount) before a new one is made.
      const paid = await capturedOn(gateway, active.gatewayQrId);
      if (paid) {
        await settleQrPayment(db, gateway, active.gatewayQrId, paid);
        const [after] = await db.select().from(orders).where(eq(orders.id, orderId));
        if (after && after.paymentStatus !== 'paid') return makeUpiQr(db, gateway, orderId, viewer, actor, now);
        return stateOf(db, await viewerOrder(db, orderId, viewer, false), now);
      }
      await gateway.closeQrCode(active.gatewayQrId);
    }
    const closeBy = Math.floor(now.getTime() / 1000) + UPI_QR_LIFETIME_S;
    const qr = await gateway.createQrCode({
      amountPaise: amount,
      name: getConfig().SHOP_NAME,
      description: `Order #${orderId}`,
      closeBy,
      notes: { order_id: String(orderId) },
    });
    const recorded = await db.transaction(async (tx) => {
      const locked = await viewerOrder(tx, orderId, viewer, true);
      const [current] = await tx
        .select()
        .from(paymentQrCodes)
        .where(and(eq(paymentQrCodes.orderId, orderId), eq(paymentQrCodes.status, 'active')))
        .for('update');
      // Another tap recorded its QR first, or the amount due changed meanwhile: this one is not used.
      if (notCollectable(locked) || locked.paidAmountPaise !== amount || (current && current.id !== active?.id))
        return false;
      if (current)
        await tx
          .update(paymentQrCodes)
          .set({ status: 'closed', closedAt: now })
          .where(and(eq(paymentQrCodes.id, current.id), eq(paymentQrCodes.status, 'active')));
      await tx.insert(paymentQrCodes).values({
        orderId,
        gatewayQrId: qr.id,
        amountPaise: amount,
        status: 'active',
        imageUrl: qr.imageUrl,
        closeBy: new Date(closeBy * 1000),
        createdBy: actor.staffId,
      });
      await recordAudit(tx, actor, {
        action: 'order.upi_qr_made',
        record: { type: 'order', id: orderId },
        before: current ? { qr_id: current.gatewayQrId, amount_paise: current.amountPaise, status: 'closed' } : null,
        after: { qr_id: qr.id, amount_paise: amount, close_by: new Date(closeBy * 1000).toISOString() },
      });
      return true;
    });
    if (recorded) logger.info({ orderId, qrId: qr.id, amountPaise: amount }, 'UPI QR made at the door');
    else
      await gateway.closeQrCode(qr.id).catch((err: unknown) => {
        // Razorpay closes it at close_by anyway; nobody is shown it.
        logger.warn({ orderId, qrId: qr.id, err }, 'UPI QR: an unused QR could not be closed');
      });
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    logger.warn({ orderId, err }, 'UPI QR: the gateway could not make or close it');
    throw new AppError('unavailable', UPI_QR_UNAVAILABLE);
  }
  return stateOf(db, await viewerOrder(db, orderId, viewer, false), now);
}

/**
 * The rider's panel asks where the order's QR stands: an active QR older than UPI_QR_ASK_AFTER_MS
 * asks the gateway for its payments and a captured one settles it (settleQrPayment, exactly once
 * as the webhook). A gateway that cannot be asked leaves it as it is. 404 not the rider's order.
 */
export async function upiQrState(
  db: Database,
  gateway: PaymentGateway | null,
  orderId: number,
  viewer: SessionStaff,
  now = new Date(),
): Promise<UpiQrState> {
  const order = await viewerOrder(db, orderId, viewer, false);
  const state = await stateOf(db, order, now);
  const qr = state.qr;
  if (!gateway || !qr || qr.paymentId || (state.status !== 'active' && state.status !== 'expired')) return state;
  const [row] = await db.select().from(paymentQrCodes).where(eq(paymentQrCodes.gatewayQrId, qr.id));
  if (!row || now.getTime() - row.createdAt.getTime() < UPI_QR_ASK_AFTER_MS) return state;
  try {
    const paid = await capturedOn(gateway, qr.id);
    if (!paid) return state;
    await settleQrPayment(db, gateway, qr.id, paid);
  } catch (err) {
    if (!(err instanceof GatewayError)) throw err;
    logger.warn({ orderId, qrId: qr.id, err }, 'UPI QR poll: the gateway could not be asked');
    return state;
  }
  return stateOf(db, await viewerOrder(db, orderId, viewer, false), now);
}

/** What one QR payment did. */
export type QrOutcome = 'paid' | 'already_paid' | 'refunded' | 'not_paid' | 'unknown' | 'duplicate';

/**
 * Settles a payment made on QR code `gatewayQrId` (see the module comment): from its webhook
 * (`event`, de-duplicated in the acting transaction) or from the gateway's list of its payments.
 * Throws GatewayError only from sending a refund's first ask (never: sendRefund does not throw).
 */
export async function settleQrPayment(
  db: Database,
  gateway: PaymentGateway | null,
  gatewayQrId: string,
  payment: GatewayPayment,
  event?: ConfirmEvent,
): Promise<QrOutcome> {
  if (event && (await eventSeen(db, event))) return 'duplicate';
  const [known] = await db
    .select({ orderId: paymentQrCodes.orderId })
    .from(paymentQrCodes)
    .where(eq(paymentQrCodes.gatewayQrId, gatewayQrId));
  if (!known || payment.status !== 'captured') {
    if (event) await recordEvent(db, event);
    if (!known) logger.warn({ qrId: gatewayQrId, paymentId: payment.id }, 'payment on a QR code the shop did not make');
    return known ? 'not_paid' : 'unknown';
  }
  const orderId = known.orderId;
  const result = await db.transaction(async (tx) => {
    if (event && !(await recordEvent(tx, event))) return { outcome: 'duplicate' as const };
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    const [qr] = await tx
      .select()
      .from(paymentQrCodes)
      .where(eq(paymentQrCodes.gatewayQrId, gatewayQrId))
      .for('update');
    if (!order || !qr) return { outcome: 'unknown' as const };
    if (qr.paymentId === payment.id) return { outcome: 'already_paid' as const };
    const why = refusal(order, qr, payment);
    if (!why) {
      await tx
        .update(paymentQrCodes)
        .set({ status: 'paid', paymentId: payment.id, paidAt: new Date() })
        .where(eq(paymentQrCodes.id, qr.id));
      await tx
        .update(orders)
        .set({ paymentStatus: 'paid', paymentReference: payment.id, updatedAt: new Date() })
        .where(eq(orders.id, orderId));
      return { outcome: 'paid' as const };
    }
    return { outcome: 'refunded' as const, refundId: await refundQrPayment(tx, order, qr, payment, why) };
  });
  if (result.outcome === 'paid')
    logger.info({ orderId, qrId: gatewayQrId, paymentId: payment.id, via: event?.type ?? 'poll' }, 'paid by UPI QR');
  if (result.outcome === 'refunded' && result.refundId) {
    logger.warn({ orderId, qrId: gatewayQrId, paymentId: payment.id }, 'UPI QR payment not accepted: refunding it');
    await sendRefund(db, gateway, result.refundId);
    orderSmsQueued();
  }
  return result.outcome;
}

/** Why a captured payment on `qr` cannot pay `order` (staff read it), or null when it pays it. */
function refusal(order: OrderRow, qr: QrRow, payment: GatewayPayment): string | null {
  if (payment.amountPaise !== qr.amountPaise || payment.currency !== CURRENCY)
    return `its amount ${formatPaise(payment.amountPaise)} ${payment.currency} is not the QR's ${formatPaise(qr.amountPaise)}`;
  if (qr.status !== 'active') return 'the QR was closed before it was paid (the amount due had changed)';
  if (order.status !== 'out_for_delivery' && order.status !== 'delivered')
    return `the order is ${order.status.replaceAll('_', ' ')}, not at the door`;
  if (order.paymentStatus === 'paid') return 'the order was paid already';
  if (order.paidAmountPaise !== qr.amountPaise)
    return `the amount due is now ${formatPaise(order.paidAmountPaise)}, not the QR's ${formatPaise(qr.amountPaise)}`;
  return null;
}

/**
 * Writes the full refund of a payment not accepted (closing its QR), tells staff on the order and
 * queues the customer's SMS; the refund's id, or null when it was written already.
 */
async function refundQrPayment(
  tx: Transaction,
  order: OrderRow,
  qr: QrRow,
  payment: GatewayPayment,
  why: string,
): Promise<number | null> {
  // A single-use QR that took a payment takes no more: it is never shown again.
  if (qr.status === 'active')
    await tx.update(paymentQrCodes).set({ status: 'closed', closedAt: new Date() }).where(eq(paymentQrCodes.id, qr.id));
  const refundId = await requestRefund(tx, {
    orderId: order.id,
    reason: 'late_payment',
    paymentId: payment.id,
    amountPaise: payment.amountPaise,
  });
  if (!refundId) return null;
  const problem = `UPI payment ${payment.id} on QR ${qr.gatewayQrId} was not accepted: ${why}. It is refunded in full.`;
  await tx.update(orders).set({ paymentProblem: problem, updatedAt: new Date() }).where(eq(orders.id, order.id));
  await queueOrderSms(tx, order.id, 'payment_refunded');
  return refundId;
}
