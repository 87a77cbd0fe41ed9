/**
 * Refund attempts on each database kind: each attempt of a refund reaches the gateway with its own
 * reference (`<refund id>-<attempt>` in `notes.refund_id`), and webhooks and the payments job pair
 * a gateway refund with our row by that reference only — so an earlier, failed attempt never
 * settles a retry that went through; two refunds of one payment are each settled by their own
 * webhook; and a refund whose attempt may still go through is not retried (409).
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { setPickedAmount } from '#features/fulfilment/server/packing.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import type { GatewayRefund } from '#features/payments/index.ts';
import { handlePaymentWebhook } from '#features/payments/server/payment-callbacks.ts';
import {
  parseRefundReference,
  REFUND_SENDING_STALE_MS,
  reconcileRefunds,
  refundReference,
  retryPaymentRefund,
} from '#features/payments/server/payment-refunds.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { orderItems, paymentRefunds, products } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway, payPlaced, placeAwaitingPayment } from '../helpers/fake-gateway.ts';

const ACTOR: StaffActor = { staffId: null, name: 'Test manager', role: 'manager', requestId: null };

describe('refund references', () => {
  it('name a row and an attempt; a bare row id is a first attempt; anything else names none of ours', () => {
    expect(refundReference({ id: 7, attempt: 3 })).toBe('7-3');
    expect(parseRefundReference('7-3')).toEqual({ id: 7, attempt: 3 });
    expect(parseRefundReference('7')).toEqual({ id: 7, attempt: 1 });
    for (const other of [undefined, '', 'x', '7-', '-3', '0-1', '7-0', '07-1', '7-3-1', '99999999999', '2147483648-1'])
      expect(parseRefundReference(other)).toBeNull();
  });
});

describe.each(testDatabaseKinds())('refund attempts on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    productId = (await handle.db.select({ id: products.id }).from(products).where(eq(products.sku, 'FF-DRY-001')))[0]!
      .id;
    // Sold in packs, so a short pick is a number of packs.
    await handle.db
      .update(products)
      .set({ stock: 500, weight: null, weightUnit: null })
      .where(eq(products.id, productId));
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** A paid online order of two packs, then cancelled by its customer: its refund is asked of the gateway. */
  async function paid(gateway: FakeGateway) {
    const placed = await placeAwaitingPayment(
      handle.db,
      gateway,
      productId,
      `+91931000${String(++phone).padStart(4, '0')}`,
    );
    await payPlaced(handle.db, gateway, placed.placed);
    return placed;
  }
  const cancel = (gateway: FakeGateway, o: { customerId: number; orderId: number }) =>
    cancelOrder(handle.db, o.customerId, o.orderId, new Date(), { gateway });
  const refundsOf = (orderId: number) =>
    handle.db.select().from(paymentRefunds).where(eq(paymentRefunds.orderId, orderId)).orderBy(paymentRefunds.id);
  const deliver = (gateway: FakeGateway, type: 'refund.processed' | 'refund.failed', refund: GatewayRefund) => {
    const hook = gateway.webhook({ type, refund });
    return handlePaymentWebhook(handle.db, gateway, hook.body, hook.headers);
  };

  it('a failed attempt never settles its retry: the retry that went through reconciles as processed', async () => {
    const gateway = new FakeGateway();
    const order = await paid(gateway);
    await cancel(gateway, order);
    const [refund] = await refundsOf(order.orderId);
    expect(refund).toMatchObject({ status: 'pending', attempt: 1 });
    const first = gateway.refunds[0]!;
    expect(first.notes.refund_id).toBe(`${refund!.id}-1`);

    // The gateway fails the first attempt and says so.
    expect(await deliver(gateway, 'refund.failed', gateway.settle(first.id, 'failed'))).toBe('refund_settled');
    expect((await refundsOf(order.orderId))[0]).toMatchObject({ status: 'failed', attempt: 1 });

    // Staff retry: the gateway takes the second attempt but its answer is lost.
    gateway.failNext('refund', null, true);
    expect(await retryPaymentRefund(handle.db, gateway, order.orderId, refund!.id, ACTOR)).toMatchObject({
      status: 'sending',
    });
    const second = gateway.refunds[1]!;
    expect(second.notes.refund_id).toBe(`${refund!.id}-2`);

    // The first attempt's failure, delivered again (under a new delivery id), is a duplicate: it changes nothing.
    expect(await deliver(gateway, 'refund.failed', { ...first, status: 'failed' })).toBe('duplicate');
    expect((await refundsOf(order.orderId))[0]).toMatchObject({ status: 'sending', attempt: 2 });

    // The retry goes through; no webhook comes. The payments job finds it among both attempts.
    gateway.settle(second.id, 'processed');
    await reconcileRefunds(handle.db, gateway, new Date(Date.now() + REFUND_SENDING_STALE_MS + 60_000));
    expect((await refundsOf(order.orderId))[0]).toMatchObject({
      status: 'processed',
      attempt: 2,
      gatewayRefundId: second.id,
      failureReason: null,
    });
    expect(await deliver(gateway, 'refund.failed', { ...first, status: 'failed' })).toBe('duplicate');
    expect((await refundsOf(order.orderId))[0]).toMatchObject({ status: 'processed', gatewayRefundId: second.id });
    expect(gateway.refunds).toHaveLength(2);
  });

  it('two refunds of one payment are each settled by their own webhook', async () => {
    const gateway = new FakeGateway();
    const order = await paid(gateway);
    const [line] = await handle.db.select().from(orderItems).where(eq(orderItems.orderId, order.orderId));
    // One pack picked of two: its difference is refunded; then the cancel refunds the rest.
    await setPickedAmount(handle.db, order.orderId, line!.id, 1, ACTOR, { gateway });
    await cancel(gateway, order);
    const [packing, cancelled] = await refundsOf(order.orderId);
    expect([packing!.reason, cancelled!.reason]).toEqual(['packing', 'cancel']);
    expect(gateway.refunds.map((r) => r.notes.refund_id)).toEqual([`${packing!.id}-1`, `${cancelled!.id}-1`]);
    expect(new Set(gateway.refunds.map((r) => r.paymentId)).size).toBe(1);

    // Their webhooks, the later refund's first.
    const [a, b] = gateway.refunds;
    expect(await deliver(gateway, 'refund.processed', gateway.settle(b!.id, 'processed'))).toBe('refund_settled');
    expect(await deliver(gateway, 'refund.processed', gateway.settle(a!.id, 'processed'))).toBe('refund_settled');
    // Either one replayed under a new delivery id is a duplicate.
    expect(await deliver(gateway, 'refund.processed', gateway.settle(b!.id, 'processed'))).toBe('duplicate');
    const rows = await refundsOf(order.orderId);
    expect(rows.map((r) => [r.status, r.gatewayRefundId])).toEqual([
      ['processed', a!.id],
      ['processed', b!.id],
    ]);
  });

  it('refuses a retry while an attempt may still go through (409), and asks the gateway nothing', async () => {
    const gateway = new FakeGateway();
    const pending = await paid(gateway);
    await cancel(gateway, pending);
    const [row] = await refundsOf(pending.orderId);
    await expect(retryPaymentRefund(handle.db, gateway, pending.orderId, row!.id, ACTOR)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/pending at the gateway and may still go through/),
    });

    // An answer lost: the attempt is still being sent.
    const lost = await paid(gateway);
    gateway.failNext('refund', null, true);
    await cancel(gateway, lost);
    const [sending] = await refundsOf(lost.orderId);
    expect(sending).toMatchObject({ status: 'sending' });
    await expect(retryPaymentRefund(handle.db, gateway, lost.orderId, sending!.id, ACTOR)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/being sent to the gateway and may still go through/),
    });

    // A failed attempt is retried; its retry, pending, is not retried again.
    await deliver(gateway, 'refund.failed', gateway.settle(gateway.refunds[0]!.id, 'failed'));
    await retryPaymentRefund(handle.db, gateway, pending.orderId, row!.id, ACTOR);
    await expect(retryPaymentRefund(handle.db, gateway, pending.orderId, row!.id, ACTOR)).rejects.toMatchObject({
      code: 'conflict',
      message: expect.stringMatching(/^Attempt 2 of this refund is pending at the gateway/),
    });
    expect(gateway.refunds.map((r) => r.notes.refund_id)).toEqual([`${row!.id}-1`, `${sending!.id}-1`, `${row!.id}-2`]);
  });
});
