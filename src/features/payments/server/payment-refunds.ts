/**
 * Refunds to an online payment (ADR 0076). The change that owes money back (a cancellation, a
 * packing adjustment, a late payment) writes a `payment_refunds` row in its own transaction
 * (`requestRefund`, unique per cancelled order, adjustment and late payment id); after the commit
 * `sendRefund` claims it (requested → sending, one process wins) and asks the gateway, with the
 * attempt's reference (`<row id>-<attempt>`, refundReference) in the refund's notes. The gateway
 * answers it pending (or processed); the refund webhooks settle it (`settleRefund`), and the
 * payments job settles what a lost answer or webhook left open (`reconcileRefunds`), both pairing
 * a gateway refund with our row by that reference only. A failed refund waits for staff to retry
 * it (`retryPaymentRefund`) as its next attempt, with a reference of its own, so nothing the
 * gateway says of an earlier attempt settles it (ADR 0108).
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

const INT4_MAX = 2_147_483_647;

/** The reference the gateway knows a refund attempt by (its `notes.refund_id`): `<row id>-<attempt>`. */
export function refundReference(row: { id: number; attempt: number }): string {
  return `${row.id}-${row.attempt}`;
}

/**
 * The row id and attempt a gateway refund's `notes.refund_id` names, or null when it names none of
 * ours. A bare row id is the reference of a first attempt sent before attempts had numbers.
 */
export function parseRefundReference(reference: string | undefined): { id: number; attempt: number } | null {
  const match = /^([1-9]\d{0,9})(?:-([1-9]\d{0,9}))?$/.exec(reference ?? '');
  if (!match) return null;
  const id = Number(match[1]);
  const attempt = match[2] === undefined ? 1 : Number(match[2]);
  // Both are int4 columns: a larger number names no row of ours.
  return id <= INT4_MAX && attempt <= INT4_MAX ? { id, attempt } : null;
}

/** Whether gateway refund `refund` is the current attempt of row `row` (by its reference only). */
function isAttempt(refund: GatewayRefund, row: { id: number; attempt: number }): boolean {
  const named = parseRefundReference(refund.notes.refund_id);
  return named !== null && named.id === row.id && named.attempt === row.attempt;
}

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

/** Records what the gateway answered for an attempt we sent (only while it is still that attempt, ours to settle). */
async function recordAnswer(db: Database, row: RefundRow, answer: GatewayRefund): Promise<void> {
  await db
    .update(paymentRefunds)
    .set({ gatewayRefundId: answer.id, status: answer.status, failureReason: null })
    .where(
      and(
        eq(paymentRefunds.id, row.id),
        eq(paymentRefunds.attempt, row.attempt),
        inArray(paymentRefunds.status, ['sending', 'pending']),
      ),
    );
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
  const context = {
    refundId: id,
    attempt: row.attempt,
    orderId: row.orderId,
    amountPaise: row.amountPaise,
    reason: row.reason,
  };
  try {
    if (!gateway) throw new GatewayError('online payments are off: no gateway to refund through', 400);
    const answer = await gateway.refund({
      paymentId: row.paymentId,
      amountPaise: row.amountPaise,
      notes: { refund_id: refundReference(row), order_number: String(row.orderId) },
    });
    await recordAnswer(db, row, answer);
    logger.info({ ...context, gatewayRefundId: answer.id, status: answer.status }, 'refund asked of the gateway');
  } catch (err) {
    const refused = err instanceof GatewayError && err.status !== null && err.status < 500;
    if (refused) {
      await db
        .update(paymentRefunds)
        .set({ status: 'failed', failureReason: (err as Error).message.slice(0, 500) })
        .where(
          and(eq(paymentRefunds.id, id), eq(paymentRefunds.attempt, row.attempt), eq(paymentRefunds.status, 'sending')),
        );
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
 * Settles a refund attempt from the gateway's word (webhook or fetch): the row and attempt its
 * `notes.refund_id` names (parseRefundReference), nothing else — a refund naming an earlier
 * attempt, or none of ours, changes nothing (an earlier attempt's, logged: staff should know if one
 * ever went through after it failed). A processed refund stays processed. Returns whether a row
 * changed.
 */
export async function settleRefund(db: Database | Transaction, refund: GatewayRefund): Promise<boolean> {
  const named = parseRefundReference(refund.notes.refund_id);
  if (!named) return false;
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
        eq(paymentRefunds.id, named.id),
        eq(paymentRefunds.attempt, named.attempt),
        inArray(paymentRefunds.status, status === 'pending' ? ['sending'] : ['sending', 'pending']),
        // A refund id the gateway gave another row never moves this one.
        sql`(${paymentRefunds.gatewayRefundId} IS NULL OR ${paymentRefunds.gatewayRefundId} = ${refund.id})`,
      ),
    )
    .returning({ id: paymentRefunds.id, orderId: paymentRefunds.orderId });
  if (changed.length) await touchOrder(db, changed[0]!.orderId);
  if (changed.length && status === 'failed')
    logger.error(
      { refundId: changed[0]!.id, attempt: named.attempt, gatewayRefundId: refund.id },
      'the gateway failed a refund: staff can retry it',
    );
  if (!changed.length && status === 'processed') {
    const [row] = await db
      .select({ attempt: paymentRefunds.attempt })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.id, named.id));
    if (row && row.attempt > named.attempt)
      logger.error(
        { refundId: named.id, attempt: named.attempt, currentAttempt: row.attempt, gatewayRefundId: refund.id },
        'an earlier refund attempt was processed after a retry: check the payment for a second refund',
      );
  }
  return changed.length > 0;
}

/**
 * The payments job's part for refunds: `requested` ones nobody sent (a crash after the commit)
 * are sent; `sending` ones older than REFUND_SENDING_STALE_MS are looked up among the payment's
 * refunds by their attempt's reference in the notes (found: settled; not found: the same attempt
 * sent again); pending ones older than REFUND_PENDING_RECHECK_MS are fetched to settle them. An
 * earlier attempt's refund, failed or not, is never taken for the current one.
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
      const found = (await gateway.fetchRefunds(row.paymentId)).find((r) => isAttempt(r, row));
      if (found) {
        if (!(await settleRefund(db, found)) && row.status === 'pending')
          await db.update(paymentRefunds).set({ updatedAt: now }).where(eq(paymentRefunds.id, row.id));
      } else if (row.status === 'sending') {
        // The gateway never took it: back to requested, asked again as the same attempt (its reference keeps it one refund).
        const back = await db
          .update(paymentRefunds)
          .set({ status: 'requested' })
          .where(
            and(
              eq(paymentRefunds.id, row.id),
              eq(paymentRefunds.attempt, row.attempt),
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

/** Why a refund in `status` (not failed) cannot be retried: the 409's message. */
function notRetryable(status: RefundStatus, attempt: number): string {
  if (status === 'processed') return 'This refund was processed: the money went back, so there is nothing to retry.';
  const which = attempt > 1 ? `Attempt ${attempt} of this refund` : 'This refund';
  if (status === 'pending')
    return `${which} is pending at the gateway and may still go through: it can be retried only once the gateway reports it failed.`;
  return `${which} is being sent to the gateway and may still go through: it can be retried only once the gateway reports it failed.`;
}

/**
 * Staff retry a failed refund as its next attempt (failed → requested, attempt + 1, audited in the
 * same transaction), then it is sent with the new attempt's reference. Only a failed refund is
 * retried: one the gateway has not reported failed (requested, sending, pending) may still go
 * through, and a second attempt beside it could refund twice. Errors: 404 not this order's
 * refund; 409 not failed (with why), or retried by another request first.
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
    if (row.status !== 'failed') throw new AppError('conflict', notRetryable(row.status, row.attempt));
    await tx
      .update(paymentRefunds)
      .set({ status: 'requested', failureReason: null, gatewayRefundId: null, attempt: row.attempt + 1 })
      .where(eq(paymentRefunds.id, refundId));
    await touchOrder(tx, orderId);
    // The failed attempt's gateway refund id is kept here: the row now stands for the next attempt.
    await recordAudit(tx, actor, {
      action: 'order.refund_retried',
      record: { type: 'order', id: orderId },
      before: {
        refund_id: refundId,
        attempt: row.attempt,
        status: 'failed',
        failure_reason: row.failureReason,
        gateway_refund_id: row.gatewayRefundId,
      },
      after: { refund_id: refundId, attempt: row.attempt + 1, status: 'requested', amount_paise: row.amountPaise },
    });
  });
  await sendRefund(db, gateway, refundId);
  const [after] = await db
    .select({ status: paymentRefunds.status, failureReason: paymentRefunds.failureReason })
    .from(paymentRefunds)
    .where(eq(paymentRefunds.id, refundId));
  return after!;
}
