/**
 * The customer's wishlist (PUT/GET /api/wishlists). Toggling answers whether
 * the product was added (the API's 201) or removed (200). Scoped by customer.
 */
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { products, wishlistItems } from '#lib/db/schema.ts';
import { notFound } from '#lib/http/envelope.ts';
import type { ProductSummary } from '../rules.ts';
import { summaryColumns, toSummary } from './catalog.ts';

/** Adds the product when absent, removes it when present. 404 for an unknown product. */
export async function toggleWishlist(
  db: Database,
  customerId: number,
  productId: number,
): Promise<'added' | 'removed'> {
  return db.transaction(async (tx) => {
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId));
    if (!product) throw notFound('Product not found.');
    const removed = await tx
      .delete(wishlistItems)
      .where(and(eq(wishlistItems.customerId, customerId), eq(wishlistItems.productId, productId)))
      .returning({ productId: wishlistItems.productId });
    if (removed.length) return 'removed';
    await tx.insert(wishlistItems).values({ customerId, productId }).onConflictDoNothing();
    return 'added';
  });
}

/** Wishlisted products, newest first. */
export async function listWishlist(db: Database, customerId: number): Promise<ProductSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(desc(wishlistItems.createdAt));
  return rows.map(toSummary);
}

/** A saved product as the wishlist page shows it: the card's fields, and whether the shop still sells it. */
export interface WishlistEntry extends ProductSummary {
  /** False for a product made inactive since it was saved: shown as no longer available. */
  available: boolean;
}

/**
 * The wishlist page's products for one customer (the session's: the page never takes an id from
 * the request), newest first. Inactive and out-of-stock products stay, marked, so nothing saved
 * disappears without a word; prices are the database's current ones.
 */
export async function listWishlistPage(db: Database, customerId: number): Promise<WishlistEntry[]> {
  const rows = await db
    .select({ ...summaryColumns, isActive: products.isActive })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .where(eq(wishlistItems.customerId, customerId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map(({ isActive, ...row }) => ({ ...toSummary(row), available: isActive }));
}

/** Which of `productIds` the customer has wishlisted. */
export async function wishlistedIds(db: Database, customerId: number, productIds: number[]): Promise<Set<number>> {
  if (productIds.length === 0) return new Set();
  const rows = await db
    .select({ productId: wishlistItems.productId })
    .from(wishlistItems)
    .where(and(eq(wishlistItems.customerId, customerId), inArray(wishlistItems.productId, productIds)));
  return new Set(rows.map((r) => r.productId));
}
