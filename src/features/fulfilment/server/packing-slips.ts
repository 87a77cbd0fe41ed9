/**
 * Packing slips: each order still to pick of a delivery slot, or one order, as the packer's slip
 * (customer, address, lines with their substitution choice, note, what the rider collects).
 * Reads only.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describeSlot } from '#features/delivery/index.ts';
import { confirmedOrders } from '#features/orders/index.ts';
import type { Database } from '#lib/db/index.ts';
import { customers, orderItems, orders } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { dueOnDelivery, type SlotQuery } from '../rules.ts';
import { packText, slotOrders } from './slot-orders.ts';

/** One order's packing slip. */
export interface PackingSlip {
  orderId: number;
  status: string;
  customerName: string | null;
  customerPhone: string | null;
  /** The delivery address as ordered, one line per part. */
  address: string[];
  slotLabel: string | null;
  lines: {
    name: string;
    unit: string | null;
    qty: number;
    substitution: 'replace' | 'refund' | 'call' | null;
  }[];
  note: string | null;
  paymentMode: string;
  paymentStatus: string;
  paidAmountPaise: number;
  /** What the rider collects, paise (rules.ts dueOnDelivery). */
  duePaise: number;
}

/** An address snapshot's lines (name, building and street, landmark, city and PIN). */
function addressLines(address: Record<string, unknown> | null): string[] {
  if (!address) return [];
  const text = (k: string) => (typeof address[k] === 'string' ? (address[k] as string).trim() : '');
  return [
    text('name'),
    [text('building_num'), text('street')].filter(Boolean).join(', '),
    text('landmark'),
    [text('city'), text('po_box')].filter(Boolean).join(' '),
  ].filter(Boolean);
}

/** Packing slips of `orderIds`' rows, in the order given. */
async function slipsOf(
  db: Database,
  rows: (typeof orders.$inferSelect & { name: string | null; phone: string | null })[],
) {
  const ids = rows.map((r) => r.id);
  const items = ids.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id))
    : [];
  return rows.map(
    (row): PackingSlip => ({
      orderId: row.id,
      status: row.status,
      customerName: row.name,
      customerPhone: row.phone,
      address: addressLines(row.addressSnapshot ?? null),
      slotLabel:
        row.deliverySlotStart && row.deliverySlotEnd ? describeSlot(row.deliverySlotStart, row.deliverySlotEnd) : null,
      lines: items
        .filter((i) => i.orderId === row.id)
        .map((i) => ({
          name: i.productName,
          unit: packText(i.weight, i.weightUnit),
          qty: i.qty,
          substitution: i.substitution ?? row.substitution,
        })),
      note: row.customerNote,
      paymentMode: row.paymentMode,
      paymentStatus: row.paymentStatus,
      paidAmountPaise: row.paidAmountPaise,
      duePaise: dueOnDelivery(row),
    }),
  );
}

const slipColumns = { order: orders, name: customers.name, phone: customers.phone };

/** The packing slips of a slot's orders still to pick, by order number. */
export async function slotSlips(db: Database, query: SlotQuery): Promise<PackingSlip[]> {
  const rows = await db
    .select(slipColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(slotOrders(query))
    .orderBy(asc(orders.id));
  return slipsOf(
    db,
    rows.map((r) => ({ ...r.order, name: r.name, phone: r.phone })),
  );
}

/** One order's packing slip (404 for an unknown order, or an online one awaiting its payment or released unpaid). */
export async function orderSlip(db: Database, orderId: number): Promise<PackingSlip> {
  const [row] = await db
    .select(slipColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), confirmedOrders));
  if (!row) throw notFound(`Order ${orderId} not found.`);
  const [slip] = await slipsOf(db, [{ ...row.order, name: row.name, phone: row.phone }]);
  return slip!;
}
