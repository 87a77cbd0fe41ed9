/** The demo customer: seeded only when asked, with delivered orders that Buy again lists. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase } from '../helpers/database.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { DEMO_CUSTOMER_PHONE } from '#features/demo-shop/demo-customer.ts';
import { customers, orders } from '#lib/db/schema.ts';
import { buyAgain } from '#features/buy-again/server.ts';
import { listOrders } from '#features/orders/server/queries.ts';

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
