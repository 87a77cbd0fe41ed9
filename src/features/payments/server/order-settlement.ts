/**
 * What becomes of an online order when its payment settles. Payments decides when, and moves the
 * payment's own columns (status, payment id, problem): a captured payment confirms the order; a
 * decline, an abandoned checkout, a gateway that cannot open the payment or the pending time
 * running out releases it. The orders feature moves the order itself (its status, what it holds)
 * and registers how at the server's start-up (src/server/wiring.ts), so payments imports no order
 * code: orders uses payments (to open a payment, refund one, list refunds), never the other way.
 */
import type { Database, Transaction } from '#lib/db/index.ts';
import type { orders } from '#lib/db/schema.ts';

/** A row of the orders table. */
type OrderRow = typeof orders.$inferSelect;

/** What the orders feature does when an online order's payment settles. */
export interface OrderSettlement {
  /**
   * The payment is captured and the order marked paid, in that transaction: the order is
   * confirmed (its confirmation listeners run, e.g. the invoice number).
   */
  paid(tx: Transaction, orderId: number, now: Date): Promise<void>;
  /**
   * The order is released unpaid, in that transaction on its locked row (as it was before the
   * release): what it held (stock, slot, promo use, points) is given back and its lines return to
   * the customer's cart.
   */
  released(tx: Transaction, row: OrderRow, now: Date): Promise<void>;
  /** After a release has committed, never undoing it (the stock came back). */
  afterRelease(db: Database): void;
}

let settlement: OrderSettlement | undefined;

/** Installs the orders feature's settlement (once, at start-up; a later call replaces it). */
export function registerOrderSettlement(next: OrderSettlement): void {
  settlement = next;
}

/** The registered settlement; an error when the start-up registered none. */
export function orderSettlement(): OrderSettlement {
  if (!settlement)
    throw new Error('no order settlement registered: the server start-up registers the orders feature’s');
  return settlement;
}
