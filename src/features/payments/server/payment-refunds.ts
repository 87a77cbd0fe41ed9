/**
 * Refunds to an online payment (ADR 0076). The change that owes money back (a cancellation, a
 * packing adjustment, a late payment) writes a `payment_refunds` row in its own transaction
 * (`requestRefund`, unique per cancelled order, adjustment and late payment id); after the commit
 * `sendRefund` claims it (requested → sending, one process wins) and asks the gateway, with our
 * row id in the refund's notes. The gateway answers it pending (or processed); the refund
 * webhooks settle it (`settleRefund`, matched by the gateway's refund id or our notes), and the
 * payments job settles what a lost answer or webhook left open (`reconcileRefunds`). A failed
 * refund waits for staff to retry it (`retryPaymentRefund`).
 */
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { orders, type PAYMENT_REFUND_REASONS, type PAYMENT_REFUND_STATUSES, paymentRefunds } from '#lib/db/schema.ts';
import { AppError, notFound } from '#lib/http/envelope.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { logger } from '#lib/log.ts';
import { getPaymentGateway } from './configured.ts';
import { GatewayError, type GatewayRefund, type PaymentGateway } from './gateway.ts';

export type RefundReason = (typeof PAYMENT_REFUND_REASONS)[number];
export type RefundStatus = (typeof PAYMENT_REFUND_STATUSES)[number];
type RefundRow = typeof paymentRefunds.$inferSelect;

/** A refund as the order's JSON lists it. */
export interface OrderRefund {
  id: number;
  reason: RefundReason;
  amountPaise: number;
  status: RefundStatus;
  failureReason: string | null;
  gatewayRefundId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** How long a refund may stay `sending` before the job asks the gateway what became of it (ms). */
export const REFUND_SENDING_STALE_MS = 2 * 60_000;
/** How long a pending refund waits for its webhook before the job fetches it (ms). */
export const REFUND_PENDING_RECHECK_MS = 30 * 60_000;

/**
 * Writes a refund owed, in the transaction of the change that owes it; returns its id, or null
 * when that refund exists already (the same cancellation, adjustment or late payment).
 */
export async function requestRefund(
  tx: Transaction,
  refund: { orderId: number; reason: RefundReason; paymentId: string; amountPaise: number; adjustmentId?: number },
): Promise<number | null> {
  if (!(refund.amountPaise > 0)) return null;
  const [row] = await tx
    .insert(paymentRefunds)
    .values({ ...refund, adjustmentId: refund.adjustmentId ?? null })
    .onConflictDoNothing()
    .returning({ id: paymentRefunds.id });
  return row?.id ?? null;
}

/**
 * Moves the order's `updated_at`, so the order board's version (which watches it) moves and open
 * boards show a refund that failed, or that staff retried, within a poll.
 */
async function touchOrder(db: Database | Transaction, orderId: number): Promise<void> {
  await db.update(orders).set({ updatedAt: new Date() }).where(eq(orders.id, orderId));
}

/** Records what the gateway answered for a refund we sent (only while it is still ours to settle). */
async function recordAnswer(db: Database, id: number, answer: GatewayRefund): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ gatewayRefundId: answer.id, status: answer.status, failureReason: null })
    .where(and(eq(paymentRefunds.id, id), inArray(paymentRefunds.status, ['sending', 'pending'])));
}

/**
 * Claims refund `id` (requested → sending) and asks the gateway for it. Never throws: a refusal
 * (the gateway answered an error) marks it failed, logged at error, for staff to retry; a lost
 * answer (network, timeout, 5xx) leaves it `sending` for the payments job to look up. Returns
 * false when another caller had it. `gateway` undefined: the configured one (getPaymentGateway).
 */
export async function sendRefund(
  db: Database,
  gateway: PaymentGateway | null | undefined,
  id: number,
): Promise<boolean> {
  if (gateway === undefined) gateway = getPaymentGateway();
  const [row] = await db
    .update(paymentRefunds)
    .set({ status: 'sending' })
    .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'requested')))
    .returning();
  if (!row) return false;
  const context = { refundId: id, orderId: row.orderId, amountPaise: row.amountPaise, reason: row.reason };
  try {
    if (!gateway) throw new GatewayError('online payments are off: no gateway to refund through', 400);
    const answer = await gateway.refund({
      paymentId: row.paymentId,
      amountPaise: row.amountPaise,
      notes: { refund_id: String(id), order_number: String(row.orderId) },
    });
    await recordAnswer(db, id, answer);
    logger.info({ ...context, gatewayRefundId: answer.id, status: answer.status }, 'refund asked of the gateway');
  } catch (err) {
    const refused = err instanceof GatewayError && err.status !== null && err.status < 500;
    if (refused) {
      await db
        .update(paymentRefunds)
        .set({ status: 'failed', failureReason: (err as Error).message.slice(0, 500) })
        .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'sending')));
      await touchOrder(db, row.orderId);
    }
    logger.error(
      { ...context, err },
      refused ? 'the gateway refused a refund: staff can retry it' : 'refund answer lost: the payments job looks it up',
    );
  }
  return true;
}

/**
 * Settles a refund from the gateway's word (webhook or fetch): found by its gateway id, else by
 * our row id in its notes; a processed refund stays processed. Returns whether a row changed.
 */
export async function settleRefund(db: Database | Transaction, refund: GatewayRefund): Promise<boolean> {
  const ours = Number(refund.notes.refund_id);
  const match = Number.isInteger(ours) && ours > 0 ? ours : null;
  const byId =
    match === null
      ? eq(paymentRefunds.gatewayRefundId, refund.id)
      : sql`(${paymentRefunds.gatewayRefundId} = ${refund.id} OR ${paymentRefunds.id} = ${match})`;
  const status = refund.status;
  const changed = await db
    .update(paymentRefunds)
    .set({
      gatewayRefundId: refund.id,
      status,
      failureReason: status === 'failed' ? 'The gateway could not complete the refund.' : null,
    })
    .where(
      and(
        byId,
        inArray(paymentRefunds.status, status === 'pending' ? ['sending'] : ['sending', 'pending']),
        // A refund id the gateway gave another row never moves this one.
        sql`(${paymentRefunds.gatewayRefundId} IS NULL OR ${paymentRefunds.gatewayRefundId} = ${refund.id})`,
      ),
    )
    .returning({ id: paymentRefunds.id, orderId: paymentRefunds.orderId });
  if (changed.length) await touchOrder(db, changed[0]!.orderId);
  if (changed.length && status === 'failed')
    logger.error(
      { refundId: changed[0]!.id, gatewayRefundId: refund.id },
      'the gateway failed a refund: staff can retry it',
    );
  return changed.length > 0;
}

/**
 * The payments job's part for refunds: `requested` ones nobody sent (a crash after the commit)
 * are sent; `sending` ones older than REFUND_SENDING_STALE_MS are looked up among the payment's
 * refunds by our id in the notes (found: settled; not found: sent again); pending ones older than
 * REFUND_PENDING_RECHECK_MS are fetched to settle them.
 */
export async function reconcileRefunds(db: Database, gateway: PaymentGateway, now: Date): Promise<void> {
  const stale = new Date(now.getTime() - REFUND_SENDING_STALE_MS);
  const recheck = new Date(now.getTime() - REFUND_PENDING_RECHECK_MS);
  const open = await db
    .select()
    .from(paymentRefunds)
    .where(
      sql`(${paymentRefunds.status} IN ('requested', 'sending') AND ${paymentRefunds.updatedAt} < ${stale.toISOString()})
        OR (${paymentRefunds.status} = 'pending' AND ${paymentRefunds.updatedAt} < ${recheck.toISOString()})`,
    )
    .orderBy(asc(paymentRefunds.id))
    .limit(50);
  for (const row of open) {
    try {
      if (row.status === 'requested') {
        await sendRefund(db, gateway, row.id);
        continue;
      }
      const found = (await gateway.fetchRefunds(row.paymentId)).find(
        (r) => r.notes.refund_id === String(row.id) || r.id === row.gatewayRefundId,
      );
      if (found) {
        if (!(await settleRefund(db, found)) && row.status === 'pending')
          await db.update(paymentRefunds).set({ updatedAt: now }).where(eq(paymentRefunds.id, row.id));
      } else if (row.status === 'sending') {
        // The gateway never took it: back to requested, asked again (our id in its notes keeps it one refund).
        const back = await db
          .update(paymentRefunds)
          .set({ status: 'requested' })
          .where(
            and(
              eq(paymentRefunds.id, row.id),
              eq(paymentRefunds.status, 'sending'),
              lt(paymentRefunds.updatedAt, stale),
            ),
          )
          .returning({ id: paymentRefunds.id });
        if (back.length) await sendRefund(db, gateway, row.id);
      }
    } catch (err) {
      logger.warn({ refundId: row.id, err }, 'refund reconciliation failed; the next run tries again');
    }
  }
}

/** The refunds of each order (oldest first); orders without any are absent. */
export async function refundsFor(db: Database | Transaction, orderIds: number[]): Promise<Map<number, OrderRefund[]>> {
  const map = new Map<number, OrderRefund[]>();
  if (!orderIds.length) return map;
  const rows: RefundRow[] = await db
    .select()
    .from(paymentRefunds)
    .where(inArray(paymentRefunds.orderId, orderIds))
    .orderBy(asc(paymentRefunds.id));
  for (const r of rows) {
    const list = map.get(r.orderId) ?? [];
    list.push({
      id: r.id,
      reason: r.reason,
      amountPaise: r.amountPaise,
      status: r.status,
      failureReason: r.failureReason,
      gatewayRefundId: r.gatewayRefundId,
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
    });
    map.set(r.orderId, list);
  }
  return map;
}

/**
 * Staff retry a failed refund (failed → requested, audited in the same transaction), then it is
 * sent again. Errors: 404 not this order's refund; 409 not failed (pending, processed, or being
 * retried by another request).
 */
export async function retryPaymentRefund(
  db: Database,
  gateway: PaymentGateway | null,
  orderId: number,
  refundId: number,
  actor: StaffActor,
): Promise<{ status: RefundStatus; failureReason: string | null }> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.id, refundId), eq(paymentRefunds.orderId, orderId)))
      .for('update');
    if (!row) throw notFound(`Order ${orderId} has no refund ${refundId}.`);
    if (row.status !== 'failed')
      throw new AppError(
        'conflict',
        `This refund is ${row.status === 'requested' || row.status === 'sending' ? 'being sent' : row.status}: only a failed refund can be retried.`,
      );
    await tx
      .update(paymentRefunds)
      .set({ status: 'requested', failureReason: null, gatewayRefundId: null })
      .where(eq(paymentRefunds.id, refundId));
    await touchOrder(tx, orderId);
    await recordAudit(tx, actor, {
      action: 'order.refund_retried',
      record: { type: 'order', id: orderId },
      before: { refund_id: refundId, status: 'failed', failure_reason: row.failureReason },
      after: { refund_id: refundId, status: 'requested', amount_paise: row.amountPaise },
    });
  });
  await sendRefund(db, gateway, refundId);
  const [after] = await db
    .select({ status: paymentRefunds.status, failureReason: paymentRefunds.failureReason })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.id, refundId));
  return after!;
}
