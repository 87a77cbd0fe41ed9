/**
 * What one customer may hold and do, on a fresh database of each kind: at most
 * MAX_OPEN_COD_ORDERS open cash or card on delivery orders — also when orders are placed in
 * parallel —, MAX_ORDERS_PER_HOUR orders an hour, and after MAX_CANCELS_PER_DAY cancels no more
 * pay-on-delivery orders for a day (saying when, as Retry-After does); each refused with its
 * message and status.
 */

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { tooManyCancels, tooManyOpenCodOrders, tooManyOrders } from '#features/orders/server/limits.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import { resetConfigForTests } from '#lib/config.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders, products } from '#lib/db/schema.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const ADDRESS = THRISSUR_ADDRESS;

describe.each(testDatabaseKinds())('order limits on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const [p] = await handle.db
      .select({ id: products.id })
      .from(products)
      .where(sql`${products.stock} > 200 AND ${products.isActive}`)
      .limit(1);
    if (!p) await handle.db.update(products).set({ stock: 1000 });
    productId =
      p?.id ?? (await handle.db.select({ id: products.id }).from(products).where(sql`${products.isActive}`))[0]!.id;
  });
  afterEach(() => {
    delete process.env.MAX_ORDERS_PER_HOUR;
    resetConfigForTests();
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function newCustomer() {
    const [c] = await handle.db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91970000${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 10_000_000,
        creditBalancePaise: 10_000_000,
      })
      .returning();
    const address = await addAddress(handle.db, c!.id, ADDRESS);
    return { id: c!.id, addressId: address.id };
  }

  async function place(c: { id: number; addressId: number }, paymentMode: 'Cash' | 'Card' | 'Credit' = 'Cash') {
    await addToCart(handle.db, c.id, productId, 1);
    const quote = await quoteOrder(handle.db, c.id);
    return placeOrder(handle.db, c.id, {
      addressId: c.addressId,
      paymentMode,
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
    });
  }

  const openCod = async (customerId: number) =>
    (
      await handle.db
        .select({ n: sql<number>`count(*)::int` })
        .from(orders)
        .where(and(eq(orders.customerId, customerId), sql`${orders.paymentMode} IN ('Cash', 'Card')`))
    )[0]!.n;

  it('allows three open cash or card on delivery orders, then 422; credit still works', async () => {
    const c = await newCustomer();
    await place(c, 'Cash');
    await place(c, 'Card');
    await place(c, 'Cash');
    await expect(place(c, 'Card')).rejects.toMatchObject({
      code: 'unprocessable',
      message: tooManyOpenCodOrders(3),
    });
    expect(tooManyOpenCodOrders(3)).toBe(
      'You already have 3 cash or card on delivery orders on the way. Please wait until one is delivered, or choose another payment method.',
    );
    // The refused request left the cart as it was.
    expect((await quoteOrder(handle.db, c.id)).lines).toHaveLength(1);
    const credit = await place(c, 'Credit');
    expect(credit.order.paymentMode).toBe('Credit');
    expect(await openCod(c.id)).toBe(3);
  });

  it('holds the limit when one customer places orders in parallel', async () => {
    const c = await newCustomer();
    // Ten parallel shoppers on one account: each fills the cart and places a cash order.
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => place(c, 'Cash')));
    const placed = results.filter((r) => r.status === 'fulfilled');
    expect(placed.length).toBeGreaterThanOrEqual(1);
    expect(placed.length).toBeLessThanOrEqual(3);
    for (const r of results)
      if (r.status === 'rejected') expect(['unprocessable', 'conflict']).toContain((r.reason as { code: string }).code);
    expect(await openCod(c.id)).toBeLessThanOrEqual(3);
  });

  it('answers parallel retries of the order that reached the limit with that order, not a 422', async () => {
    const c = await newCustomer();
    await place(c, 'Cash');
    await place(c, 'Cash');
    await addToCart(handle.db, c.id, productId, 1);
    const quote = await quoteOrder(handle.db, c.id);
    const input = {
      addressId: c.addressId,
      paymentMode: 'Cash' as const,
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      idempotencyKey: `limit-retry-${kind}`,
    };
    const results = await Promise.all([1, 2, 3].map(() => placeOrder(handle.db, c.id, input)));
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(await openCod(c.id)).toBe(3);
  });

  it('refuses more than MAX_ORDERS_PER_HOUR orders an hour with 429 and Retry-After', async () => {
    process.env.MAX_ORDERS_PER_HOUR = '2';
    resetConfigForTests();
    const c = await newCustomer();
    await place(c, 'Credit');
    await place(c, 'Credit');
    const refused = await place(c, 'Credit').catch((e: unknown) => e);
    const { retryAfter } = refused as { retryAfter: number };
    expect(retryAfter).toBeGreaterThan(3500);
    // The wait in words is the Retry-After's: the first order leaves the hour then.
    expect(refused).toMatchObject({ code: 'too_many_requests', message: tooManyOrders(retryAfter) });
    expect(tooManyOrders(retryAfter)).toBe(
      'You have placed too many orders in the last hour. Please try again in 1 hour.',
    );
  });

  it('pauses cash and card on delivery for a day after three cancels, saying until when; paying by credit stays open', async () => {
    const c = await newCustomer();
    for (let i = 0; i < 3; i++) {
      const { order } = await place(c, 'Cash');
      await cancelOrder(handle.db, c.id, order.id);
    }
    type Refusal = { code?: string; message?: string; retryAfter: number };
    const refused = (await place(c, 'Cash').catch((e: unknown) => e)) as Refusal;
    expect(refused).toMatchObject({
      code: 'too_many_requests',
      message:
        'Cash and card on delivery are paused for your account after 3 cancelled orders in a day. Please try again in 24 hours, or pay online.',
    });
    expect(refused.retryAfter).toBeGreaterThan(86_000);
    expect(refused.retryAfter).toBeLessThanOrEqual(86_400);
    expect((await place(c, 'Credit')).order.paymentMode).toBe('Credit');
    // Cancels made 5 hours ago pause it for 19 hours more: the message says the wait Retry-After gives.
    await handle.db
      .update(orders)
      .set({ cancelledAt: new Date(Date.now() - 5 * 3_600_000) })
      .where(eq(orders.customerId, c.id));
    const later = (await place(c, 'Cash').catch((e: unknown) => e)) as Refusal;
    expect(later.message).toBe(tooManyCancels(3, later.retryAfter));
    expect(later.message).toContain('Please try again in 19 hours, or pay online.');
    expect(later.retryAfter).toBeGreaterThan(18 * 3600);
    expect(later.retryAfter).toBeLessThanOrEqual(19 * 3600);
    // A day later the cancels no longer count.
    await handle.db
      .update(orders)
      .set({ cancelledAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(orders.customerId, c.id));
    expect((await place(c, 'Cash')).order.paymentMode).toBe('Cash');
  });
});
