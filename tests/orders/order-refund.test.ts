/**
 * What a cancelled prepaid order gives back, on a fresh database of each kind: the
 * text the customer reads (refund.ts) matches what the server restored —
 * credit back on the credit line at once, an online payment refunded at the gateway, points
 * back on the balance — and a refund the gateway refuses never undoes the cancellation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { customers, orders, products } from '#lib/db/schema.ts';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { cancelOrder } from '#features/orders/server/status.ts';
import { orderJson } from '#features/orders/server/order-json.ts';
import { refundParts } from '#features/orders/refund.ts';
import { retryRefund } from '#features/orders/server/payment.ts';
import type { PaymentGateway } from '#features/payments/server.ts';
import { settleOrderSms } from '#features/notifications/server/order-sms.ts';
import { formatPaise } from '#lib/money.ts';

const ADDRESS = {
  type: 'home',
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: 10.5276,
  longitude: 76.2144,
};

/** Approves charges; records refunds, or refuses them while `refusing`. */
class StubGateway implements PaymentGateway {
  readonly name = 'stub';
  refunds: { chargeReference: string; amountPaise: number }[] = [];
  refusing = false;
  private n = 0;
  async charge(): Promise<{ reference: string }> {
    return { reference: `charge_${++this.n}` };
  }
  async refund(chargeReference: string, amountPaise: number): Promise<{ reference: string }> {
    if (this.refusing) throw new Error('refunds are down');
    this.refunds.push({ chargeReference, amountPaise });
    return { reference: `refund_${chargeReference}` };
  }
}

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
    await settleOrderSms();
    await handle?.close();
  });

  async function placed(paymentMode: 'Cash' | 'Credit' | 'Online', points = 0, gateway?: PaymentGateway) {
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
    const { order } = await placeOrder(
      db,
      c!.id,
      { addressId: address.id, paymentMode, paidAmountPaise: quote.paidAmountPaise, points },
      { gateway },
    );
    return { customerId: c!.id, order };
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

  it('refunds an online payment at the gateway, to the original method', async () => {
    const gateway = new StubGateway();
    const { customerId, order } = await placed('Online', 0, gateway);
    expect(order.paymentStatus).toBe('paid');
    const cancelled = await cancelOrder(handle.db, customerId, order.id, new Date(), { gateway });
    const [row] = await handle.db
      .select({ charge: orders.paymentReference, refund: orders.refundReference, status: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(gateway.refunds).toEqual([{ chargeReference: row!.charge, amountPaise: order.paidAmountPaise }]);
    expect(row).toMatchObject({ refund: `refund_${row!.charge}`, status: 'refunded' });
    expect(refundParts(cancelled).map((p) => p.text)).toEqual([
      `${formatPaise(order.paidAmountPaise)} to your original payment method within 5–7 working days`,
    ]);
  });

  it('keeps the cancellation when the gateway refuses the refund (logged for an operator)', async () => {
    const gateway = new StubGateway();
    const { customerId, order } = await placed('Online', 0, gateway);
    gateway.refusing = true;
    const cancelled = await cancelOrder(handle.db, customerId, order.id, new Date(), { gateway });
    expect(cancelled.status).toBe('cancelled');
    const [row] = await handle.db
      .select({ refund: orders.refundReference })
      .from(orders)
      .where(eq(orders.id, order.id));
    expect(row!.refund).toBeNull();
    // The operator repeats it once the gateway is back; a second repeat is refused.
    await expect(retryRefund(handle.db, gateway, order.id)).rejects.toMatchObject({ code: 'unavailable' });
    gateway.refusing = false;
    // Three operators at once: the gateway is asked once.
    const tries = await Promise.allSettled([1, 2, 3].map(() => retryRefund(handle.db, gateway, order.id)));
    expect(
      tries.filter((t) => t.status === 'fulfilled').map((t) => (t as PromiseFulfilledResult<string>).value),
    ).toEqual([expect.stringMatching(/^refund_charge_/)]);
    await expect(retryRefund(handle.db, gateway, order.id)).rejects.toMatchObject({ code: 'conflict' });
    expect(gateway.refunds).toHaveLength(1);
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
