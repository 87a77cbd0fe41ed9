/**
 * The rider at the door on every test database: an outcome is recorded exactly once under two
 * parallel requests (same key, or two keys); delivered in part takes the handed-back line off the
 * amount due and the cash collected pays the order only when it equals what is due; not at home
 * makes the order undelivered with its SMS, then rescheduled or cancelled (stock back once); undo
 * works the same day, refuses the next day and when money already went back; the day-end
 * handover's expected cash is collected less given back, and a difference needs a reason; a cash
 * refund the shop pays from its till is no rider's, one the rider hands over is theirs and flags a
 * handover recorded before it.
 */

import { and, asc, eq, gte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { undoOutcomeRoute } from '#features/fulfilment/door-contract.ts';
import { cashDay, recordHandover } from '#features/fulfilment/server/cash-handover.ts';
import {
  type OutcomeInput,
  quoteDoor,
  recordOutcome,
  rescheduleOrder,
  undoOutcome,
} from '#features/fulfilment/server/door.ts';
import { cancelOrderAsStaff, staffOrder } from '#features/fulfilment/server/staff-orders.ts';
import { orderJson } from '#features/orders/server/order-json.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { getOrder } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder } from '#features/orders/server/status.ts';
import { recordReturn } from '#features/returns/server/returns.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import {
  auditLog,
  cashHandovers,
  customers,
  deliveryOutcomes,
  orderAdjustments,
  orderItems,
  orderNotifications,
  orders,
  products,
  staff,
} from '#lib/db/schema.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const key = () => `test-${Math.random().toString(36).slice(2)}-${Date.now()}`;

describe.each(testDatabaseKinds())('the rider at the door on %s', (kind) => {
  let handle: DatabaseHandle;
  let items: { id: number; pricePaise: number }[];
  let rider: SessionStaff;
  let riderActor: StaffActor;
  let owner: SessionStaff;
  let ownerActor: StaffActor;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const rows = await handle.db
      .select({ id: products.id, pricePaise: products.pricePaise })
      .from(products)
      .where(and(eq(products.isActive, true), gte(products.pricePaise, 1000)))
      .orderBy(asc(products.id))
      .limit(2);
    for (const p of rows)
      await handle.db
        .update(products)
        .set({ weight: null, weightUnit: null, stock: 1000 })
        .where(eq(products.id, p.id));
    items = rows;
    const [r] = await handle.db
      .insert(staff)
      .values({ name: 'Door Rider', phone: '+919447990001', role: 'rider' })
      .returning();
    const [o] = await handle.db
      .insert(staff)
      .values({ name: 'Door Owner', phone: '+919447990002', role: 'owner' })
      .returning();
    rider = { id: r!.id, name: r!.name, phone: r!.phone, role: 'rider', sessionId: 0 };
    riderActor = { staffId: r!.id, name: r!.name, role: 'rider', requestId: null };
    owner = { id: o!.id, name: o!.name, phone: o!.phone, role: 'owner', sessionId: 0 };
    ownerActor = { staffId: o!.id, name: o!.name, role: 'owner', requestId: null };
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A Cash (or Credit) order of 2 of the first product and 1 of the second, out for delivery with the rider. */
  async function outForDelivery(paymentMode: 'Cash' | 'Credit' = 'Cash') {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91951000${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 500_000,
        creditBalancePaise: 500_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, THRISSUR_ADDRESS);
    await addToCart(db, c!.id, items[0]!.id, 2);
    await addToCart(db, c!.id, items[1]!.id, 1);
    const quote = await quoteOrder(db, c!.id, { points: 0 });
    const { order } = await placeOrder(db, c!.id, {
      addressId: address.id,
      paymentMode,
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      substitution: 'replace',
    });
    await db.update(orders).set({ riderId: rider.id }).where(eq(orders.id, order.id));
    await advanceOrder(db, order.id, new Date(), { to: 'processed' });
    await advanceOrder(db, order.id, new Date(), { to: 'out_for_delivery' });
    const lines = await db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, order.id))
      .orderBy(asc(orderItems.id));
    return { customerId: c!.id, orderId: order.id, lines };
  }
  const row = async (id: number) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const input = (o: Partial<OutcomeInput>): OutcomeInput => ({
    outcome: 'delivered',
    note: null,
    handBack: [],
    collectedPaise: null,
    collectedMethod: null,
    idempotencyKey: key(),
    ...o,
  });

  it('records a delivery once under two parallel requests with the same key, and refuses a second outcome', async () => {
    const { orderId } = await outForDelivery();
    const due = (await row(orderId)).paidAmountPaise;
    const same = input({ collectedPaise: due });
    const results = await Promise.all([
      recordOutcome(handle.db, orderId, same, rider, riderActor),
      recordOutcome(handle.db, orderId, same, rider, riderActor),
    ]);
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    const after = await row(orderId);
    expect(after).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const outcomes = await handle.db.select().from(deliveryOutcomes).where(eq(deliveryOutcomes.orderId, orderId));
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({
      outcome: 'delivered',
      amountDuePaise: due,
      collectedPaise: due,
      collectedMethod: 'cash',
    });
    // Another key once it is recorded: refused.
    await expect(
      recordOutcome(handle.db, orderId, input({ outcome: 'refused' }), rider, riderActor),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(orderId)), eq(auditLog.action, 'order.delivery_outcome')));
    expect(audits).toHaveLength(1);
  });

  it('two parallel outcomes with different keys: one is recorded, the other refused', async () => {
    const { orderId } = await outForDelivery();
    const due = (await row(orderId)).paidAmountPaise;
    const settled = await Promise.allSettled([
      recordOutcome(handle.db, orderId, input({ collectedPaise: due }), rider, riderActor),
      recordOutcome(handle.db, orderId, input({ outcome: 'not_at_home' }), rider, riderActor),
    ]);
    expect(settled.filter((s) => s.status === 'fulfilled')).toHaveLength(1);
    expect(settled.filter((s) => s.status === 'rejected')).toHaveLength(1);
    expect(await handle.db.select().from(deliveryOutcomes).where(eq(deliveryOutcomes.orderId, orderId))).toHaveLength(
      1,
    );
  });

  it('delivered in part: the handed-back line comes off the amount due; short cash leaves the order unpaid', async () => {
    const { orderId, lines } = await outForDelivery();
    const before = await row(orderId);
    const first = lines[0]!; // 2 packs
    const half = Math.round(first.totalAmountPaise / 2);
    const quote = await quoteDoor(handle.db, orderId, [{ lineId: first.id, qty: 1 }], rider);
    expect(quote).toMatchObject({
      handBackPaise: half,
      dueBeforePaise: before.paidAmountPaise,
      duePaise: before.paidAmountPaise - half,
    });
    // More than the line holds, and every line whole: refused.
    await expect(quoteDoor(handle.db, orderId, [{ lineId: first.id, qty: 3 }], rider)).rejects.toMatchObject({
      code: 'bad_request',
    });
    await expect(
      recordOutcome(
        handle.db,
        orderId,
        input({
          outcome: 'partly_delivered',
          handBack: lines.map((l) => ({ lineId: l.id, qty: l.qty })),
          collectedPaise: 0,
        }),
        rider,
        riderActor,
      ),
    ).rejects.toMatchObject({ code: 'bad_request' });
    // Nothing collected while something is due: refused.
    await expect(
      recordOutcome(
        handle.db,
        orderId,
        input({ outcome: 'partly_delivered', handBack: [{ lineId: first.id, qty: 1 }] }),
        rider,
        riderActor,
      ),
    ).rejects.toMatchObject({ code: 'bad_request' });

    const due = before.paidAmountPaise - half;
    const result = await recordOutcome(
      handle.db,
      orderId,
      input({
        outcome: 'partly_delivered',
        handBack: [{ lineId: first.id, qty: 1 }],
        collectedPaise: due - 500,
        note: 'One pack bruised',
      }),
      rider,
      riderActor,
    );
    expect(result).toMatchObject({ changed: true, duePaise: due, collectedPaise: due - 500 });
    const after = await row(orderId);
    expect(after).toMatchObject({
      status: 'delivered',
      paymentStatus: 'unpaid',
      paidAmountPaise: due,
      subtotalPaise: before.subtotalPaise - half,
    });
    const [adjustment] = await handle.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId));
    expect(adjustment).toMatchObject({
      kind: 'hand_back',
      qty: 1,
      amountPaise: half,
      refundTo: 'due',
      refundPaise: half,
      staffId: rider.id,
    });
    const view = await staffOrder(handle.db, orderId, owner);
    expect(view.outcome).toMatchObject({
      outcome: 'partly_delivered',
      amountDuePaise: due,
      collectedPaise: due - 500,
      undoable: true,
    });
    expect(view.lines.find((l) => l.id === first.id)?.handedBack).toBe(1);

    // Undo the same day: the hand-back goes, the order is out for delivery again at its full amount.
    await undoOutcome(handle.db, orderId, 'Wrong order tapped', owner, ownerActor);
    const undone = await row(orderId);
    expect(undone).toMatchObject({
      status: 'out_for_delivery',
      paidAmountPaise: before.paidAmountPaise,
      subtotalPaise: before.subtotalPaise,
      paymentStatus: 'unpaid',
    });
    expect(await handle.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, orderId))).toHaveLength(
      0,
    );
    // Undone twice: nothing to undo.
    await expect(undoOutcome(handle.db, orderId, 'Again', owner, ownerActor)).rejects.toMatchObject({
      code: 'conflict',
    });
    // And it can be delivered again.
    await recordOutcome(handle.db, orderId, input({ collectedPaise: before.paidAmountPaise }), rider, riderActor);
    expect(await row(orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
  });

  it('a hand-back keeps the rider’s reason per line, and the order’s history says it', async () => {
    const { orderId, lines } = await outForDelivery();
    const [first, second] = [lines[0]!, lines[1]!];
    const handBack = [
      { lineId: first.id, qty: 1, reason: 'damaged' as const },
      { lineId: second.id, qty: 1, reason: 'goodwill' as const },
    ];
    const { duePaise } = await quoteDoor(handle.db, orderId, handBack, rider);
    await recordOutcome(
      handle.db,
      orderId,
      input({ outcome: 'partly_delivered', handBack, collectedPaise: duePaise > 0 ? duePaise : null }),
      rider,
      riderActor,
    );
    const adjustments = await handle.db
      .select({ lineId: orderAdjustments.orderItemId, reason: orderAdjustments.reason })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, orderId))
      .orderBy(asc(orderAdjustments.orderItemId));
    expect(adjustments).toEqual([
      { lineId: first.id, reason: 'damaged' },
      { lineId: second.id, reason: 'goodwill' },
    ]);
    const door = (await staffOrder(handle.db, orderId, owner)).history.find((h) => h.kind === 'door');
    expect(door?.text).toContain(
      `handed back 1 ${first.productName} (damaged), 1 ${second.productName} (customer did not want it)`,
    );
  });

  it('undo is refused the next day and when money already went back for a hand-back', async () => {
    const late = await outForDelivery();
    const yesterday = new Date(Date.now() - 36 * 3600_000);
    await recordOutcome(
      handle.db,
      late.orderId,
      input({ collectedPaise: (await row(late.orderId)).paidAmountPaise }),
      rider,
      riderActor,
      yesterday,
    );
    await expect(undoOutcome(handle.db, late.orderId, 'Too late', owner, ownerActor)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('only on the day'),
    });

    const credit = await outForDelivery('Credit');
    await recordOutcome(
      handle.db,
      credit.orderId,
      input({ outcome: 'partly_delivered', handBack: [{ lineId: credit.lines[1]!.id, qty: 1 }] }),
      rider,
      riderActor,
    );
    const [adjustment] = await handle.db
      .select()
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, credit.orderId));
    expect(adjustment).toMatchObject({ refundTo: 'credit', refundPaise: credit.lines[1]!.totalAmountPaise });
    await expect(undoOutcome(handle.db, credit.orderId, 'Mistake', owner, ownerActor)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('went back'),
    });
  });

  it('not at home: undelivered with its SMS; cancelled by the shop gives the stock back once', async () => {
    const { orderId } = await outForDelivery();
    const stock = async () => (await handle.db.select().from(products).where(eq(products.id, items[0]!.id)))[0]!.stock;
    await recordOutcome(handle.db, orderId, input({ outcome: 'not_at_home', note: 'Door locked' }), rider, riderActor);
    const after = await row(orderId);
    expect(after.status).toBe('undelivered');
    expect(after.undeliveredAt).not.toBeNull();
    const sms = await handle.db.select().from(orderNotifications).where(eq(orderNotifications.orderId, orderId));
    // SMS rows are queued only when an SMS gateway is configured; when they are, 'undelivered' is among them.
    if (sms.length) expect(sms.map((s) => s.event)).toContain('undelivered');
    // Money was not collected.
    const [outcome] = await handle.db.select().from(deliveryOutcomes).where(eq(deliveryOutcomes.orderId, orderId));
    expect(outcome).toMatchObject({
      outcome: 'not_at_home',
      note: 'Door locked',
      collectedPaise: null,
      amountDuePaise: 0,
    });

    const before = await stock();
    await Promise.allSettled([
      cancelOrderAsStaff(handle.db, orderId, 'Customer unreachable', ownerActor),
      cancelOrderAsStaff(handle.db, orderId, 'Customer unreachable', ownerActor),
    ]);
    expect((await row(orderId)).status).toBe('cancelled');
    expect(await stock()).toBe(before + 2);
  });

  it('refused, rescheduled to an open slot, then delivered on the next trip', async () => {
    const { orderId, customerId } = await outForDelivery();
    await recordOutcome(handle.db, orderId, input({ outcome: 'refused' }), rider, riderActor);
    // The customer's order says when the trip came back.
    const tracked = orderJson(await getOrder(handle.db, customerId, orderId));
    expect(tracked).toMatchObject({ order_status: 'undelivered', undelivered_at: expect.any(String) });
    const view = await staffOrder(handle.db, orderId, owner);
    expect(view.rescheduleSlots.length).toBeGreaterThan(0);
    const slot = view.rescheduleSlots.at(-1)!;
    await expect(rescheduleOrder(handle.db, orderId, 'not-a-slot', owner, ownerActor)).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect(await rescheduleOrder(handle.db, orderId, slot.id, owner, ownerActor)).toEqual({ changed: true });
    expect(await rescheduleOrder(handle.db, orderId, slot.id, owner, ownerActor)).toEqual({ changed: false });
    expect(await row(orderId)).toMatchObject({ status: 'processed', deliverySlotId: slot.id });
    // Rescheduled: the failed trip stays on the customer's order beside the new slot.
    expect(orderJson(await getOrder(handle.db, customerId, orderId))).toMatchObject({
      order_status: 'processed',
      undelivered_at: tracked.undelivered_at,
      delivery_slot: expect.objectContaining({ id: slot.id }),
    });
    await advanceOrder(handle.db, orderId, new Date(), { to: 'out_for_delivery' });
    await recordOutcome(
      handle.db,
      orderId,
      input({ collectedPaise: (await row(orderId)).paidAmountPaise }),
      rider,
      riderActor,
    );
    expect(await row(orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const trips = await handle.db
      .select()
      .from(deliveryOutcomes)
      .where(eq(deliveryOutcomes.orderId, orderId))
      .orderBy(asc(deliveryOutcomes.id));
    expect(trips.map((t) => [t.outcome, t.undoneAt === null])).toEqual([
      ['refused', false],
      ['delivered', true],
    ]);
  });

  it('the day-end handover: expected is cash collected less cash given back; a difference needs a reason', async () => {
    const date = shopDate(new Date());
    const day = await cashDay(handle.db, date);
    const mine = day.find((r) => r.riderId === rider.id)!;
    // Every cash delivery recorded today by this rider in the tests above.
    const collected = await handle.db.select().from(deliveryOutcomes).where(eq(deliveryOutcomes.riderId, rider.id));
    const expected = collected
      .filter((o) => o.undoneAt === null && o.collectedMethod === 'cash' && shopDate(o.createdAt) === date)
      .reduce((sum, o) => sum + (o.collectedPaise ?? 0), 0);
    expect(mine.collectedPaise).toBe(expected);
    expect(mine.expectedPaise).toBe(expected - mine.givenBackPaise);

    await expect(
      recordHandover(
        handle.db,
        { riderId: rider.id, date, receivedPaise: mine.expectedPaise - 1000, differenceReason: null },
        date,
        ownerActor,
      ),
    ).rejects.toMatchObject({ code: 'bad_request' });
    await recordHandover(
      handle.db,
      {
        riderId: rider.id,
        date,
        receivedPaise: mine.expectedPaise - 1000,
        differenceReason: 'Change given from own pocket',
      },
      date,
      ownerActor,
    );
    // Recorded again: one row, corrected.
    await recordHandover(
      handle.db,
      { riderId: rider.id, date, receivedPaise: mine.expectedPaise, differenceReason: null },
      date,
      ownerActor,
    );
    const rows = await handle.db.select().from(cashHandovers).where(eq(cashHandovers.riderId, rider.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      expectedPaise: mine.expectedPaise,
      receivedPaise: mine.expectedPaise,
      differenceReason: null,
    });
    const audits = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'cash.handover'));
    expect(audits.length).toBeGreaterThanOrEqual(2);
    // A day in the future: refused.
    await expect(
      recordHandover(
        handle.db,
        { riderId: rider.id, date: '2999-01-01', receivedPaise: 0, differenceReason: null },
        date,
        ownerActor,
      ),
    ).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('cash given back on a paid cash order counts against the rider', async () => {
    // A cash order paid at the door earlier (e.g. by an earlier visit), then handed back in part: cash goes back.
    const { orderId, lines } = await outForDelivery();
    await handle.db.update(orders).set({ paymentStatus: 'paid' }).where(eq(orders.id, orderId));
    const date = shopDate(new Date());
    const before = (await cashDay(handle.db, date)).find((r) => r.riderId === rider.id)!;
    await recordOutcome(
      handle.db,
      orderId,
      input({ outcome: 'partly_delivered', handBack: [{ lineId: lines[1]!.id, qty: 1 }] }),
      rider,
      riderActor,
    );
    const after = (await cashDay(handle.db, date)).find((r) => r.riderId === rider.id)!;
    expect(after.givenBackPaise - before.givenBackPaise).toBe(lines[1]!.totalAmountPaise);
    expect(after.expectedPaise).toBe(before.expectedPaise - lines[1]!.totalAmountPaise);
  });

  it('a cash refund from the shop’s till leaves the rider’s handover alone; one the rider gives counts and flags it', async () => {
    const { orderId, lines } = await outForDelivery();
    const due = (await row(orderId)).paidAmountPaise;
    await recordOutcome(handle.db, orderId, input({ collectedPaise: due, collectedMethod: 'cash' }), rider, riderActor);
    expect(await row(orderId)).toMatchObject({ status: 'delivered', paymentStatus: 'paid' });
    const date = shopDate(new Date());
    const mine = async () => (await cashDay(handle.db, date)).find((r) => r.riderId === rider.id)!;
    const before = await mine();
    await recordHandover(
      handle.db,
      { riderId: rider.id, date, receivedPaise: before.expectedPaise, differenceReason: null },
      date,
      ownerActor,
    );
    expect((await mine()).handover).toMatchObject({ expectedPaise: before.expectedPaise, stale: false });

    // The owner refunds one pack at the counter (the default giver): no rider's cash.
    const shop = await recordReturn(
      handle.db,
      orderId,
      { kind: 'refund', reason: 'goodwill', lines: [{ line_id: lines[0]!.id, qty: 1 }], idempotency_key: key() },
      ownerActor,
    );
    expect(shop.refundTo).toBe('cash');
    expect(shop.refundPaise).toBeGreaterThan(0);
    const afterShop = await mine();
    expect(afterShop.givenBackPaise).toBe(before.givenBackPaise);
    expect(afterShop.expectedPaise).toBe(before.expectedPaise);
    expect(afterShop.handover?.stale).toBe(false);

    // The rider picks the other line up and hands the cash over: theirs, and the handover is stale.
    const picked = await recordReturn(
      handle.db,
      orderId,
      {
        kind: 'return',
        reason: 'damaged',
        lines: [{ line_id: lines[1]!.id, qty: 1 }],
        cash_given_by: 'rider',
        idempotency_key: key(),
      },
      ownerActor,
    );
    const afterRider = await mine();
    expect(afterRider.givenBackPaise - before.givenBackPaise).toBe(picked.refundPaise);
    expect(afterRider.expectedPaise).toBe(before.expectedPaise - picked.refundPaise);
    expect(afterRider.handover).toMatchObject({ expectedPaise: before.expectedPaise, stale: true });
    const givers = await handle.db
      .select({ kind: orderAdjustments.kind, cashGivenBy: orderAdjustments.cashGivenBy })
      .from(orderAdjustments)
      .where(eq(orderAdjustments.orderId, orderId))
      .orderBy(asc(orderAdjustments.id));
    expect(givers).toEqual([
      { kind: 'refund', cashGivenBy: null },
      { kind: 'return', cashGivenBy: rider.id },
    ]);
  });

  it('an undo reason too short says how long it must be', () => {
    const parsed = undoOutcomeRoute.body.safeParse({ reason: 'ab' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe('Give a reason of at least 3 characters.');
    expect(undoOutcomeRoute.body.safeParse({ reason: 'Wrong order' }).success).toBe(true);
  });
});

/** The shop day (Asia/Kolkata, +05:30) of an instant. */
function shopDate(at: Date): string {
  return new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
}
