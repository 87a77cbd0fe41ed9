/**
 * "Buy again" on a fresh database of each kind: products of delivered orders only,
 * most often ordered first (a tie: the most recently delivered), active and in stock only,
 * scoped by customer; and over HTTP: 401 for a guest, HEAD, an empty list before any delivery.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { buyAgain } from '#features/buy-again/server.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder, cancelOrder } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, products } from '#lib/db/schema.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { ApiClient } from '../helpers/api.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const ADDRESS = THRISSUR_ADDRESS;

describe.each(testDatabaseKinds())('buy again on %s', (kind) => {
  let handle: DatabaseHandle;
  let p: { id: number }[];

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    p = (await handle.db.select().from(products)).filter((x) => x.stock >= 100 && x.isActive).slice(0, 5);
    expect(p).toHaveLength(5);
  });
  afterAll(async () => handle?.close());

  async function newCustomer() {
    const [c] = await handle.db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+9197${Math.floor(Math.random() * 1e8)
          .toString()
          .padStart(8, '0')}`,
      })
      .returning();
    const address = await addAddress(handle.db, c!.id, ADDRESS);
    return { id: c!.id, addressId: address.id };
  }

  /** Places an order of one unit of each product; `delivered` advances it to delivered. */
  async function order(
    c: { id: number; addressId: number },
    ids: number[],
    then: 'delivered' | 'placed' | 'cancelled' = 'delivered',
  ) {
    for (const id of ids) await addToCart(handle.db, c.id, id, 1);
    const quote = await quoteOrder(handle.db, c.id);
    const { order } = await placeOrder(handle.db, c.id, {
      addressId: c.addressId,
      paymentMode: 'Cash',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
    });
    if (then === 'delivered') for (let i = 0; i < 3; i++) await advanceOrder(handle.db, order.id);
    if (then === 'cancelled') await cancelOrder(handle.db, c.id, order.id);
    return order.id;
  }

  it('lists delivered products, most often ordered first, a tie to the most recent, scoped by customer', async () => {
    const a = await newCustomer();
    expect(await buyAgain(handle.db, a.id)).toEqual([]);
    await order(a, [p[0]!.id, p[1]!.id]);
    await order(a, [p[1]!.id, p[2]!.id]);
    await order(a, [p[3]!.id]);
    // Not delivered: neither a placed nor a cancelled order counts.
    await order(a, [p[4]!.id, p[0]!.id], 'placed');
    const b = await newCustomer();
    await order(b, [p[4]!.id], 'cancelled');
    await order(b, [p[4]!.id]);
    const list = await buyAgain(handle.db, a.id);
    // p1 twice; then p3 (latest), p2, p0 (once each, newest delivery first).
    expect(list.map((x) => x.product.id)).toEqual([p[1]!.id, p[3]!.id, p[2]!.id, p[0]!.id]);
    expect(list.map((x) => x.timesOrdered)).toEqual([2, 1, 1, 1]);
    expect((await buyAgain(handle.db, b.id)).map((x) => [x.product.id, x.timesOrdered])).toEqual([[p[4]!.id, 1]]);
  });

  it('leaves out products that are out of stock or no longer sold', async () => {
    const c = await newCustomer();
    const [soldOut, hidden, kept] = await Promise.all(
      [0, 1, 2].map(async () => {
        const [row] = await handle.db
          .insert(products)
          .values({
            sku: `BA-${Math.random().toString(36).slice(2, 10)}`,
            name: 'Buy again test item',
            slug: `ba-${Math.random().toString(36).slice(2, 10)}`,
            categoryId: 1,
            subcategoryId: 1,
            mrpPaise: 5000,
            pricePaise: 4000,
            stock: 10,
          })
          .returning();
        return row!;
      }),
    );
    await order(c, [soldOut!.id, hidden!.id, kept!.id]);
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, soldOut!.id));
    await handle.db.update(products).set({ isActive: false }).where(eq(products.id, hidden!.id));
    expect((await buyAgain(handle.db, c.id)).map((x) => x.product.id)).toEqual([kept!.id]);
  });
});

describe.each(inject('servers'))('buy again API on $kind', ({ baseUrl }) => {
  it('is for signed-in customers only, answers HEAD, and is empty before any delivery', async () => {
    const guest = new ApiClient(baseUrl);
    const refused = await guest.get('/api/customer/buy-again');
    expect(refused.status).toBe(401);
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const res = await c.get('/api/customer/buy-again');
    expect(res.status).toBe(200);
    expect(res.body.data.products).toEqual([]);
    expect(res.headers.get('cache-control')).toContain('no-store');
    const head = await c.request('HEAD', '/api/customer/buy-again');
    expect(head.status).toBe(200);
  });
});
