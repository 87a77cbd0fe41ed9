/**
 * A product that leaves the shop after it went into a cart, on a fresh database of each kind:
 * archived, or its category or subcategory deactivated. The cart marks its line as no longer
 * available and refuses more of it; placing the order answers 409 naming every such product and takes
 * nothing (no order, the stock and the cart as they were); buy again (reorder) leaves it out and
 * the buy-again list no longer offers it. The server's wiring registers the catalog's on-sale
 * rule with the cart; the test does the same.
 */

import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { buyAgain } from '#features/buy-again/server.ts';
import { addToCart, listCart, registerOnSale, setQuantity } from '#features/cart/server/cart.ts';
import { onSale } from '#features/catalog/index.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { reorder } from '#features/orders/server/reorder.ts';
import { advanceOrder } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { cartItems, categories, customers, orders, products, subcategories } from '#lib/db/schema.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

type Product = typeof products.$inferSelect;

describe.each(testDatabaseKinds())('off-sale products in carts and orders on %s', (kind) => {
  let handle: DatabaseHandle;
  let stocked: Product[];

  beforeAll(async () => {
    registerOnSale(onSale);
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    // Products in stock, each from a different subcategory, so hiding one's subcategory or
    // category leaves the others on sale.
    const all = (await handle.db.select().from(products)).filter((x) => x.stock >= 100 && x.isActive);
    const byCategory = new Map<number, Product>();
    for (const p of all) if (!byCategory.has(p.categoryId)) byCategory.set(p.categoryId, p);
    stocked = [...byCategory.values()];
    expect(stocked.length).toBeGreaterThanOrEqual(4);
  });
  afterAll(async () => handle?.close());

  async function newCustomer() {
    const [c] = await handle.db
      .insert(customers)
      .values({ name: 'Asha', phone: `+9196${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}` })
      .returning();
    const address = await addAddress(handle.db, c!.id, THRISSUR_ADDRESS);
    return { id: c!.id, addressId: address.id };
  }

  /** Places the customer's cart as a cash order at the server's figures. */
  async function place(c: { id: number; addressId: number }) {
    const quote = await quoteOrder(handle.db, c.id);
    return placeOrder(handle.db, c.id, {
      addressId: c.addressId,
      paymentMode: 'Cash',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
    });
  }

  const stockOf = async (ids: number[]) =>
    (await handle.db.select({ id: products.id, stock: products.stock }).from(products).where(inArray(products.id, ids)))
      .sort((a, b) => a.id - b.id)
      .map((p) => p.stock);
  const ordersOf = async (customerId: number) =>
    (await handle.db.select({ id: orders.id }).from(orders).where(eq(orders.customerId, customerId))).length;

  /** The line the cart shows, its quantity and whether it can still be ordered. */
  const lines = async (customerId: number) =>
    (await listCart(handle.db, customerId)).map((l) => ({
      productId: l.productId,
      qty: l.qty,
      available: l.available,
    }));

  it('an archived product: its line is marked, checkout refuses it by name and takes nothing', async () => {
    const [kept, gone] = [stocked[0]!, stocked[1]!];
    const c = await newCustomer();
    await addToCart(handle.db, c.id, kept.id, 2);
    await addToCart(handle.db, c.id, gone.id, 1);
    expect(await lines(c.id)).toEqual([
      { productId: kept.id, qty: 2, available: true },
      { productId: gone.id, qty: 1, available: true },
    ]);
    const before = await stockOf([kept.id, gone.id]);

    await handle.db.update(products).set({ archivedAt: new Date(), isActive: false }).where(eq(products.id, gone.id));
    expect(await lines(c.id)).toEqual([
      { productId: kept.id, qty: 2, available: true },
      { productId: gone.id, qty: 1, available: false },
    ]);
    await expect(place(c)).rejects.toMatchObject({
      code: 'conflict',
      message: `Sorry, ${gone.name} is no longer available. Please remove it from your cart.`,
      data: { product_id: gone.id },
    });
    expect(await ordersOf(c.id)).toBe(0);
    expect(await stockOf([kept.id, gone.id])).toEqual(before);
    expect(await lines(c.id)).toHaveLength(2);
    // No more of it, and no new line of it.
    const goneLine = (await listCart(handle.db, c.id)).find((l) => l.productId === gone.id)!;
    await expect(setQuantity(handle.db, c.id, goneLine.cartId, 2)).rejects.toMatchObject({ code: 'conflict' });
    await expect(addToCart(handle.db, c.id, gone.id, 1)).rejects.toMatchObject({ code: 'not_found' });
    // Once the line is removed, the rest of the cart is ordered.
    await handle.db.delete(cartItems).where(and(eq(cartItems.customerId, c.id), eq(cartItems.productId, gone.id)));
    const { order } = await place(c);
    expect(order.id).toBeGreaterThan(0);

    await handle.db.update(products).set({ archivedAt: null, isActive: true }).where(eq(products.id, gone.id));
  });

  it('a deactivated category or subcategory: the line is marked and checkout refuses it', async () => {
    const product = stocked[2]!;
    const c = await newCustomer();
    await addToCart(handle.db, c.id, product.id, 1);
    const before = await stockOf([product.id]);

    await handle.db.update(categories).set({ isActive: false }).where(eq(categories.id, product.categoryId));
    expect(await lines(c.id)).toEqual([{ productId: product.id, qty: 1, available: false }]);
    await expect(place(c)).rejects.toMatchObject({
      code: 'conflict',
      message: `Sorry, ${product.name} is no longer available. Please remove it from your cart.`,
    });
    await expect(addToCart(handle.db, c.id, product.id, 1)).rejects.toMatchObject({ code: 'not_found' });
    await handle.db.update(categories).set({ isActive: true }).where(eq(categories.id, product.categoryId));

    await handle.db.update(subcategories).set({ isActive: false }).where(eq(subcategories.id, product.subcategoryId));
    expect(await lines(c.id)).toEqual([{ productId: product.id, qty: 1, available: false }]);
    await expect(place(c)).rejects.toMatchObject({ code: 'conflict' });
    expect(await ordersOf(c.id)).toBe(0);
    expect(await stockOf([product.id])).toEqual(before);

    // Back on sale: the same cart is ordered.
    await handle.db.update(subcategories).set({ isActive: true }).where(eq(subcategories.id, product.subcategoryId));
    expect(await lines(c.id)).toEqual([{ productId: product.id, qty: 1, available: true }]);
    const { order } = await place(c);
    expect(order.id).toBeGreaterThan(0);
  });

  it('several lines gone: one refusal names them all, in cart order, and takes nothing', async () => {
    const [first, second, third, kept] = [stocked[0]!, stocked[1]!, stocked[2]!, stocked[3]!];
    const c = await newCustomer();
    for (const p of [first, kept, second, third]) await addToCart(handle.db, c.id, p.id, 1);
    const before = await stockOf([first.id, second.id, third.id, kept.id]);

    await handle.db.update(products).set({ archivedAt: new Date(), isActive: false }).where(eq(products.id, first.id));
    await handle.db.update(products).set({ isActive: false }).where(eq(products.id, second.id));
    await handle.db.update(subcategories).set({ isActive: false }).where(eq(subcategories.id, third.subcategoryId));
    try {
      await expect(place(c)).rejects.toMatchObject({
        code: 'conflict',
        message: `Sorry, ${first.name}, ${second.name} and ${third.name} are no longer available. Please remove them from your cart.`,
        data: { product_id: first.id, product_ids: [first.id, second.id, third.id] },
      });
      expect(await ordersOf(c.id)).toBe(0);
      expect(await stockOf([first.id, second.id, third.id, kept.id])).toEqual(before);

      // Two left: "A and B"; one left: the one-product wording.
      await handle.db.delete(cartItems).where(and(eq(cartItems.customerId, c.id), eq(cartItems.productId, first.id)));
      await expect(place(c)).rejects.toMatchObject({
        message: `Sorry, ${second.name} and ${third.name} are no longer available. Please remove them from your cart.`,
      });
      await handle.db.delete(cartItems).where(and(eq(cartItems.customerId, c.id), eq(cartItems.productId, second.id)));
      await expect(place(c)).rejects.toMatchObject({
        message: `Sorry, ${third.name} is no longer available. Please remove it from your cart.`,
        data: { product_id: third.id, product_ids: [third.id] },
      });
      expect(await ordersOf(c.id)).toBe(0);
    } finally {
      await handle.db.update(products).set({ archivedAt: null, isActive: true }).where(eq(products.id, first.id));
      await handle.db.update(products).set({ isActive: true }).where(eq(products.id, second.id));
      await handle.db.update(subcategories).set({ isActive: true }).where(eq(subcategories.id, third.subcategoryId));
    }
  });

  it('buy again leaves out a product whose category is hidden, and no longer lists it', async () => {
    const [kept, hidden] = [stocked[3]!, stocked[0]!];
    const c = await newCustomer();
    await addToCart(handle.db, c.id, kept.id, 1);
    await addToCart(handle.db, c.id, hidden.id, 1);
    const { order } = await place(c);
    for (let i = 0; i < 3; i++) await advanceOrder(handle.db, order.id);
    expect((await buyAgain(handle.db, c.id)).map((b) => b.product.id).sort()).toEqual([kept.id, hidden.id].sort());

    await handle.db.update(categories).set({ isActive: false }).where(eq(categories.id, hidden.categoryId));
    try {
      expect((await buyAgain(handle.db, c.id)).map((b) => b.product.id)).toEqual([kept.id]);
      const result = await reorder(handle.db, c.id, order.id);
      expect(result.added.map((a) => a.productId)).toEqual([kept.id]);
      expect(result.skipped).toEqual([{ productId: hidden.id, name: hidden.name, reason: 'no longer sold' }]);
      expect(await lines(c.id)).toEqual([{ productId: kept.id, qty: 1, available: true }]);
    } finally {
      await handle.db.update(categories).set({ isActive: true }).where(eq(categories.id, hidden.categoryId));
    }
  });
});
