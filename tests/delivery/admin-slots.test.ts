/**
 * Staff's slot settings on PGlite and PostgreSQL: the next 7 days of every zone with capacity,
 * booked and left; a closed slot takes no order (and says why) until reopened; a slot's own
 * capacity holds against orders arriving at once; a capacity below the orders booked is refused
 * and booked orders keep their place; every change is audited.
 */

import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listAdminSlots, setSlotCapacity, setSlotClosed } from '#features/delivery/server/admin-slots.ts';
import { setDeliveryClock } from '#features/delivery/server/clock.ts';
import { setDeliveryConfig } from '#features/delivery/server/zones.ts';
import { shopInstant } from '#features/delivery/slots.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import type { Database } from '#lib/db/index.ts';
import { deliverySlotUsage, orders, products } from '#lib/db/schema.ts';
import testZones from '../fixtures/zones.json' with { type: 'json' };
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { buyer, NOW, SMALL } from './slot-buyers.ts';

describe.each(testDatabaseKinds())('staff slot settings on %s', (kind) => {
  let handle: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Database;
  const audit = auditReader(() => db);
  const actor = TEST_ACTOR;
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
    await audit.mark();
  });
  afterAll(async () => {
    setDeliveryConfig(null);
    setDeliveryClock(null);
    await handle.close();
  });

  const place = (b: Awaited<ReturnType<typeof buyer>>, slot: string) =>
    placeOrder(db, b.customerId, { ...b.input, deliverySlot: slot });

  it("lists every zone's next 7 days with capacity, booked and left", async () => {
    await place(await buyer(db), '2026-11-27T11:00');
    const zones = await listAdminSlots(db, NOW);
    expect(zones.map((z) => z.zoneId)).toEqual(testZones.zones.map((z) => z.id));
    const central = zones[0]!;
    expect(new Set(central.slots.map((s) => s.date)).size).toBe(7);
    expect(central.slots.find((s) => s.id === '2026-11-27T11:00')).toMatchObject({
      capacity: 3,
      booked: 1,
      left: 2,
      status: 'open',
      closedByShop: false,
    });
  });

  it('closes a slot to new orders, keeps the orders in it, and reopens it', async () => {
    const first = await place(await buyer(db), '2026-11-27T09:00');
    const closed = await setSlotClosed(db, 'thrissur-central', '2026-11-27T09:00', true, actor, NOW);
    expect(closed).toMatchObject({ status: 'closed', reason: 'Closed by the shop', booked: 1, closedByShop: true });
    await expect(place(await buyer(db), '2026-11-27T09:00')).rejects.toMatchObject({
      code: 'conflict',
      message: 'Closed by the shop. Please choose another slot.',
    });
    // Without a choice, the earliest open slot is taken, never the closed one.
    setDeliveryClock(shopInstant('2026-11-27', '06:00'));
    try {
      const b = await buyer(db);
      const { order } = await placeOrder(db, b.customerId, b.input);
      expect(order.deliverySlot!.id).toBe('2026-11-27T11:00');
    } finally {
      setDeliveryClock(NOW);
    }
    expect(await db.$count(orders, eq(orders.id, first.order.id))).toBe(1);
    const reopened = await setSlotClosed(db, 'thrissur-central', '2026-11-27T09:00', false, actor, NOW);
    expect(reopened).toMatchObject({ status: 'open', booked: 1, left: 2 });
    await place(await buyer(db), '2026-11-27T09:00');
    expect((await audit.entries()).map((e) => [e.action, e.entityId, e.before, e.after])).toEqual([
      ['slot.close', 'thrissur-central/2026-11-27T09:00', { closed: false }, { closed: true }],
      ['slot.reopen', 'thrissur-central/2026-11-27T09:00', { closed: true }, { closed: false }],
    ]);
  });

  it('refuses a capacity below the orders booked, and lets a slot take more', async () => {
    await place(await buyer(db), '2026-11-28T11:00');
    await place(await buyer(db), '2026-11-28T11:00');
    await expect(setSlotCapacity(db, 'thrissur-central', '2026-11-28T11:00', 1, actor, NOW)).rejects.toMatchObject({
      code: 'unprocessable',
      message: '2 orders are booked in this slot: the capacity cannot be below 2.',
      data: { booked: 2 },
    });
    expect(await setSlotCapacity(db, 'thrissur-central', '2026-11-28T11:00', 2, actor, NOW)).toMatchObject({
      capacity: 2,
      booked: 2,
      left: 0,
      status: 'full',
    });
    await expect(place(await buyer(db), '2026-11-28T11:00')).rejects.toMatchObject({ code: 'conflict' });
    await setSlotCapacity(db, 'thrissur-central', '2026-11-28T11:00', 4, actor, NOW);
    await place(await buyer(db), '2026-11-28T11:00');
    expect((await audit.entries()).map((e) => [e.action, e.before, e.after])).toEqual([
      ['slot.capacity', { capacity: 3, booked: 2 }, { capacity: 2, booked: 2 }],
      ['slot.capacity', { capacity: 2, booked: 2 }, { capacity: 4, booked: 2 }],
    ]);
  });

  it('answers 404 for a zone or slot that is not there', async () => {
    await expect(setSlotClosed(db, 'nowhere', '2026-11-28T11:00', true, actor, NOW)).rejects.toMatchObject({
      code: 'not_found',
      message: 'No such delivery zone.',
    });
    await expect(setSlotCapacity(db, 'thrissur-central', '2026-12-28T11:00', 5, actor, NOW)).rejects.toMatchObject({
      code: 'not_found',
      message: 'No such slot in the next 7 days of this zone.',
    });
  });

  it('never books more than the capacity while staff lower it and 10 orders arrive at once', async () => {
    await setSlotCapacity(db, 'thrissur-central', '2026-11-28T16:00', 6, actor, NOW);
    const buyers = [];
    for (let i = 0; i < 10; i++) buyers.push(await buyer(db));
    const [change, ...results] = await Promise.allSettled([
      setSlotCapacity(db, 'thrissur-central', '2026-11-28T16:00', 4, actor, NOW),
      ...buyers.map((b) => place(b, '2026-11-28T16:00')),
    ]);
    const booked = results.filter((r) => r.status === 'fulfilled').length;
    const [slot] = (await listAdminSlots(db, NOW))[0]!.slots.filter((s) => s.id === '2026-11-28T16:00');
    expect(slot!.booked).toBe(booked);
    expect(await db.$count(orders, eq(orders.deliverySlotId, '2026-11-28T16:00'))).toBe(booked);
    // Either the lower capacity came first (4 orders), or it came after more than 4 were booked and was refused (6).
    if (change.status === 'fulfilled') expect([booked, slot!.capacity]).toEqual([4, 4]);
    else expect([booked, slot!.capacity]).toEqual([6, 6]);
  });
});
