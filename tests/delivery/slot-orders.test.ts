/**
 * Orders and delivery slots in one process, on PGlite and PostgreSQL: the zone of
 * the address sets the fee and the minimum order; the chosen slot is checked (offered, open,
 * not full) and stored; without a choice the earliest open slot with room is taken; 12
 * simultaneous orders for a slot of capacity 3 make exactly 3 orders in it; cancelling gives
 * the place back.
 */

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { setDeliveryClock } from '#features/delivery/server/clock.ts';
import { orderDelivery } from '#features/delivery/server/order-delivery.ts';
import { listZoneSlots } from '#features/delivery/server/slot-usage.ts';
import { setDeliveryConfig } from '#features/delivery/server/zones.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import type { Database } from '#lib/db/index.ts';
import { deliverySlotUsage, orders, products } from '#lib/db/schema.ts';
import type { AppError } from '#lib/http/envelope.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { buyer, NOW, SMALL } from './slot-buyers.ts';

describe.each(testDatabaseKinds())('orders with delivery slots on %s', (kind) => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
    await seedDemoShop(db);
    await db.update(products).set({ stock: 1000, pricePaise: 10000 }).where(eq(products.id, 1));
    setDeliveryConfig(SMALL);
    setDeliveryClock(NOW);
  });
  afterEach(async () => {
    await db.delete(orders);
    await db.delete(deliverySlotUsage);
  });
  afterAll(async () => {
    setDeliveryConfig(null);
    setDeliveryClock(null);
    await handle.close();
  });

  it('stores the chosen slot with the order and counts it', async () => {
    const b = await buyer(db);
    const { order } = await placeOrder(db, b.customerId, { ...b.input, deliverySlot: '2026-11-26T11:00' });
    expect(order.deliverySlot).toMatchObject({
      id: '2026-11-26T11:00',
      zone: 'Central Thrissur',
      label: 'Thu 26 Nov, 11 AM–1 PM',
      starts_at: '2026-11-26T05:30:00.000Z',
    });
    const slots = await listZoneSlots(db, orderDelivery('680001')!.zone, NOW);
    expect(slots.find((s) => s.id === '2026-11-26T11:00')!.left).toBe(2);
  });

  it('takes the earliest open slot when none is chosen', async () => {
    const b = await buyer(db);
    const { order } = await placeOrder(db, b.customerId, b.input);
    // 07:00 closed at 05:00; 09:00 is the earliest open one at 06:00.
    expect(order.deliverySlot!.id).toBe('2026-11-26T09:00');
  });

  it('refuses a slot the zone does not offer (400), a closed one and a full one (409)', async () => {
    const b = await buyer(db);
    const fail = (slot: string) =>
      placeOrder(db, b.customerId, { ...b.input, deliverySlot: slot }).then(
        () => null,
        (e: AppError) => [e.code, e.message],
      );
    expect(await fail('2026-11-26T08:00')).toEqual([
      'bad_request',
      'That delivery slot is not offered for this address. Please choose another slot.',
    ]);
    expect(await fail('2026-12-26T09:00')).toEqual([
      'bad_request',
      'That delivery slot is not offered for this address. Please choose another slot.',
    ]);
    expect(await fail('2026-11-26T07:00')).toEqual([
      'conflict',
      'Closed: orders close 2 hours before the slot. Please choose another slot.',
    ]);
    await db.insert(deliverySlotUsage).values({ zoneId: 'thrissur-central', slotId: '2026-11-26T16:00', used: 3 });
    expect(await fail('2026-11-26T16:00')).toEqual([
      'conflict',
      'That delivery slot is full. Please choose another slot.',
    ]);
    expect(await db.$count(orders)).toBe(0);
  });

  it('charges the outer zone its own fee and refuses an order below its minimum (422)', async () => {
    const small = await buyer(db, '680555', 1);
    expect(small.quote.deliveryFeePaise).toBe(6000);
    await expect(placeOrder(db, small.customerId, small.input)).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'The minimum order for delivery to Greater Thrissur is ₹299.00. Please add ₹199.00 more to your cart.',
    });
    const big = await buyer(db, '680555', 3);
    expect(big.quote.deliveryFeePaise).toBe(6000);
    const { order } = await placeOrder(db, big.customerId, { ...big.input, deliverySlot: '2026-11-26T16:00' });
    expect(order.deliveryFeePaise).toBe(6000);
    expect(order.deliverySlot!.zone).toBe('Greater Thrissur');
  });

  it('puts at most the capacity (3) in a slot when 12 orders for it arrive at once', async () => {
    const buyers = [];
    for (let i = 0; i < 12; i++) buyers.push(await buyer(db));
    const results = await Promise.allSettled(
      buyers.map((b) => placeOrder(db, b.customerId, { ...b.input, deliverySlot: '2026-11-27T18:00' })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(3);
    const refused = results
      .filter((r): r is PromiseRejectedResult => r.status === 'rejected')
      .map((r) => (r.reason as AppError).message);
    expect(new Set(refused)).toEqual(new Set(['That delivery slot is full. Please choose another slot.']));
    expect(await db.$count(orders, eq(orders.deliverySlotId, '2026-11-27T18:00'))).toBe(3);
  });

  it('gives the place back when an order is cancelled', async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      const b = await buyer(db);
      ids.push({
        customerId: b.customerId,
        id: (await placeOrder(db, b.customerId, { ...b.input, deliverySlot: '2026-11-28T07:00' })).order.id,
      });
    }
    const late = await buyer(db);
    await expect(
      placeOrder(db, late.customerId, { ...late.input, deliverySlot: '2026-11-28T07:00' }),
    ).rejects.toMatchObject({ code: 'conflict' });
    await cancelOrder(db, ids[0]!.customerId, ids[0]!.id);
    const { order } = await placeOrder(db, late.customerId, { ...late.input, deliverySlot: '2026-11-28T07:00' });
    expect(order.deliverySlot!.id).toBe('2026-11-28T07:00');
  });
});
