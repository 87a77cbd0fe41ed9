/**
 * Money paths of placing an order, on each database kind:
 * - an Idempotency-Key returns the same order for the same body (200) and a 422 for another body;
 * - an online charge runs outside any transaction: while the gateway charges, the order is
 *   already committed as `pending` (visible from another connection) and hidden from the
 *   customer's orders; afterwards it is paid;
 * - a declined charge leaves no order for the customer, gives back stock, promo use, points and
 *   the cart, and answers 402 "Payment failed: …" (in-process and over HTTP);
 * - a sign-up whose customer insert fails for another reason than the phone race is not taken
 *   for that race.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { startServer, type RunningServer } from '../helpers/server.ts';
import { ApiClient } from '../helpers/api.ts';
import type { Database, DatabaseHandle } from '#lib/db/index.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { cartItems, customers, orders, products, promoCodes } from '#lib/db/schema.ts';
import { addToCart, listCart } from '#features/cart/server/cart.ts';
import { addAddress } from '#features/addresses/server/addresses.ts';
import { PAYMENT_FAILED, placeOrder, type PlaceOrderInput } from '#features/orders/server/place-order.ts';
import { listOrders } from '#features/orders/server/queries.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import { PaymentDeclinedError, type PaymentGateway } from '#features/payments/server.ts';
import { completeOtpLogin, issueOtp } from '#features/auth/server/otp.ts';
import { AppError } from '#lib/http/envelope.ts';

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

/** Resolves with `promise`, or rejects when it has not settled after `ms` (a locked database). */
function deadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(what)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/**
 * A gateway that, while "charging", looks at the order from another connection of the pool
 * (PostgreSQL) or after the single PGlite connection (which would wait forever while a
 * transaction held it), then approves or declines.
 */
class CheckingGateway implements PaymentGateway {
  readonly name = 'checking';
  seen: { paymentStatus: string | undefined; customerSees: number }[] = [];
  private readonly db: Database;
  private readonly customerId: number;
  private readonly outcome: 'approve' | 'decline';
  constructor(db: Database, customerId: number, outcome: 'approve' | 'decline') {
    this.db = db;
    this.customerId = customerId;
    this.outcome = outcome;
  }
  async charge(amountPaise: number, description: string): Promise<{ reference: string }> {
    const orderId = Number(/order (\d+)/.exec(description)?.[1]);
    const look = async () => {
      const [row] = await this.db
        .select({ paymentStatus: orders.paymentStatus, paid: orders.paidAmountPaise })
        .from(orders)
        .where(eq(orders.id, orderId));
      return {
        paymentStatus: row?.paymentStatus,
        paid: row?.paid,
        customerSees: (await listOrders(this.db, this.customerId)).length,
      };
    };
    const seen = await deadline(look(), 5_000, 'the charge ran while a database transaction held the order');
    expect(seen.paid).toBe(amountPaise);
    this.seen.push({ paymentStatus: seen.paymentStatus, customerSees: seen.customerSees });
    if (this.outcome === 'decline') throw new PaymentDeclinedError('Card declined (stub)');
    return { reference: 'stub_ref_1' };
  }
  async refund(): Promise<{ reference: string }> {
    return { reference: 'stub_refund_1' };
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

  it('charges outside any transaction, with the order pending and hidden meanwhile, then marks it paid', async () => {
    const { customerId, addressId } = await shopper();
    const quote = await quoteOrder(db, customerId);
    const gateway = new CheckingGateway(db, customerId, 'approve');
    const { order, created } = await placeOrder(
      db,
      customerId,
      { addressId, paymentMode: 'Online', paidAmountPaise: quote.paidAmountPaise, points: 0 },
      { gateway },
    );
    expect(gateway.seen).toEqual([{ paymentStatus: 'pending', customerSees: 0 }]);
    expect(created).toBe(true);
    expect(order.paymentStatus).toBe('paid');
    expect((await listOrders(db, customerId)).map((o) => o.id)).toEqual([order.id]);
  });

  it('gives everything back and answers 402 when the charge is declined', async () => {
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
    const gateway = new CheckingGateway(db, customerId, 'decline');

    const failed = await placeOrder(db, customerId, input, { gateway }).catch((err: unknown) => err);

    expect(failed).toBeInstanceOf(AppError);
    expect(failed).toMatchObject({ code: 'payment_required', message: PAYMENT_FAILED });
    expect(gateway.seen).toEqual([{ paymentStatus: 'pending', customerSees: 0 }]);
    expect(await listOrders(db, customerId)).toEqual([]);
    const rows = await db
      .select({ status: orders.status, paymentStatus: orders.paymentStatus })
      .from(orders)
      .where(eq(orders.customerId, customerId));
    expect(rows).toEqual([{ status: 'cancelled', paymentStatus: 'failed' }]);
    expect(await stockOf()).toBe(stock);
    expect(await usesOf('FRESH5')).toBe(uses);
    const [after] = await db.select().from(customers).where(eq(customers.id, customerId));
    expect({ points: after!.pointsBalance, credit: after!.creditBalancePaise }).toEqual({
      points: account!.pointsBalance,
      credit: account!.creditBalancePaise,
    });
    expect((await listCart(db, customerId)).map((l) => [l.productId, l.qty])).toEqual([[1, 3]]);

    // The same key may be retried after a declined payment: it pays now.
    const retry = await placeOrder(db, customerId, input, { gateway: new CheckingGateway(db, customerId, 'approve') });
    expect(retry.created).toBe(true);
    expect(retry.order.paymentStatus).toBe('paid');
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

describe('a declined online payment over HTTP (PAYMENT_TEST_DECLINE=true)', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ PAYMENT_GATEWAY: 'test', PAYMENT_TEST_DECLINE: 'true' });
  });
  afterAll(() => server?.stop());

  it('answers 402 with a clear message and keeps the cart, the stock and no order', async () => {
    const c = new ApiClient(server.baseUrl);
    await c.signUp();
    const address = await c.post('/api/customer/add-address', { json: THRISSUR });
    const list = await c.get('/api/customer/products/0?pageSize=50');
    const product = (list.body.data.products as { id: number; stock: number }[]).find((p) => p.stock >= 10)!;
    await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '2' } });
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;

    const res = await c.post('/api/customer/place-order', {
      json: {
        address_id: address.body.data.address.id,
        payment_mode: 'online',
        paid_amount: s.paid_amount,
        points: '0',
      },
    });

    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({ success: false, message: PAYMENT_FAILED });
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
    expect((await c.get('/api/customer/my-cart')).body.data.my_cart).toMatchObject([{ qty: 2 }]);
    expect((await c.get(`/api/customer/product-details/${product.id}`)).body.data.product.stock).toBe(product.stock);
  });
});
