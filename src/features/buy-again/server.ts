/**
 * "Buy again": the products a customer has had delivered, most often bought first
 * (the number of delivered orders holding the product; a tie goes to the most recently
 * delivered), limited to what can be bought now (on sale, by the catalog's `onSale`, and in
 * stock). Scoped by the session's customer: only their own delivered orders count. Orders still
 * on their way, cancelled ones and online orders not paid (pending_payment, payment_failed) never do.
 */
import { and, asc, desc, eq, gt, isNotNull, sql } from 'drizzle-orm';
import { onSale, summaryColumns, toSummary } from '#features/catalog/index.ts';
import type { ProductSummary } from '#features/catalog/rules.ts';
import type { Database } from '#lib/db/index.ts';
import { orderItems, orders, products } from '#lib/db/schema.ts';

/** How many products "Buy again" lists at most. */
export const BUY_AGAIN_LIMIT = 12;

/** A product to buy again, with how many delivered orders held it. */
export interface BuyAgainProduct {
  product: ProductSummary;
  /** Delivered orders of this customer that contained the product (≥ 1). */
  timesOrdered: number;
}

/**
 * The customer's buy-again products, best first (see the module comment); [] for a customer with no
 * delivered orders.
 */
export async function buyAgain(db: Database, customerId: number, limit = BUY_AGAIN_LIMIT): Promise<BuyAgainProduct[]> {
  const history = db
    .select({
      productId: sql<number>`${orderItems.productId}`.as('bought_product_id'),
      times: sql<number>`count(distinct ${orders.id})::int`.as('times'),
      lastAt: sql<Date>`max(coalesce(${orders.deliveredAt}, ${orders.createdAt}))`.as('last_at'),
    })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(and(eq(orders.customerId, customerId), eq(orders.status, 'delivered'), isNotNull(orderItems.productId)))
    .groupBy(orderItems.productId)
    .as('history');
  const rows = await db
    .select({ ...summaryColumns, times: history.times })
    .from(history)
    .innerJoin(products, eq(products.id, history.productId))
    .where(and(onSale(), gt(products.stock, 0)))
    .orderBy(desc(history.times), desc(history.lastAt), asc(products.id))
    .limit(limit);
  return rows.map(({ times, ...row }) => ({ product: toSummary(row), timesOrdered: Number(times) }));
}
