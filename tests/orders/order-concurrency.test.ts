/**
 * Orders under concurrency, in-process on each database kind (PostgreSQL with a real connection
 * pool) and on PostgreSQL with two server processes sharing one database:
 * - no oversell: 20 customers order the last 5 units at once; exactly 5 orders succeed and stock
 *   ends at 0;
 * - one cart, one order: ten simultaneous place-order requests of one customer (a double
 *   submit, no Idempotency-Key) make exactly one order; the other nine get a 409, and the promo,
 *   the credit and the stock are taken once;
 * - a flash sale: 40 customers whose carts hold the same four products, half in one order and
 *   half in the other, each in a delivery slot of their own choosing, place their orders at once:
 *   every order the stock allows is placed, the others get a 409 that names the product, never a
 *   5xx; stock, stock movements, slot places and invoice numbers add up. In-process on a pool of
 *   4 connections (with cancellations racing new orders), and over HTTP on two server processes.
 */

import { and, eq, inArray, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { deliveryNow, listZoneSlots, zoneForPin } from '#features/delivery/index.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { allocateInvoiceNumber } from '#features/invoices/index.ts';
import { onOrderConfirmed } from '#features/orders/server/confirmation.ts';
import { CART_ALREADY_ORDERED, type PlaceOrderInput, placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import {
  creditTransactions,
  customers,
  deliverySlotUsage,
  orders,
  products,
  promoCodes,
  stockMovements,
} from '#lib/db/schema.ts';
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

// As the server wires it (src/server/wiring.ts): a confirmed order gets its invoice number.
onOrderConfirmed(allocateInvoiceNumber);

/** The sequence number at the end of an invoice number ("FF/26/000123" → 123). */
const invoiceSeq = (n: string) => Number(n.slice(n.lastIndexOf('/') + 1));

/** True when the numbers are distinct and consecutive: no gap between the smallest and the largest. */
function consecutive(numbers: number[]): boolean {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.length > 0 && sorted.every((n, i) => n === sorted[0]! + i);
}

/** True when `message` is the stock refusal of one of the products `names`, as the customer reads it. */
function isStockRefusal(message: unknown, names: string[]): boolean {
  return names.some(
    (n) =>
      message === `Sorry, ${n} is out of stock. Please remove it from your cart.` ||
      (typeof message === 'string' &&
        /^Only \d+ of /.test(message) &&
        message.endsWith(` of ${n} left in stock. Please update your cart.`)),
  );
}

/** A fresh migrated database; on PostgreSQL with a pool of only 4 connections. */
async function smallPoolDatabase(kind: 'pglite' | 'postgres'): Promise<DatabaseHandle> {
  if (kind === 'pglite') return createTestDatabase('pglite');
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: url, maxConnections: 4 });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

describe.each(testDatabaseKinds())('a flash sale in one process on %s (a pool of 4 connections)', (kind) => {
  it('places the 30 orders the stock allows, refuses 10 by name, and cancellations racing new orders add up', async () => {
    const handle = await smallPoolDatabase(kind);
    try {
      const db = handle.db;
      await seedDemoShop(db);
      const four = await db
        .select({ id: products.id, name: products.name })
        .from(products)
        .where(eq(products.isActive, true))
        .orderBy(products.id)
        .limit(4);
      const ids = four.map((p) => p.id);
      const names = four.map((p) => p.name);
      await db.update(products).set({ stock: 30 }).where(inArray(products.id, ids));
      const open = (await listZoneSlots(db, zoneForPin('680001')!, deliveryNow())).filter((s) => s.status === 'open');
      expect(open.length).toBeGreaterThanOrEqual(5);
      const slotIds = open.map((s) => s.id);
      const usedBefore = await slotUse(db, slotIds);

      const buyers: { customerId: number; addressId: number; paid: number; slot: string }[] = [];
      for (let i = 0; i < 40; i++) {
        const [c] = await db
          .insert(customers)
          .values({ name: `Flash ${i}`, phone: `+9191000000${String(i).padStart(2, '0')}` })
          .returning();
        const address = await addAddress(db, c!.id, ADDRESS);
        for (const id of i % 2 ? [...ids].reverse() : ids) await addToCart(db, c!.id, id, 1);
        const quote = await quoteOrder(db, c!.id);
        buyers.push({
          customerId: c!.id,
          addressId: address.id,
          paid: quote.paidAmountPaise,
          slot: slotIds[i % slotIds.length]!,
        });
      }
      const place = (b: (typeof buyers)[number]) =>
        placeOrder(db, b.customerId, {
          addressId: b.addressId,
          paymentMode: 'Cash',
          paidAmountPaise: b.paid,
          points: 0,
          deliverySlot: b.slot,
        });

      const results = await Promise.allSettled(buyers.map(place));

      const placed = results.flatMap((r, i) =>
        r.status === 'fulfilled' ? [{ buyer: buyers[i]!, order: r.value.order }] : [],
      );
      const refused = results.flatMap((r, i) =>
        r.status === 'rejected' ? [{ buyer: buyers[i]!, err: r.reason as AppError }] : [],
      );
      expect(refused.map((f) => [f.err.code, isStockRefusal(f.err.message, names)])).toEqual(
        Array.from({ length: 10 }, () => ['conflict', true]),
      );
      expect(placed).toHaveLength(30);
      expect(await stockOf(db, ids)).toEqual([0, 0, 0, 0]);

      // Fifteen cancel while the ten refused customers (their carts untouched) order again.
      const cancelled = placed.slice(0, 15);
      const again = await Promise.allSettled([
        ...cancelled.map((p) => cancelOrder(db, p.buyer.customerId, p.order.id)),
        ...refused.map((f) => place(f.buyer)),
      ]);
      expect(
        again.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason)),
      ).toEqual([]);

      expect(await stockOf(db, ids)).toEqual([5, 5, 5, 5]);
      const mine = await db
        .select({ id: orders.id, status: orders.status, slot: orders.deliverySlotId, invoice: orders.invoiceNumber })
        .from(orders)
        .where(
          inArray(
            orders.customerId,
            buyers.map((b) => b.customerId),
          ),
        );
      expect(mine).toHaveLength(40);
      expect(mine.filter((o) => o.status === 'placed')).toHaveLength(25);
      // Every unit taken or given back is a stock movement of these orders: 40 × −1 and 15 × +1 per product.
      const moved = await db
        .select({ productId: stockMovements.productId, delta: sql<number>`sum(${stockMovements.delta})::int` })
        .from(stockMovements)
        .where(
          inArray(
            stockMovements.orderId,
            mine.map((o) => o.id),
          ),
        )
        .groupBy(stockMovements.productId)
        .orderBy(stockMovements.productId);
      expect(moved).toEqual(ids.map((productId) => ({ productId, delta: -25 })));
      // Each slot holds one place per open order that chose it.
      const usedAfter = await slotUse(db, slotIds);
      for (const id of slotIds)
        expect(usedAfter[id]! - usedBefore[id]!, id).toBe(
          mine.filter((o) => o.status === 'placed' && o.slot === id).length,
        );
      expect(mine.every((o) => slotIds.includes(o.slot!))).toBe(true);
      // Every order placed got its own invoice number, with no gap (a cancelled order keeps its number).
      expect(consecutive(mine.map((o) => invoiceSeq(o.invoice!)))).toBe(true);
    } finally {
      await handle.close();
    }
  });
});

/** Stock of the products `ids`, in that order. */
async function stockOf(db: DatabaseHandle['db'], ids: number[]): Promise<number[]> {
  const rows = await db
    .select({ id: products.id, stock: products.stock })
    .from(products)
    .where(inArray(products.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)!.stock);
}

/** Places taken in the central zone's slots `ids` (0 for a slot nobody has taken). */
async function slotUse(db: DatabaseHandle['db'], ids: string[]): Promise<Record<string, number>> {
  const rows = await db
    .select({ slot: deliverySlotUsage.slotId, used: deliverySlotUsage.used })
    .from(deliverySlotUsage)
    .where(and(eq(deliverySlotUsage.zoneId, 'thrissur-central'), inArray(deliverySlotUsage.slotId, ids)));
  return Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.slot === id)?.used ?? 0]));
}

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

    /**
     * 40 customers on both servers, each with the same four products in their cart (half A, B, C, D,
     * half D, C, B, A) and one of the open slots, press Place Order (Cash) at once with stock for
     * `stock` of them. Returns every answer, after checking that orders, stock, stock movements,
     * slot places and invoice numbers add up.
     */
    async function flashSale(stock: number) {
      const { rows: four } = await admin.query<{ id: number; name: string }>(
        'SELECT id, name FROM products WHERE is_active ORDER BY price_paise, id LIMIT 4',
      );
      const ids = four.map((p) => p.id).sort((a, b) => a - b);
      const names = four.map((p) => p.name);
      await admin.query('UPDATE products SET stock = $2 WHERE id = ANY($1)', [ids, stock]);
      const slots = (await new ApiClient(servers[0]!.baseUrl).get('/api/customer/delivery-slots?pin=680001')).body.data
        .slots as { id: string; status: string }[];
      const open = slots.filter((s) => s.status === 'open').map((s) => s.id);
      expect(open.length).toBeGreaterThanOrEqual(5);
      const usedBefore = await httpSlotUse(open);
      const buyers = await Promise.all(
        Array.from({ length: 40 }, async (_, i) => {
          const c = new ApiClient(servers[i % 2]!.baseUrl);
          await c.signUp();
          const address = await c.post('/api/customer/add-address', {
            json: { ...ADDRESS, latitude: '10.52', longitude: '76.21' },
          });
          for (const id of i % 4 < 2 ? ids : [...ids].reverse())
            expect(
              (await c.post('/api/customer/add-product', { multipart: { product_id: String(id), qty: '1' } })).status,
            ).toBe(200);
          const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
          return { c, addressId: address.body.data.address.id, paid: s.paid_amount, slot: open[i % open.length]! };
        }),
      );
      const started = new Date();

      const results = await Promise.all(
        buyers.map((b) =>
          b.c.post('/api/customer/place-order', {
            json: {
              address_id: b.addressId,
              payment_mode: 'cod',
              paid_amount: b.paid,
              points: '0',
              delivery_slot: b.slot,
            },
          }),
        ),
      );

      expect(results.filter((r) => r.status >= 500).map((r) => [r.status, r.body.message])).toEqual([]);
      const placed = results.filter((r) => r.status === 201).map((r) => r.body.data.order_id as number);
      expect(placed).toHaveLength(Math.min(stock, 40));
      const refused = results.filter((r) => r.status !== 201);
      expect(refused.map((r) => [r.status, isStockRefusal(r.body.message, names)])).toEqual(
        refused.map(() => [409, true]),
      );
      const after = await admin.query<{ stock: number }>('SELECT stock FROM products WHERE id = ANY($1) ORDER BY id', [
        ids,
      ]);
      expect(after.rows.map((r) => r.stock)).toEqual(ids.map(() => Math.max(0, stock - 40)));
      const made = await admin.query<{ id: number; slot: string; invoice: string }>(
        `SELECT id, delivery_slot_id AS slot, invoice_number AS invoice FROM orders
          WHERE created_at >= $1 AND status = 'placed' ORDER BY id`,
        [started],
      );
      expect(made.rows.map((o) => o.id).sort((a, b) => a - b)).toEqual([...placed].sort((a, b) => a - b));
      const moved = await admin.query<{ product_id: number; delta: number }>(
        `SELECT product_id, sum(delta)::int AS delta FROM stock_movements
          WHERE order_id = ANY($1) GROUP BY product_id ORDER BY product_id`,
        [placed],
      );
      expect(moved.rows).toEqual(ids.map((product_id) => ({ product_id, delta: -placed.length })));
      const usedAfter = await httpSlotUse(open);
      for (const id of open)
        expect(usedAfter[id]! - usedBefore[id]!, id).toBe(made.rows.filter((o) => o.slot === id).length);
      expect(made.rows.map((o) => o.slot).sort()).toEqual(
        buyers
          .filter((_, i) => results[i]!.status === 201)
          .map((b) => b.slot)
          .sort(),
      );
      const numbers = made.rows.map((o) => invoiceSeq(o.invoice));
      expect(consecutive(numbers)).toBe(true);
      const counter = await admin.query<{ n: number }>('SELECT max(last_number)::int AS n FROM invoice_counters');
      expect(Math.max(...numbers)).toBe(counter.rows[0]!.n);
    }

    /** Places taken in the central zone's slots `ids`. */
    async function httpSlotUse(ids: string[]): Promise<Record<string, number>> {
      const { rows } = await admin.query<{ slot: string; used: number }>(
        `SELECT slot_id AS slot, used FROM delivery_slot_usage WHERE zone_id = 'thrissur-central' AND slot_id = ANY($1)`,
        [ids],
      );
      return Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.slot === id)?.used ?? 0]));
    }

    it('a flash sale with stock for all 40: 40 orders, no 5xx, stock, slots and invoice numbers add up', async () => {
      await flashSale(40);
    });

    it('a flash sale with stock for 30 of 40: 30 orders and 10 × 409 naming the product, no 5xx', async () => {
      await flashSale(30);
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
