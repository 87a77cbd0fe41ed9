/**
 * An online order's payment against an in-memory gateway, on each database kind: whoever brings
 * the news (callback, webhook, the customer's cancel, the payments job) and in whatever order,
 * the order is confirmed once (one confirmation, one SMS); a repeated webhook changes nothing; a
 * payment whose amount differs is never accepted; an unpaid order is released after the pending
 * time and a payment arriving after that is refunded in full, once, with an SMS; refunds whose
 * answer or webhook was lost are settled, never asked twice.
 */

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { boardVersion, readBoard } from '#features/fulfilment/server/order-board.ts';
import { boardOrderJson, staffOrderJson } from '#features/fulfilment/server/staff-order-json.ts';
import { staffOrder } from '#features/fulfilment/server/staff-orders.ts';
import { onOrderConfirmed } from '#features/orders/server/confirmation.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import { WebhookSignatureError, WebhookStaleError } from '#features/payments/index.ts';
import { GatewayError, WEBHOOK_MAX_AGE_MS } from '#features/payments/server/gateway.ts';
import {
  cancelCheckoutPayment,
  handlePaymentWebhook,
  PAYMENT_PROBLEM,
  SIGNATURE_INVALID,
  verifyCheckoutPayment,
} from '#features/payments/server/payment-callbacks.ts';
import { confirmPayment } from '#features/payments/server/payment-confirm.ts';
import { runPaymentJobs } from '#features/payments/server/payment-jobs.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { cartItems, orderNotifications, orders, paymentRefunds, products, stockMovements } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway, payPlaced, placeAwaitingPayment } from '../helpers/fake-gateway.ts';

const MINUTE = 60_000;

/** How many times each order was confirmed (the hook the invoice number hangs on). */
const confirmations = new Map<number, number>();
onOrderConfirmed(async (_tx, orderId) => {
  confirmations.set(orderId, (confirmations.get(orderId) ?? 0) + 1);
});

describe.each(testDatabaseKinds())('online payment on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  let phone = 0;

  beforeAll(async () => {
    confirmations.clear(); // order ids start again on each database
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    productId = (await handle.db.select({ id: products.id }).from(products).where(eq(products.sku, 'FF-DRY-001')))[0]!
      .id;
    await handle.db.update(products).set({ stock: 500 }).where(eq(products.id, productId));
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A customer with one line in the cart and an online order awaiting payment. */
  const awaiting = (gateway: FakeGateway) =>
    placeAwaitingPayment(handle.db, gateway, productId, `+91930000${String(++phone).padStart(4, '0')}`);
  const row = async (id: number) => (await handle.db.select().from(orders).where(eq(orders.id, id)))[0]!;
  const sms = async (id: number, event: string) => {
    return handle.db.$count(
      orderNotifications,
      and(eq(orderNotifications.orderId, id), eq(orderNotifications.event, event as 'confirmed')),
    );
  };
  const callback = (gateway: FakeGateway, orderId: string, paymentId: string) => ({
    orderId,
    paymentId,
    signature: gateway.signature(orderId, paymentId),
  });

  it('confirms once when the callback and the webhook arrive together; a replayed webhook changes nothing', async () => {
    const gateway = new FakeGateway();
    const { customerId, orderId, gatewayOrderId } = await awaiting(gateway);
    const payment = gateway.pay(gatewayOrderId);
    const hook = gateway.webhook({ type: 'payment.captured', payment });
    const [viaCallback, viaWebhook] = await Promise.all([
      verifyCheckoutPayment(handle.db, gateway, customerId, callback(gateway, gatewayOrderId, payment.id)),
      handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers),
    ]);
    expect(viaCallback).toBe(orderId);
    expect(['paid', 'already_paid']).toContain(viaWebhook);
    expect(await row(orderId)).toMatchObject({ paymentStatus: 'paid', status: 'placed', paymentReference: payment.id });
    expect(confirmations.get(orderId)).toBe(1);
    expect(await sms(orderId, 'confirmed')).toBe(1);
    expect(await handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers)).toBe('duplicate');
    expect(confirmations.get(orderId)).toBe(1);
  });

  it('answers an event replayed under a new delivery id as a duplicate, and it changes nothing', async () => {
    const gateway = new FakeGateway();
    const { orderId, gatewayOrderId } = await awaiting(gateway);
    const payment = gateway.pay(gatewayOrderId);
    const order = gateway.orders.get(gatewayOrderId)!;
    for (const event of [
      { type: 'payment.captured' as const, payment },
      { type: 'order.paid' as const, order, payment },
    ]) {
      const hook = gateway.webhook(event);
      expect(await handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers)).not.toBe('duplicate');
      const replay = gateway.webhook(event);
      expect(replay.body).not.toBe(hook.body); // another delivery id
      expect(await handlePaymentWebhook(handle.db, gateway, replay.body, replay.headers)).toBe('duplicate');
    }
    expect(confirmations.get(orderId)).toBe(1);
    expect(await sms(orderId, 'confirmed')).toBe(1);
  });

  it('refuses a webhook made longer ago than the retry window, and changes nothing', async () => {
    const gateway = new FakeGateway();
    const { orderId, gatewayOrderId } = await awaiting(gateway);
    const payment = gateway.pay(gatewayOrderId);
    const now = Math.floor(Date.now() / 1000);
    const WINDOW_S = WEBHOOK_MAX_AGE_MS / 1000;
    // An hour past the window is refused; an hour inside it is acted on.
    const stale = gateway.webhook({ type: 'payment.captured', payment }, undefined, now - WINDOW_S - 60 * 60);
    await expect(handlePaymentWebhook(handle.db, gateway, stale.body, stale.headers)).rejects.toBeInstanceOf(
      WebhookStaleError,
    );
    expect((await row(orderId)).paymentStatus).toBe('pending');
    const late = gateway.webhook({ type: 'payment.captured', payment }, undefined, now - WINDOW_S + 60 * 60);
    expect(await handlePaymentWebhook(handle.db, gateway, late.body, late.headers)).toBe('paid');
  });

  it('refuses a bad signature on the callback and on the webhook, and changes nothing', async () => {
    const gateway = new FakeGateway();
    const { customerId, orderId, gatewayOrderId } = await awaiting(gateway);
    const payment = gateway.pay(gatewayOrderId);
    await expect(
      verifyCheckoutPayment(handle.db, gateway, customerId, {
        orderId: gatewayOrderId,
        paymentId: payment.id,
        signature: 'ab12',
      }),
    ).rejects.toMatchObject({ code: 'bad_request', message: SIGNATURE_INVALID });
    const hook = gateway.webhook({ type: 'payment.captured', payment });
    expect(() => gateway.parseWebhook(`${hook.body} `, hook.headers)).toThrow(WebhookSignatureError);
    await expect(handlePaymentWebhook(handle.db, gateway, `${hook.body} `, hook.headers)).rejects.toBeInstanceOf(
      WebhookSignatureError,
    );
    expect((await row(orderId)).paymentStatus).toBe('pending');
    // Another customer's callback with a good signature finds no order of theirs.
    const other = await awaiting(gateway);
    await expect(
      verifyCheckoutPayment(handle.db, gateway, other.customerId, callback(gateway, gatewayOrderId, payment.id)),
    ).rejects.toMatchObject({ code: 'not_found' });
  });

  it('handles events in any order: order.paid before payment.captured, an authorization captured once', async () => {
    const gateway = new FakeGateway();
    const a = await awaiting(gateway);
    const paidA = gateway.pay(a.gatewayOrderId);
    const order = gateway.orders.get(a.gatewayOrderId)!;
    const first = gateway.webhook({ type: 'order.paid', order, payment: paidA });
    const second = gateway.webhook({ type: 'payment.captured', payment: paidA });
    expect(await handlePaymentWebhook(handle.db, gateway, first.body, first.headers)).toBe('paid');
    expect(await handlePaymentWebhook(handle.db, gateway, second.body, second.headers)).toBe('already_paid');
    expect(confirmations.get(a.orderId)).toBe(1);

    const b = await awaiting(gateway);
    const authorized = gateway.pay(b.gatewayOrderId, 'authorized');
    const hook = gateway.webhook({ type: 'payment.authorized', payment: authorized });
    const outcomes = await Promise.all([
      handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers),
      verifyCheckoutPayment(handle.db, gateway, b.customerId, callback(gateway, b.gatewayOrderId, authorized.id)),
    ]);
    expect(outcomes[1]).toBe(b.orderId);
    expect(gateway.payments.get(authorized.id)!.status).toBe('captured');
    expect(await row(b.orderId)).toMatchObject({ paymentStatus: 'paid' });
    expect(confirmations.get(b.orderId)).toBe(1);
  });

  it('never accepts a payment whose amount differs: the problem is recorded for staff', async () => {
    const gateway = new FakeGateway();
    const { customerId, orderId, gatewayOrderId } = await awaiting(gateway);
    const wrong = gateway.pay(gatewayOrderId, 'captured', 100);
    await expect(
      verifyCheckoutPayment(handle.db, gateway, customerId, callback(gateway, gatewayOrderId, wrong.id)),
    ).rejects.toMatchObject({ code: 'conflict', message: PAYMENT_PROBLEM });
    const hook = gateway.webhook({ type: 'payment.captured', payment: wrong });
    expect(await handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers)).toBe('problem');
    const after = await row(orderId);
    expect(after.paymentStatus).toBe('pending');
    expect(after.paymentProblem).toMatch(/₹1\.00 INR/);
    expect(confirmations.get(orderId)).toBeUndefined();
  });

  it('settles a lost webhook by reconciliation, and releases an unpaid order after the pending time', async () => {
    const gateway = new FakeGateway();
    const paid = await awaiting(gateway);
    gateway.pay(paid.gatewayOrderId);
    const unpaid = await awaiting(gateway);
    const createdAt = (await row(unpaid.orderId)).createdAt.getTime();
    // Within two minutes nobody is asked; after, the paid one is confirmed and the unpaid one waits.
    await runPaymentJobs(handle.db, gateway, new Date(createdAt + MINUTE));
    expect((await row(paid.orderId)).paymentStatus).toBe('pending');
    expect(gateway.calls.filter((c) => c.args === paid.gatewayOrderId)).toEqual([]);
    await runPaymentJobs(handle.db, gateway, new Date(createdAt + 3 * MINUTE));
    expect((await row(paid.orderId)).paymentStatus).toBe('paid');
    expect((await row(unpaid.orderId)).paymentStatus).toBe('pending');
    // After PAYMENT_PENDING_MINUTES (15): released, the cart back, and only once across runs.
    const late = new Date(createdAt + 16 * MINUTE);
    await Promise.all([runPaymentJobs(handle.db, gateway, late), runPaymentJobs(handle.db, gateway, late)]);
    const givenBack = await handle.db
      .select({ delta: stockMovements.delta })
      .from(stockMovements)
      .where(and(eq(stockMovements.orderId, unpaid.orderId), eq(stockMovements.reason, 'cancel')));
    expect(givenBack).toEqual([{ delta: 2 }]);
    expect(await row(unpaid.orderId)).toMatchObject({ status: 'payment_failed', paymentStatus: 'failed' });
    expect((await listCart(handle.db, unpaid.customerId)).map((l) => [l.productId, l.qty])).toEqual([[productId, 2]]);
  });

  it('releases after the pending time an order the gateway no longer knows, and keeps one it cannot ask about', async () => {
    const gateway = new FakeGateway();
    const forgotten = await awaiting(gateway);
    const unreachable = await awaiting(gateway);
    gateway.forget(forgotten.gatewayOrderId);
    const createdAt = (await row(unreachable.orderId)).createdAt.getTime();
    // Within the pending time an unknown order still waits: the customer may be paying.
    await runPaymentJobs(handle.db, gateway, new Date(createdAt + 3 * MINUTE));
    expect((await row(forgotten.orderId)).paymentStatus).toBe('pending');
    // After it: the unknown one is released with its cart back; the one whose gateway gives no
    // answer stays pending, since a payment may have been taken.
    const late = new Date(createdAt + 16 * MINUTE);
    const asked: string[] = [];
    const original = gateway.fetchOrderPayments.bind(gateway);
    gateway.fetchOrderPayments = async (id: string) => {
      asked.push(id);
      if (id === unreachable.gatewayOrderId) throw new GatewayError('simulator GET: fetch failed');
      return original(id);
    };
    await runPaymentJobs(handle.db, gateway, late);
    expect(asked).toEqual(expect.arrayContaining([forgotten.gatewayOrderId, unreachable.gatewayOrderId]));
    expect(await row(forgotten.orderId)).toMatchObject({ status: 'payment_failed', paymentStatus: 'failed' });
    expect((await listCart(handle.db, forgotten.customerId)).map((l) => [l.productId, l.qty])).toEqual([
      [productId, 2],
    ]);
    expect(await row(unreachable.orderId)).toMatchObject({ status: 'pending_payment', paymentStatus: 'pending' });
  });

  it('refunds a payment that arrives after the release in full, once, and tells the customer', async () => {
    const gateway = new FakeGateway();
    const { customerId, orderId, gatewayOrderId } = await awaiting(gateway);
    const released = await cancelCheckoutPayment(handle.db, gateway, customerId, gatewayOrderId);
    expect(released).toEqual({ orderId, outcome: 'released' });
    expect(await handle.db.$count(cartItems, eq(cartItems.customerId, customerId))).toBe(1);
    const payment = gateway.pay(gatewayOrderId);
    const hook = gateway.webhook({ type: 'payment.captured', payment });
    expect(await handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers)).toBe('late_refund');
    expect(await handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers)).toBe('duplicate');
    const again = gateway.webhook({ type: 'payment.captured', payment });
    await handlePaymentWebhook(handle.db, gateway, again.body, again.headers);
    await runPaymentJobs(handle.db, gateway, new Date(Date.now() + 5 * MINUTE));
    expect(gateway.refunds.map((r) => [r.paymentId, r.amountPaise])).toEqual([[payment.id, payment.amountPaise]]);
    const refunds = await handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId));
    expect(refunds).toEqual([expect.objectContaining({ reason: 'late_payment', status: 'pending' })]);
    expect(await sms(orderId, 'payment_refunded')).toBe(1);
    expect(await row(orderId)).toMatchObject({ status: 'payment_failed', paymentStatus: 'failed' });
  });

  it('a cancel from the checkout confirms a payment that went through instead of releasing it', async () => {
    const gateway = new FakeGateway();
    const { customerId, orderId, gatewayOrderId } = await awaiting(gateway);
    gateway.pay(gatewayOrderId, 'failed');
    gateway.pay(gatewayOrderId);
    expect(await cancelCheckoutPayment(handle.db, gateway, customerId, gatewayOrderId)).toEqual({
      orderId,
      outcome: 'paid',
    });
    expect((await row(orderId)).paymentStatus).toBe('paid');
  });

  it('settles refunds whose answer was lost: by webhook before we knew its id, or by the job', async () => {
    const gateway = new FakeGateway();
    const a = await awaiting(gateway);
    await payPlaced(handle.db, gateway, a.placed);
    // The gateway takes the refund but its answer is lost; its webhook arrives first.
    gateway.failNext('refund', null, true);
    await cancelOrder(handle.db, a.customerId, a.orderId, new Date(), { gateway });
    const [sending] = await handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, a.orderId));
    expect(sending).toMatchObject({ status: 'sending', gatewayRefundId: null });
    const processed = gateway.settle(gateway.refunds[0]!.id, 'processed');
    const hook = gateway.webhook({ type: 'refund.processed', refund: processed });
    expect(await handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers)).toBe('refund_settled');
    const [settled] = await handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, sending!.id));
    expect(settled).toMatchObject({ status: 'processed', gatewayRefundId: processed.id });

    // A refund the gateway never received is sent again by the job; one it did receive is only looked up.
    const b = await awaiting(gateway);
    await payPlaced(handle.db, gateway, b.placed);
    gateway.failNext('refund', null);
    await cancelOrder(handle.db, b.customerId, b.orderId, new Date(), { gateway });
    const c = await awaiting(gateway);
    await payPlaced(handle.db, gateway, c.placed);
    gateway.failNext('refund', null, true);
    await cancelOrder(handle.db, c.customerId, c.orderId, new Date(), { gateway });
    await runPaymentJobs(handle.db, gateway, new Date(Date.now() + 3 * MINUTE));
    for (const o of [b, c]) {
      const [r] = await handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, o.orderId));
      expect(r).toMatchObject({ status: 'pending', gatewayRefundId: expect.any(String) });
      expect(gateway.refunds.filter((g) => g.notes.refund_id === `${r!.id}-1`)).toHaveLength(1);
    }
  });

  it('moves the order board’s version when a refund fails at the gateway, so open boards flag it', async () => {
    const gateway = new FakeGateway();
    const a = await awaiting(gateway);
    await payPlaced(handle.db, gateway, a.placed);
    await cancelOrder(handle.db, a.customerId, a.orderId, new Date(), { gateway });
    const slotStart = (await row(a.orderId)).deliverySlotStart!;
    const before = await boardVersion(handle.db, slotStart);
    const failed = gateway.settle(gateway.refunds[0]!.id, 'failed');
    const hook = gateway.webhook({ type: 'refund.failed', refund: failed });
    await handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers);
    expect(await boardVersion(handle.db, slotStart)).not.toBe(before);
  });

  it('shows staff the payment, a payment problem and a failed refund (the board marks them)', async () => {
    const gateway = new FakeGateway();
    const viewer = { id: 0, name: 'Owner', phone: '+910000000000', role: 'owner' as const, sessionId: 0 };
    const paid = await awaiting(gateway);
    const payment = await payPlaced(handle.db, gateway, paid.placed);
    gateway.failNext('refund', 400);
    // Staff cancel: the refund is refused and waits for a retry.
    const { cancelOrderByShop } = await import('#features/orders/server/status.ts');
    await cancelOrderByShop(handle.db, paid.orderId, 'Out of stock', async () => {}, new Date(), { gateway });
    const json = staffOrderJson(await staffOrder(handle.db, paid.orderId, viewer), []);
    expect(json.payment).toEqual({
      gateway: 'simulator',
      gateway_order_id: paid.gatewayOrderId,
      payment_id: payment.id,
      problem: null,
      gateway_state: 'captured',
      gateway_payments: [],
    });
    expect(json.refunds).toEqual([
      expect.objectContaining({ reason: 'cancel', status: 'failed', failure_reason: 'refund failed (fake)' }),
    ]);
    const board = await readBoard(handle.db, { q: String(paid.orderId) });
    expect(board.results!.map(boardOrderJson)[0]).toMatchObject({
      id: paid.orderId,
      paid_online: false,
      refund_failed: true,
      payment_problem: false,
    });
    // An order whose payment was not accepted stays out of the customer's lists but shows to staff.
    const odd = await awaiting(gateway);
    await confirmPayment(handle.db, gateway, gateway.pay(odd.gatewayOrderId, 'captured', 100));
    const oddJson = staffOrderJson(await staffOrder(handle.db, odd.orderId, viewer), []);
    expect(oddJson).toMatchObject({
      payment_status: 'pending',
      // No gateway is configured in this process: staff read that it could not be asked.
      payment: { problem: expect.stringMatching(/not accepted/), gateway_state: 'unknown' },
    });
    const found = await readBoard(handle.db, { q: String(odd.orderId) });
    expect(found.results!.map(boardOrderJson)[0]).toMatchObject({ id: odd.orderId, payment_problem: true });
  });
});
