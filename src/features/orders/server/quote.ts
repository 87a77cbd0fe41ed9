/**
 * The server's figures for an order: the customer's cart
 * re-priced from the database, the promo code re-checked, points (1 point = ₹1) and the
 * delivery fee applied. Money in paise; quoteJson gives the rupee strings the API answers.
 */
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { listCart, summarize } from '#features/cart/index.ts';
import type { DeliveryPolicy } from '#features/delivery/rules.ts';
import { evaluatePromo } from '#features/promotions/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { paiseToRupees } from '#lib/money.ts';

/** The cart is empty (422). */
export const CART_EMPTY = 'Your cart is empty. Please add items to your cart.';

/** The server's figures for an order, in paise. */
export interface OrderQuote {
  subtotalPaise: number;
  itemCount: number;
  discountPaise: number;
  promo: { id: number; code: string; percentOff: number } | null;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  /** How much more reaches the delivery zone's minimum order (0: reached). */
  minOrderRemainingPaise: number;
  paidAmountPaise: number;
  /** The cart's version: cartVersion() of the lines this quote priced. */
  cartVersion: string;
}

/**
 * A short fingerprint (16 hex characters) of what the customer is shown: each line's product,
 * quantity and unit price, in cart order. Checkout shows the lines of the quote that carries it
 * and sends it back with the order; place-order answers 409 when the cart no longer has it, so an
 * order never contains items or prices the page did not show.
 */
export function cartVersion(
  lines: ReadonlyArray<{ cartId: number; productId: number; qty: number; pricePaise: number }>,
): string {
  const canonical = [...lines]
    .sort((a, b) => a.cartId - b.cartId)
    .map((l) => `${l.productId}:${l.qty}:${l.pricePaise}`)
    .join(',');
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/** Points earned for paying `paidPaise` under the configured rule (per whole ₹100). */
export function pointsFor(paidPaise: number, perHundred = getConfig().POINTS_PER_100_RUPEES): number {
  return Math.floor(paidPaise / 10_000) * perHundred;
}

/**
 * The server's figures for the customer's current cart with an optional promo and points.
 * Errors: 422 empty cart, promo rule, more points than the balance or than the items after the discount.
 */
export async function quoteOrder(
  db: Database | Transaction,
  customerId: number,
  opts: { promoCode?: string; points?: number; policy?: DeliveryPolicy } = {},
): Promise<OrderQuote & { lines: Awaited<ReturnType<typeof listCart>> }> {
  const lines = await listCart(db as Database, customerId);
  if (lines.length === 0) throw new AppError('unprocessable', CART_EMPTY);
  const summary = summarize(lines, opts.policy);
  const promo = opts.promoCode ? await evaluatePromo(db, customerId, opts.promoCode, summary.subtotalPaise) : null;
  const discount = promo?.discountPaise ?? 0;
  const points = opts.points ?? 0;
  if (points > 0) {
    const [c] = await db
      .select({ balance: customers.pointsBalance })
      .from(customers)
      .where(eq(customers.id, customerId));
    if (!c || c.balance < points)
      throw new AppError('unprocessable', `You have only ${c?.balance ?? 0} points to redeem.`);
    if (points * 100 > summary.subtotalPaise - discount)
      throw new AppError('unprocessable', 'Points cannot pay for more than the items after the discount.');
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
    minOrderRemainingPaise: summary.minOrderRemainingPaise,
    paidAmountPaise: paid,
    cartVersion: cartVersion(lines),
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
    cart_version: q.cartVersion,
  };
}
