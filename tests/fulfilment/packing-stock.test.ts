/**
 * Stock through packing and cancellation on every test database: a packer's substitute gives the
 * product ordered back and takes the substitute; a short pick leaves stock as it is; a cancellation
 * afterwards gives back exactly what the order holds, per product, so every product's stock is as
 * before the order and the order's stock movements net to zero.
 */

import { asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { setPickedAmount, substituteLine } from '#features/fulfilment/server/packing.ts';
import { cancelOrderByShop } from '#features/orders/index.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orderItems, products, stockMovements } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const packer: StaffActor = { staffId: null, name: 'Test packer', role: 'packer', requestId: null };

describe.each(testDatabaseKinds())('stock through packing and cancellation on %s', (kind) => {
  let handle: DatabaseHandle;
  /** Three active products sold in packs: A and B are ordered, C substitutes. */
  let a: number;
  let b: number;
  let c: number;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const rows = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.isActive, true))
      .orderBy(asc(products.id))
      .limit(3);
    // C has the lowest id, so the substitute's lock comes before the product it replaces.
    [c, a, b] = rows.map((r) => r.id) as [number, number, number];
    await handle.db
      .update(products)
      .set({ weight: null, weightUnit: null, stock: 40 })
      .where(
        inArray(
          products.id,
          rows.map((r) => r.id),
        ),
      );
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function stockOf(): Promise<Record<number, number>> {
    const rows = await handle.db
      .select({ id: products.id, stock: products.stock })
      .from(products)
      .where(inArray(products.id, [a, b, c]));
    return Object.fromEntries(rows.map((r) => [r.id, r.stock]));
  }

  /** The net of the order's stock movements per product (zero ones left out). */
  async function netMovements(orderId: number): Promise<Record<number, number>> {
    const rows = await handle.db
      .select({ productId: stockMovements.productId, net: sql<number>`sum(${stockMovements.delta})::int` })
      .from(stockMovements)
      .where(eq(stockMovements.orderId, orderId))
      .groupBy(stockMovements.productId);
    return Object.fromEntries(rows.filter((r) => Number(r.net) !== 0).map((r) => [r.productId, Number(r.net)]));
  }

  /** A cash order of `lines` (product id → packs), with substitutes allowed. */
  async function placed(lines: Array<[number, number]>) {
    const db = handle.db;
    const [customer] = await db
      .insert(customers)
      .values({ name: 'Asha', phone: `+91951000${String(++phone).padStart(4, '0')}` })
      .returning();
    const address = await addAddress(db, customer!.id, THRISSUR_ADDRESS);
    for (const [id, qty] of lines) await addToCart(db, customer!.id, id, qty);
    const quote = await quoteOrder(db, customer!.id, { points: 0 });
    const result = await placeOrder(db, customer!.id, {
      addressId: address.id,
      paymentMode: 'Cash',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      substitution: 'replace',
    });
    const items = await db.select().from(orderItems).where(eq(orderItems.orderId, result.order.id));
    const lineOf = (id: number) => items.find((l) => l.productId === id)!;
    return { orderId: result.order.id, lineOf };
  }

  const cancel = (orderId: number) => cancelOrderByShop(handle.db, orderId, 'Out of stock', async () => {});

  it('a substitute moves stock from the product ordered to the substitute; a cancel then restores every product', async () => {
    const before = await stockOf();
    const order = await placed([
      [a, 2],
      [b, 3],
    ]);
    expect(await stockOf()).toEqual({ ...before, [a]: before[a]! - 2, [b]: before[b]! - 3 });

    await substituteLine(handle.db, order.orderId, order.lineOf(a).id, c, packer);
    // A's units are back on the shelf; C's went into the bag.
    expect(await stockOf()).toEqual({ ...before, [b]: before[b]! - 3, [c]: before[c]! - 2 });
    // A short pick leaves stock as it is: the order still holds B's units.
    await setPickedAmount(handle.db, order.orderId, order.lineOf(b).id, 1, packer);
    expect(await stockOf()).toEqual({ ...before, [b]: before[b]! - 3, [c]: before[c]! - 2 });
    expect(await netMovements(order.orderId)).toEqual({ [b]: -3, [c]: -2 });

    await cancel(order.orderId);
    expect(await stockOf()).toEqual(before);
    expect(await netMovements(order.orderId)).toEqual({});
  });

  it('a substitute that is another line of the order adds up with it, and a cancel restores both products', async () => {
    const before = await stockOf();
    const order = await placed([
      [a, 2],
      [b, 1],
    ]);
    await substituteLine(handle.db, order.orderId, order.lineOf(a).id, b, packer);
    expect(await stockOf()).toEqual({ ...before, [b]: before[b]! - 3 });
    await cancel(order.orderId);
    expect(await stockOf()).toEqual(before);
    expect(await netMovements(order.orderId)).toEqual({});
  });

  it('refuses a substitute whose stock does not cover the line (409), and moves nothing', async () => {
    const order = await placed([[a, 2]]);
    await handle.db.update(products).set({ stock: 1 }).where(eq(products.id, c));
    const before = await stockOf();
    await expect(substituteLine(handle.db, order.orderId, order.lineOf(a).id, c, packer)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('left in stock'),
    });
    expect(await stockOf()).toEqual(before);
    const [line] = await handle.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.id, order.lineOf(a).id));
    expect(line).toMatchObject({ productId: a, substitutedFor: null });
    await handle.db.update(products).set({ stock: 40 }).where(eq(products.id, c));
    await cancel(order.orderId);
    expect(await netMovements(order.orderId)).toEqual({});
  });
});
