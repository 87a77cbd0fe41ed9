/**
 * The GST tax invoice cum bill of supply of one order (CGST Rules 46 and 49), as data for the
 * PDF (pdf.ts): the supplier from configuration (SHOP_NAME, SHOP_ADDRESS, SHOP_GSTIN,
 * SHOP_STATE_CODE), the recipient and delivery address from the order's snapshot, the place of
 * supply from its postal code, and the lines with HSN codes as ordered (the product's current
 * code for orders placed before codes were recorded). Money in paise.
 */

import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { orderSlotJson } from '#features/delivery/index.ts';
import type { OrderRow } from '#features/orders/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { creditNotes, customers, orderAdjustments, orderItems, orders, products } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { type InvoiceLine, invoiceLines, type PlaceOfSupply, placeOfSupply } from '../rules.ts';
import { invoiceNumberOf } from './numbering.ts';

/** Everything the invoice PDF prints. */
export interface InvoiceData {
  number: string;
  date: Date;
  orderId: number;
  orderDate: Date;
  paymentMode: string;
  paymentStatus: string;
  cancelled: boolean;
  supplier: { name: string; address: string; gstin: string; state: PlaceOfSupply; phone: string; email: string };
  recipient: { name: string; phone: string | null; address: string[] };
  placeOfSupply: PlaceOfSupply;
  interState: boolean;
  /** Goods with GST (the tax invoice part) and exempt or nil-rated goods (the bill of supply part). */
  taxable: InvoiceLine[];
  exempt: InvoiceLine[];
  delivery: InvoiceLine | null;
  subtotalPaise: number;
  discountPaise: number;
  promoCode: string | null;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  totalPaise: number;
  /**
   * The order's delivery slot label (order JSON `delivery_slot.label`), printed when set; null for
   * orders placed before delivery slots.
   */
  deliverySlot?: string | null;
}

const unitOf = (weight: number | null, unit: string | null) => (weight && unit ? `${Number(weight)} ${unit}` : 'pc');

function addressLines(a: Record<string, unknown> | null): string[] {
  if (!a) return [];
  const s = (k: string) => (typeof a[k] === 'string' && (a[k] as string).trim() ? (a[k] as string).trim() : null);
  return [
    [s('building_num'), s('street')].filter(Boolean).join(', '),
    s('landmark'),
    [s('city'), s('po_box')].filter(Boolean).join(' '),
  ].filter((l): l is string => Boolean(l));
}

/** The supplier, recipient and place of supply of an order, as its invoice and credit notes print them. */
export function partiesOf(
  o: OrderRow,
  customer: { name: string | null; phone: string | null },
): Pick<InvoiceData, 'supplier' | 'recipient' | 'placeOfSupply' | 'interState'> {
  const config = getConfig();
  const shopState = placeOfSupply(null, config.SHOP_STATE_CODE);
  const address = o.addressSnapshot ?? null;
  const pos = placeOfSupply(typeof address?.po_box === 'string' ? address.po_box : null, config.SHOP_STATE_CODE);
  return {
    supplier: {
      name: config.SHOP_NAME,
      address: config.SHOP_ADDRESS,
      gstin: config.SHOP_GSTIN,
      state: shopState,
      phone: config.SHOP_PHONE,
      email: config.SHOP_EMAIL,
    },
    recipient: {
      name: (typeof address?.name === 'string' && address.name) || customer.name || 'Customer',
      phone: (typeof address?.mobile === 'string' && address.mobile) || customer.phone,
      address: addressLines(address),
    },
    placeOfSupply: pos,
    interState: pos.code !== shopState.code,
  };
}

/**
 * What the order's credited adjustments took off it since its invoice: the ones that lowered its
 * lines (packing) per order line, those and the hand-backs in all (`amount` off the subtotal), and
 * (`refund`) what they and the ones that dropped an unpaid amount took off the order's amount. The invoice adds them back, so
 * it reads as issued while the credit notes carry the reductions; reductions without a credit note
 * (made before credit notes existed) stay folded into the lines.
 */
async function creditedDrops(
  db: Database | Transaction,
  orderId: number,
): Promise<{ byLine: Map<number, number>; amount: number; refund: number }> {
  const rows = await db
    .select({
      lineId: orderAdjustments.orderItemId,
      kind: orderAdjustments.kind,
      refundTo: orderAdjustments.refundTo,
      amount: orderAdjustments.amountPaise,
      refund: orderAdjustments.refundPaise,
    })
    .from(orderAdjustments)
    .where(and(eq(orderAdjustments.orderId, orderId), isNotNull(orderAdjustments.creditNoteId)));
  const byLine = new Map<number, number>();
  let amount = 0;
  let refund = 0;
  for (const r of rows) {
    const lowersLine = LINE_CHANGING_KINDS.includes(r.kind);
    const lowersOrder = lowersLine || ORDER_LOWERING_KINDS.includes(r.kind);
    if (lowersLine && r.lineId !== null) byLine.set(r.lineId, (byLine.get(r.lineId) ?? 0) + r.amount);
    if (lowersOrder) amount += r.amount;
    if (lowersOrder || r.refundTo === 'due') refund += r.refund;
  }
  return { byLine, amount, refund };
}

/**
 * The adjustment kinds that lower the order's lines themselves (the line total and the order's
 * subtotal and amount); the others (returns, refunds after delivery) leave the lines as delivered.
 */
const LINE_CHANGING_KINDS: readonly string[] = ['packing'];

/**
 * The adjustment kinds that lower the order's subtotal and amount but leave its lines as packed: a
 * hand-back at the door (the line keeps its total; the adjustment's qty says what went back).
 */
const ORDER_LOWERING_KINDS: readonly string[] = ['hand_back'];

/** The order's taxed lines: as issued (credited reductions added back) or as they stand now. */
export async function orderTaxLines(
  db: Database | Transaction,
  o: OrderRow,
  interState: boolean,
  as: 'issued' | 'now',
): Promise<{
  goods: InvoiceLine[];
  delivery: InvoiceLine | null;
  items: (typeof orderItems.$inferSelect)[];
  subtotalPaise: number;
  totalPaise: number;
}> {
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, o.id)).orderBy(asc(orderItems.id));
  const missing = items.filter((i) => !i.hsnCode && i.productId).map((i) => i.productId!);
  const current = missing.length
    ? await db.select({ id: products.id, hsn: products.hsnCode }).from(products).where(inArray(products.id, missing))
    : [];
  const hsnNow = new Map(current.map((p) => [p.id, p.hsn]));
  const credited = as === 'issued' ? await creditedDrops(db, o.id) : { byLine: new Map(), amount: 0, refund: 0 };
  const { goods, delivery } = invoiceLines(
    items.map((i) => {
      const added = credited.byLine.get(i.id);
      const total = i.totalAmountPaise + (added ?? 0);
      return {
        // As issued: the line as ordered (its credit note carries the change). Else packing's change
        // without a credit note: the invoice names what was delivered and bills its total.
        description:
          added !== undefined
            ? (i.substitutedFor ?? i.productName)
            : i.substitutedFor
              ? `${i.productName} (substitute for ${i.substitutedFor})`
              : i.pickedAmount !== null
                ? `${i.productName} (picked ${i.pickedAmount} ${i.weight && i.weightUnit ? i.weightUnit : 'packs'})`
                : i.productName,
        hsn: i.hsnCode ?? (i.productId ? (hsnNow.get(i.productId) ?? null) : null),
        qty: i.qty,
        unit: unitOf(i.weight, i.weightUnit),
        unitPricePaise: added !== undefined && i.substitutedFor ? Math.round(total / i.qty) : i.unitPricePaise,
        totalPaise: total,
        taxPercent: Number(i.taxPercent),
      };
    }),
    { discountPaise: o.discountPaise, pointsPaise: o.pointsRedeemed * 100, deliveryFeePaise: o.deliveryFeePaise },
    interState,
  );
  return {
    goods,
    delivery,
    items,
    subtotalPaise: o.subtotalPaise + credited.amount,
    totalPaise: o.paidAmountPaise + credited.refund,
  };
}

/**
 * The invoice of the customer's order as issued (read only: the number was issued when the order
 * was confirmed; reductions since are on credit notes). Marked cancelled only for an order
 * cancelled without a cancellation credit note (cancelled before credit notes existed).
 * Errors: 404 not the customer's (or hidden: payment pending or failed); 409 no invoice (invoiceNumberOf).
 */
export async function loadInvoice(db: Database, customerId: number | null, orderId: number): Promise<InvoiceData> {
  const issued = await invoiceNumberOf(db, customerId, orderId);
  const [row] = await db
    .select({ order: orders, customerName: customers.name, customerPhone: customers.phone })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), customerId === null ? undefined : eq(orders.customerId, customerId)));
  if (!row) throw notFound('Order not found.');
  const o = row.order;
  const parties = partiesOf(o, { name: row.customerName, phone: row.customerPhone });
  const lines = await orderTaxLines(db, o, parties.interState, 'issued');
  const [cancellationNote] =
    o.status === 'cancelled'
      ? await db
          .select({ id: creditNotes.id })
          .from(creditNotes)
          .where(and(eq(creditNotes.orderId, o.id), eq(creditNotes.reason, 'cancellation')))
      : [];
  return {
    number: issued.number,
    date: issued.date,
    orderId: o.id,
    orderDate: o.createdAt,
    paymentMode: o.paymentMode,
    paymentStatus: o.paymentStatus,
    cancelled: o.status === 'cancelled' && !cancellationNote,
    ...parties,
    taxable: lines.goods.filter((l) => l.taxPercent > 0),
    exempt: lines.goods.filter((l) => l.taxPercent === 0),
    delivery: lines.delivery,
    subtotalPaise: lines.subtotalPaise,
    discountPaise: o.discountPaise,
    promoCode: o.promoCode,
    pointsRedeemed: o.pointsRedeemed,
    deliveryFeePaise: o.deliveryFeePaise,
    totalPaise: lines.totalPaise,
    deliverySlot: orderSlotJson(o)?.label ?? null,
  };
}
