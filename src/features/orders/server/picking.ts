/**
 * The picking list of one delivery window (/admin/picking): every product of the window's orders
 * still to pack (placed or processed), summed, grouped by category, with pack size and the number
 * of orders that hold it; as JSON for the page and as CSV. The window is the slot id's date and
 * start ("YYYY-MM-DDTHH:MM"), across zones: the packing table packs a window at a time.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { categories, orderItems, orders, products } from '#lib/db/schema.ts';
import { visible } from './queries.ts';

/** One product to pick. */
export interface PickLine {
  productId: number | null;
  name: string;
  pack: string | null;
  qty: number;
  orders: number;
}

/** The picking list: how many orders, and the lines by category (categories and lines by name). */
export interface PickingList {
  slotId: string;
  orders: number;
  groups: { category: string; lines: PickLine[] }[];
}

/** The picking list of the window `slotId` ("YYYY-MM-DDTHH:MM"). */
export async function pickingList(db: Database, slotId: string): Promise<PickingList> {
  const where = and(eq(orders.deliverySlotId, slotId), inArray(orders.status, ['placed', 'processed']), visible);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        productId: orderItems.productId,
        name: orderItems.productName,
        weight: orderItems.weight,
        weightUnit: orderItems.weightUnit,
        category: sql<string>`coalesce(${categories.name}, 'Other')`,
        qty: sql<number>`sum(${orderItems.qty})::int`,
        orders: sql<number>`count(distinct ${orders.id})::int`,
      })
      .from(orderItems)
      .innerJoin(orders, eq(orders.id, orderItems.orderId))
      .leftJoin(products, eq(products.id, orderItems.productId))
      .leftJoin(categories, eq(categories.id, products.categoryId))
      .where(where)
      .groupBy(orderItems.productId, orderItems.productName, orderItems.weight, orderItems.weightUnit, categories.name)
      .orderBy(asc(categories.name), asc(orderItems.productName)),
    db.select({ n: sql<number>`count(*)::int` }).from(orders).where(where),
  ]);
  const groups = new Map<string, PickLine[]>();
  for (const r of rows) {
    const lines = groups.get(r.category) ?? [];
    lines.push({
      productId: r.productId,
      name: r.name,
      pack: r.weight ? `${r.weight} ${r.weightUnit ?? ''}`.trim() : null,
      qty: r.qty,
      orders: r.orders,
    });
    groups.set(r.category, lines);
  }
  return { slotId, orders: count?.n ?? 0, groups: [...groups].map(([category, lines]) => ({ category, lines })) };
}

/** A CSV field, quoted when it holds a comma, a quote or a line break; a leading = + - @ is defused for spreadsheets. */
function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The picking list as CSV (header row, then one row per product; CRLF line ends). */
export function pickingCsv(list: PickingList): string {
  const rows = [['category', 'product_id', 'product', 'pack', 'quantity', 'orders']];
  for (const g of list.groups) {
    for (const l of g.lines)
      rows.push([g.category, String(l.productId ?? ''), l.name, l.pack ?? '', String(l.qty), String(l.orders)]);
  }
  return `${rows.map((r) => r.map(csvField).join(',')).join('\r\n')}\r\n`;
}
