/**
 * What one customer may hold and do, so that stock and slots cannot be held empty by one account
 * (docs/adr/0060-order-and-promo-limits.md). Checked inside place-order's transaction after a lock on the
 * customer, so parallel requests, also on several server processes, are counted one by one:
 * - at most MAX_OPEN_COD_ORDERS open pay-on-delivery orders (cash or card on delivery, not yet
 *   delivered or cancelled): 422;
 * - at most MAX_ORDERS_PER_HOUR orders placed per hour, of any payment mode: 429;
 * - after MAX_CANCELS_PER_DAY cancellations by the customer within 24 hours, no pay-on-delivery
 *   order until the oldest of them is 24 hours old (paying online stays open): 429 whose message
 *   says when, from the same wait as its Retry-After.
 * An online order awaiting its payment (pending_payment) or released unpaid (payment_failed) counts
 * toward the orders per hour, never as a cancellation.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import type { Transaction } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';
import { lockKey, waitInWords } from '#lib/db/throttle.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { PaymentMode } from '../rules.ts';

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;

/** Payment modes paid at the door: the order holds stock and a slot with nothing paid. */
export const PAY_ON_DELIVERY: readonly PaymentMode[] = ['Cash', 'Card'];
/** Statuses of an order that still holds its stock and slot. */
const OPEN_STATUSES = ['placed', 'processed', 'out_for_delivery'] as const;

/** 422 when the customer already holds `max` open pay-on-delivery orders. */
export const tooManyOpenCodOrders = (max: number) =>
  `You already have ${max} cash or card on delivery orders on the way. Please wait until one is delivered, or choose another payment method.`;
/**
 * 429 when the customer has placed MAX_ORDERS_PER_HOUR orders within the hour; `retryAfter` is the
 * 429's Retry-After in seconds, said in words (the oldest of those orders leaves the hour then).
 */
export const tooManyOrders = (retryAfter: number) =>
  `You have placed too many orders in the last hour. Please try again in ${waitInWords(retryAfter)}.`;
/**
 * 429 when the customer has cancelled `max` orders within 24 hours; `retryAfter` is the 429's
 * Retry-After in seconds, said in words: the pause ends when the oldest cancel is a day old, not
 * at midnight, so "tomorrow" may be too early or too late.
 */
export const tooManyCancels = (max: number, retryAfter: number) =>
  `Cash and card on delivery are paused for your account after ${max} cancelled orders in a day. Please try again in ${waitInWords(retryAfter)}, or pay online.`;

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

/**
 * Takes the customer's order lock (held until `tx` ends) and checks the limits above for an
 * order paid by `paymentMode`; throws 422 or 429 (with Retry-After) when one is reached.
 */
export async function assertMayOrder(
  tx: Transaction,
  customerId: number,
  paymentMode: PaymentMode,
  now = new Date(),
): Promise<void> {
  await lockKey(tx, 'place_order', String(customerId));
  const config = getConfig();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [recent] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${orders.createdAt})` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), gt(orders.createdAt, hourAgo)));
  if ((recent?.n ?? 0) >= config.MAX_ORDERS_PER_HOUR) {
    const oldest = recent?.oldest ? new Date(recent.oldest).getTime() : now.getTime();
    const retryAfter = seconds(oldest + HOUR_MS - now.getTime());
    throw new AppError('too_many_requests', tooManyOrders(retryAfter), { retryAfter });
  }
  if (!PAY_ON_DELIVERY.includes(paymentMode)) return;
  const dayAgo = new Date(now.getTime() - DAY_MS);
  const [cancels] = await tx
    .select({ n: sql<number>`count(*)::int`, oldest: sql<string | null>`min(${orders.cancelledAt})` })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'cancelled'), gt(orders.cancelledAt, dayAgo)));
  if ((cancels?.n ?? 0) >= config.MAX_CANCELS_PER_DAY) {
    const oldest = cancels?.oldest ? new Date(cancels.oldest).getTime() : now.getTime();
    const retryAfter = seconds(oldest + DAY_MS - now.getTime());
    throw new AppError('too_many_requests', tooManyCancels(config.MAX_CANCELS_PER_DAY, retryAfter), { retryAfter });
  }
  const [open] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(
      and(
        eq(orders.customerId, customerId),
        inArray(orders.paymentMode, [...PAY_ON_DELIVERY]),
        inArray(orders.status, [...OPEN_STATUSES]),
      ),
    );
  if ((open?.n ?? 0) >= config.MAX_OPEN_COD_ORDERS)
    throw new AppError('unprocessable', tooManyOpenCodOrders(config.MAX_OPEN_COD_ORDERS));
}
