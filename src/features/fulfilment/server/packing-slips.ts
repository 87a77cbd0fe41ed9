/**
 * Packing slips: each order still to pick of a delivery slot, or one order, as the packer's slip
 * (customer, address, lines as packed with their substitution choice, note, the totals as charged
 * after packing, what the rider collects). A line picked lighter shows the picked amount with the
 * ordered one beside it; a substituted line names the substitute and the product it replaces
 * (packing.ts). Reads only.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import { describeSlot } from '#features/delivery/index.ts';
import { confirmedOrders } from '#features/orders/index.ts';
import type { Database } from '#lib/db/index.ts';
import { customers, orderItems, orders } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { dueOnDelivery, type SlotQuery } from '../rules.ts';
import { orderedAmount } from './packing.ts';
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
    /** The product packed: the substitute when the line was substituted. */
    name: string;
    /** The product ordered, when the line was substituted. */
    substitutedFor: string | null;
    unit: string | null;
    qty: number;
    /** What was picked when lower than ordered, e.g. "0.85 kg" or "1 pack"; null as ordered. */
    picked: string | null;
    /** What was ordered in the same measure, e.g. "1 kg" or "2 packs". */
    ordered: string;
    substitution: 'replace' | 'refund' | 'call' | null;
    /** The line's total as charged after packing, paise. */
    totalPaise: number;
  }[];
  note: string | null;
  paymentMode: string;
  paymentStatus: string;
  subtotalPaise: number;
  discountPaise: number;
  pointsRedeemed: number;
  deliveryFeePaise: number;
  /** The order's total as charged after packing, paise. */
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

/** An amount in a line's measure (packing.ts orderedAmount): "0.85 kg" for a weighed line, else "1 pack" or "3 packs". */
function amountText(amount: number, line: { weight: number | null; weightUnit: string | null }): string {
  if (line.weight && line.weightUnit) return `${amount} ${line.weightUnit}`;
  return `${amount} ${amount === 1 ? 'pack' : 'packs'}`;
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
          substitutedFor: i.substitutedFor,
          unit: packText(i.weight, i.weightUnit),
          qty: i.qty,
          picked: i.pickedAmount === null ? null : amountText(i.pickedAmount, i),
          ordered: amountText(orderedAmount(i), i),
          substitution: i.substitution ?? row.substitution,
          totalPaise: i.totalAmountPaise,
        })),
      note: row.customerNote,
      paymentMode: row.paymentMode,
      paymentStatus: row.paymentStatus,
      subtotalPaise: row.subtotalPaise,
      discountPaise: row.discountPaise,
      pointsRedeemed: row.pointsRedeemed,
      deliveryFeePaise: row.deliveryFeePaise,
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
