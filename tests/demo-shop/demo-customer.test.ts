/**
 * The demo customer, seeded only when asked, with delivered orders that Buy again lists; with her,
 * the demo staff and today's orders for the back office's board.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyAgain } from '#features/buy-again/server.ts';
import { DEMO_CUSTOMER_PHONE } from '#features/demo-shop/demo-customer.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { readBoard } from '#features/fulfilment/server/order-board.ts';
import { listOrders } from '#features/orders/server/queries.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders, staff } from '#lib/db/schema.ts';
import { createTestDatabase } from '../helpers/database.ts';

describe('the demo customer', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
  });
  afterAll(async () => handle?.close());

  it('is not there unless asked for', async () => {
    await seedDemoShop(handle.db);
    expect(await handle.db.$count(customers)).toBe(0);
    expect(await handle.db.$count(orders)).toBe(0);
  });

  it('has three delivered orders whose products Buy again lists, most often ordered first', async () => {
    await seedDemoShop(handle.db, { demoCustomer: true });
    const [asha] = await handle.db.select().from(customers).where(eq(customers.phone, DEMO_CUSTOMER_PHONE));
    expect(asha).toBeTruthy();
    const history = await listOrders(handle.db, asha!.id);
    expect(history.map((o) => o.status)).toEqual(['delivered', 'delivered', 'delivered']);
    expect(history.every((o) => o.substitution && o.items.every((i) => i.substitution))).toBe(true);
    const again = await buyAgain(handle.db, asha!.id);
    expect(again.map((a) => a.timesOrdered)).toEqual([3, 2, 1, 1, 1]);
  });
});

describe('the demo shop’s staff and today’s orders', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
  });
  afterAll(async () => handle?.close());

  it('are seeded only with the demo customer: one staff member per role, a dozen orders in every status in today’s slots', async () => {
    await seedDemoShop(handle.db);
    expect(await handle.db.$count(staff)).toBe(0);
    await seedDemoShop(handle.db, { demoCustomer: true });
    const members = await handle.db.select().from(staff);
    expect(members.map((m) => m.role).sort()).toEqual(['manager', 'owner', 'packer', 'rider']);
    const board = await readBoard(handle.db);
    const today = board.days[0]!.slots;
    const counts = today.reduce<Record<string, number>>((all, s) => {
      for (const [status, n] of Object.entries(s.counts)) all[status] = (all[status] ?? 0) + n;
      return all;
    }, {});
    // A slot's counts name every status the board shows, zeros too (no demo order came back undelivered).
    expect(counts).toEqual({
      placed: 3,
      processed: 3,
      out_for_delivery: 2,
      delivered: 2,
      undelivered: 0,
      cancelled: 2,
    });
    // Each slot's places taken are its orders that are not cancelled.
    for (const slot of today) expect(slot.used).toBe(slot.orders.filter((o) => o.status !== 'cancelled').length);
    // Seeding again gives the same shop, not twice the places.
    await seedDemoShop(handle.db, { demoCustomer: true });
    expect((await readBoard(handle.db)).days[0]!.slots.reduce((n, s) => n + s.used, 0)).toBe(10);
  });
});
