/**
 * Buy again from an order: its items back into the cart (reorder), the message that says what happened, and
 * the answer's JSON.
 */
import { and, eq, sql } from 'drizzle-orm';
import { onSale } from '#features/catalog/index.ts';
import type { Database } from '#lib/db/index.ts';
import { cartItems, products } from '#lib/db/schema.ts';
import { getOrder } from './queries.ts';

/** A line of a reorder: what went into the cart, or what was left out and why. */
export interface ReorderResult {
  added: { productId: number; name: string; qty: number; requestedQty: number }[];
  skipped: { productId: number | null; name: string; reason: string }[];
}

/**
 * Buy again: puts the items of one of the customer's orders back into the cart, each capped by
 * what is in stock beyond what the cart already holds. Items no longer sold or out of stock are
 * skipped with a reason. 404 for another customer's order.
 */
export async function reorder(db: Database, customerId: number, orderId: number): Promise<ReorderResult> {
  const order = await getOrder(db, customerId, orderId);
  const result: ReorderResult = { added: [], skipped: [] };
  await db.transaction(async (tx) => {
    for (const item of order.items) {
      if (item.productId === null) {
        result.skipped.push({ productId: null, name: item.name, reason: 'no longer sold' });
        continue;
      }
      const [product] = await tx
        .select({ name: products.name, stock: products.stock, onSale: sql<boolean>`(${onSale()})` })
        .from(products)
        .where(eq(products.id, item.productId))
        .for('update');
      // Off sale: switched off, archived, or its category or subcategory deactivated.
      if (!product?.onSale) {
        result.skipped.push({ productId: item.productId, name: item.name, reason: 'no longer sold' });
        continue;
      }
      const [line] = await tx
        .select({ qty: cartItems.qty })
        .from(cartItems)
        .where(and(eq(cartItems.customerId, customerId), eq(cartItems.productId, item.productId)));
      const room = product.stock - (line?.qty ?? 0);
      if (room <= 0) {
        result.skipped.push({
          productId: item.productId,
          name: product.name,
          reason: product.stock <= 0 ? 'out of stock' : 'no more in stock',
        });
        continue;
      }
      const qty = Math.min(item.qty, room);
      await tx
        .insert(cartItems)
        .values({ customerId, productId: item.productId, qty })
        .onConflictDoUpdate({
          target: [cartItems.customerId, cartItems.productId],
          set: { qty: sql`${cartItems.qty} + ${qty}`, updatedAt: new Date() },
        });
      result.added.push({ productId: item.productId, name: product.name, qty, requestedQty: item.qty });
    }
  });
  return result;
}

/**
 * The message for a reorder: how many products (lines; "items" always count units) were added,
 * then what was left out or cut down.
 * @example
 * reorderMessage({ added: [{..., qty: 2, requestedQty: 2}], skipped: [{ name: 'Mango', reason: 'out of stock' }] })
 *   // 'Added 1 product to your cart. Left out: Mango (out of stock).'
 */
export function reorderMessage(r: ReorderResult): string {
  const parts: string[] = [];
  if (r.added.length)
    parts.push(`Added ${r.added.length} ${r.added.length === 1 ? 'product' : 'products'} to your cart.`);
  else parts.push('None of the items of this order could be added to your cart.');
  const partial = r.added
    .filter((a) => a.qty < a.requestedQty)
    .map((a) => `${a.name} (only ${a.qty} of ${a.requestedQty})`);
  if (partial.length) parts.push(`Fewer than ordered: ${partial.join(', ')}.`);
  if (r.skipped.length) parts.push(`Left out: ${r.skipped.map((s) => `${s.name} (${s.reason})`).join(', ')}.`);
  return parts.join(' ');
}

/** Answer of a reorder: what went into the cart and what was left out. */
export function reorderJson(r: ReorderResult) {
  return {
    added: r.added.map((a) => ({ product_id: a.productId, name: a.name, qty: a.qty, requested_qty: a.requestedQty })),
    skipped: r.skipped.map((s) => ({ product_id: s.productId, name: s.name, reason: s.reason })),
  };
}
