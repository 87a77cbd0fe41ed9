/**
 * The GST tax invoice cum bill of supply of one order (CGST Rules 46 and 49), as data for the
 * PDF (pdf.ts): the supplier from configuration (SHOP_NAME, SHOP_ADDRESS, SHOP_GSTIN,
 * SHOP_STATE_CODE), the recipient and delivery address from the order's snapshot, the place of
 * supply from its postal code, and the lines with HSN codes as ordered (the product's current
 * code for orders placed before codes were recorded). Money in paise.
 */

import { and, asc, eq, inArray } from 'drizzle-orm';
import { orderSlotJson } from '#features/delivery/index.ts';
import { getConfig } from '#lib/config.ts';
import type { Database } from '#lib/db/index.ts';
import { customers, orderItems, orders, products } from '#lib/db/schema.ts';
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

/**
 * The invoice of the customer's order (read only: the number was issued when the order was confirmed).
 * Errors: 404 not the customer's (or hidden: payment pending or failed); 409 no invoice (invoiceNumberOf).
 */
export async function loadInvoice(db: Database, customerId: number, orderId: number): Promise<InvoiceData> {
  const issued = await invoiceNumberOf(db, customerId, orderId);
  const [row] = await db
    .select({ order: orders, customerName: customers.name, customerPhone: customers.phone })
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), eq(orders.customerId, customerId)));
  if (!row) throw notFound('Order not found.');
  const o = row.order;
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));
  const missing = items.filter((i) => !i.hsnCode && i.productId).map((i) => i.productId!);
  const current = missing.length
    ? await db.select({ id: products.id, hsn: products.hsnCode }).from(products).where(inArray(products.id, missing))
    : [];
  const hsnNow = new Map(current.map((p) => [p.id, p.hsn]));

  const config = getConfig();
  const shopState = placeOfSupply(null, config.SHOP_STATE_CODE);
  const address = o.addressSnapshot ?? null;
  const pos = placeOfSupply(typeof address?.po_box === 'string' ? address.po_box : null, config.SHOP_STATE_CODE);
  const interState = pos.code !== shopState.code;
  const { goods, delivery } = invoiceLines(
    items.map((i) => ({
      // Packing changed the line: the invoice names what was delivered and bills its total.
      description: i.substitutedFor
        ? `${i.productName} (substitute for ${i.substitutedFor})`
        : i.pickedAmount !== null
          ? `${i.productName} (picked ${i.pickedAmount} ${i.weight && i.weightUnit ? i.weightUnit : 'packs'})`
          : i.productName,
      hsn: i.hsnCode ?? (i.productId ? (hsnNow.get(i.productId) ?? null) : null),
      qty: i.qty,
      unit: unitOf(i.weight, i.weightUnit),
      unitPricePaise: i.unitPricePaise,
      totalPaise: i.totalAmountPaise,
      taxPercent: Number(i.taxPercent),
    })),
    { discountPaise: o.discountPaise, pointsPaise: o.pointsRedeemed * 100, deliveryFeePaise: o.deliveryFeePaise },
    interState,
  );
  return {
    number: issued.number,
    date: issued.date,
    orderId: o.id,
    orderDate: o.createdAt,
    paymentMode: o.paymentMode,
    paymentStatus: o.paymentStatus,
    cancelled: o.status === 'cancelled',
    supplier: {
      name: config.SHOP_NAME,
      address: config.SHOP_ADDRESS,
      gstin: config.SHOP_GSTIN,
      state: shopState,
      phone: config.SHOP_PHONE,
      email: config.SHOP_EMAIL,
    },
    recipient: {
      name: (typeof address?.name === 'string' && address.name) || row.customerName || 'Customer',
      phone: (typeof address?.mobile === 'string' && address.mobile) || row.customerPhone,
      address: addressLines(address),
    },
    placeOfSupply: pos,
    interState,
    taxable: goods.filter((l) => l.taxPercent > 0),
    exempt: goods.filter((l) => l.taxPercent === 0),
    delivery,
    subtotalPaise: o.subtotalPaise,
    discountPaise: o.discountPaise,
    promoCode: o.promoCode,
    pointsRedeemed: o.pointsRedeemed,
    deliveryFeePaise: o.deliveryFeePaise,
    totalPaise: o.paidAmountPaise,
    deliverySlot: orderSlotJson(o)?.label ?? null,
  };
}
