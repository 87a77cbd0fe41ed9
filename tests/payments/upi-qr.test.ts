/**
 * The UPI QR at the door on every test database, against the payment simulator (Razorpay's QR
 * Codes API and signed webhooks, delivered here to the shop's webhook handler): a QR is made
 * once for the amount due however often the rider taps; a changed amount closes it and makes a
 * new one, and a payment that still reaches the closed one is refunded; the webhook delivered
 * twice pays the order once; a late webhook is overtaken by the rider's poll asking the gateway;
 * a payment of another amount is refunded and flagged on the order; an order that is not a cash
 * or card order out for delivery, or not the rider's, is refused, as is any QR without a gateway.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { advanceOrder } from '#features/orders/server/status.ts';
import { SIMULATOR_KEYS } from '#features/payments/index.ts';
import { handlePaymentWebhook } from '#features/payments/server/payment-callbacks.ts';
import { makeUpiQr, UPI_QR_OFF, upiQrState } from '#features/payments/server/upi-qr.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import {
  auditLog,
  customers,
  orders,
  paymentQrCodes,
  paymentRefunds,
  paymentWebhookEvents,
  products,
} from '#lib/db/schema.ts';
import type { SessionStaff, StaffActor } from '#lib/http/staff-session.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { simulatorForFile, waitFor } from './simulator-fixture.ts';

/** A manager at the door (sees every order). */
const manager: SessionStaff = { id: 1, name: 'Test manager', phone: '+919000000001', role: 'manager', sessionId: 1 };
const actor: StaffActor = { staffId: null, name: 'Test manager', role: 'manager', requestId: null };

describe.each(testDatabaseKinds())('UPI QR at the door on %s', (kind) => {
  const sim = simulatorForFile();
  let handle: DatabaseHandle;
  let productId = 0;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const [p] = await handle.db.select({ id: products.id }).from(products).where(eq(products.isActive, true)).limit(1);
    await handle.db.update(products).set({ stock: 1000 }).where(eq(products.id, p!.id));
    productId = p!.id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A new customer's order of one product, placed with `mode`; moved out for delivery unless `out` is false. */
  async function order(mode: 'Cash' | 'Card' | 'Credit' = 'Cash', out = true) {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91951${kind === 'postgres' ? 1 : 0}00${String(++phone).padStart(4, '0')}`,
        creditLimitPaise: 500_000,
        creditBalancePaise: 500_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, THRISSUR_ADDRESS);
    await addToCart(db, c!.id, productId, 2);
    const quote = await quoteOrder(db, c!.id, { points: 0 });
    const { order: placed } = await placeOrder(db, c!.id, {
      addressId: address.id,
      paymentMode: mode,
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      substitution: 'replace',
    });
    if (out) {
      await advanceOrder(db, placed.id);
      await advanceOrder(db, placed.id);
    }
    return (await db.select().from(orders).where(eq(orders.id, placed.id)))[0]!;
  }
  const orderRow = async (id: number) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const qrRows = (orderId: number) =>
    handle.db.select().from(paymentQrCodes).where(eq(paymentQrCodes.orderId, orderId)).orderBy(paymentQrCodes.id);
  const refundsOf = (orderId: number) =>
    handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));

  /** The customer pays QR `id` in the simulator (its amount unless `amount`; `force`: a closed one). */
  async function pay(id: string, extra: { amount?: number; force?: boolean } = {}) {
    const res = await fetch(`${sim.simulator.url}/_simulator/qr/${id}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(extra),
    });
    expect(res.status).toBe(200);
    return (await res.json()) as { id: string; amount: number };
  }
  /** The simulator's QR code `id`, as its API answers it. */
  async function gatewayQr(id: string) {
    const auth = Buffer.from(`${SIMULATOR_KEYS.keyId}:${SIMULATOR_KEYS.keySecret}`).toString('base64');
    const res = await fetch(`${sim.simulator.url}/v1/payments/qr_codes/${id}`, {
      headers: { authorization: `Basic ${auth}` },
    });
    return (await res.json()) as Record<string, unknown>;
  }
  /** Hands the webhooks received of `name` to the shop's handler, all at once; their outcomes. */
  async function deliver(name: string): Promise<string[]> {
    const mine = sim.receiver.received.filter((r) => JSON.parse(r.body).event === name);
    sim.receiver.received.length = 0;
    return Promise.all(mine.map((r) => handlePaymentWebhook(handle.db, sim.gateway, r.body, r.headers)));
  }

  it('makes one QR for exactly the amount due, however often the rider taps', async () => {
    const o = await order('Cash');
    const [a, b] = await Promise.all([
      makeUpiQr(handle.db, sim.gateway, o.id, manager, actor),
      makeUpiQr(handle.db, sim.gateway, o.id, manager, actor),
    ]);
    expect(a.status).toBe('active');
    expect(b.qr!.id).toBe(a.qr!.id);
    expect(a.qr!.amountPaise).toBe(o.paidAmountPaise);
    expect(a.amountDuePaise).toBe(o.paidAmountPaise);
    const again = await makeUpiQr(handle.db, sim.gateway, o.id, manager, actor);
    expect(again.qr!.id).toBe(a.qr!.id);
    expect(await qrRows(o.id)).toHaveLength(1);
    expect(await gatewayQr(a.qr!.id)).toMatchObject({
      type: 'upi_qr',
      usage: 'single_use',
      fixed_amount: true,
      payment_amount: o.paidAmountPaise,
      status: 'active',
      notes: { order_id: String(o.id) },
    });
    const closeBy = (await gatewayQr(a.qr!.id)).close_by as number;
    expect(Math.abs(closeBy - (Date.now() / 1000 + 15 * 60))).toBeLessThan(30);
    const audits = await handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.upi_qr_made'), eq(auditLog.recordId, String(o.id))));
    expect(audits).toHaveLength(1);
  });

  it('closes the QR and makes a new one when the amount changes; a payment on the closed one is refunded', async () => {
    const o = await order('Card');
    const first = await makeUpiQr(handle.db, sim.gateway, o.id, manager, actor);
    // A line handed back at the door lowers the amount due.
    await handle.db
      .update(orders)
      .set({ paidAmountPaise: o.paidAmountPaise - 500 })
      .where(eq(orders.id, o.id));
    const second = await makeUpiQr(handle.db, sim.gateway, o.id, manager, actor);
    expect(second.qr!.id).not.toBe(first.qr!.id);
    expect(second.qr!.amountPaise).toBe(o.paidAmountPaise - 500);
    expect((await qrRows(o.id)).map((r) => r.status)).toEqual(['closed', 'active']);
    expect(await gatewayQr(first.qr!.id)).toMatchObject({ status: 'closed', close_reason: 'on_demand' });

    // A payment that raced the close reaches the old QR: refunded in full, flagged to staff.
    const late = await pay(first.qr!.id, { force: true });
    await waitFor(() => sim.receiver.received.some((r) => r.body.includes('qr_code.credited')));
    expect(await deliver('qr_code.credited')).toEqual(['refunded']);
    expect(await refundsOf(o.id)).toEqual([
      expect.objectContaining({ reason: 'late_payment', paymentId: late.id, amountPaise: o.paidAmountPaise }),
    ]);
    expect((await orderRow(o.id)).paymentStatus).not.toBe('paid');
    expect((await orderRow(o.id)).paymentProblem).toContain('closed');

    // The new QR pays the order.
    const paid = await pay(second.qr!.id);
    await waitFor(() => sim.receiver.received.some((r) => r.body.includes('qr_code.credited')));
    expect(await deliver('qr_code.credited')).toEqual(['paid']);
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: paid.id });
    expect(await refundsOf(o.id)).toHaveLength(1);
  });

  it('pays the order once when its webhook arrives twice', async () => {
    sim.simulator.settings({ webhooks: 'twice' });
    const o = await order('Cash');
    const made = await makeUpiQr(handle.db, sim.gateway, o.id, manager, actor);
    const payment = await pay(made.qr!.id);
    await waitFor(() => sim.receiver.received.filter((r) => r.body.includes('qr_code.credited')).length === 2);
    const outcomes = await deliver('qr_code.credited');
    expect(outcomes.filter((x) => x === 'paid')).toHaveLength(1);
    expect(outcomes.every((x) => ['paid', 'duplicate', 'already_paid'].includes(x))).toBe(true);
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: payment.id });
    expect(await qrRows(o.id)).toEqual([expect.objectContaining({ status: 'paid', paymentId: payment.id })]);
    const events = await handle.db
      .select()
      .from(paymentWebhookEvents)
      .where(eq(paymentWebhookEvents.eventKey, `qr_code.credited:${made.qr!.id}:${payment.id}`));
    expect(events).toHaveLength(1);
    expect(await refundsOf(o.id)).toEqual([]);
    // The panel reads it paid; asking for a QR again is refused.
    expect((await upiQrState(handle.db, sim.gateway, o.id, manager)).status).toBe('paid');
    await expect(makeUpiQr(handle.db, sim.gateway, o.id, manager, actor)).rejects.toMatchObject({ code: 'conflict' });
  });

  it('settles a payment whose webhook is late when the rider’s poll asks the gateway', async () => {
    sim.simulator.settings({ webhooks: 'never' });
    const o = await order('Cash');
    const made = await makeUpiQr(handle.db, sim.gateway, o.id, manager, actor);
    const payment = await pay(made.qr!.id);
    // A QR just made is not asked about yet.
    expect((await upiQrState(handle.db, sim.gateway, o.id, manager)).status).toBe('active');
    const polled = await upiQrState(handle.db, sim.gateway, o.id, manager, new Date(Date.now() + 6000));
    expect(polled).toMatchObject({ status: 'paid', orderPaymentStatus: 'paid' });
    expect(polled.qr!.paymentId).toBe(payment.id);
    // The webhook arrives after all: nothing changes.
    await sim.simulator.flushWebhooks();
    const outcomes = await deliver('qr_code.credited');
    expect(outcomes).toEqual(['already_paid']);
    expect(await orderRow(o.id)).toMatchObject({ paymentStatus: 'paid', paymentReference: payment.id });
    expect(await refundsOf(o.id)).toEqual([]);
  });

  it('refunds a payment of another amount and flags it on the order', async () => {
    const o = await order('Cash');
    const made = await makeUpiQr(handle.db, sim.gateway, o.id, manager, actor);
    const wrong = await pay(made.qr!.id, { amount: made.qr!.amountPaise - 100 });
    await waitFor(() => sim.receiver.received.some((r) => r.body.includes('qr_code.credited')));
    expect(await deliver('qr_code.credited')).toEqual(['refunded']);
    const after = await orderRow(o.id);
    expect(after.paymentStatus).not.toBe('paid');
    expect(after.paymentProblem).toContain(wrong.id);
    expect(await refundsOf(o.id)).toEqual([
      expect.objectContaining({ reason: 'late_payment', paymentId: wrong.id, amountPaise: made.qr!.amountPaise - 100 }),
    ]);
    // The refund is asked of the gateway once and settles there.
    await waitFor(() => sim.receiver.received.some((r) => r.body.includes('refund.processed')));
    expect(await deliver('refund.processed')).toEqual(['refund_settled']);
    expect((await refundsOf(o.id))[0]!.status).toBe('processed');
    // The paid QR takes no more: the rider's next ask makes a new one.
    const next = await makeUpiQr(handle.db, sim.gateway, o.id, manager, actor);
    expect(next.qr!.id).not.toBe(made.qr!.id);
    expect(next.status).toBe('active');
  });

  it('refuses an order that is not collected at the door, another rider’s order, and any QR without a gateway', async () => {
    const prepaid = await order('Credit');
    await expect(makeUpiQr(handle.db, sim.gateway, prepaid.id, manager, actor)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('prepaid'),
    });
    const atShop = await order('Cash', false);
    await expect(makeUpiQr(handle.db, sim.gateway, atShop.id, manager, actor)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('not at the door'),
    });
    const o = await order('Cash');
    const rider: SessionStaff = { ...manager, id: 999_999, role: 'rider' };
    await expect(makeUpiQr(handle.db, sim.gateway, o.id, rider, actor)).rejects.toMatchObject({ code: 'not_found' });
    await expect(upiQrState(handle.db, sim.gateway, o.id, rider)).rejects.toMatchObject({ code: 'not_found' });
    await expect(makeUpiQr(handle.db, null, o.id, manager, actor)).rejects.toMatchObject({
      code: 'conflict',
      message: UPI_QR_OFF,
    });
    expect(await qrRows(o.id)).toEqual([]);
  });
});
