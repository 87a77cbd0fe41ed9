/**
 * Reading orders (the order page and my-orders): one order or the list, scoped by
 * customer (another customer's order is not found, 404). Only confirmed orders are shown: an
 * online order awaiting its payment or released unpaid (UNPAID_STATUSES) never is, but for
 * place-order's own answer. `cancellable` says whether the customer may still cancel: placed,
 * and less than CANCEL_WINDOW_MS (30 minutes) old.
 */

import { and, asc, desc, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import type { Substitution } from '#features/cart/rules.ts';
import { orderSlotJson } from '#features/delivery/index.ts';
import { type OrderRefund, refundsFor } from '#features/payments/index.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import {
  creditNotes,
  type ORDER_STATUSES,
  orderAdjustments,
  orderItems,
  orders,
  type PAYMENT_STATUSES,
} from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { CANCEL_WINDOW_MINUTES, type PaymentMode } from '../rules.ts';

export type OrderStatus = (typeof ORDER_STATUSES)[number];
export type { PaymentMode } from '../rules.ts';

/** Customer-facing cancellation window (CANCEL_WINDOW_MINUTES), in milliseconds. */
export const CANCEL_WINDOW_MS = CANCEL_WINDOW_MINUTES * 60_000;

/** The statuses of an online order the shop does not have: awaiting its payment, or released unpaid. */
export const UNPAID_STATUSES = ['pending_payment', 'payment_failed'] as const;
/**
 * Orders the shop has taken (confirmed: placed, or paid online), whatever became of them since:
 * every status but UNPAID_STATUSES. Customer-facing reads and staff's actions read only these.
 */
export const confirmedOrders = notInArray(orders.status, [...UNPAID_STATUSES]);

/** An order line as shown to the customer; money in paise. */
export interface OrderLine {
  id: number;
  productId: number | null;
  name: string;
  image: string | null;
  qty: number;
  unitPricePaise: number;
  totalAmountPaise: number;
  /** If out of stock: the choice in force for this line; null for orders placed before it existed. */
  substitution: Substitution | null;
  /** What the packer picked, in `measure`; null when picked as ordered. */
  pickedAmount: number | null;
  /** The line's unit, e.g. "kg", or "packs". */
  measure: string;
  /** The product ordered, when the packer substituted the line. */
  substitutedFor: string | null;
  /** The line's total as ordered (paise), once packing changed it. */
  orderedTotalPaise: number | null;
  /** Handed back to the rider at the door, in `measure` (0 when none), and what it took off (paise): not charged. */
  handedBack: number;
  handedBackPaise: number;
  /**
   * Returns and refunds after delivery on this line, one per kind and reason (oldest first): how
   * much in `measure` and what went back (paise); empty when none.
   */
  returns: LineReturn[];
}

/** What a return or a refund after delivery took of one line: in the line's measure, and paise. */
export interface LineReturn {
  kind: 'return' | 'refund';
  reason: string | null;
  qty: number;
  amountPaise: number;
}

/** An order as shown to the customer; money in paise. */
export interface Order {
  id: number;
  status: OrderStatus;
  paymentMode: PaymentMode;
  /** `pending` only in place-order's answer for an order awaiting its online payment. */
  paymentStatus: (typeof PAYMENT_STATUSES)[number];
  subtotalPaise: number;
  discountPaise: number;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  paidAmountPaise: number;
  promoCode: string | null;
  customerNote: string | null;
  /** If an item is out of stock, for lines without their own choice; null for orders placed before it existed. */
  substitution: Substitution | null;
  pointsEarned: number;
  address: Record<string, unknown> | null;
  addressId: number | null;
  createdAt: Date;
  processedAt: Date | null;
  outForDeliveryAt: Date | null;
  /** When the rider last brought it back undelivered (not at home, refused); null otherwise. */
  undeliveredAt: Date | null;
  deliveredAt: Date | null;
  cancelledAt: Date | null;
  /** Whether the customer may still cancel it now. */
  cancellable: boolean;
  /** GST invoice number, once issued (its first download). */
  invoiceNumber: string | null;
  items: OrderLine[];
  /** What packing (a lighter pick, a cheaper substitute) gave back, in paise, by where it went. */
  packingRefunds: PackingRefunds;
  /** What returns and refunds after delivery gave back, in paise, by where it went. */
  returnRefunds: ReturnRefunds;
  /** Refunds to the online payment (cancellation, packing, late payment) with their status. */
  refunds: OrderRefund[];
  /** The order's GST credit notes (reductions after its invoice), oldest first. */
  creditNotes: OrderCreditNote[];
  /** The delivery slot, null for orders placed before slots. */
  deliverySlot: ReturnType<typeof orderSlotJson>;
}

/** A credit note of the order, as the customer's pages list it (the invoices feature issues them). */
export interface OrderCreditNote {
  id: number;
  number: string;
  createdAt: Date;
  reason: string;
  totalPaise: number;
}

/** Packing refunds of one order (paise): to the credit line, and to the online payment. */
export interface PackingRefunds {
  credit: number;
  originalPayment: number;
}

const NO_PACKING_REFUNDS: PackingRefunds = { credit: 0, originalPayment: 0 };

/** Refunds of returns and refunds after delivery (paise): to the credit line, the payment, and in cash. */
export interface ReturnRefunds extends PackingRefunds {
  cash: number;
}

const NO_RETURN_REFUNDS: ReturnRefunds = { credit: 0, originalPayment: 0, cash: 0 };

/** A row of the orders table. */
export type OrderRow = typeof orders.$inferSelect;

function toOrder(
  row: OrderRow,
  items: OrderLine[],
  now = Date.now(),
  packingRefunds: PackingRefunds = NO_PACKING_REFUNDS,
  refunds: OrderRefund[] = [],
  notes: OrderCreditNote[] = [],
  returnRefunds: ReturnRefunds = NO_RETURN_REFUNDS,
): Order {
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
    substitution: row.substitution,
    pointsEarned: row.pointsEarned,
    address: row.addressSnapshot ?? null,
    addressId: row.addressId,
    createdAt: row.createdAt,
    processedAt: row.processedAt,
    outForDeliveryAt: row.outForDeliveryAt,
    undeliveredAt: row.undeliveredAt,
    deliveredAt: row.deliveredAt,
    cancelledAt: row.cancelledAt,
    cancellable: row.status === 'placed' && now - row.createdAt.getTime() < CANCEL_WINDOW_MS,
    invoiceNumber: row.invoiceNumber,
    items,
    packingRefunds,
    returnRefunds,
    refunds,
    creditNotes: notes,
    deliverySlot: orderSlotJson(row),
  };
}

async function itemsFor(db: Database | Transaction, orderIds: number[]): Promise<Map<number, OrderLine[]>> {
  const map = new Map<number, OrderLine[]>();
  if (!orderIds.length) return map;
  const rows = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const back = await db
    .select({
      lineId: orderAdjustments.orderItemId,
      qty: sql<string>`sum(${orderAdjustments.qty})`,
      paise: sql<number>`sum(${orderAdjustments.amountPaise})::int`,
    })
    .from(orderAdjustments)
    .where(and(inArray(orderAdjustments.orderId, orderIds), eq(orderAdjustments.kind, 'hand_back')))
    .groupBy(orderAdjustments.orderItemId);
  const taken = await db
    .select({
      lineId: orderAdjustments.orderItemId,
      kind: orderAdjustments.kind,
      reason: orderAdjustments.reason,
      qty: sql<string>`coalesce(sum(${orderAdjustments.qty}), 0)`,
      paise: sql<number>`sum(${orderAdjustments.refundPaise})::int`,
      first: sql<number>`min(${orderAdjustments.id})::int`,
    })
    .from(orderAdjustments)
    .where(and(inArray(orderAdjustments.orderId, orderIds), inArray(orderAdjustments.kind, ['return', 'refund'])))
    .groupBy(orderAdjustments.orderItemId, orderAdjustments.kind, orderAdjustments.reason);
  taken.sort((a, b) => a.first - b.first);
  for (const r of rows) {
    const list = map.get(r.orderId) ?? [];
    const handed = back.find((b) => b.lineId === r.id);
    const measured = Boolean(r.weight && r.weightUnit);
    // Returns count packs; the line shows them in its measure (a pack is what was picked of it, or its weight).
    const perPack = measured ? (r.pickedAmount !== null ? Number(r.pickedAmount) / r.qty : Number(r.weight)) : 1;
    list.push({
      id: r.id,
      productId: r.productId,
      name: r.productName,
      image: r.productImage,
      qty: r.qty,
      unitPricePaise: r.unitPricePaise,
      totalAmountPaise: r.totalAmountPaise,
      substitution: r.substitution,
      pickedAmount: r.pickedAmount,
      measure: r.weight && r.weightUnit ? r.weightUnit : 'packs',
      substitutedFor: r.substitutedFor,
      orderedTotalPaise: r.orderedTotalPaise,
      handedBack: handed ? Number(handed.qty) : 0,
      handedBackPaise: handed ? Number(handed.paise) : 0,
      returns: taken
        .filter((t) => t.lineId === r.id)
        .map((t) => ({
          kind: t.kind === 'refund' ? ('refund' as const) : ('return' as const),
          reason: t.reason,
          qty: Math.round(Number(t.qty) * perPack * 1000) / 1000,
          amountPaise: Number(t.paise),
        })),
    });
    map.set(r.orderId, list);
  }
  return map;
}

/**
 * What packing gave back per order, and returns and refunds after delivery (paise), summed from
 * the order's adjustments; orders without any are absent.
 */
async function adjustmentRefundsFor(
  db: Database | Transaction,
  orderIds: number[],
): Promise<{ packing: Map<number, PackingRefunds>; returns: Map<number, ReturnRefunds> }> {
  const packing = new Map<number, PackingRefunds>();
  const returns = new Map<number, ReturnRefunds>();
  if (!orderIds.length) return { packing, returns };
  const rows = await db
    .select({
      orderId: orderAdjustments.orderId,
      kind: orderAdjustments.kind,
      refundTo: orderAdjustments.refundTo,
      paise: sql<number>`sum(${orderAdjustments.refundPaise})::int`,
    })
    .from(orderAdjustments)
    .where(
      and(inArray(orderAdjustments.orderId, orderIds), inArray(orderAdjustments.kind, ['packing', 'return', 'refund'])),
    )
    .groupBy(orderAdjustments.orderId, orderAdjustments.kind, orderAdjustments.refundTo);
  for (const r of rows) {
    if (r.kind === 'packing') {
      const refunds = packing.get(r.orderId) ?? { ...NO_PACKING_REFUNDS };
      if (r.refundTo === 'credit') refunds.credit += r.paise;
      if (r.refundTo === 'original_payment') refunds.originalPayment += r.paise;
      packing.set(r.orderId, refunds);
      continue;
    }
    const refunds = returns.get(r.orderId) ?? { ...NO_RETURN_REFUNDS };
    if (r.refundTo === 'credit') refunds.credit += r.paise;
    if (r.refundTo === 'original_payment') refunds.originalPayment += r.paise;
    if (r.refundTo === 'cash') refunds.cash += r.paise;
    returns.set(r.orderId, refunds);
  }
  return { packing, returns };
}

/** The credit notes of the orders `orderIds` (oldest first), by order; the orders are scoped before. */
async function creditNotesFor(db: Database | Transaction, orderIds: number[]): Promise<Map<number, OrderCreditNote[]>> {
  const map = new Map<number, OrderCreditNote[]>();
  if (!orderIds.length) return map;
  const rows = await db
    .select({
      id: creditNotes.id,
      orderId: creditNotes.orderId,
      number: creditNotes.number,
      createdAt: creditNotes.createdAt,
      reason: creditNotes.reason,
      totalPaise: creditNotes.totalPaise,
    })
    .from(creditNotes)
    .where(inArray(creditNotes.orderId, orderIds))
    .orderBy(asc(creditNotes.id));
  for (const { orderId, ...r } of rows) map.set(orderId, [...(map.get(orderId) ?? []), r]);
  return map;
}

/**
 * One of the customer's orders, or 404 "Order not found." (also while it awaits its online payment
 * or after it was released unpaid; `pending: true` reads one awaiting its payment, for
 * place-order's answer).
 */
export async function getOrder(
  db: Database | Transaction,
  customerId: number,
  orderId: number,
  options: { pending?: boolean } = {},
): Promise<Order> {
  const shown = options.pending ? ne(orders.status, 'payment_failed') : confirmedOrders;
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId), shown));
  if (!row) throw notFound('Order not found.');
  const [items, adjusted, refunds, notes] = await Promise.all([
    itemsFor(db, [row.id]),
    adjustmentRefundsFor(db, [row.id]),
    refundsFor(db, [row.id]),
    creditNotesFor(db, [row.id]),
  ]);
  return toOrder(
    row,
    items.get(row.id) ?? [],
    Date.now(),
    adjusted.packing.get(row.id),
    refunds.get(row.id),
    notes.get(row.id),
    adjusted.returns.get(row.id),
  );
}

/**
 * The customer's newest online order awaiting its payment (pending_payment), or null: the cart
 * lines it consumed are held by it until the payment resolves.
 */
export async function pendingOnlineOrder(db: Database | Transaction, customerId: number): Promise<Order | null> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'pending_payment')))
    .orderBy(desc(orders.id))
    .limit(1);
  return row ? getOrder(db, customerId, row.id, { pending: true }) : null;
}

/** The customer's confirmed orders, newest first (none awaiting an online payment or released unpaid). */
export async function listOrders(db: Database, customerId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(and(eq(orders.customerId, customerId), confirmedOrders))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  const ids = rows.map((r) => r.id);
  const [items, adjusted, refunds, notes] = await Promise.all([
    itemsFor(db, ids),
    adjustmentRefundsFor(db, ids),
    refundsFor(db, ids),
    creditNotesFor(db, ids),
  ]);
  const now = Date.now();
  return rows.map((r) =>
    toOrder(
      r,
      items.get(r.id) ?? [],
      now,
      adjusted.packing.get(r.id),
      refunds.get(r.id),
      notes.get(r.id),
      adjusted.returns.get(r.id),
    ),
  );
}
