/**
 * An order's history and packing slip on every test database, for a paid online order: the packer
 * picks a lighter weight (its refund goes out to the payment), a manager assigns the rider; the
 * history lists the pick, the refund and the rider in words with who and when, oldest first; the
 * slip shows the picked weight with the ordered one, the total as charged and "Prepaid — collect
 * nothing".
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { collectText } from '#features/fulfilment/rules.ts';
import { setPickedAmount } from '#features/fulfilment/server/packing.ts';
import { orderSlip } from '#features/fulfilment/server/packing-slips.ts';
import { staffOrderJson } from '#features/fulfilment/server/staff-order-json.ts';
import { assignRider, staffOrder } from '#features/fulfilment/server/staff-orders.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { orderItems, products, staff } from '#lib/db/schema.ts';
import type { StaffRole } from '#lib/http/permissions.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { formatPaise } from '#lib/money.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway, payPlaced, placeAwaitingPayment } from '../helpers/fake-gateway.ts';

describe.each(testDatabaseKinds())('an order’s history and packing slip on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  const members = {} as Record<StaffRole, SessionStaff>;
  const actor = (m: SessionStaff): StaffActor => ({ staffId: m.id, name: m.name, role: m.role, requestId: null });

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const [p] = await handle.db.select({ id: products.id }).from(products).where(eq(products.sku, 'FF-DRY-001'));
    productId = p!.id;
    // Sold by the kilo: the packer picks a lighter weight.
    await handle.db.update(products).set({ stock: 500, weight: 1, weightUnit: 'kg' }).where(eq(products.id, productId));
    const added = await handle.db
      .insert(staff)
      .values([
        { name: 'Anu Thomas', phone: '+919320000101', role: 'packer' },
        { name: 'Ravi Menon', phone: '+919320000102', role: 'manager' },
        { name: 'Biju Varghese', phone: '+919320000103', role: 'rider' },
      ])
      .returning();
    for (const m of added) members[m.role] = { id: m.id, name: m.name, phone: m.phone, role: m.role, sessionId: 0 };
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('lists the pick, its refund and the rider with who and when; the slip shows the packed weight', async () => {
    const db = handle.db;
    const gateway = new FakeGateway();
    const order = await placeAwaitingPayment(db, gateway, productId, '+919320000001');
    await payPlaced(db, gateway, order.placed);
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));

    // Two kilos ordered, 1.7 kg picked: 15% of the line goes back to the online payment.
    const picked = await setPickedAmount(db, order.orderId, line!.id, 1.7, actor(members.packer), { gateway });
    expect(picked.refundPaise).toBeGreaterThan(0);
    await assignRider(db, order.orderId, members.rider.id, actor(members.manager));

    const json = staffOrderJson(await staffOrder(db, order.orderId, members.manager), []);
    expect(json.history.map((h) => [h.kind, h.text, h.by])).toEqual([
      ['status', 'Placed', 'Customer'],
      ['picked', `Picked 1.7 kg of ${line!.productName} (ordered 2 kg)`, members.packer.name],
      ['refund', `Refund ${formatPaise(picked.refundPaise)} sent (packing)`, members.packer.name],
      ['rider', `Rider assigned: ${members.rider.name}`, members.manager.name],
    ]);
    const times = json.history.map((h) => Date.parse(h.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));

    const slip = await orderSlip(db, order.orderId);
    expect(slip.lines).toEqual([
      expect.objectContaining({ name: line!.productName, picked: '1.7 kg', ordered: '2 kg', substitutedFor: null }),
    ]);
    expect(slip.lines[0]!.totalPaise).toBe(line!.totalAmountPaise - picked.refundPaise);
    expect(slip.paidAmountPaise).toBe(Math.round(Number(json.paid_amount) * 100));
    expect(collectText(slip.duePaise, slip)).toBe('Prepaid — collect nothing');
  });

  it('tells the rider what to collect: the amount due, nothing for a prepaid order, nothing more once paid at the door', () => {
    expect(collectText(29_200, { paymentMode: 'Cash', paymentStatus: 'pending' })).toBe('₹292.00');
    expect(collectText(0, { paymentMode: 'Online', paymentStatus: 'paid' })).toBe('Prepaid — collect nothing');
    for (const paymentMode of ['Cash', 'Card'])
      expect(collectText(0, { paymentMode, paymentStatus: 'paid' })).toBe('Paid at the door — nothing to collect');
    expect(collectText(0, { paymentMode: 'Credit', paymentStatus: 'pending' })).toBe('On credit — collect nothing');
  });
});
