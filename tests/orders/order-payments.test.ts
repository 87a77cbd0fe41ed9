/**
 * Money paths of placing an order, on each database kind:
 * - an Idempotency-Key returns the same order for the same body (200) and a 422 for another body;
 * - an online order is reserved first and its gateway order created outside any transaction: the
 *   order awaits its payment, hidden from the customer's orders; the same key while it awaits
 *   gives the same order and the same checkout payment; paid, it shows;
 * - a gateway that cannot create the order: 503 "Payment initialization failed.", and stock,
 *   promo use, points and the cart are given back;
 * - a sign-up whose customer insert fails for another reason than the phone race is not taken
 *   for that race.
 */

import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { completeOtpLogin, issueOtp } from '#features/auth/server/otp.ts';
import { addToCart, listCart } from '#features/cart/server/cart.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { PAYMENT_INIT_FAILED, type PlaceOrderInput, placeOrder } from '#features/orders/server/place-order.ts';
import { listOrders } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { verifyCheckoutPayment } from '#features/payments/server/payment-callbacks.ts';
import type { Database, DatabaseHandle } from '#lib/db/index.ts';
import { cartItems, customers, orders, products, promoCodes } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import { ApiClient } from '../helpers/api.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { FakeGateway } from '../helpers/fake-gateway.ts';

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
const THRISSUR = { ...ADDRESS, latitude: '10.5276', longitude: '76.2144' };

/** A gateway that, while it creates the gateway order, looks at the order from the pool (no transaction may hold it). */
class CheckingGateway extends FakeGateway {
  seen: { paymentStatus: string | undefined; customerSees: number }[] = [];
  private readonly db: Database;
  private readonly customerId: number;
  constructor(db: Database, customerId: number) {
    super();
    this.db = db;
    this.customerId = customerId;
  }
  override async createOrder(input: { amountPaise: number; receipt: string }) {
    const [row] = await this.db
      .select({ paymentStatus: orders.paymentStatus, paid: orders.paidAmountPaise })
      .from(orders)
      .where(eq(orders.id, Number(input.receipt)));
    expect(row?.paid).toBe(input.amountPaise);
    this.seen.push({
      paymentStatus: row?.paymentStatus,
      customerSees: (await listOrders(this.db, this.customerId)).length,
    });
    return super.createOrder(input);
  }
}

describe.each(testDatabaseKinds())('order payments in one process on %s', (kind) => {
  let handle: DatabaseHandle;
  let db: Database;
  let phone = 0;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    db = handle.db;
    await seedDemoShop(db);
    await db.update(products).set({ stock: 50 }).where(eq(products.id, 1));
  });
  afterAll(() => handle?.close());

  async function shopper(opts: { points?: number } = {}) {
    const [c] = await db
      .insert(customers)
      .values({ name: 'Payer', phone: `+91970000${String(++phone).padStart(4, '0')}`, pointsBalance: opts.points ?? 0 })
      .returning();
    const address = await addAddress(db, c!.id, ADDRESS);
    await addToCart(db, c!.id, 1, 3);
    return { customerId: c!.id, addressId: address.id };
  }
  const stockOf = async () =>
    (await db.select({ stock: products.stock }).from(products).where(eq(products.id, 1)))[0]!.stock;
  const usesOf = async (code: string) =>
    (await db.select({ n: promoCodes.usesCount }).from(promoCodes).where(eq(promoCodes.code, code)))[0]!.n;

  it('opens the payment outside any transaction; the order awaits it hidden, and shows once paid', async () => {
    const { customerId, addressId } = await shopper();
    const quote = await quoteOrder(db, customerId);
    const gateway = new CheckingGateway(db, customerId);
    const input: PlaceOrderInput = {
      addressId,
      paymentMode: 'Online',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      idempotencyKey: randomUUID(),
    };
    const placed = await placeOrder(db, customerId, input, { gateway });
    expect(gateway.seen).toEqual([{ paymentStatus: 'pending', customerSees: 0 }]);
    expect(placed.created).toBe(true);
    expect(placed.order.paymentStatus).toBe('pending');
    expect(placed.payment).toMatchObject({
      gateway: 'simulator',
      keyId: 'rzp_test_fake',
      amountPaise: quote.paidAmountPaise,
      currency: 'INR',
    });
    expect(await listOrders(db, customerId)).toEqual([]);

    // The same key while it awaits its payment: the same order and the same gateway order, not a second.
    const again = await placeOrder(db, customerId, input, { gateway });
    expect({ created: again.created, id: again.order.id, payment: again.payment }).toEqual({
      created: false,
      id: placed.order.id,
      payment: placed.payment,
    });
    expect(gateway.orders.size).toBe(1);

    const orderId = placed.payment!.orderId;
    const payment = gateway.pay(orderId);
    await verifyCheckoutPayment(db, gateway, customerId, {
      orderId,
      paymentId: payment.id,
      signature: gateway.signature(orderId, payment.id),
    });
    expect((await listOrders(db, customerId)).map((o) => [o.id, o.paymentStatus])).toEqual([[placed.order.id, 'paid']]);
  });

  it('gives everything back and answers 503 when the gateway cannot open the payment', async () => {
    const { customerId, addressId } = await shopper({ points: 20 });
    const stock = await stockOf();
    const uses = await usesOf('FRESH5');
    const [account] = await db.select().from(customers).where(eq(customers.id, customerId));
    const quote = await quoteOrder(db, customerId, { promoCode: 'FRESH5', points: 10 });
    const key = randomUUID();
    const input: PlaceOrderInput = {
      addressId,
      paymentMode: 'Online',
      paidAmountPaise: quote.paidAmountPaise,
      discountPaise: quote.discountPaise,
      promoCode: 'FRESH5',
      points: 10,
      idempotencyKey: key,
    };
    const gateway = new FakeGateway();
    gateway.failNext('createOrder', null);

    const failed = await placeOrder(db, customerId, input, { gateway }).catch((err: unknown) => err);

    expect(failed).toBeInstanceOf(AppError);
    expect(failed).toMatchObject({ code: 'unavailable', message: PAYMENT_INIT_FAILED });
    expect(await listOrders(db, customerId)).toEqual([]);
    const rows = await db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.customerId, customerId));
    expect(rows).toEqual([{ status: 'payment_failed', paymentStatus: 'failed' }]);
    expect(await stockOf()).toBe(stock);
    expect(await usesOf('FRESH5')).toBe(uses);
    const [after] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect({ points: after!.pointsBalance, credit: after!.creditBalancePaise }).toEqual({
      points: account!.pointsBalance,
      credit: account!.creditBalancePaise,
    });
    expect((await listCart(db, customerId)).map((l) => [l.productId, l.qty])).toEqual([[1, 3]]);

    // The same key may be retried: it opens a payment now.
    const retry = await placeOrder(db, customerId, input, { gateway });
    expect(retry.created).toBe(true);
    expect(retry.order.paymentStatus).toBe('pending');
    expect(await stockOf()).toBe(stock - 3);
    expect(await db.$count(cartItems, eq(cartItems.customerId, customerId))).toBe(0);
  });

  it('answers five parallel requests with one key with one order', async () => {
    const { customerId, addressId } = await shopper();
    const quote = await quoteOrder(db, customerId);
    const input: PlaceOrderInput = {
      addressId,
      paymentMode: 'Cash',
      paidAmountPaise: quote.paidAmountPaise,
      points: 0,
      idempotencyKey: randomUUID(),
    };
    const results = await Promise.all(Array.from({ length: 5 }, () => placeOrder(db, customerId, input)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.order.id)).size).toBe(1);
    expect(await db.$count(orders, eq(orders.customerId, customerId))).toBe(1);
  });

  it('does not take another failure of a sign-up for the phone race', async () => {
    const mobile = '+919755500001';
    const sent = await issueOtp(db, mobile, 'signup', { name: 'New', email: 'new@example.com' });
    await handle.exec(
      `CREATE FUNCTION refuse_customer() RETURNS trigger AS $$ BEGIN RAISE EXCEPTION 'customers are read-only today'; END $$ LANGUAGE plpgsql`,
    );
    await handle.exec(
      `CREATE TRIGGER refuse_customer BEFORE INSERT ON customers FOR EACH ROW EXECUTE FUNCTION refuse_customer()`,
    );
    try {
      const err = await completeOtpLogin(db, mobile, sent.demoCode!).catch((e: unknown) => e);
      expect(err).not.toBeInstanceOf(AppError);
      expect(String((err as Error & { cause?: Error }).cause?.message ?? (err as Error).message)).toMatch(
        /customers are read-only today/,
      );
    } finally {
      await handle.exec('DROP TRIGGER refuse_customer ON customers');
    }
  });
});

describe.each(inject('servers'))('Idempotency-Key over HTTP on $kind', ({ baseUrl }) => {
  it('returns the same order for the same body and a 422 for another body with the same key', async () => {
    const c = new ApiClient(baseUrl);
    await c.signUp();
    const address = await c.post('/api/customer/add-address', { json: THRISSUR });
    const guest = await c.get('/api/customer/products/0?pageSize=50');
    const product = (guest.body.data.products as { id: number; stock: number }[]).find((p) => p.stock >= 10)!;
    await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '1' } });
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const key = randomUUID();
    const body = {
      address_id: address.body.data.address.id,
      payment_mode: 'cod',
      paid_amount: s.paid_amount,
      points: '0',
      customer_note: 'Gate code 12',
    };

    const first = await c.post('/api/customer/place-order', { json: body }, { 'idempotency-key': key });
    expect(first.status).toBe(201);
    // The same request as form data, with its fields in another order: the same request.
    const again = await c.post(
      '/api/customer/place-order',
      {
        form: {
          customer_note: 'Gate code 12',
          points: '0',
          paid_amount: s.paid_amount,
          payment_mode: 'cod',
          address_id: String(body.address_id),
        },
      },
      { 'idempotency-key': key },
    );
    expect(again.status).toBe(200);
    expect(again.body.data.order.id).toBe(first.body.data.order.id);
    const other = await c.post(
      '/api/customer/place-order',
      { json: { ...body, customer_note: 'Leave at the door' } },
      { 'idempotency-key': key },
    );
    expect(other.status).toBe(422);
    expect(other.body.message).toBe(
      'This Idempotency-Key was already used for a different order request. Use a new key for a new order.',
    );
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toHaveLength(1);
  });
});
