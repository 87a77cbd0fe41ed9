/**
 * The order status machine on a fresh database of each kind
 * (docs/orders-and-payments.md#order-statuses): forward-only moves, the 30-minute cancellation
 * window while still placed, stock restored on cancellation, and points credited exactly once on
 * delivery.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { CANCEL_WINDOW_MS, getOrder } from '#features/orders/server/queries.ts';
import { pointsFor, quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder, cancelOrder } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders, pointsTransactions, products } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const ADDRESS = THRISSUR_ADDRESS;

describe.each(testDatabaseKinds())('order status on %s', (kind) => {
  let handle: DatabaseHandle;
  let product: { id: number; stock: number; pricePaise: number };

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const all = await handle.db.select().from(products);
    // A product worth at least ₹100 for 2 units, so the order earns points.
    product = all.find((p) => p.stock >= 50 && p.pricePaise >= 10_000)!;
    expect(product).toBeTruthy();
  });
  afterAll(async () => handle?.close());

  async function newOrder(paymentMode: 'Cash' | 'Credit' = 'Cash') {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+9197${Math.floor(Math.random() * 1e8)
          .toString()
          .padStart(8, '0')}`,
        creditLimitPaise: 10_000_000,
        creditBalancePaise: 10_000_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, ADDRESS);
    await addToCart(db, c!.id, product.id, 2);
    const quote = await quoteOrder(db, c!.id);
    const { order } = await placeOrder(db, c!.id, {
      addressId: address.id,
      paymentMode,
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
    });
    return { customerId: c!.id, order };
  }

  const stockOf = async () =>
    (await handle.db.select({ stock: products.stock }).from(products).where(eq(products.id, product.id)))[0]!.stock;
  const pointsOf = async (id: number) =>
    (await handle.db.select({ p: customers.pointsBalance }).from(customers).where(eq(customers.id, id)))[0]!.p;

  it('moves forward one step at a time and never back', async () => {
    const { customerId, order } = await newOrder();
    expect(order.status).toBe('placed');
    const steps = [];
    for (let i = 0; i < 3; i++) steps.push((await advanceOrder(handle.db, order.id)).to);
    expect(steps).toEqual(['processed', 'out_for_delivery', 'delivered']);
    await expect(advanceOrder(handle.db, order.id)).rejects.toMatchObject({ code: 'conflict' });
    const after = await getOrder(handle.db, customerId, order.id);
    expect(after.status).toBe('delivered');
    expect(after.processedAt && after.outForDeliveryAt && after.deliveredAt).toBeTruthy();
    // A delivered order cannot be cancelled either (that would be a move back).
    await expect(cancelOrder(handle.db, customerId, order.id)).rejects.toBeInstanceOf(AppError);
    expect((await getOrder(handle.db, customerId, order.id)).status).toBe('delivered');
  });

  it('credits the points earned once, on delivery', async () => {
    const { customerId, order } = await newOrder();
    expect(order.pointsEarned).toBe(pointsFor(order.paidAmountPaise));
    expect(order.pointsEarned).toBeGreaterThan(0);
    await advanceOrder(handle.db, order.id);
    await advanceOrder(handle.db, order.id);
    expect(await pointsOf(customerId)).toBe(0);
    await advanceOrder(handle.db, order.id);
    expect(await pointsOf(customerId)).toBe(order.pointsEarned);
    await expect(advanceOrder(handle.db, order.id)).rejects.toBeInstanceOf(AppError);
    expect(await pointsOf(customerId)).toBe(order.pointsEarned);
    const earned = await handle.db.select().from(pointsTransactions).where(eq(pointsTransactions.orderId, order.id));
    expect(earned.map((t) => [t.reason, t.delta])).toEqual([['earned', order.pointsEarned]]);
    const [row] = await handle.db.select({ at: orders.pointsCreditedAt }).from(orders).where(eq(orders.id, order.id));
    expect(row!.at).toBeInstanceOf(Date);
  });

  it('cancels within 30 minutes while placed and restores the stock', async () => {
    const before = await stockOf();
    const { customerId, order } = await newOrder();
    expect(await stockOf()).toBe(before - 2);
    expect(order.cancellable).toBe(true);
    const cancelled = await cancelOrder(
      handle.db,
      customerId,
      order.id,
      new Date(order.createdAt.getTime() + CANCEL_WINDOW_MS - 1000),
    );
    expect(cancelled.status).toBe('cancelled');
    expect(cancelled.cancellable).toBe(false);
    expect(await stockOf()).toBe(before);
    await expect(advanceOrder(handle.db, order.id)).rejects.toMatchObject({ code: 'conflict' });
    await expect(cancelOrder(handle.db, customerId, order.id)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('refuses to cancel after 30 minutes', async () => {
    const { customerId, order } = await newOrder();
    const late = new Date(order.createdAt.getTime() + CANCEL_WINDOW_MS);
    await expect(cancelOrder(handle.db, customerId, order.id, late)).rejects.toThrow(
      'Orders can be cancelled only within 30 minutes of placing them.',
    );
    expect((await getOrder(handle.db, customerId, order.id)).status).toBe('placed');
  });

  it('refuses to cancel once the order is processed', async () => {
    const before = await stockOf();
    const { customerId, order } = await newOrder();
    await advanceOrder(handle.db, order.id);
    await expect(cancelOrder(handle.db, customerId, order.id, order.createdAt)).rejects.toMatchObject({
      code: 'conflict',
    });
    expect((await getOrder(handle.db, customerId, order.id)).status).toBe('processed');
    expect(await stockOf()).toBe(before - 2);
  });

  it("answers 404 for another customer's order", async () => {
    const a = await newOrder();
    const b = await newOrder();
    await expect(getOrder(handle.db, b.customerId, a.order.id)).rejects.toMatchObject({ code: 'not_found' });
    await expect(cancelOrder(handle.db, b.customerId, a.order.id)).rejects.toMatchObject({ code: 'not_found' });
  });
});
