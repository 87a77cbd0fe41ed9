/**
 * Orders under concurrency, in-process on each database kind (PostgreSQL with a real connection
 * pool) and on PostgreSQL with two server processes sharing one database:
 * - no oversell: 20 customers order the last 5 units at once; exactly 5 orders succeed and stock
 *   ends at 0;
 * - one cart, one order: ten simultaneous place-order requests of one customer (a double
 *   submit, no Idempotency-Key) make exactly one order; the other nine get a 409, and the promo,
 *   the credit and the stock are taken once.
 */

import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { CART_ALREADY_ORDERED, type PlaceOrderInput, placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { creditTransactions, customers, orders, products, promoCodes } from '#lib/db/schema.ts';
import type { AppError } from '#lib/http/envelope.ts';
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase, createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const ADDRESS = {
  type: 'home',
  name: 'Buyer',
  mobile: '+919800000000',
  building_num: '1',
  street: 'MG Road',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.52,
  longitude: 76.21,
};

describe.each(testDatabaseKinds())('concurrent orders in one process on %s', (kind) => {
  it('sells exactly the 5 units in stock to 20 simultaneous buyers', async () => {
    const handle = await createTestDatabase(kind);
    try {
      await seedDemoShop(handle.db);
      const db = handle.db;
      await db.update(products).set({ stock: 5 }).where(eq(products.id, 1));
      const buyers = [];
      for (let i = 0; i < 20; i++) {
        const [c] = await db
          .insert(customers)
          .values({ name: `Buyer ${i}`, phone: `+9190000000${String(i).padStart(2, '0')}` })
          .returning();
        const address = await addAddress(db, c!.id, ADDRESS);
        await addToCart(db, c!.id, 1, 1);
        const quote = await quoteOrder(db, c!.id);
        buyers.push({ customerId: c!.id, addressId: address.id, paid: quote.paidAmountPaise });
      }
      const results = await Promise.allSettled(
        buyers.map((b) =>
          placeOrder(db, b.customerId, {
            addressId: b.addressId,
            paymentMode: 'Cash',
            paidAmountPaise: b.paid,
            points: 0,
          }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
      const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(failures.every((f) => /out of stock|left in stock/.test(String(f.reason?.message)))).toBe(true);
      const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
      expect(p!.stock).toBe(0);
      expect(await db.$count(orders)).toBe(5);
    } finally {
      await handle.close();
    }
  });
});

describe.each(testDatabaseKinds())('one cart ordered ten times at once in one process on %s', (kind) => {
  it('makes exactly one order; the nine others get a 409 and nothing is taken twice', async () => {
    const handle = await createTestDatabase(kind);
    try {
      await seedDemoShop(handle.db);
      const db = handle.db;
      await db.update(products).set({ stock: 50 }).where(eq(products.id, 1));
      const [promo] = await db
        .insert(promoCodes)
        .values({ code: 'ONCE10', percentOff: 10, perCustomerLimit: 1 })
        .returning();
      const credit = 10_000_000;
      const [c] = await db
        .insert(customers)
        .values({
          name: 'Double clicker',
          phone: '+919811111111',
          creditLimitPaise: credit,
          creditBalancePaise: credit,
        })
        .returning();
      const address = await addAddress(db, c!.id, ADDRESS);
      await addToCart(db, c!.id, 1, 2);
      const quote = await quoteOrder(db, c!.id, { promoCode: 'once10' });
      expect(quote.discountPaise).toBeGreaterThan(0);
      const input: PlaceOrderInput = {
        addressId: address.id,
        paymentMode: 'Credit',
        paidAmountPaise: quote.paidAmountPaise,
        discountPaise: quote.discountPaise,
        promoCode: 'once10',
        points: 0,
      };

      const results = await Promise.allSettled(Array.from({ length: 10 }, () => placeOrder(db, c!.id, input)));

      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const failures = results
        .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
        .map((r) => r.reason as AppError);
      expect(failures.map((f) => [f.code, f.message])).toEqual(
        Array.from({ length: 9 }, () => ['conflict', CART_ALREADY_ORDERED]),
      );
      expect(await db.$count(orders, eq(orders.customerId, c!.id))).toBe(1);
      const [p] = await db.select({ stock: products.stock }).from(products).where(eq(products.id, 1));
      expect(p!.stock).toBe(48);
      const [usedPromo] = await db
        .select({ uses: promoCodes.usesCount })
        .from(promoCodes)
        .where(eq(promoCodes.id, promo!.id));
      expect(usedPromo!.uses).toBe(1);
      const [after] = await db
        .select({ credit: customers.creditBalancePaise })
        .from(customers)
        .where(eq(customers.id, c!.id));
      expect(after!.credit).toBe(credit - quote.paidAmountPaise);
      expect(await db.$count(creditTransactions, eq(creditTransactions.customerId, c!.id))).toBe(1);
    } finally {
      await handle.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'concurrent orders through two server processes on one PostgreSQL',
  () => {
    const servers: RunningServer[] = [];
    let drop: (() => Promise<void>) | undefined;
    let admin: pg.Client;
    beforeAll(async () => {
      const created = await createPostgresDatabase();
      drop = created.drop;
      servers.push(
        ...(await Promise.all([
          startServer({ DATABASE_URL: created.url }),
          startServer({ DATABASE_URL: created.url }),
        ])),
      );
      admin = new pg.Client({ connectionString: created.url });
      await admin.connect();
    });
    afterAll(async () => {
      await admin?.end();
      await Promise.all(servers.map((s) => s.stop()));
      await drop?.();
    });

    it('sells exactly 5 units to 20 buyers split across both servers', async () => {
      const { rows } = await admin.query<{ id: number }>('SELECT id FROM products WHERE stock > 0 ORDER BY id LIMIT 1');
      const productId = rows[0]!.id;
      await admin.query('UPDATE products SET stock = 5 WHERE id = $1', [productId]);
      const started = new Date();
      const buyers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const c = new ApiClient(servers[i % 2]!.baseUrl);
          await c.signUp();
          const address = await c.post('/api/customer/add-address', {
            json: { ...ADDRESS, latitude: '10.52', longitude: '76.21' },
          });
          await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '1' } });
          const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
          return { c, addressId: address.body.data.address.id, paid: s.paid_amount };
        }),
      );
      const results = await Promise.all(
        buyers.map((b) =>
          b.c.post('/api/customer/place-order', {
            json: { address_id: b.addressId, payment_mode: 'cod', paid_amount: b.paid, points: '0' },
          }),
        ),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      expect(results.filter((r) => r.status === 409)).toHaveLength(15);
      const stock = await admin.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]);
      expect(stock.rows[0]!.stock).toBe(0);
      // Orders placed by this test only: the demo shop's own orders (history, today's board) do not count.
      const count = await admin.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM orders WHERE status = 'placed' AND created_at >= $1",
        [started],
      );
      expect(count.rows[0]!.n).toBe(5);
    });

    it('turns one cart into one order when ten requests for it hit both servers at once', async () => {
      const { rows } = await admin.query<{ id: number }>(
        'SELECT id FROM products WHERE stock > 0 AND price_paise < 20000 ORDER BY id DESC LIMIT 1',
      );
      const productId = rows[0]!.id;
      await admin.query('UPDATE products SET stock = 40 WHERE id = $1', [productId]);
      const c = new ApiClient(servers[0]!.baseUrl);
      await c.signUp();
      const address = await c.post('/api/customer/add-address', {
        json: { ...ADDRESS, latitude: '10.52', longitude: '76.21' },
      });
      expect(
        (await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '2' } })).status,
      ).toBe(200);
      const s = (await c.get('/api/customer/checkout-summary?promocode=FRESH5')).body.data.summary;
      const before = (
        await admin.query<{ credit: number }>(
          'SELECT credit_balance_paise AS credit FROM customers ORDER BY id DESC LIMIT 1',
        )
      ).rows[0]!.credit;
      const promoBefore = (
        await admin.query<{ n: number }>(`SELECT uses_count AS n FROM promo_codes WHERE code = 'FRESH5'`)
      ).rows[0]!.n;
      // The same session on the second server (same customer, same cart).
      const twin = new ApiClient(servers[1]!.baseUrl);
      twin.token = c.token;
      expect((await twin.get('/api/customer/my-cart')).body.data.my_cart).toHaveLength(1);
      const body = {
        json: {
          address_id: address.body.data.address.id,
          payment_mode: 'credit',
          paid_amount: s.paid_amount,
          promocode: 'FRESH5',
          discount: s.discount,
          points: '0',
        },
      };

      const results = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? twin : c).post('/api/customer/place-order', body)),
      );

      expect(results.map((r) => r.status).sort()).toEqual([201, ...Array<number>(9).fill(409)]);
      expect(results.filter((r) => r.status === 409).every((r) => r.body.message === CART_ALREADY_ORDERED)).toBe(true);
      const orderRows = await admin.query<{ id: number; paid: number }>(
        'SELECT id, paid_amount_paise AS paid FROM orders WHERE customer_id = (SELECT max(id) FROM customers)',
      );
      expect(orderRows.rows).toHaveLength(1);
      const after = (
        await admin.query<{ credit: number }>(
          'SELECT credit_balance_paise AS credit FROM customers ORDER BY id DESC LIMIT 1',
        )
      ).rows[0]!.credit;
      expect(before - after).toBe(orderRows.rows[0]!.paid);
      const promoAfter = (
        await admin.query<{ n: number }>(`SELECT uses_count AS n FROM promo_codes WHERE code = 'FRESH5'`)
      ).rows[0]!.n;
      expect(promoAfter - promoBefore).toBe(1);
      const stock = await admin.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]);
      expect(stock.rows[0]!.stock).toBe(38);
    });
  },
);
