/**
 * A delivery slot's picking list: the lines of the orders still to pick summed per product and
 * grouped by category for the picker, shared a moment between the tablets that ask for it while
 * none of the slot's orders changes, and as CSV. Reads only; a CSV download is written to the
 * audit log (`picking.exported`).
 */

import { eq, sql } from 'drizzle-orm';
import { memoPerDatabaseKeyed } from '#lib/cache/shared-cache.ts';
import { toCsv } from '#lib/csv.ts';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database } from '#lib/db/index.ts';
import { categories, orderItems, orders, products } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import type { SlotQuery } from '../rules.ts';
import { packText, slotLabel, slotOrders, slotVersion } from './slot-orders.ts';

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
 * The picking list as CSV (the shop's one CSV writer, src/lib/csv.ts: RFC 4180 quoting, CRLF
 * lines, a header row, text cells kept from running as formulas): category, SKU, product, unit,
 * quantity, orders.
 */
export function pickingCsv(list: PickingList): string {
  return toCsv(
    ['Category', 'SKU', 'Product', 'Unit', 'Quantity', 'Orders'],
    list.categories.flatMap((c) => c.lines.map((l) => [c.name, l.sku ?? '', l.name, l.unit ?? '', l.qty, l.orders])),
  );
}

/**
 * The slot's picking list as CSV for `actor`, with its audit entry: the slot, and how many orders
 * and products the file holds (a download changes nothing: one insert).
 */
export async function exportPickingCsv(db: Database, query: SlotQuery, actor: StaffActor): Promise<string> {
  const list = await currentPickingList(db, query);
  await recordAudit(db, actor, {
    action: 'picking.exported',
    record: { type: 'slot', id: query.slotId },
    after: { orders: list.orderCount, products: list.categories.reduce((n, c) => n + c.lines.length, 0) },
  });
  return pickingCsv(list);
}
