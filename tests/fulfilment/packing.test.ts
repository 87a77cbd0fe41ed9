/**
 * Packing adjustments on every test database: a lower picked weight and a cheaper substitute
 * take the difference off the order and give it back exactly once (credit at once, an online
 * payment at the gateway, a cash order's amount due drops), whatever is retried or run in
 * parallel; "don't replace" blocks a substitute; nothing changes once the order is out for
 * delivery; each change leaves its audit entry; the invoice bills what was delivered.
 */

import { and, asc, eq, gte, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { setPickedAmount, substituteLine } from '#features/fulfilment/server/packing.ts';
import { allocateInvoiceNumber } from '#features/invoices/index.ts';
import { loadInvoice } from '#features/invoices/server/invoice.ts';
import { orderJson } from '#features/orders/server/order-json.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { getOrder } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder } from '#features/orders/server/status.ts';
import { retryPaymentRefund } from '#features/payments/server/payment-refunds.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import {
  auditLog,
  creditTransactions,
  customers,
  orderAdjustments,
  orderItems,
  orders,
  paymentRefunds,
  products,
} from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway, payPlaced } from '../helpers/fake-gateway.ts';

const ADDRESS = THRISSUR_ADDRESS;

const packer: StaffActor = { staffId: null, name: 'Test packer', role: 'packer', requestId: null };

describe.each(testDatabaseKinds())('packing adjustments on %s', (kind) => {
  let handle: DatabaseHandle;
  let kilo: { id: number; pricePaise: number };
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    // A product sold by the kilo, with stock for every order here.
    const [p] = await handle.db
      .select({ id: products.id, pricePaise: products.pricePaise })
      .from(products)
      .where(and(eq(products.isActive, true), gte(products.pricePaise, 1000), gte(products.stock, 0)))
      .orderBy(asc(products.id))
      .limit(1);
    await handle.db.update(products).set({ weight: 1, weightUnit: 'kg', stock: 1000 }).where(eq(products.id, p!.id));
    kilo = p!;
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function placed(
    paymentMode: 'Cash' | 'Credit' | 'Online',
    substitution: 'replace' | 'refund' | 'call' = 'replace',
    gateway?: FakeGateway,
  ) {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91950000${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 500_000,
        creditBalancePaise: 500_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, ADDRESS);
    await addToCart(db, c!.id, kilo.id, 1);
    const quote = await quoteOrder(db, c!.id, { points: 0 });
    const result = await placeOrder(
      db,
      c!.id,
      { addressId: address.id, paymentMode, paidAmountPaise: quote.paidAmountPaise, points: 0, substitution },
      { gateway },
    );
    if (gateway) await payPlaced(db, gateway, result);
    const order = result.order;
    const [line] = await db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    return { customerId: c!.id, order, line: line! };
  }
  const orderRow = async (id: number) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const credit = async (id: number) =>
    (await handle.db.select().from(customers).where(eq(customers.id, id)))[0]!.creditBalancePaise;
  /** Another active product to substitute with, dearer or cheaper than the kilo line. */
  async function other(cheaper: boolean) {
    const rows = await handle.db
      .select({ id: products.id, pricePaise: products.pricePaise, name: products.name })
      .from(products)
      .where(and(eq(products.isActive, true), ne(products.id, kilo.id)));
    const pick = rows.find((r) => (cheaper ? r.pricePaise < kilo.pricePaise : r.pricePaise > kilo.pricePaise));
    return pick!;
  }

  it('a lower picked weight on a credit order lowers the totals and credits the difference once', async () => {
    const { customerId, order, line } = await placed('Credit');
    const before = await orderRow(order.id);
    const creditBefore = await credit(customerId);
    const expected = line.totalAmountPaise - Math.round(line.totalAmountPaise * 0.85);

    const first = await setPickedAmount(handle.db, order.id, line.id, 0.85, packer);
    expect(first).toEqual({ changed: true, refundPaise: expected });
    const again = await setPickedAmount(handle.db, order.id, line.id, 0.85, packer);
    expect(again).toEqual({ changed: false, refundPaise: 0 });

    const after = await orderRow(order.id);
    expect(after.subtotalPaise).toBe(before.subtotalPaise - expected);
    expect(after.paidAmountPaise).toBe(before.paidAmountPaise - expected);
    expect(await credit(customerId)).toBe(creditBefore + expected);
    const reversals = await handle.db
      .select()
      .from(creditTransactions)
      .where(and(eq(creditTransactions.orderId, order.id), eq(creditTransactions.kind, 'reversal')));
    expect(reversals.map((r) => r.amountPaise)).toEqual([expected]);

    // The customer's order (tracking page, order details) shows the picked weight and new total.
    const json = orderJson(await getOrder(handle.db, customerId, order.id));
    expect(json.order_items[0]).toMatchObject({ picked: 0.85, measure: 'kg' });
    expect(json.order_items[0]!.ordered_total).toBe((line.totalAmountPaise / 100).toFixed(2));
    expect(json.paid_amount).toBe((after.paidAmountPaise / 100).toFixed(2));

    // The audit entry names the line before and after.
    const [entry] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(order.id)), eq(auditLog.action, 'order.line_picked')));
    expect(entry).toMatchObject({ staffName: 'Test packer' });
    expect(entry!.before).toMatchObject({ line_id: line.id, picked: 1 });
    expect(entry!.after).toMatchObject({ line_id: line.id, picked: 0.85, refund_paise: expected });

    // Higher than recorded, or not lower than ordered: refused.
    await expect(setPickedAmount(handle.db, order.id, line.id, 0.9, packer)).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(setPickedAmount(handle.db, order.id, line.id, 1, packer)).rejects.toMatchObject({
      code: 'bad_request',
    });
  });

  it('a packer cannot give back more than the refund limit on one line (cash at the door too); a manager can', async () => {
    const { order, line } = await placed('Cash');
    const limit = { refundAbovePaise: line.totalAmountPaise - 1 };
    await expect(setPickedAmount(handle.db, order.id, line.id, 0, packer, limit)).rejects.toMatchObject({
      code: 'forbidden',
      message: expect.stringMatching(/on one line is more than .*: an owner or manager must record it\.$/),
    });
    const [unchanged] = await handle.db.select().from(orderItems).where(eq(orderItems.id, line.id));
    expect(unchanged).toMatchObject({ pickedAmount: null, totalAmountPaise: line.totalAmountPaise });
    const [refused] = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.recordId, String(order.id)), eq(auditLog.action, 'order.refund_refused')));
    expect(refused).toMatchObject({ staffName: 'Test packer', role: 'packer' });
    expect(refused!.after).toMatchObject({ line_id: line.id, refund_paise: line.totalAmountPaise });
    // Up to the limit the packer may; above it a manager may.
    const half = await setPickedAmount(handle.db, order.id, line.id, 0.5, packer, limit);
    expect(half.changed).toBe(true);
    const manager: StaffActor = { ...packer, name: 'Test manager', role: 'manager' };
    const none = await setPickedAmount(handle.db, order.id, line.id, 0, manager, { refundAbovePaise: 1 });
    expect(none.changed).toBe(true);
    const next = await placed('Cash');
    await expect(
      substituteLine(handle.db, next.order.id, next.line.id, (await other(true)).id, packer, { refundAbovePaise: 1 }),
    ).rejects.toMatchObject({ code: 'forbidden' });
    const [kept] = await handle.db.select().from(orderItems).where(eq(orderItems.id, next.line.id));
    expect(kept!.substitutedFor).toBeNull();
  });

  const refundsOf = (orderId: number) =>
    handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));

  it('five parallel requests on an online order refund the difference once at the gateway', async () => {
    const gateway = new FakeGateway();
    const { order, line } = await placed('Online', 'replace', gateway);
    const before = await orderRow(order.id);
    expect(before.paymentStatus).toBe('paid');
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => setPickedAmount(handle.db, order.id, line.id, 0.5, packer, { gateway })),
    );
    const expected = line.totalAmountPaise - Math.round(line.totalAmountPaise * 0.5);
    expect(outcomes.filter((o) => o.changed)).toHaveLength(1);
    expect(gateway.refunds.map((r) => [r.paymentId, r.amountPaise])).toEqual([[before.paymentReference, expected]]);
    expect((await orderRow(order.id)).paidAmountPaise).toBe(before.paidAmountPaise - expected);
    const adjustments = await handle.db.select().from(orderAdjustments).where(eq(orderAdjustments.orderId, order.id));
    expect(adjustments).toHaveLength(1);
    expect(adjustments[0]).toMatchObject({ refundTo: 'original_payment', refundPaise: expected });
    expect(await refundsOf(order.id)).toEqual([
      expect.objectContaining({
        reason: 'packing',
        adjustmentId: adjustments[0]!.id,
        amountPaise: expected,
        status: 'pending',
      }),
    ]);
  });

  it('a refund the gateway refuses leaves the adjustment standing, and a retry refunds it once', async () => {
    const gateway = new FakeGateway();
    const { order, line } = await placed('Online', 'replace', gateway);
    gateway.failNext('refund', 400);
    const outcome = await setPickedAmount(handle.db, order.id, line.id, 0, packer, { gateway });
    expect(outcome.changed).toBe(true);
    expect(gateway.refunds).toEqual([]);
    const [failed] = await refundsOf(order.id);
    expect(failed).toMatchObject({ status: 'failed', amountPaise: outcome.refundPaise });
    expect(await retryPaymentRefund(handle.db, gateway, order.id, failed!.id, packer)).toMatchObject({
      status: 'pending',
    });
    await expect(retryPaymentRefund(handle.db, gateway, order.id, failed!.id, packer)).rejects.toMatchObject({
      code: 'conflict',
    });
    expect(gateway.refunds.map((r) => r.amountPaise)).toEqual([outcome.refundPaise]);
    expect(outcome.refundPaise).toBe(line.totalAmountPaise);
  });

  it('a substitute costs the customer no more than the line; a cheaper one refunds the difference', async () => {
    const dear = await other(false);
    const a = await placed('Cash');
    const before = await orderRow(a.order.id);
    expect(await substituteLine(handle.db, a.order.id, a.line.id, dear.id, packer)).toEqual({
      changed: true,
      refundPaise: 0,
    });
    const [subbed] = await handle.db.select().from(orderItems).where(eq(orderItems.id, a.line.id));
    expect(subbed).toMatchObject({
      productId: dear.id,
      productName: dear.name,
      substitutedFor: a.line.productName,
      totalAmountPaise: a.line.totalAmountPaise,
    });
    expect((await orderRow(a.order.id)).paidAmountPaise).toBe(before.paidAmountPaise);

    const cheap = await other(true);
    const b = await placed('Cash', 'call');
    const beforeB = await orderRow(b.order.id);
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => substituteLine(handle.db, b.order.id, b.line.id, cheap.id, packer)),
    );
    expect(outcomes.filter((o) => o.changed)).toHaveLength(1);
    const drop = b.line.totalAmountPaise - cheap.pricePaise;
    const afterB = await orderRow(b.order.id);
    // Cash on delivery: the amount due simply drops.
    expect(afterB.paidAmountPaise).toBe(beforeB.paidAmountPaise - drop);
    expect(afterB.subtotalPaise).toBe(beforeB.subtotalPaise - drop);

    // Another substitute after one: refused.
    await expect(substituteLine(handle.db, b.order.id, b.line.id, dear.id, packer)).rejects.toMatchObject({
      code: 'conflict',
    });

    // The invoice bills the substitute, with GST on its new total.
    await handle.db.transaction((tx) => allocateInvoiceNumber(tx, b.order.id));
    const invoice = await loadInvoice(handle.db, b.customerId, b.order.id);
    const lines = [...invoice.taxable, ...invoice.exempt];
    expect(lines).toHaveLength(1);
    expect(lines[0]!.description).toBe(`${cheap.name} (substitute for ${b.line.productName})`);
    expect(lines[0]!.totalPaise).toBe(cheap.pricePaise);
  });

  it('refuses a substitute when the customer chose "don\'t replace"', async () => {
    const { order, line } = await placed('Cash', 'refund');
    await expect(substituteLine(handle.db, order.id, line.id, (await other(true)).id, packer)).rejects.toMatchObject({
      code: 'unprocessable',
    });
  });

  it('refuses any change once the order is out for delivery', async () => {
    const { order, line } = await placed('Cash');
    await advanceOrder(handle.db, order.id);
    await advanceOrder(handle.db, order.id);
    await expect(setPickedAmount(handle.db, order.id, line.id, 0.5, packer)).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(substituteLine(handle.db, order.id, line.id, (await other(true)).id, packer)).rejects.toMatchObject({
      code: 'conflict',
    });
  });
});
