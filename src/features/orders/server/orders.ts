/**
 * Orders (spec 001 §2 checkout, §3, §4, §5, §7; ARCHITECTURE "Orders and stock").
 *
 * Placing an order reserves it in one transaction: the customer's cart rows are locked
 * (`FOR UPDATE`; a parallel request for the same cart waits, then finds them gone and gets a
 * 409), the cart re-priced from the database, the promo code re-checked, points and the delivery
 * fee applied, the client's figures compared with the server's (409 with the server's figures
 * when they differ), stock decremented with a guarded update (`stock >= qty`, so no oversell
 * across processes), the order and its line items written, credit taken for a Credit order, and
 * the cart consumed. An Idempotency-Key returns the same order for the same key, customer and
 * request body, never a second one; the same key with another body is a 422.
 *
 * Online payment: the charge runs after the reservation committed, outside any transaction
 * (the order is `payment_status = pending` meanwhile and hidden from the customer's lists), then
 * a short transaction marks it paid. A declined charge is compensated: the order is cancelled
 * with `payment_status = failed` (still hidden), stock, promo use, points and the cart lines
 * are restored, and the client gets a 402 "Payment failed: …".
 *
 * Status machine: placed → processed → out_for_delivery → delivered; placed → cancelled (by the
 * customer within 30 minutes). Points earned are recorded on the order and credited on delivery.
 */
import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../../lib/db/index.ts';
import {
  cartItems,
  creditTransactions,
  customers,
  orderItems,
  orders,
  pointsTransactions,
  products,
  stockMovements,
  type ORDER_STATUSES,
  type PAYMENT_STATUSES,
} from '../../../lib/db/schema.ts';
import { AppError, badRequest, notFound } from '../../../lib/http/envelope.ts';
import { logger } from '../../../lib/log.ts';
import { getConfig } from '../../../lib/config.ts';
import { listCart, summarize } from '../../cart/server/cart.ts';
import { getAddress, servedPrefixes, isServed } from '../../addresses/server/addresses.ts';
import { countPromoUse, evaluatePromo, releasePromoUse } from '../../checkout/server/promos.ts';
import { getPaymentGateway, type PaymentGateway } from '../../payments/server.ts';
import { formatPaise, paiseToRupees } from '../../../lib/money.ts';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type { PaymentMode } from '../../checkout/rules.ts';
import type { PaymentMode } from '../../checkout/rules.ts';

/** Customer-facing cancellation window (the shop's policy: 30 minutes). */
export const CANCEL_WINDOW_MS = 30 * 60_000;

/** Forward transitions an operator may make. */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  placed: 'processed',
  processed: 'out_for_delivery',
  out_for_delivery: 'delivered',
};

/** What the client sends to place an order (already parsed). */
export interface PlaceOrderInput {
  addressId: number;
  paymentMode: PaymentMode;
  /** The client's idea of the amount to pay (paise); must equal the server's. */
  paidAmountPaise: number;
  /** The client's idea of the discount (paise), when it sends one; must equal the server's. */
  discountPaise?: number;
  promoCode?: string;
  customerNote?: string;
  /** Points to redeem (1 point = ₹1). */
  points: number;
  idempotencyKey?: string;
}

/** The server's figures for an order, in paise. */
export interface OrderQuote {
  subtotalPaise: number;
  itemCount: number;
  discountPaise: number;
  promo: { id: number; code: string; percentOff: number } | null;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  paidAmountPaise: number;
}

/** An order line as shown to the customer. */
export interface OrderLine {
  id: number;
  productId: number | null;
  name: string;
  image: string | null;
  qty: number;
  unitPricePaise: number;
  totalAmountPaise: number;
}

/** An order as shown to the customer. */
export interface Order {
  id: number;
  status: OrderStatus;
  paymentMode: PaymentMode;
  /** `pending` and `failed` orders are never returned to the customer (see HIDDEN_PAYMENT_STATUSES). */
  paymentStatus: (typeof PAYMENT_STATUSES)[number];
  subtotalPaise: number;
  discountPaise: number;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  paidAmountPaise: number;
  promoCode: string | null;
  customerNote: string | null;
  pointsEarned: number;
  address: Record<string, unknown> | null;
  addressId: number | null;
  createdAt: Date;
  processedAt: Date | null;
  outForDeliveryAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  /** Whether the customer may still cancel it now. */
  cancellable: boolean;
  items: OrderLine[];
}

/** Points earned for paying `paidPaise` under the configured rule (per whole ₹100). */
export function pointsFor(paidPaise: number, perHundred = getConfig().POINTS_PER_100_RUPEES): number {
  return Math.floor(paidPaise / 10_000) * perHundred;
}

/** The server's figures for the customer's current cart with an optional promo and points. */
export async function quoteOrder(
  db: Database | Transaction,
  customerId: number,
  opts: { promoCode?: string; points?: number } = {},
): Promise<OrderQuote & { lines: Awaited<ReturnType<typeof listCart>> }> {
  const lines = await listCart(db as Database, customerId);
  if (lines.length === 0) throw new AppError('unprocessable', 'Your cart is empty. Please add items to your cart.');
  const summary = summarize(lines);
  const promo = opts.promoCode ? await evaluatePromo(db, customerId, opts.promoCode, summary.subtotalPaise) : null;
  const discount = promo?.discountPaise ?? 0;
  const points = opts.points ?? 0;
  if (points > 0) {
    const [c] = await db.select({ balance: customers.pointsBalance }).from(customers).where(eq(customers.id, customerId));
    if (!c || c.balance < points) throw new AppError('unprocessable', `You have only ${c?.balance ?? 0} points to redeem.`);
    if (points * 100 > summary.subtotalPaise - discount) throw new AppError('unprocessable', 'Points cannot pay for more than the items after the discount.');
  }
  const paid = summary.subtotalPaise - discount - points * 100 + summary.deliveryFeePaise;
  return {
    lines,
    subtotalPaise: summary.subtotalPaise,
    itemCount: summary.itemCount,
    discountPaise: discount,
    promo: promo ? { id: promo.id, code: promo.code, percentOff: promo.percentOff } : null,
    pointsRedeemed: points,
    deliveryFeePaise: summary.deliveryFeePaise,
    paidAmountPaise: paid,
  };
}

/** The server's figures as rupees, for a 409 answer or a quote endpoint. */
export function quoteJson(q: OrderQuote) {
  return {
    subtotal: paiseToRupees(q.subtotalPaise).toFixed(2),
    item_count: q.itemCount,
    discount: paiseToRupees(q.discountPaise).toFixed(2),
    promocode: q.promo?.code ?? null,
    points: String(q.pointsRedeemed),
    delivery_fee: paiseToRupees(q.deliveryFeePaise).toFixed(2),
    paid_amount: paiseToRupees(q.paidAmountPaise).toFixed(2),
  };
}

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** Payment states of orders the customer never sees: a charge still running, or declined. */
export const HIDDEN_PAYMENT_STATUSES = ['pending', 'failed'] as const;
const visible = notInArray(orders.paymentStatus, [...HIDDEN_PAYMENT_STATUSES]);

/** 409 for a request whose cart another request (a double submit) has just turned into an order. */
export const CART_ALREADY_ORDERED = 'This cart has already been ordered by another request. Please check My Orders before ordering again.';
/** 422 for an Idempotency-Key sent again with another request body. */
export const IDEMPOTENCY_KEY_REUSED = 'This Idempotency-Key was already used for a different order request. Use a new key for a new order.';
/** 409 for a repeated Idempotency-Key while the first request's payment is still running. */
export const PAYMENT_IN_PROGRESS = 'The payment for this order is still being processed. Please check My Orders in a moment.';
/** 402 when the gateway declines or fails a charge (the order is released, nothing is kept). */
export const PAYMENT_FAILED =
  'Payment failed: the payment was not accepted. Your order was not placed and your cart is unchanged. Please try again or choose another payment method.';

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
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/**
 * The existing order of a customer for an idempotency key, or null. 422 when the key came with
 * another request body; 409 while that order's payment is still running.
 */
async function orderForKey(db: Database, customerId: number, key: string, requestHash: string): Promise<Order | null> {
  const [row] = await db
    .select({ id: orders.id, requestHash: orders.requestHash, paymentStatus: orders.paymentStatus })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.idempotencyKey, key)));
  if (!row) return null;
  // Orders placed before request hashes were stored have none: the key alone decides for them.
  if (row.requestHash !== null && row.requestHash !== requestHash) throw new AppError('unprocessable', IDEMPOTENCY_KEY_REUSED);
  if (row.paymentStatus === 'pending') throw new AppError('conflict', PAYMENT_IN_PROGRESS);
  return getOrder(db, customerId, row.id);
}

/** Extra inputs of placeOrder that are not part of the request body. */
export interface PlaceOrderOptions {
  /** The request id (ctx.locals.reqId), written to every log line about this order's payment. */
  reqId?: string;
  /** The payment gateway for an Online order; by default the configured one (tests pass a stub). */
  gateway?: PaymentGateway | null;
}

/**
 * Places an order from the customer's cart. Returns the order and whether it was created now
 * (false when an earlier request with the same idempotency key and body made it).
 * Errors: 404 address; 422 empty cart, undeliverable address, promo or points rule, not enough
 * credit, idempotency key reused with another body; 409 price/discount mismatch (with the
 * server's figures), stock shortage, or the cart already ordered by a parallel request;
 * 402 payment failed (online).
 */
export async function placeOrder(
  db: Database,
  customerId: number,
  input: PlaceOrderInput,
  options: PlaceOrderOptions = {},
): Promise<{ order: Order; created: boolean }> {
  const requestHash = placeOrderRequestHash(input);
  if (input.idempotencyKey) {
    const existing = await orderForKey(db, customerId, input.idempotencyKey, requestHash);
    if (existing) return { order: existing, created: false };
  }
  // The cart as this request found it. When it is gone once the lock below is held, a parallel
  // request ordered it (409); when it is empty already, the customer has nothing to order (422).
  const [seen] = await db.select({ n: sql<number>`count(*)::int` }).from(cartItems).where(eq(cartItems.customerId, customerId));
  if (!seen?.n) throw new AppError('unprocessable', 'Your cart is empty. Please add items to your cart.');
  const gateway = input.paymentMode === 'Online' ? (options.gateway !== undefined ? options.gateway : getPaymentGateway()) : null;
  if (input.paymentMode === 'Online' && !gateway) throw badRequest('Online payment is not available. Please choose another payment method.');

  let reserved: { id: number; amountPaise: number };
  try {
    reserved = await db.transaction(async (tx) => {
      // Lock what the order consumes: every parallel order of this cart waits here, and after
      // the first commits it finds the rows deleted.
      const locked = await tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.customerId, customerId)).for('update');
      if (!locked.length) throw new AppError('conflict', CART_ALREADY_ORDERED);
      let address;
      try {
        address = await getAddress(tx, customerId, input.addressId);
      } catch (err) {
        if (err instanceof AppError && err.code === 'not_found') throw notFound('Please select a delivery address.');
        throw err;
      }
      const served = await servedPrefixes(tx);
      if (!isServed(address.poBox, served.prefixes)) {
        throw new AppError(
          'unprocessable',
          `Sorry, we do not deliver to ${address.poBox} yet. We deliver in ${served.names.join(', ') || 'our delivery area'} (postal codes ${served.prefixes.map((p) => `${p}xxx`).join(', ')}).`,
        );
      }
      const quote = await quoteOrder(tx, customerId, { promoCode: input.promoCode, points: input.points });
      const discountDiffers = input.discountPaise !== undefined && input.discountPaise !== quote.discountPaise;
      if (input.paidAmountPaise !== quote.paidAmountPaise || discountDiffers) {
        throw new AppError('conflict', `Prices have changed. The amount to pay is now ${formatPaise(quote.paidAmountPaise)}. Please review your order.`, {
          data: quoteJson(quote),
        });
      }
      const pointsEarned = pointsFor(quote.paidAmountPaise);
      const [order] = await tx
        .insert(orders)
        .values({
          customerId,
          addressId: address.id,
          addressSnapshot: {
            name: address.name,
            mobile: address.mobile,
            building_num: address.buildingNum,
            street: address.street,
            landmark: address.landmark,
            city: address.city,
            po_box: address.poBox,
            latitude: address.latitude,
            longitude: address.longitude,
          },
          paymentMode: input.paymentMode,
          paymentStatus: gateway ? 'pending' : 'unpaid',
          subtotalPaise: quote.subtotalPaise,
          discountPaise: quote.discountPaise,
          pointsRedeemed: quote.pointsRedeemed,
          deliveryFeePaise: quote.deliveryFeePaise,
          paidAmountPaise: quote.paidAmountPaise,
          promoCodeId: quote.promo?.id ?? null,
          promoCode: quote.promo?.code ?? null,
          customerNote: input.customerNote?.trim() || null,
          pointsEarned,
          idempotencyKey: input.idempotencyKey ?? null,
          requestHash: input.idempotencyKey ? requestHash : null,
        })
        .returning({ id: orders.id });
      const id = order!.id;

      for (const line of quote.lines) {
        const taken = await tx
          .update(products)
          .set({ stock: sql`${products.stock} - ${line.qty}` })
          .where(and(eq(products.id, line.productId), sql`${products.stock} >= ${line.qty}`))
          .returning({ taxPercent: products.taxPercent });
        if (!taken.length) {
          const [p] = await tx.select({ stock: products.stock }).from(products).where(eq(products.id, line.productId));
          const left = p?.stock ?? 0;
          throw new AppError(
            'conflict',
            left > 0 ? `Only ${left} of ${line.name} left in stock. Please update your cart.` : `Sorry, ${line.name} is out of stock. Please remove it from your cart.`,
            { data: { product_id: line.productId, stock: left } },
          );
        }
        await tx.insert(orderItems).values({
          orderId: id,
          productId: line.productId,
          productName: line.name,
          productImage: line.image,
          qty: line.qty,
          unitPricePaise: line.pricePaise,
          mrpPaise: line.mrpPaise,
          taxPercent: Number(taken[0]!.taxPercent),
          totalAmountPaise: line.lineTotalPaise,
        });
        await tx.insert(stockMovements).values({ productId: line.productId, delta: -line.qty, reason: 'order', orderId: id });
      }

      if (quote.promo) await countPromoUse(tx, quote.promo.id);
      if (quote.pointsRedeemed > 0) {
        const spent = await tx
          .update(customers)
          .set({ pointsBalance: sql`${customers.pointsBalance} - ${quote.pointsRedeemed}` })
          .where(and(eq(customers.id, customerId), sql`${customers.pointsBalance} >= ${quote.pointsRedeemed}`))
          .returning({ id: customers.id });
        if (!spent.length) throw new AppError('unprocessable', 'You do not have enough points.');
        await tx.insert(pointsTransactions).values({ customerId, orderId: id, delta: -quote.pointsRedeemed, reason: 'redeemed' });
      }
      if (input.paymentMode === 'Credit') {
        const taken = await tx
          .update(customers)
          .set({ creditBalancePaise: sql`${customers.creditBalancePaise} - ${quote.paidAmountPaise}` })
          .where(and(eq(customers.id, customerId), sql`${customers.creditBalancePaise} >= ${quote.paidAmountPaise}`))
          .returning({ id: customers.id });
        if (!taken.length) throw new AppError('unprocessable', 'Not enough credit available for this order. Please choose another payment method.');
        await tx.insert(creditTransactions).values({ customerId, orderId: id, kind: 'debit', amountPaise: quote.paidAmountPaise, paymentApproval: 'Pending' });
      }
      await tx.delete(cartItems).where(eq(cartItems.customerId, customerId));
      return { id, amountPaise: quote.paidAmountPaise };
    });
  } catch (err) {
    // Two requests with the same key raced: the first consumed the cart (or the unique index
    // kept its order); return that order.
    const cartTaken = err instanceof AppError && err.message === CART_ALREADY_ORDERED;
    if (input.idempotencyKey && (cartTaken || isUniqueViolation(err))) {
      const existing = await orderForKey(db, customerId, input.idempotencyKey, requestHash);
      if (existing) return { order: existing, created: false };
    }
    throw err;
  }
  if (gateway) await settlePayment(db, gateway, customerId, reserved, options.reqId);
  return { order: await getOrder(db, customerId, reserved.id), created: true };
}

/**
 * Charges a reserved online order outside any transaction, then marks it paid in a short one.
 * A failed charge is logged with the request id, the reservation released (releaseFailedPayment)
 * and answered with a 402. A charge that went through but could not be recorded is logged with
 * the gateway's reference and answered with a 503 that tells the customer not to pay again.
 */
async function settlePayment(db: Database, gateway: PaymentGateway, customerId: number, order: { id: number; amountPaise: number }, reqId?: string): Promise<void> {
  const context = { reqId, orderId: order.id, customerId, amountPaise: order.amountPaise, gateway: gateway.name };
  let reference: string;
  try {
    ({ reference } = await gateway.charge(order.amountPaise, `FarmFresh order ${order.id}`));
  } catch (err) {
    logger.warn({ ...context, err }, 'payment charge failed; releasing the order');
    try {
      await releaseFailedPayment(db, customerId, order.id);
    } catch (releaseErr) {
      logger.error({ ...context, err: releaseErr }, 'payment failed and the reserved order could not be released');
      throw new AppError('unavailable', 'Payment failed, and we could not release your order. Please contact us before trying again.');
    }
    throw new AppError('payment_required', PAYMENT_FAILED);
  }
  try {
    const marked = await db
      .update(orders)
      .set({ paymentStatus: 'paid', paymentReference: reference })
      .where(and(eq(orders.id, order.id), eq(orders.paymentStatus, 'pending')))
      .returning({ id: orders.id });
    if (!marked.length) throw new Error(`order ${order.id} was no longer pending payment`);
  } catch (err) {
    logger.error({ ...context, reference, err }, 'payment charged but the order could not be marked paid');
    throw new AppError(
      'unavailable',
      `Your payment went through (reference ${reference}) but we could not confirm the order. Please do not pay again; contact us with this reference.`,
    );
  }
}

/**
 * The compensating transaction of a declined charge: the pending order becomes cancelled with
 * payment `failed` (its idempotency key freed for a retry), stock, promo use and points are
 * restored, and its lines go back into the cart (a product the customer has re-added since
 * keeps the cart's quantity).
 */
async function releaseFailedPayment(db: Database, customerId: number, orderId: number, now = new Date()): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), eq(orders.paymentStatus, 'pending')))
      .for('update');
    if (!row) throw new Error(`order ${orderId} is not pending payment`);
    await tx.update(orders).set({ status: 'cancelled', cancelledAt: now, paymentStatus: 'failed', idempotencyKey: null }).where(eq(orders.id, orderId));
    const lines = await restoreReservation(tx, row);
    for (const line of lines) {
      if (!line.productId) continue;
      await tx.insert(cartItems).values({ customerId, productId: line.productId, qty: line.qty }).onConflictDoNothing();
    }
  });
}

/**
 * Gives back what an order reserved (cancellation, declined payment): stock, points, promo use,
 * and a Credit order's debit. Returns the order's lines.
 */
async function restoreReservation(tx: Transaction, row: OrderRow) {
  const orderId = row.id;
  const customerId = row.customerId;
  const lines = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const line of lines) {
    if (!line.productId) continue;
    await tx.update(products).set({ stock: sql`${products.stock} + ${line.qty}` }).where(eq(products.id, line.productId));
    await tx.insert(stockMovements).values({ productId: line.productId, delta: line.qty, reason: 'cancel', orderId });
  }
  if (row.pointsRedeemed > 0) {
    await tx.update(customers).set({ pointsBalance: sql`${customers.pointsBalance} + ${row.pointsRedeemed}` }).where(eq(customers.id, customerId));
    await tx.insert(pointsTransactions).values({ customerId, orderId, delta: row.pointsRedeemed, reason: 'restored' });
  }
  if (row.promoCodeId) await releasePromoUse(tx, row.promoCodeId);
  if (row.paymentMode === 'Credit') {
    await tx.update(customers).set({ creditBalancePaise: sql`${customers.creditBalancePaise} + ${row.paidAmountPaise}` }).where(eq(customers.id, customerId));
    await tx.insert(creditTransactions).values({ customerId, orderId, kind: 'reversal', amountPaise: row.paidAmountPaise, paymentApproval: 'Paid' });
  }
  return lines;
}

type OrderRow = typeof orders.$inferSelect;

function toOrder(row: OrderRow, items: OrderLine[], now = Date.now()): Order {
  return {
    id: row.id,
    status: row.status,
    paymentMode: row.paymentMode,
    paymentStatus: row.paymentStatus,
    subtotalPaise: row.subtotalPaise,
    discountPaise: row.discountPaise,
    pointsRedeemed: row.pointsRedeemed,
    deliveryFeePaise: row.deliveryFeePaise,
    paidAmountPaise: row.paidAmountPaise,
    promoCode: row.promoCode,
    customerNote: row.customerNote,
    pointsEarned: row.pointsEarned,
    address: row.addressSnapshot ?? null,
    addressId: row.addressId,
    createdAt: row.createdAt,
    processedAt: row.processedAt,
    outForDeliveryAt: row.outForDeliveryAt,
    deliveredAt: row.deliveredAt,
    cancelledAt: row.cancelledAt,
    cancellable: row.status === 'placed' && now - row.createdAt.getTime() < CANCEL_WINDOW_MS,
    items,
  };
}

async function itemsFor(db: Database | Transaction, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const map = new Map<number, OrderLine[]>();
  if (!orderIds.length) return map;
  const rows = await db.select().from(orderItems).where(inArray(orderItems.orderId, orderIds)).orderBy(asc(orderItems.id));
  for (const r of rows) {
    const list = map.get(r.orderId) ?? [];
    list.push({ id: r.id, productId: r.productId, name: r.productName, image: r.productImage, qty: r.qty, unitPricePaise: r.unitPricePaise, totalAmountPaise: r.totalAmountPaise });
    map.set(r.orderId, list);
  }
  return map;
}

/** One of the customer's orders, or 404 (also while its online payment is pending or after it failed). */
export async function getOrder(db: Database | Transaction, customerId: number, orderId: number): Promise<Order> {
  const [row] = await db.select().from(orders).where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), visible));
  if (!row) throw notFound('Order not found.');
  return toOrder(row, (await itemsFor(db, [row.id])).get(row.id) ?? []);
}

/** The customer's orders, newest first, without those whose online payment is pending or failed. */
export async function listOrders(db: Database, customerId: number): Promise<Order[]> {
  const rows = await db.select().from(orders).where(and(eq(orders.customerId, customerId), visible)).orderBy(desc(orders.createdAt), desc(orders.id));
  const items = await itemsFor(db, rows.map((r) => r.id));
  const now = Date.now();
  return rows.map((r) => toOrder(r, items.get(r.id) ?? [], now));
}

/**
 * Cancels a customer's order within 30 minutes while it is still placed: stock, points and
 * promo use restored, a credit debit reversed. 409 otherwise.
 */
export async function cancelOrder(db: Database, customerId: number, orderId: number, now = new Date()): Promise<Order> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), visible))
      .for('update');
    if (!row) throw notFound('Order not found.');
    if (row.status !== 'placed') throw new AppError('conflict', 'This order can no longer be cancelled: it is already being prepared.');
    if (now.getTime() - row.createdAt.getTime() >= CANCEL_WINDOW_MS) {
      throw new AppError('conflict', 'Orders can be cancelled only within 30 minutes of placing them.');
    }
    await tx.update(orders).set({ status: 'cancelled', cancelledAt: now, paymentStatus: row.paymentStatus === 'paid' ? 'refunded' : row.paymentStatus }).where(eq(orders.id, orderId));
    await restoreReservation(tx, row);
  });
  return getOrder(db, customerId, orderId);
}

/**
 * Moves an order one step forward (operators: `npm run orders -- advance ID`). Only the
 * forward transitions are allowed; delivery credits the order's earned points once.
 */
export async function advanceOrder(db: Database, orderId: number, now = new Date()): Promise<{ id: number; from: OrderStatus; to: OrderStatus }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!row) throw notFound(`Order ${orderId} not found.`);
    if (row.paymentStatus === 'pending') throw new AppError('conflict', `Order ${orderId} is awaiting its online payment: it cannot move forward yet.`);
    const next = NEXT_STATUS[row.status];
    if (!next) throw new AppError('conflict', `Order ${orderId} is ${row.status}: it cannot move forward.`);
    const stamp =
      next === 'processed' ? { processedAt: now } : next === 'out_for_delivery' ? { outForDeliveryAt: now } : { deliveredAt: now };
    await tx.update(orders).set({ status: next, ...stamp }).where(and(eq(orders.id, orderId), eq(orders.status, row.status)));
    if (next === 'delivered' && row.pointsEarned > 0 && !row.pointsCreditedAt) {
      await tx.update(customers).set({ pointsBalance: sql`${customers.pointsBalance} + ${row.pointsEarned}` }).where(eq(customers.id, row.customerId));
      await tx.insert(pointsTransactions).values({ customerId: row.customerId, orderId, delta: row.pointsEarned, reason: 'earned' });
      await tx.update(orders).set({ pointsCreditedAt: now }).where(eq(orders.id, orderId));
    }
    if (next === 'delivered' && row.paymentMode === 'Cash') {
      await tx.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    }
    return { id: orderId, from: row.status, to: next };
  });
}
