/**
 * One count of a customer's orders, on each database kind: the customer's own list and the back
 * office (search results and the customer's page) count the same orders — those the shop took,
 * a cancelled one included — while online payment attempts awaiting payment or released unpaid
 * are counted and listed apart, as unpaid attempts.
 */
import { and, asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptsText, ordersText } from '#features/account/admin-customer-rules.ts';
import { findCustomers, getAdminCustomer } from '#features/account/server/admin-customers.ts';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { orderCounts } from '#features/orders/rules.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { listOrders } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders, products } from '#lib/db/schema.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

describe.each(testDatabaseKinds())('counting a customer’s orders on %s', (kind) => {
  let handle: DatabaseHandle;
  let customerId: number;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const db = handle.db;
    const [product] = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), gt(products.stock, 10)))
      .orderBy(asc(products.id))
      .limit(1);
    const [customer] = await db
      .insert(customers)
      .values({ name: 'Meera Raghavan', phone: '+919847066601' })
      .returning({ id: customers.id });
    customerId = customer!.id;
    const address = await addAddress(db, customerId, { ...THRISSUR_ADDRESS, mobile: '+919847066601' });
    const placed: number[] = [];
    for (let i = 0; i < 3; i++) {
      await addToCart(db, customerId, product!.id, 2);
      const quote = await quoteOrder(db, customerId, { points: 0 });
      const { order } = await placeOrder(db, customerId, {
        addressId: address.id,
        paymentMode: 'Cash',
        paidAmountPaise: quote.paidAmountPaise,
        points: 0,
      });
      placed.push(order.id);
    }
    await cancelOrder(db, customerId, placed[0]!);
    // Two online payment attempts that never became orders: one awaiting payment, one released.
    for (const status of ['pending_payment', 'payment_failed'] as const) {
      await db.insert(orders).values({
        customerId,
        status,
        paymentMode: 'Online',
        paymentStatus: status === 'pending_payment' ? 'pending' : 'failed',
        subtotalPaise: 10_000,
        paidAmountPaise: 10_000,
      });
    }
  });
  afterAll(async () => handle?.close());

  it('the customer’s list holds the three orders the shop took, the cancelled one included', async () => {
    const mine = await listOrders(handle.db, customerId);
    expect(mine.map((o) => o.status).sort()).toEqual(['cancelled', 'placed', 'placed']);
  });

  it('Track Orders counts the cancelled order apart, not as New', async () => {
    const mine = await listOrders(handle.db, customerId);
    expect(orderCounts(mine.map((o) => o.status))).toEqual({ total: 3, new: 2, delivered: 0, cancelled: 1 });
  });

  it('staff’s search counts the same three orders and the two unpaid attempts apart', async () => {
    const [hit] = await findCustomers(handle.db, 'Meera Raghavan');
    expect(hit).toMatchObject({ id: customerId, ordersCount: 3, attemptsCount: 2 });
    expect(`${ordersText(hit!.ordersCount)} · ${attemptsText(hit!.attemptsCount)}`).toBe(
      '3 orders · 2 unpaid attempts',
    );
  });

  it('the customer’s page lists the orders and the unpaid attempts apart, each counted', async () => {
    const page = await getAdminCustomer(handle.db, customerId);
    expect(page.ordersCount).toBe(3);
    expect(page.orders.map((o) => o.status).sort()).toEqual(['cancelled', 'placed', 'placed']);
    expect(page.attemptsCount).toBe(2);
    expect(page.attempts.map((o) => o.status).sort()).toEqual(['payment_failed', 'pending_payment']);
  });

  it('says one order and one attempt in the singular', () => {
    expect(ordersText(1)).toBe('1 order');
    expect(attemptsText(1)).toBe('1 unpaid attempt');
  });
});
