/**
 * The board's version (and a slot's picking-list version) moves with every order change whatever
 * the clocks of the servers that write: an update made by a server whose clock runs a year ahead,
 * then one by a server a year behind, each moves it, and it stays put when nothing changed. The
 * versions are read while this process's clock is far off too, on each test database.
 */
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { shopTime } from '#features/delivery/index.ts';
import { boardVersion } from '#features/fulfilment/server/order-board.ts';
import { slotVersion } from '#features/fulfilment/server/slot-orders.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, orders } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const YEAR_MS = 365 * 86_400_000;

describe.each(testDatabaseKinds())('the order board version on %s', (kind) => {
  let handle: DatabaseHandle;
  const now = new Date();
  const slotStart = new Date(now.getTime() + 3_600_000);
  const slot = { date: shopTime(slotStart).date, slotId: `${shopTime(slotStart).date}T10:00-12:00` };
  const ids: number[] = [];

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    const [customer] = await handle.db.insert(customers).values({ phone: '+919876500021', name: 'Asha' }).returning();
    for (let i = 0; i < 2; i++) {
      const [order] = await handle.db
        .insert(orders)
        .values({
          customerId: customer!.id,
          status: 'placed',
          paymentMode: 'Cash',
          subtotalPaise: 5000,
          paidAmountPaise: 5000,
          deliveryZoneId: 'thrissur',
          deliverySlotId: slot.slotId,
          deliverySlotStart: slotStart,
        })
        .returning();
      ids.push(order!.id);
    }
  });
  afterEach(() => vi.useRealTimers());
  afterAll(() => handle?.close());

  /** Moves order `id` to `status` as a server whose clock reads `clock` (its `updated_at` stamp). */
  async function update(id: number, status: 'processed' | 'out_for_delivery', clock: Date): Promise<void> {
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    await handle.db.update(orders).set({ status }).where(eq(orders.id, id));
    vi.useRealTimers();
  }

  /** Both versions, read by a process whose clock is far from the database's. */
  async function versions(): Promise<string[]> {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date(now.getTime() - 7 * YEAR_MS) });
    const read = [await boardVersion(handle.db, now), await slotVersion(handle.db, slot)];
    vi.useRealTimers();
    return read;
  }

  it('moves with each change written by servers with skewed clocks, and only then', async () => {
    const start = await versions();
    expect(await versions()).toEqual(start);

    await update(ids[0]!, 'processed', new Date(now.getTime() + YEAR_MS));
    const ahead = await versions();
    expect(ahead[0]).not.toBe(start[0]);
    expect(ahead[1]).not.toBe(start[1]);

    // A server a year behind: its `updated_at` is older than the newest one already seen.
    await update(ids[1]!, 'processed', new Date(now.getTime() - YEAR_MS));
    const behind = await versions();
    expect(behind[0]).not.toBe(ahead[0]);
    expect(behind[1]).not.toBe(ahead[1]);

    await update(ids[0]!, 'out_for_delivery', new Date(now.getTime() - YEAR_MS));
    const again = await versions();
    expect(again[0]).not.toBe(behind[0]);
    expect(again[1]).not.toBe(behind[1]);
    expect(await versions()).toEqual(again);
  });
});
