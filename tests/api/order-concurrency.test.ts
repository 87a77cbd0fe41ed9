/**
 * No oversell: 20 customers order the last 5 units at once. Exactly 5 orders succeed and stock
 * ends at 0 — in-process on each database kind (PostgreSQL with a real connection pool), and on
 * PostgreSQL with two server processes sharing one database.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { createPostgresDatabase, createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { ApiClient } from '../helpers/api.ts';
import { seedDemoShop } from '../../src/lib/server/demo-shop/seed.ts';
import { products, customers, orders } from '../../src/lib/server/db/schema.ts';
import { addToCart } from '../../src/lib/server/services/cart.ts';
import { addAddress } from '../../src/lib/server/services/addresses.ts';
import { placeOrder, quoteOrder } from '../../src/lib/server/services/orders.ts';

const ADDRESS = { type: 'home', name: 'Buyer', mobile: '+919800000000', building_num: '1', street: 'MG Road', landmark: null, city: 'Thrissur', po_box: '680001', latitude: 10.52, longitude: 76.21 };

describe.each(testDatabaseKinds())('concurrent orders in one process on %s', (kind) => {
  it('sells exactly the 5 units in stock to 20 simultaneous buyers', async () => {
    const handle = await createTestDatabase(kind);
    try {
      await seedDemoShop(handle.db);
      const db = handle.db;
      await db.update(products).set({ stock: 5 }).where(eq(products.id, 1));
      const buyers = [];
      for (let i = 0; i < 20; i++) {
        const [c] = await db.insert(customers).values({ name: `Buyer ${i}`, phone: `+9190000000${String(i).padStart(2, '0')}` }).returning();
        const address = await addAddress(db, c!.id, ADDRESS);
        await addToCart(db, c!.id, 1, 1);
        const quote = await quoteOrder(db, c!.id);
        buyers.push({ customerId: c!.id, addressId: address.id, paid: quote.paidAmountPaise });
      }
      const results = await Promise.allSettled(
        buyers.map((b) => placeOrder(db, b.customerId, { addressId: b.addressId, paymentMode: 'Cash', paidAmountPaise: b.paid, points: 0 })),
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

describe.skipIf(!process.env.TEST_DATABASE_URL)('concurrent orders through two server processes on one PostgreSQL', () => {
  const servers: RunningServer[] = [];
  let drop: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  it('sells exactly 5 units to 20 buyers split across both servers', async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    servers.push(await startServer({ DATABASE_URL: created.url }));
    servers.push(await startServer({ DATABASE_URL: created.url }));
    const admin = new pg.Client({ connectionString: created.url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ id: number }>('SELECT id FROM products WHERE stock > 0 ORDER BY id LIMIT 1');
      const productId = rows[0]!.id;
      await admin.query('UPDATE products SET stock = 5 WHERE id = $1', [productId]);
      const buyers = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const c = new ApiClient(servers[i % 2]!.baseUrl);
          await c.signUp();
          const address = await c.post('/api/customer/add-address', { json: { ...ADDRESS, latitude: '10.52', longitude: '76.21' } });
          await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '1' } });
          const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
          return { c, addressId: address.body.data.address.id, paid: s.paid_amount };
        }),
      );
      const results = await Promise.all(
        buyers.map((b) => b.c.post('/api/customer/place-order', { json: { address_id: b.addressId, payment_mode: 'cod', paid_amount: b.paid, points: '0' } })),
      );
      expect(results.filter((r) => r.status === 201)).toHaveLength(5);
      expect(results.filter((r) => r.status === 409)).toHaveLength(15);
      const stock = await admin.query<{ stock: number }>('SELECT stock FROM products WHERE id = $1', [productId]);
      expect(stock.rows[0]!.stock).toBe(0);
      const count = await admin.query<{ n: number }>('SELECT count(*)::int AS n FROM orders');
      expect(count.rows[0]!.n).toBe(5);
    } finally {
      await admin.end();
    }
  });
});
