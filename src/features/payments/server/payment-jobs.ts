/**
 * The payments job (ADR 0075): every PAYMENT_JOB_INTERVAL_MS on each server process, it settles
 * what a lost webhook or a crash left open. Every step changes state with the same conditional
 * updates as the callbacks, so processes running it at once only repeat the asking.
 * - Orders awaiting payment for more than RECONCILE_AFTER_MS: the gateway is asked for their
 *   payments and a captured (or authorized) one confirms the order.
 * - Still unpaid after PAYMENT_PENDING_MINUTES: released (payment_failed, everything given back,
 *   the cart back). One that never got its gateway order (a crash mid-way) is released after
 *   RECONCILE_AFTER_MS.
 * - Orders released in the last LATE_PAYMENT_WATCH_MS: the gateway is asked about them on each
 *   run, so a payment that still arrived is refunded in full (and the customer told) even when its
 *   webhook is lost.
 * - Refunds whose gateway answer or webhook was lost (payment-refunds.ts reconcileRefunds).
 */
import { and, asc, eq, gt, isNotNull, lt } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import { logger } from '#lib/log.ts';
import type { PaymentGateway } from './gateway.ts';
import { releasePendingOrder } from './payment.ts';
import { confirmFromGateway } from './payment-confirm.ts';
import { reconcileRefunds } from './payment-refunds.ts';

/** How often the job runs on each process (ms). */
export const PAYMENT_JOB_INTERVAL_MS = 60_000;
/** How long an order awaits its payment before the gateway is asked about it (ms). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** How long after its release an order's gateway order is still watched for a late payment (ms). */
export const LATE_PAYMENT_WATCH_MS = 30 * 60_000;
/** Orders looked at per run and kind. */
const BATCH = 50;

/** What one run did (for tests and the log). */
export interface PaymentJobResult {
  confirmed: number;
  released: number;
  lateRefunds: number;
}

/** Reconciles, then expires, the orders awaiting payment. */
async function settlePending(db: Database, gateway: PaymentGateway, now: Date, result: PaymentJobResult) {
  const pendingMs = getConfig().PAYMENT_PENDING_MINUTES * 60_000;
  // A pending time shorter than the reconcile delay (1 minute, for demos and e2e) is asked about when it ends.
  const askBefore = new Date(now.getTime() - Math.min(RECONCILE_AFTER_MS, pendingMs));
  const expireBefore = new Date(now.getTime() - pendingMs);
  const rows = await db
    .select({ id: orders.id, gatewayOrderId: orders.gatewayOrderId, createdAt: orders.createdAt })
    .from(orders)
    .where(and(eq(orders.paymentStatus, 'pending'), lt(orders.createdAt, askBefore)))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  for (const row of rows) {
    try {
      if (row.gatewayOrderId) {
        const outcome = await confirmFromGateway(db, gateway, row.gatewayOrderId);
        if (outcome === 'paid') result.confirmed++;
        if (outcome === 'paid' || outcome === 'already_paid') continue;
        if (row.createdAt >= expireBefore) continue;
      }
      if (await releasePendingOrder(db, row.id, now)) {
        result.released++;
        logger.info({ orderId: row.id }, 'online order released: not paid in time');
      }
    } catch (err) {
      logger.warn({ orderId: row.id, err }, 'payment reconciliation failed; the next run tries again');
    }
  }
}

/** Asks about recently released orders again: a payment that arrived is refunded. */
async function watchReleased(db: Database, gateway: PaymentGateway, now: Date, result: PaymentJobResult) {
  const rows = await db
    .select({ id: orders.id, gatewayOrderId: orders.gatewayOrderId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentStatus, 'failed'),
        isNotNull(orders.gatewayOrderId),
        gt(orders.cancelledAt, new Date(now.getTime() - LATE_PAYMENT_WATCH_MS)),
      ),
    )
    .limit(BATCH);
  for (const row of rows) {
    try {
      if ((await confirmFromGateway(db, gateway, row.gatewayOrderId!)) === 'late_refund') result.lateRefunds++;
    } catch (err) {
      logger.warn({ orderId: row.id, err }, 'late payment check failed; the next run tries again');
    }
  }
}

/** One run of the payments job (see the module comment); `now` for tests. */
export async function runPaymentJobs(
  db: Database,
  gateway: PaymentGateway,
  now = new Date(),
): Promise<PaymentJobResult> {
  const result: PaymentJobResult = { confirmed: 0, released: 0, lateRefunds: 0 };
  await settlePending(db, gateway, now, result);
  await watchReleased(db, gateway, now, result);
  await reconcileRefunds(db, gateway, now);
  return result;
}

let scheduled = false;

/**
 * Starts this process's payments job once (later calls do nothing); nothing when online payment is
 * off. The timer never keeps the process alive; a run that fails is logged and the next one tries.
 */
export function schedulePaymentJobs(getDb: () => Promise<Database>, getGateway: () => PaymentGateway | null): void {
  if (scheduled) return;
  scheduled = true;
  let running = false;
  const timer = setInterval(async () => {
    const gateway = getGateway();
    if (!gateway || running) return;
    running = true;
    try {
      const result = await runPaymentJobs(await getDb(), gateway);
      if (result.confirmed || result.released || result.lateRefunds) logger.info(result, 'payments job');
    } catch (err) {
      logger.warn({ err }, 'payments job failed; the next run tries again');
    } finally {
      running = false;
    }
  }, PAYMENT_JOB_INTERVAL_MS);
  timer.unref();
}
