/**
 * What a cancelled prepaid order gives back, on a fresh database of each kind: the
 * text the customer reads (refund.ts) matches what the server restored —
 * credit back on the credit line at once, an online payment refunded at the gateway (once, for the
 * amount paid, its status shown), points back on the balance — and a refund the gateway refuses
 * never undoes the cancellation: it shows as failed until staff retry it.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { refundParts } from '#features/orders/refund.ts';
import { orderJson } from '#features/orders/server/order-json.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { getOrder } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import { retryPaymentRefund, settleRefund } from '#features/payments/server/payment-refunds.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, paymentRefunds, products } from '#lib/db/schema.ts';
import { formatPaise } from '#lib/money.ts';
import { THRISSUR_ADDRESS } from '../helpers/addresses.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway, payPlaced } from '../helpers/fake-gateway.ts';

const ADDRESS = THRISSUR_ADDRESS;

const ACTOR = { staffId: null, name: 'Test manager', role: 'manager', requestId: null };

describe.each(testDatabaseKinds())('refunds of cancelled orders on %s', (kind) => {
  let handle: DatabaseHandle;
  let productId: number;
  let phone = 0;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    productId = (await handle.db.select({ id: products.id }).from(products).where(eq(products.sku, 'FF-DRY-001')))[0]!
      .id;
  });
  afterAll(async () => {
    await handle?.close();
  });

  async function placed(paymentMode: 'Cash' | 'Credit' | 'Online', points = 0, gateway?: FakeGateway) {
    const db = handle.db;
    const [c] = await db
      .insert(customers)
      .values({
        name: 'Asha',
        phone: `+91940000${String(++phone).padStart(4, '0')}`,
        pointsBalance: 50,
        creditLimitPaise: 500_000,
        creditBalancePaise: 500_000,
      })
      .returning();
    const address = await addAddress(db, c!.id, ADDRESS);
    await addToCart(db, c!.id, productId, 1);
    const quote = await quoteOrder(db, c!.id, { points });
    const result = await placeOrder(
      db,
      c!.id,
      { addressId: address.id, paymentMode, paidAmountPaise: quote.paidAmountPaise, points },
      { gateway },
    );
    if (!gateway) return { customerId: c!.id, order: result.order };
    await payPlaced(db, gateway, result);
    return { customerId: c!.id, order: await getOrder(db, c!.id, result.order.id) };
  }
  const balances = async (id: number) =>
    (
      await handle.db
        .select({ points: customers.pointsBalance, credit: customers.creditBalancePaise })
        .from(customers)
        .where(eq(customers.id, id))
    )[0]!;

  it('puts credit back on the credit line at once, and says so', async () => {
    const { customerId, order } = await placed('Credit', 10);
    expect(await balances(customerId)).toEqual({ points: 40, credit: 500_000 - order.paidAmountPaise });
    const cancelled = await cancelOrder(handle.db, customerId, order.id);
    expect(await balances(customerId)).toEqual({ points: 50, credit: 500_000 });
    expect(orderJson(cancelled).refund).toEqual([
      {
        to: 'credit',
        amount: (order.paidAmountPaise / 100).toFixed(2),
        points: null,
        text: `${formatPaise(order.paidAmountPaise)} refunded to your FarmFresh credit — available now`,
      },
      { to: 'points', amount: null, points: 10, text: '10 points returned to your balance — available now' },
    ]);
  });

  const refundRows = async (orderId: number) =>
    handle.db
      .select({
        id: paymentRefunds.id,
        status: paymentRefunds.status,
        amount: paymentRefunds.amountPaise,
        gatewayId: paymentRefunds.gatewayRefundId,
      })
      .from(paymentRefunds)
      .where(eq(paymentRefunds.orderId, orderId));

  it('refunds an online payment at the gateway once, to the original method, and shows where it stands', async () => {
    const gateway = new FakeGateway();
    const { customerId, order } = await placed('Online', 0, gateway);
    expect(order.paymentStatus).toBe('paid');
    const cancelled = await cancelOrder(handle.db, customerId, order.id, new Date(), { gateway });
    expect(cancelled.paymentStatus).toBe('refunded');
    expect(gateway.refunds.map((r) => r.amountPaise)).toEqual([order.paidAmountPaise]);
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: 'pending', amount: order.paidAmountPaise, gatewayId: gateway.refunds[0]!.id });
    expect(gateway.refunds[0]!.notes).toEqual({ refund_id: `${row!.id}-1`, order_number: String(order.id) });
    expect(orderJson(cancelled).refunds).toEqual([
      expect.objectContaining({
        id: row!.id,
        reason: 'cancel',
        amount_paise: order.paidAmountPaise,
        status: 'pending',
      }),
    ]);
    expect(refundParts(cancelled).map((p) => p.text)).toEqual([
      `${formatPaise(order.paidAmountPaise)} to your original payment method within 5–7 working days`,
    ]);
    // The gateway processes it: the customer reads that it was refunded.
    await settleRefund(handle.db, gateway.settle(gateway.refunds[0]!.id, 'processed'));
    const after = await getOrder(handle.db, customerId, order.id);
    expect(orderJson(after).refunds[0]!.status).toBe('processed');
    expect(refundParts(after)[0]!.text).toBe(
      `${formatPaise(order.paidAmountPaise)} refunded to your original payment method — it can take 5–7 working days to show`,
    );
  });

  it('keeps the cancellation when the gateway refuses the refund; staff retry it once', async () => {
    const gateway = new FakeGateway();
    const { customerId, order } = await placed('Online', 0, gateway);
    gateway.failNext('refund', 400);
    const cancelled = await cancelOrder(handle.db, customerId, order.id, new Date(), { gateway });
    expect(cancelled.status).toBe('cancelled');
    const [row] = await refundRows(order.id);
    expect(row).toMatchObject({ status: 'failed', gatewayId: null });
    expect(refundParts(await getOrder(handle.db, customerId, order.id))[0]!.text).toMatch(
      /delayed and we are retrying/,
    );
    // Three staff members at once: the gateway is asked once; the others are told it is not failed any more.
    const tries = await Promise.allSettled(
      [1, 2, 3].map(() => retryPaymentRefund(handle.db, gateway, order.id, row!.id, ACTOR)),
    );
    expect(tries.filter((t) => t.status === 'fulfilled')).toHaveLength(1);
    expect(tries.filter((t) => t.status === 'rejected').map((t) => (t as PromiseRejectedResult).reason.code)).toEqual([
      'conflict',
      'conflict',
    ]);
    expect(gateway.refunds).toHaveLength(1);
    expect((await refundRows(order.id))[0]).toMatchObject({ status: 'pending', gatewayId: gateway.refunds[0]!.id });
  });

  it('gives back only the points of a cash order, which was never charged', async () => {
    const { customerId, order } = await placed('Cash', 5);
    const cancelled = await cancelOrder(handle.db, customerId, order.id);
    expect((await balances(customerId)).points).toBe(50);
    expect(refundParts(cancelled).map((p) => p.text)).toEqual(['5 points returned to your balance — available now']);
    const plain = await placed('Cash');
    expect(refundParts(await cancelOrder(handle.db, plain.customerId, plain.order.id))).toEqual([]);
  });
});
