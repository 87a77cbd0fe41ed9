/**
 * Picking lists and packing slips of one delivery slot: the orders still to pick (placed or
 * processed, not cancelled, not waiting on or refused by the payment gateway) of a day's slot in
 * every zone, their lines summed per product and grouped by category for the picker, or each
 * order as the packer's slip. Reads only; the slot's orders are found through the orders' slot
 * start index (one day's range), then by slot id.
 */
import { and, asc, eq, gte, inArray, lt, notInArray, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import type { Database } from '#lib/db/index.ts';
import { categories, customers, orderItems, orders, products } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import { memoPerDatabaseKeyed } from '#lib/cache/shared-cache.ts';
import { deliveryConfig, describeSlot, shopInstant, windowLabel } from '#features/delivery/index.ts';
import { dueOnDelivery, type SlotQuery } from '../rules.ts';

const DAY_MS = 86_400_000;
/** Statuses whose goods are still to be picked and packed. */
const TO_PICK = ['placed', 'processed'] as const;
/** Category of a line whose product is gone from the catalogue. */
const NO_CATEGORY = 'Other';

/** One product's total over the slot's orders. */
export interface PickingLine {
  productId: number | null;
  sku: string | null;
  name: string;
  /** Pack size, e.g. "500 g"; null when the product has none. */
  unit: string | null;
  /** Packs to pick, summed over the orders. */
  qty: number;
  /** Orders that have it. */
  orders: number;
}

/** A slot's picking list: the products to pick by category. */
export interface PickingList {
  date: string;
  slotId: string;
  /** e.g. "Thu 26 Nov, 7–9 AM". */
  slotLabel: string;
  orderCount: number;
  categories: { name: string; lines: PickingLine[] }[];
}

/** The orders of a day's slot (every zone) that are still to pick. */
function slotOrders(query: SlotQuery) {
  const from = shopInstant(query.date, '00:00');
  return and(
    gte(orders.deliverySlotStart, from),
    lt(orders.deliverySlotStart, new Date(from.getTime() + DAY_MS)),
    eq(orders.deliverySlotId, query.slotId),
    inArray(orders.status, [...TO_PICK]),
    notInArray(orders.paymentStatus, ['pending', 'failed']),
  );
}

/** "7–9 AM" on a day, from the zones' templates (the first zone that has a window starting then). */
function slotLabel(query: SlotQuery): string {
  const start = query.slotId.slice(11);
  for (const zone of deliveryConfig().zones) {
    const w = zone.template.windows.find((x) => x.start === start);
    if (w) return describeSlot(shopInstant(query.date, w.start), shopInstant(query.date, w.end));
  }
  return `${query.date} ${start}`;
}

/** A pack size for people: 500 "g" → "500 g"; null without one. */
export function packText(weight: number | null, unit: string | null): string | null {
  if (weight === null || weight === undefined) return unit || null;
  return `${Number(weight)}${unit ? ` ${unit}` : ''}`;
}

/** The slot's picking list (an empty one when no order is to pick). */
export async function pickingList(db: Database, query: SlotQuery): Promise<PickingList> {
  const name = sql<string>`coalesce(${products.name}, ${orderItems.productName})`;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        category: categories.name,
        sortOrder: categories.sortOrder,
        productId: orderItems.productId,
        sku: products.sku,
        name,
        weight: orderItems.weight,
        weightUnit: orderItems.weightUnit,
        qty: sql<number>`sum(${orderItems.qty})::int`,
        orders: sql<number>`count(distinct ${orderItems.orderId})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(slotOrders(query))
      .groupBy(
        categories.name,
        categories.sortOrder,
        orderItems.productId,
        products.sku,
        name,
        orderItems.weight,
        orderItems.weightUnit,
      ),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(slotOrders(query)),
  ]);
  const byCategory = new Map<string, { name: string; sortOrder: number; lines: PickingLine[] }>();
  for (const r of rows) {
    const key = r.category ?? NO_CATEGORY;
    const group = byCategory.get(key) ?? { name: key, sortOrder: r.sortOrder ?? Number.MAX_SAFE_INTEGER, lines: [] };
    group.lines.push({
      productId: r.productId,
      sku: r.sku,
      name: r.name,
      unit: packText(r.weight, r.weightUnit),
      qty: r.qty,
      orders: r.orders,
    });
    byCategory.set(key, group);
  }
  const groups = [...byCategory.values()].sort(
    (a, b) =>
      Number(a.name === NO_CATEGORY) - Number(b.name === NO_CATEGORY) ||
      a.sortOrder - b.sortOrder ||
      a.name.localeCompare(b.name),
  );
  for (const g of groups)
    g.lines.sort((a, b) => a.name.localeCompare(b.name) || (a.unit ?? '').localeCompare(b.unit ?? ''));
  return {
    date: query.date,
    slotId: query.slotId,
    slotLabel: slotLabel(query),
    orderCount: count?.n ?? 0,
    categories: groups.map(({ name, lines }) => ({ name, lines })),
  };
}

/**
 * A short text that moves whenever an order of the slot is placed or changes (their count, newest
 * id and newest update): the picking list is worked out again only when it moves.
 */
async function slotVersion(db: Database, query: SlotQuery): Promise<string> {
  const from = shopInstant(query.date, '00:00');
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      updated: sql<string | null>`max(${orders.updatedAt})::text`,
      last: sql<number | null>`max(${orders.id})`,
    })
    .from(orders)
    .where(
      and(
        gte(orders.deliverySlotStart, from),
        lt(orders.deliverySlotStart, new Date(from.getTime() + DAY_MS)),
        eq(orders.deliverySlotId, query.slotId),
      ),
    );
  return `${row?.n ?? 0}.${row?.last ?? 0}.${row?.updated ?? ''}`;
}

/** How long the packers' tablets on one process share a slot's list while its orders stay as they are, ms. */
const LIST_REUSE_MS = 2000;
const sharedList = memoPerDatabaseKeyed(LIST_REUSE_MS, 32, (db: Database, key: string) =>
  pickingList(db, (JSON.parse(key) as { query: SlotQuery }).query),
);

/**
 * The slot's picking list, shared for LIST_REUSE_MS by the tablets that ask for it while none of
 * its orders changes (a product renamed in the catalogue shows within that time).
 */
export async function currentPickingList(db: Database, query: SlotQuery): Promise<PickingList> {
  const version = await slotVersion(db, query);
  return sharedList(db, JSON.stringify({ version, query: { date: query.date, slotId: query.slotId } }));
}

/**
 * A text cell as a spreadsheet shows it: one starting with = + - @ (or a tab or carriage return)
 * gets a leading apostrophe, so a product name never runs as a formula when the file is opened.
 */
const plainCell = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/**
 * The picking list as CSV (csv-stringify: RFC 4180 quoting, CRLF lines, a header row): category,
 * SKU, product, unit, quantity, orders.
 */
export function pickingCsv(list: PickingList): string {
  return stringify(
    list.categories.flatMap((c) => c.lines.map((l) => [c.name, l.sku ?? '', l.name, l.unit ?? '', l.qty, l.orders])),
    {
      header: true,
      columns: ['Category', 'SKU', 'Product', 'Unit', 'Quantity', 'Orders'],
      record_delimiter: 'windows',
      cast: { string: plainCell },
    },
  );
}

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

/** One order's packing slip (404 for an unknown order or one whose online payment is pending or failed). */
export async function orderSlip(db: Database, orderId: number): Promise<PackingSlip> {
  const [row] = await db
    .select(slipColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(eq(orders.id, orderId), notInArray(orders.paymentStatus, ['pending', 'failed'])));
  if (!row) throw notFound(`Order ${orderId} not found.`);
  const [slip] = await slipsOf(db, [{ ...row.order, name: row.name, phone: row.phone }]);
  return slip!;
}

/** The slot windows staff choose from: every zone's window starts, once each, in time order. */
export function slotChoices(): { start: string; label: string }[] {
  const seen = new Map<string, string>();
  for (const zone of deliveryConfig().zones)
    for (const w of zone.template.windows) if (!seen.has(w.start)) seen.set(w.start, windowLabel(w.start, w.end));
  return [...seen].sort(([a], [b]) => a.localeCompare(b)).map(([start, label]) => ({ start, label }));
}
