/**
 * Placing an order (POST /api/customer/place-order;
 * docs/orders-and-payments.md#stock-money-and-concurrency): reserve, then (Online) open the payment.
 *
 * 1. Reserve, in one transaction: the customer's cart rows are locked (`FOR UPDATE`; a parallel
 *    request for the same cart waits, then finds them gone and gets a 409 CART_ALREADY_ORDERED),
 *    then reservation.ts writes the order and takes points, credit, stock, promo use, the slot's
 *    place and the invoice number (the rows other orders wait on last). The transaction sets its
 *    own `lock_timeout` and is run again after a deadlock, serialization failure or lock timeout;
 *    one that persists answers 503 with Retry-After.
 * 2. Online only, outside any transaction: the gateway order the customer pays into (the payments
 *    feature's startOnlinePayment); the order is pending_payment, hidden, until payments confirms
 *    it: placed (ADR 0075, 0099).
 *
 * An Idempotency-Key returns the same order for the same key, customer and request body, never
 * a second one (while it awaits its payment: the same order with the same checkout payment); the
 * same key with another body is a 422.
 */
import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import { markCatalogChanged } from '#features/catalog/index.ts';
import { orderSmsQueued, queueOrderSms } from '#features/notifications/index.ts';
import {
  type CheckoutPayment,
  getPaymentGateway,
  type PaymentGateway,
  pendingCheckoutPayment,
  startOnlinePayment,
} from '#features/payments/index.ts';
import type { Database } from '#lib/db/index.ts';
import { cartItems, orders } from '#lib/db/schema.ts';
import { withTransactionRetry } from '#lib/db/transaction-retry.ts';
import { AppError, badRequest, isAppError } from '#lib/http/envelope.ts';
import { logger } from '#lib/log.ts';
import { assertMayOrder } from './limits.ts';
import { getOrder, type Order } from './queries.ts';
import { CART_EMPTY } from './quote.ts';
import { type PlaceOrderInput, reserveOrder } from './reservation.ts';

export { PAYMENT_FAILED, PAYMENT_INIT_FAILED } from '#features/payments/index.ts';
export type { PlaceOrderInput } from './reservation.ts';
export { CART_CHANGED } from './reservation.ts';

/** Extra inputs of placeOrder that are not part of the request body. */
export interface PlaceOrderOptions {
  /** The request id (ctx.locals.reqId), written to every log line about this order's payment. */
  reqId?: string;
  /** The payment gateway for an Online order; by default the configured one (tests pass a stub). */
  gateway?: PaymentGateway | null;
}

/**
 * Longest wait for one row lock while placing an order (ms): past it the try gives up (55P03)
 * and is run again, rather than queueing towards the statement timeout.
 */
export const PLACE_ORDER_LOCK_TIMEOUT_MS = 1500;
/** Tries of the placing transaction in all (the first included); the last failure answers 503. */
export const PLACE_ORDER_ATTEMPTS = 4;

/** How long after an order an empty cart counts as "just ordered" (ms): 10 s. */
export const JUST_ORDERED_MS = 10_000;

/** 409 for a request whose cart another request (a double submit) has just turned into an order. */
export const CART_ALREADY_ORDERED =
  'This cart has already been ordered by another request. Please check My Orders before ordering again.';
/** Names that 409, which a request with an Idempotency-Key answers with the order its twin made. */
const CART_TAKEN = 'orders.cart_already_ordered' as const;
/** The 409 CART_ALREADY_ORDERED. */
const cartAlreadyOrdered = () => new AppError('conflict', CART_ALREADY_ORDERED, { reason: CART_TAKEN });
/** 422 for an Idempotency-Key sent again with another request body. */
export const IDEMPOTENCY_KEY_REUSED =
  'This Idempotency-Key was already used for a different order request. Use a new key for a new order.';
/** 409 for a repeated Idempotency-Key while the first request is still opening the order's payment. */
export const PAYMENT_IN_PROGRESS =
  'The payment for this order is still being processed. Please check My Orders in a moment.';

/** What placeOrder answers: the order, whether it was created now, and (Online) the checkout to open. */
export interface PlacedOrder {
  order: Order;
  created: boolean;
  /** The gateway checkout an online order awaits; null for other orders. */
  payment: CheckoutPayment | null;
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/**
 * SHA-256 (hex) of the canonical form of a place-order request: the parsed fields in a fixed
 * order (so JSON, form data or another key order give the same hash), promo code upper-cased
 * and note trimmed as they are stored. Stored with an idempotency key to tell a retry from
 * another request reusing the key.
 */
export function placeOrderRequestHash(input: PlaceOrderInput): string {
  const canonical = JSON.stringify([
    'v1',
    input.addressId,
    input.paymentMode,
    input.paidAmountPaise,
    input.discountPaise ?? null,
    input.promoCode?.trim().toUpperCase() || null,
    input.customerNote?.trim() || null,
    input.points,
    // Added with the cart version: requests without one keep the hash they always had.
    ...(input.cartVersion !== undefined ? [input.cartVersion] : []),
    // Added with substitutions, tagged so it never reads as a cart version.
    ...(input.substitution !== undefined ? [`substitution:${input.substitution}`] : []),
    // Added with delivery slots, the same way.
    ...(input.deliverySlot !== undefined ? [`slot:${input.deliverySlot}`] : []),
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The existing order of a customer for an idempotency key, or null. 422 when the key came with
 * another request body; 409 while the first request is still opening its payment. An order
 * awaiting its payment comes back with its checkout payment.
 */
async function orderForKey(
  db: Database,
  customerId: number,
  key: string,
  requestHash: string,
  gateway: PaymentGateway | null,
): Promise<PlacedOrder | null> {
  const [row] = await db
    .select({
      id: orders.id,
      requestHash: orders.requestHash,
      status: orders.status,
      paymentStatus: orders.paymentStatus,
      gatewayOrderId: orders.gatewayOrderId,
      paidAmountPaise: orders.paidAmountPaise,
    })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
  if (!row) return null;
  // Orders placed before request hashes were stored have none: the key alone decides for them.
  if (row.requestHash !== null && row.requestHash !== requestHash)
    throw new AppError('unprocessable', IDEMPOTENCY_KEY_REUSED);
  if (row.status === 'pending_payment') {
    const payment = pendingCheckoutPayment(gateway, row);
    if (!payment) throw new AppError('conflict', PAYMENT_IN_PROGRESS);
    return { order: await getOrder(db, customerId, row.id, { pending: true }), created: false, payment };
  }
  return { order: await getOrder(db, customerId, row.id), created: false, payment: null };
}

/**
 * Places an order from the customer's cart. Returns the order and whether it was created now
 * (false when an earlier request with the same idempotency key and body made it).
 * Errors: 404 address; 422 empty cart, undeliverable address, promo or points rule, not enough
 * credit, idempotency key reused with another body, too many open pay-on-delivery orders; 429
 * too many orders in the hour or cancels in the day (limits.ts); 409 price/discount mismatch (with the
 * server's figures), stock shortage, or the cart already ordered by a parallel request;
 * 400 Online without a gateway; 503 the gateway could not open the payment (the order released),
 * or the database stayed busy through every try (a lock wait past PLACE_ORDER_LOCK_TIMEOUT_MS, a
 * deadlock or a serialization failure).
 */
export async function placeOrder(
  db: Database,
  customerId: number,
  input: PlaceOrderInput,
  options: PlaceOrderOptions = {},
): Promise<PlacedOrder> {
  const requestHash = placeOrderRequestHash(input);
  const gateway =
    input.paymentMode === 'Online' ? (options.gateway !== undefined ? options.gateway : getPaymentGateway()) : null;
  const forKey = (key: string) => orderForKey(db, customerId, key, requestHash, gateway);
  if (input.idempotencyKey) {
    const existing = await forKey(input.idempotencyKey);
    if (existing) return existing;
  }
  // The cart as this request found it. When it is gone once the lock below is held, a parallel
  // request ordered it (409). When it is empty already: a request that arrives just after a
  // parallel one committed (a double tap, a retry) is told the cart was ordered (409, as if it
  // had waited on the lock); otherwise the customer has nothing to order (422).
  const [seen] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(cartItems)
    .where(eq(cartItems.customerId, customerId));
  if (!seen?.n) {
    // A parallel request with the same key may have committed between the look-up above and
    // this count: its order is this request's answer too.
    if (input.idempotencyKey) {
      const existing = await forKey(input.idempotencyKey);
      if (existing) return existing;
    }
    const since = new Date(Date.now() - JUST_ORDERED_MS);
    const [recent] = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.customerId, customerId), gt(orders.createdAt, since)))
      .limit(1);
    throw recent ? cartAlreadyOrdered() : new AppError('unprocessable', CART_EMPTY);
  }
  if (input.paymentMode === 'Online' && !gateway)
    throw badRequest('Online payment is not available. Please choose another payment method.');

  let reserved: { id: number; amountPaise: number };
  try {
    // One transaction, run again whole after a deadlock, a serialization failure or a lock wait
    // past PLACE_ORDER_LOCK_TIMEOUT_MS (transaction-retry.ts): a try that failed left nothing
    // behind, and the idempotency key's unique index keeps a second order out whatever happens.
    reserved = await withTransactionRetry(
      db,
      async (tx) => {
        // The customer's limits (open pay-on-delivery orders, orders per hour, cancels), counted
        // under a lock on the customer so parallel requests cannot pass them together.
        await assertMayOrder(tx, customerId, input.paymentMode);
        // Lock what the order consumes: every parallel order of this cart waits here, and after
        // the first commits it finds the rows deleted.
        const locked = await tx
          .select({ id: cartItems.id })
          .from(cartItems)
          .where(eq(cartItems.customerId, customerId))
          .for('update');
        if (!locked.length) throw cartAlreadyOrdered();
        const order = await reserveOrder(tx, customerId, { ...input, requestHash, awaitsPayment: gateway !== null });
        // A pay-on-delivery order is confirmed now: its SMS is owed with it (an online one's when it is paid).
        if (!gateway) await queueOrderSms(tx, order.id, 'confirmed');
        return order;
      },
      {
        attempts: PLACE_ORDER_ATTEMPTS,
        lockTimeoutMs: PLACE_ORDER_LOCK_TIMEOUT_MS,
        onRetry: (attempt, err) =>
          logger.warn({ err, reqId: options.reqId, customerId, attempt }, 'place-order transaction retried'),
      },
    );
    // Stock went down: this server's pages show it at once (other servers within a second).
    markCatalogChanged(db);
  } catch (err) {
    // Two requests with the same key raced: the first consumed the cart (or the unique index
    // kept its order, or its order reached a customer limit that the second then met); return
    // that order.
    const cartTaken = isAppError(err, CART_TAKEN);
    const limitMet = err instanceof AppError && (err.code === 'unprocessable' || err.code === 'too_many_requests');
    if (input.idempotencyKey && (cartTaken || limitMet || isUniqueViolation(err))) {
      const existing = await forKey(input.idempotencyKey);
      if (existing) return existing;
    }
    throw err;
  }
  if (gateway) {
    const payment = await startOnlinePayment(db, gateway, reserved, options.reqId);
    return { order: await getOrder(db, customerId, reserved.id, { pending: true }), created: true, payment };
  }
  orderSmsQueued(); // committed with the order; sent from here at once
  return { order: await getOrder(db, customerId, reserved.id), created: true, payment: null };
}
