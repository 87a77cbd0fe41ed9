/**
 * The demo shop's delivered orders have earned their points: the demo customer's three delivered
 * orders and the board's delivered orders each credit the points the shop's rule gives for their
 * amount, as delivery does, once — seeding again or crediting again adds nothing.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CUSTOMER_PHONE } from '#features/demo-shop/demo-customer.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { creditEarnedPoints, pointsFor } from '#features/orders/index.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders, pointsTransactions } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

describe.each(testDatabaseKinds())('the demo shop’s earned points on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db, { demoCustomer: true });
  });
  afterAll(async () => handle?.close());

  const balanceOf = async (phone: string) =>
    (await handle.db.select().from(customers).where(eq(customers.phone, phone)))[0]!;

  it('the demo customer holds the points her three delivered orders earned, one earned entry each', async () => {
    const asha = await balanceOf(DEMO_CUSTOMER_PHONE);
    const delivered = await handle.db.select().from(orders).where(eq(orders.customerId, asha.id));
    expect(delivered.map((o) => o.status)).toEqual(['delivered', 'delivered', 'delivered']);
    const earned = delivered.map((o) => pointsFor(o.paidAmountPaise));
    expect(delivered.map((o) => o.pointsEarned)).toEqual(earned);
    expect(delivered.every((o) => o.pointsCreditedAt !== null)).toBe(true);
    const total = earned.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(0);
    expect(asha.pointsBalance).toBe(total);
    const entries = await handle.db.select().from(pointsTransactions).where(eq(pointsTransactions.customerId, asha.id));
    expect(entries.map((e) => [e.reason, e.delta]).sort()).toEqual(earned.map((p) => ['earned', p]).sort());
  });

  it('every delivered order of the board credited its points; the others have none credited yet', async () => {
    const all = await handle.db.select().from(orders);
    for (const o of all) {
      expect(o.pointsCreditedAt !== null, `order ${o.id} (${o.status})`).toBe(
        o.status === 'delivered' && o.pointsEarned > 0,
      );
    }
  });

  it('credits once: crediting a delivered order again or seeding again adds nothing', async () => {
    const asha = await balanceOf(DEMO_CUSTOMER_PHONE);
    const [first] = await handle.db.select().from(orders).where(eq(orders.customerId, asha.id)).limit(1);
    expect(await handle.db.transaction((tx) => creditEarnedPoints(tx, first!.id, new Date()))).toBe(0);
    await seedDemoShop(handle.db, { demoCustomer: true });
    expect((await balanceOf(DEMO_CUSTOMER_PHONE)).pointsBalance).toBe(asha.pointsBalance);
    expect(await handle.db.$count(pointsTransactions, eq(pointsTransactions.customerId, asha.id))).toBe(3);
  });
});
