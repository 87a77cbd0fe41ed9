/**
 * The payments job (ADR 0075, ADR 0102): every JOB_PAYMENTS_INTERVAL_SECONDS, once across all
 * server processes (the job runner, src/lib/jobs), it settles what a lost webhook or a crash left
 * open. Every step changes state with the same conditional updates as the callbacks.
 * - Orders awaiting payment for more than RECONCILE_AFTER_MS: the gateway is asked for their
 *   payments and a captured (or authorized) one confirms the order.
 * - Still unpaid after PAYMENT_PENDING_MINUTES: released (payment_failed, everything given back,
 *   the cart back). One that never got its gateway order (a crash mid-way) is released after
 *   RECONCILE_AFTER_MS.
 * - Orders released in the last LATE_PAYMENT_WATCH_MS: the gateway is asked about them again, so
 *   a payment that still arrived is refunded in full (and the customer told) even when its
 *   webhook is lost.
 * - Refunds whose gateway answer or webhook was lost (payment-refunds.ts reconcileRefunds).
 *
 * Each order is asked about at most once per RECHECK_MS and every one is reached, oldest first:
 * a batch is claimed by stamping `payment_checked_at` on the oldest orders not asked in the last
 * RECHECK_MS (`FOR UPDATE SKIP LOCKED`, so two runs at once never claim one order), then asked,
 * then stamped again with the time its last question ended; batches follow until none is left or
 * RUN_BUDGET_MS has passed (the rest wait for the next run). The stamps are the run's clock (its
 * `now` moved on by the time the run has taken), never its start: an order asked late in a run,
 * that comes early in the next one (the orders before it paid meanwhile), still waits its minute.
 */
import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, lte, or } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import type { JobDefinition } from '#lib/jobs/index.ts';
import { logger } from '#lib/log.ts';
import { GatewayError, type PaymentGateway } from './gateway.ts';
import { releasePendingOrder } from './payment.ts';
import { confirmFromGateway } from './payment-confirm.ts';
import { reconcileRefunds } from './payment-refunds.ts';

/** How long an order awaits its payment before the gateway is asked about it (ms). */
export const RECONCILE_AFTER_MS = 2 * 60_000;
/** How long after its release an order's gateway order is still watched for a late payment (ms). */
export const LATE_PAYMENT_WATCH_MS = 30 * 60_000;
/** The gateway is asked about one order at most once in this long (ms). */
export const RECHECK_MS = 60_000;
/** A run claims no new batch after this long (ms); what is left waits for the next run. */
export const RUN_BUDGET_MS = 40_000;
/** Orders claimed per batch. */
export const BATCH = 50;

/** What one run did (for tests and the log). */
export interface PaymentJobResult {
  /** Orders the gateway was asked about (pending and recently released). */
  checked: number;
  confirmed: number;
  released: number;
  lateRefunds: number;
}

type Where = ReturnType<typeof and>;

/** The run's clock: its `now`, moved on by the time the run has taken so far. */
type Clock = () => Date;

/**
 * Claims up to BATCH orders matching `where` and not asked about since `now` − RECHECK_MS, oldest
 * first, stamping `payment_checked_at` = `now`; returns them oldest first.
 */
async function claimBatch(db: Database, where: Where, now: Date) {
  const due = or(isNull(orders.paymentCheckedAt), lte(orders.paymentCheckedAt, new Date(now.getTime() - RECHECK_MS)));
  const oldest = db
    .select({ id: orders.id })
    .from(orders)
    .where(and(where, due))
    .orderBy(asc(orders.createdAt), asc(orders.id))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(orders)
    .set({ paymentCheckedAt: now })
    .where(and(inArray(orders.id, oldest), due))
    .returning({ id: orders.id, gatewayOrderId: orders.gatewayOrderId, createdAt: orders.createdAt });
  return rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
}

/**
 * Claims batches of `where` until none is left or the run's budget is spent, handing each order to
 * `each`; once a batch is asked, its orders are stamped with that moment, so the minute until their
 * next question starts after their last one.
 */
async function eachDue(
  db: Database,
  where: Where,
  clock: Clock,
  deadline: number,
  each: (row: Awaited<ReturnType<typeof claimBatch>>[number]) => Promise<void>,
): Promise<number> {
  let n = 0;
  while (performance.now() < deadline) {
    const rows = await claimBatch(db, where, clock());
    for (const row of rows) await each(row);
    if (rows.length)
      await db
        .update(orders)
        .set({ paymentCheckedAt: clock() })
        .where(
          inArray(
            orders.id,
            rows.map((r) => r.id),
          ),
        );
    n += rows.length;
    if (rows.length < BATCH) break;
  }
  return n;
}

/** Reconciles, then expires, the orders awaiting payment. */
async function settlePending(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  deadline: number,
  result: PaymentJobResult,
) {
  const now = clock();
  const pendingMs = getConfig().PAYMENT_PENDING_MINUTES * 60_000;
  // A pending time shorter than the reconcile delay (1 minute, for demos and e2e) is asked about when it ends.
  const askBefore = new Date(now.getTime() - Math.min(RECONCILE_AFTER_MS, pendingMs));
  const expireBefore = new Date(now.getTime() - pendingMs);
  const where = and(eq(orders.paymentStatus, 'pending'), lt(orders.createdAt, askBefore));
  result.checked += await eachDue(db, where, clock, deadline, async (row) => {
    try {
      if (row.gatewayOrderId) {
        try {
          const outcome = await confirmFromGateway(db, gateway, row.gatewayOrderId);
          if (outcome === 'paid') result.confirmed++;
          if (outcome === 'paid' || outcome === 'already_paid') return;
        } catch (err) {
          // A gateway that says it holds no such order has taken no payment for it: the order
          // expires like any unpaid one. Any other failure (no answer, a 5xx) leaves it pending.
          if (!unknownToGateway(err)) throw err;
          logger.warn({ orderId: row.id }, 'the gateway holds no such order: it expires unpaid');
        }
        if (row.createdAt >= expireBefore) return;
      }
      if (await releasePendingOrder(db, row.id, now)) {
        result.released++;
        logger.info({ orderId: row.id }, 'online order released: not paid in time');
      }
    } catch (err) {
      logger.warn({ orderId: row.id, err }, 'payment reconciliation failed; the next run tries again');
    }
  });
}

/**
 * Whether the gateway answered that the order id does not exist: Razorpay answers a request for an
 * unknown id with 400 BAD_REQUEST_ERROR "The id provided does not exist" (so does the simulator,
 * whose orders live in memory and are gone after a restart).
 */
function unknownToGateway(err: unknown): boolean {
  return err instanceof GatewayError && err.status === 400 && /does not exist/i.test(err.message);
}

/** Asks about recently released orders again: a payment that arrived is refunded. */
async function watchReleased(
  db: Database,
  gateway: PaymentGateway,
  clock: Clock,
  deadline: number,
  result: PaymentJobResult,
) {
  const now = clock();
  const where = and(
    eq(orders.paymentStatus, 'failed'),
    isNotNull(orders.gatewayOrderId),
    gt(orders.cancelledAt, new Date(now.getTime() - LATE_PAYMENT_WATCH_MS)),
  );
  result.checked += await eachDue(db, where, clock, deadline, async (row) => {
    try {
      if ((await confirmFromGateway(db, gateway, row.gatewayOrderId!)) === 'late_refund') result.lateRefunds++;
    } catch (err) {
      logger.warn({ orderId: row.id, err }, 'late payment check failed; the next run tries again');
    }
  });
}

/** One run of the payments job (see the module comment); `now` for tests. */
export async function runPaymentJobs(
  db: Database,
  gateway: PaymentGateway,
  now = new Date(),
): Promise<PaymentJobResult> {
  const result: PaymentJobResult = { checked: 0, confirmed: 0, released: 0, lateRefunds: 0 };
  const started = performance.now();
  const clock: Clock = () => new Date(now.getTime() + (performance.now() - started));
  const deadline = started + RUN_BUDGET_MS;
  await settlePending(db, gateway, clock, deadline, result);
  await watchReleased(db, gateway, clock, deadline, result);
  await reconcileRefunds(db, gateway, now);
  return result;
}

/** The payments job for the runner: nothing when online payment is off (no gateway). */
export function paymentsJob(getGateway: () => PaymentGateway | null): JobDefinition {
  return {
    name: 'payments',
    intervalMs: getConfig().JOB_PAYMENTS_INTERVAL_SECONDS * 1000,
    run: async (db) => {
      const gateway = getGateway();
      return gateway ? runPaymentJobs(db, gateway) : null;
    },
  };
}
