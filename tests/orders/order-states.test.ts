/**
 * An online order says what it is, on each database kind: pending_payment while it awaits its
 * payment (holding its stock, promo use, points and slot, counted toward the customer's orders,
 * out of every customer-facing list and not movable by staff), placed once paid, payment_failed
 * when released unpaid (everything given back, not counted as a cancellation); and the migration
 * moves existing rows to these states.
 */
import { readFileSync } from 'node:fs';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart, listCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { readBoard } from '#features/fulfilment/server/order-board.ts';
import { paymentModeLabel, statusLabel } from '#features/orders/rules.ts';
import { orderJson } from '#features/orders/server/order-json.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { getOrder, listOrders } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder, cancelOrder } from '#features/orders/server/status.ts';
import { cancelCheckoutPayment, verifyCheckoutPayment } from '#features/payments/server/payment-callbacks.ts';
import { evaluatePromo } from '#features/promotions/server/promos.ts';
import type { Database, DatabaseHandle } from '#lib/db/index.ts';
import { customers, deliverySlotUsage, orders, products, promoCodes } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';

/** The ids of the orders a board lists in its slots. */
const boardIds = (board: Awaited<ReturnType<typeof readBoard>>) =>
  board.days.flatMap((d) => d.slots.flatMap((slot) => slot.orders.map((o) => o.id)));

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

describe.each(testDatabaseKinds())('an online order’s states on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;
  let phone = 0;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
    await seedDemoShop(db);
    await db.update(products).set({ stock: 50 }).where(eq(products.id, 1));
    await db.insert(promoCodes).values({ code: 'ONCEONLY', percentOff: 10, perCustomerLimit: 1 });
  });
  afterAll(() => handle?.close());

  const stockOf = async () =>
    (await db.select({ stock: products.stock }).from(products).where(eq(products.id, 1)))[0]!.stock;
  const slotsUsed = async () =>
    (await db.select({ n: sql<number>`coalesce(sum(${deliverySlotUsage.used}), 0)::int` }).from(deliverySlotUsage))[0]!
      .n;
  const pointsOf = async (id: number) =>
    (await db.select({ p: customers.pointsBalance }).from(customers).where(eq(customers.id, id)))[0]!.p;

  /** A customer with 3 of product 1 in the cart and an online order awaiting its payment, with ONCEONLY and 10 points. */
  async function awaitingPayment(gateway: FakeGateway) {
    const [c] = await db
      .insert(customers)
      .values({ name: 'Payer', phone: `+91971000${String(++phone).padStart(4, '0')}`, pointsBalance: 20 })
      .returning();
    const address = await addAddress(db, c!.id, ADDRESS);
    await addToCart(db, c!.id, 1, 3);
    const quote = await quoteOrder(db, c!.id, { promoCode: 'ONCEONLY', points: 10 });
    const placed = await placeOrder(
      db,
      c!.id,
      {
        addressId: address.id,
        paymentMode: 'Online',
        paidAmountPaise: quote.paidAmountPaise,
        discountPaise: quote.discountPaise,
        promoCode: 'ONCEONLY',
        points: 10,
      },
      { gateway },
    );
    return { customerId: c!.id, placed, subtotalPaise: quote.subtotalPaise };
  }

  it('is pending_payment while it awaits its payment: it holds what it took and no one sees or moves it', async () => {
    const gateway = new FakeGateway();
    const stock = await stockOf();
    const used = await slotsUsed();
    const { customerId, placed, subtotalPaise } = await awaitingPayment(gateway);
    const orderId = placed.order.id;

    expect(placed.order).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' });
    expect(orderJson(placed.order)).toMatchObject({ order_status: 'pending_payment', payment_status: 'pending' });
    expect(statusLabel('pending_payment')).toBe('Awaiting payment');
    // Not "Paid online" while nothing is paid.
    expect(paymentModeLabel(placed.order.paymentMode, placed.order.paymentStatus)).toBe('Online payment');
    // Stock, a slot place, the promo use (a once-per-customer code is spent) and the points are held.
    expect(await stockOf()).toBe(stock - 3);
    expect(await slotsUsed()).toBe(used + 1);
    expect(await pointsOf(customerId)).toBe(10);
    await expect(evaluatePromo(db, customerId, 'ONCEONLY', subtotalPaise)).rejects.toMatchObject({
      message: 'You have already used this promo code.',
    });
    // The customer does not see it and cannot cancel it; staff cannot move it. The board lists it only
    // under its status filter ("Awaiting payment") or a search, never among the shop's orders.
    expect(await listOrders(db, customerId)).toEqual([]);
    await expect(getOrder(db, customerId, orderId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(cancelOrder(db, customerId, orderId)).rejects.toMatchObject({ code: 'not_found' });
    await expect(advanceOrder(db, orderId)).rejects.toMatchObject({
      code: 'conflict',
      message: `Order ${orderId} is awaiting its online payment: it cannot move forward yet.`,
    });
    expect(boardIds(await readBoard(db))).not.toContain(orderId);
    expect(boardIds(await readBoard(db, { status: 'pending_payment' }))).toContain(orderId);
    expect((await readBoard(db, { q: String(orderId) })).results?.map((o) => [o.id, o.status])).toEqual([
      [orderId, 'pending_payment'],
    ]);

    // Paid, the shop has it: placed.
    const payment = gateway.pay(placed.payment!.orderId);
    await verifyCheckoutPayment(db, gateway, customerId, {
      orderId: payment.orderId,
      paymentId: payment.id,
      signature: gateway.signature(payment.orderId, payment.id),
    });
    const paid = await getOrder(db, customerId, orderId);
    expect(paid).toMatchObject({ status: 'placed', paymentStatus: 'paid' });
    expect(paymentModeLabel(paid.paymentMode, paid.paymentStatus)).toBe('Paid online');
    expect((await listOrders(db, customerId)).map((o) => [o.id, o.status])).toEqual([[orderId, 'placed']]);
  });

  it('is payment_failed once released unpaid: everything given back, and it is no cancellation', async () => {
    const gateway = new FakeGateway();
    const stock = await stockOf();
    const used = await slotsUsed();
    const { customerId, placed, subtotalPaise } = await awaitingPayment(gateway);
    const orderId = placed.order.id;

    expect(await cancelCheckoutPayment(db, gateway, customerId, placed.payment!.orderId)).toEqual({
      orderId,
      outcome: 'released',
    });
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ status: 'payment_failed', paymentStatus: 'failed', idempotencyKey: null });
    expect(row!.cancelledAt).toBeInstanceOf(Date);
    expect(statusLabel('payment_failed')).toBe('Payment failed');
    expect(paymentModeLabel(row!.paymentMode, row!.paymentStatus)).toBe('Online payment');
    expect(await stockOf()).toBe(stock);
    expect(await slotsUsed()).toBe(used);
    expect(await pointsOf(customerId)).toBe(20);
    await expect(evaluatePromo(db, customerId, 'ONCEONLY', subtotalPaise)).resolves.toMatchObject({ code: 'ONCEONLY' });
    expect((await listCart(db, customerId)).map((l) => [l.productId, l.qty])).toEqual([[1, 3]]);
    // Still out of the customer's sight and of the board's orders (but under "Payment failed"); not a cancellation by anyone.
    expect(await listOrders(db, customerId)).toEqual([]);
    await expect(getOrder(db, customerId, orderId)).rejects.toMatchObject({ code: 'not_found' });
    expect(boardIds(await readBoard(db))).not.toContain(orderId);
    expect(boardIds(await readBoard(db, { status: 'payment_failed' }))).toContain(orderId);
    expect(await db.$count(orders, and(eq(orders.customerId, customerId), eq(orders.status, 'cancelled')))).toBe(0);
    await expect(advanceOrder(db, orderId)).rejects.toMatchObject({
      code: 'conflict',
      message: `Order ${orderId} was released unpaid: it cannot move forward.`,
    });
  });

  it('migrates existing rows: an unpaid online order awaiting or released says so, others stay', async () => {
    const [c] = await db
      .insert(customers)
      .values({ name: 'Before', phone: `+91972000${String(++phone).padStart(4, '0')}` })
      .returning();
    const base = { customerId: c!.id, subtotalPaise: 10_000, paidAmountPaise: 10_000 };
    const rows = await db
      .insert(orders)
      .values([
        { ...base, paymentMode: 'Online', paymentStatus: 'pending', status: 'placed' },
        { ...base, paymentMode: 'Online', paymentStatus: 'failed', status: 'cancelled', cancelledAt: new Date() },
        { ...base, paymentMode: 'Online', paymentStatus: 'paid', status: 'processed' },
        { ...base, paymentMode: 'Online', paymentStatus: 'refunded', status: 'cancelled', cancelledAt: new Date() },
        { ...base, paymentMode: 'Cash', paymentStatus: 'unpaid', status: 'cancelled', cancelledAt: new Date() },
        { ...base, paymentMode: 'Card', paymentStatus: 'unpaid', status: 'placed' },
      ])
      .returning({ id: orders.id });
    const migration = readFileSync(new URL('../../drizzle/0013_order_unpaid_states.sql', import.meta.url), 'utf8');
    for (const statement of migration.split('--> statement-breakpoint')) await db.execute(sql.raw(statement));
    const after = await db
      .select({ id: orders.id, status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.customerId, c!.id))
      .orderBy(orders.id);
    expect(after).toEqual([
      { id: rows[0]!.id, status: 'pending_payment', paymentStatus: 'pending' },
      { id: rows[1]!.id, status: 'payment_failed', paymentStatus: 'failed' },
      { id: rows[2]!.id, status: 'processed', paymentStatus: 'paid' },
      { id: rows[3]!.id, status: 'cancelled', paymentStatus: 'refunded' },
      { id: rows[4]!.id, status: 'cancelled', paymentStatus: 'unpaid' },
      { id: rows[5]!.id, status: 'placed', paymentStatus: 'unpaid' },
    ]);
  });
});
