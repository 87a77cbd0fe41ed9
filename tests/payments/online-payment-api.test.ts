/**
 * Online payment over HTTP against the payment simulator (Razorpay's API, signed webhooks), with
 * PAYMENT_GATEWAY=razorpay pointed at it: on PGlite with one server, and on PostgreSQL with two
 * server processes (the checkout callback reaches one, the webhooks the other). The callback and
 * the webhooks of one payment arriving at the same moment confirm the order once (one invoice
 * number, one SMS); replayed webhooks (also under a new delivery id) change nothing; a stale or
 * undated webhook and a bad signature are refused with 400; a declined payment's
 * cancel gives the cart back; a lost webhook is settled by reconciliation (PostgreSQL: the job run
 * in this process on the servers' database); a cancellation's refund is asked once, for the
 * amount paid, and shows processed once its webhook arrives. A rider's deliveries list says a
 * paid online order collects nothing and a cash order what to collect.
 */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSettlement } from '#features/orders/index.ts';
import {
  type PaymentSimulator,
  RazorpayGateway,
  registerOrderSettlement,
  runPaymentJobs,
  SIMULATOR_KEYS,
  startPaymentSimulator,
} from '#features/payments/index.ts';
import { WEBHOOK_MAX_AGE_MS } from '#features/payments/server/gateway.ts';
import { hmacSha256Hex } from '#features/payments/server/signatures.ts';
import { type DatabaseHandle, openDatabase } from '#lib/db/index.ts';
import { orderNotifications, orders } from '#lib/db/schema.ts';
import { DEMO_STAFF_PHONE, staffClient, THRISSUR_ADDRESS } from '../admin/staff-helpers.ts';
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { freePort, type RunningServer, startServer } from '../helpers/server.ts';

// The payments job runs in this process too, as a server's would: wired as the server wires it (src/server/wiring.ts).
registerOrderSettlement(orderSettlement);

const WEBHOOK = '/api/payments/razorpay/webhook';
/** Webhooks and refunds settle on their own time: polled every 100 ms for up to 10 s. */
const POLL = { timeout: 10_000, interval: 100 };

describe.each(testDatabaseKinds())('online payment over HTTP with the simulator on %s', (kind) => {
  let simulator: PaymentSimulator;
  let gateway: RazorpayGateway;
  const servers: RunningServer[] = [];
  let db: DatabaseHandle | undefined;
  let drop: (() => Promise<void>) | undefined;
  /** The server the checkout talks to, and the one the webhooks reach. */
  let shop: string;
  let hooks: string;

  beforeAll(async () => {
    const simPort = await freePort();
    const env: Record<string, string> = {
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_API_URL: `http://127.0.0.1:${simPort}`,
      RAZORPAY_KEY_ID: SIMULATOR_KEYS.keyId,
      RAZORPAY_KEY_SECRET: SIMULATOR_KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: SIMULATOR_KEYS.webhookSecret,
    };
    if (kind === 'postgres') {
      const created = await createPostgresDatabase();
      drop = created.drop;
      servers.push(
        ...(await Promise.all([
          startServer({ ...env, DATABASE_URL: created.url }),
          startServer({ ...env, DATABASE_URL: created.url }),
        ])),
      );
      db = await openDatabase({ databaseUrl: created.url, maxConnections: 3 });
    } else servers.push(await startServer(env));
    shop = servers[0]!.baseUrl;
    hooks = servers.at(-1)!.baseUrl;
    simulator = await startPaymentSimulator({
      port: simPort,
      webhookUrl: `${hooks}${WEBHOOK}`,
      settings: { refundDelayMs: 0 },
    });
    gateway = new RazorpayGateway({ name: 'simulator', apiUrl: simulator.url, ...SIMULATOR_KEYS });
  }, 180_000);
  afterAll(async () => {
    await simulator?.close();
    await db?.close();
    await Promise.all(servers.map((s) => s.stop()));
    await drop?.();
  });

  /** A signed-up customer with two of a product in the cart, and an online order placed: its data.payment. */
  async function placeOnline() {
    const c = new ApiClient(shop);
    await c.signUp();
    const address = await c.post('/api/customer/add-address', { json: THRISSUR_ADDRESS });
    const list = await c.get('/api/customer/products/0?pageSize=50');
    const product = (list.body.data.products as { id: number; stock: number }[]).find((p) => p.stock >= 10)!;
    await c.post('/api/customer/add-product', { multipart: { product_id: String(product.id), qty: '2' } });
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const placed = await c.post('/api/customer/place-order', {
      json: {
        address_id: address.body.data.address.id,
        payment_mode: 'online',
        paid_amount: s.paid_amount,
        points: '0',
      },
    });
    expect(placed.status).toBe(201);
    // The answer says what the order is: awaiting its payment, not placed.
    expect(placed.body.data.order).toMatchObject({ order_status: 'pending_payment', payment_status: 'pending' });
    const payment = placed.body.data.payment as { order_id: string; amount: number; key_id: string; gateway: string };
    expect(payment).toMatchObject({ gateway: 'razorpay', key_id: SIMULATOR_KEYS.keyId, currency: 'INR' });
    expect(payment.amount).toBe(Math.round(Number(s.paid_amount) * 100));
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
    return { c, orderId: placed.body.data.order_id as number, payment, productId: product.id };
  }

  /** The customer pays in the simulator's checkout: the callback fields (or its error answer). */
  async function pay(gatewayOrderId: string, outcome: 'success' | 'decline' = 'success') {
    const res = await fetch(`${simulator.url}/v1/checkout/pay`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Basic ${Buffer.from(`${SIMULATOR_KEYS.keyId}:${SIMULATOR_KEYS.keySecret}`).toString('base64')}`,
      },
      body: JSON.stringify({ order_id: gatewayOrderId, method: 'upi', outcome }),
    });
    return (await res.json()) as Record<string, string> & { error?: { metadata?: { payment_id?: string } } };
  }

  it('confirms once when the callback and the webhooks arrive at the same moment (on two processes)', async () => {
    simulator.settings({ webhooks: 'never' });
    const { c, orderId, payment } = await placeOnline();
    const fields = await pay(payment.order_id);
    const [verified] = await Promise.all([
      c.post('/api/customer/payments/razorpay/verify', { json: fields }),
      simulator.flushWebhooks(),
    ]);
    expect(verified.status).toBe(200);
    expect(verified.body.data.order).toMatchObject({ id: orderId, payment_status: 'paid', order_status: 'placed' });
    const mine = (await c.get('/api/customer/my-orders')).body.data.orders;
    expect(mine.map((o: { id: number; payment_status: string }) => [o.id, o.payment_status])).toEqual([
      [orderId, 'paid'],
    ]);
    expect(mine[0].invoice_number).toMatch(/^FF\//);
    // The same callback again answers the same paid order.
    const again = await c.post('/api/customer/payments/razorpay/verify', { json: fields });
    expect(again.body.data.order.invoice_number).toBe(mine[0].invoice_number);
    // The rider collects nothing for an order paid online.
    const manager = await staffClient(shop, DEMO_STAFF_PHONE.manager);
    const staffView = (await manager.get(`/api/admin/orders/${orderId}`)).body.data.order;
    expect(staffView).toMatchObject({ payment_status: 'paid', amount_due: '0.00' });
    expect(Number(staffView.paid_amount)).toBeGreaterThan(0);
    if (db) {
      await expect
        .poll(async () => (await db!.db.$count(orderNotifications, eq(orderNotifications.orderId, orderId))) > 0, POLL)
        .toBe(true);
      expect(await db.db.$count(orderNotifications, eq(orderNotifications.orderId, orderId))).toBe(1);
    }
  });

  it('replayed webhooks change nothing, and a bad signature is refused with 400', async () => {
    simulator.settings({ webhooks: 'twice' });
    const { c, orderId, payment } = await placeOnline();
    const paid = await pay(payment.order_id);
    await expect.poll(async () => (await c.get(`/api/customer/orders/${orderId}`)).status === 200, POLL).toBe(true);
    await simulator.webhooksIdle();
    const order = (await c.get(`/api/customer/orders/${orderId}`)).body.data.order;
    expect(order).toMatchObject({ payment_status: 'paid', invoice_number: expect.stringMatching(/^FF\//) });
    // The gateway's captured event replayed under a new delivery id: answered as a duplicate (200, the
    // gateway stops retrying), nothing changes; one made longer ago than the retry window, or with no
    // created_at, is refused with 400.
    const entity = {
      id: paid.razorpay_payment_id,
      order_id: payment.order_id,
      amount: payment.amount,
      currency: 'INR',
      status: 'captured',
      method: 'upi',
    };
    const post = (body: Record<string, unknown>, eventId: string) => {
      const raw = JSON.stringify({
        entity: 'event',
        event: 'payment.captured',
        payload: { payment: { entity } },
        ...body,
      });
      return fetch(`${hooks}${WEBHOOK}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-razorpay-signature': hmacSha256Hex(SIMULATOR_KEYS.webhookSecret, raw),
          'x-razorpay-event-id': eventId,
        },
        body: raw,
      });
    };
    const now = Math.floor(Date.now() / 1000);
    const replay = await post({ created_at: now }, `evt_replay_${orderId}`);
    expect(replay.status).toBe(200);
    expect(((await replay.json()) as { data: { outcome: string } }).data.outcome).toBe('duplicate');
    expect((await post({ created_at: now - WEBHOOK_MAX_AGE_MS / 1000 - 60 * 60 }, `evt_stale_${orderId}`)).status).toBe(
      400,
    );
    expect((await post({}, `evt_undated_${orderId}`)).status).toBe(400);
    expect((await c.get(`/api/customer/orders/${orderId}`)).body.data.order).toEqual(order);
    const forged = await fetch(`${hooks}${WEBHOOK}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-razorpay-signature': 'f'.repeat(64),
        'x-razorpay-event-id': 'evt_forged',
      },
      body: JSON.stringify({ event: 'payment.captured', payload: {} }),
    });
    expect(forged.status).toBe(400);
    simulator.settings({ webhooks: 'now' });
  });

  it('a declined payment and the customer’s cancel: the order is released and the cart is back', async () => {
    simulator.settings({ webhooks: 'now' });
    const { c, orderId, payment, productId } = await placeOnline();
    const declined = await pay(payment.order_id, 'decline');
    expect(declined.error).toBeTruthy();
    const bad = await c.post('/api/customer/payments/razorpay/verify', {
      json: { razorpay_order_id: payment.order_id, razorpay_payment_id: 'pay_x', razorpay_signature: 'ab'.repeat(32) },
    });
    expect(bad.status).toBe(400);
    const cancelled = await c.post('/api/customer/payments/razorpay/cancel', {
      json: { razorpay_order_id: payment.order_id },
    });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'released', order_id: orderId, order: null });
    const cart = (await c.get('/api/customer/my-cart')).body.data.my_cart;
    expect(cart.map((l: { product: { id: number }; qty: number }) => l.qty)).toEqual([2]);
    expect(cart[0].product?.id ?? productId).toBe(productId);
    expect((await c.get('/api/customer/my-orders')).body.data.orders).toEqual([]);
  });

  it('asks the gateway once for a cancellation’s refund, for the amount paid, and shows it processed', async () => {
    simulator.settings({ webhooks: 'now', refunds: 'processed' });
    const { c, orderId, payment } = await placeOnline();
    const fields = await pay(payment.order_id);
    expect((await c.post('/api/customer/payments/razorpay/verify', { json: fields })).status).toBe(200);
    const cancels = await Promise.all([
      c.post('/api/customer/cancel-order', { json: { order_id: orderId } }),
      c.post('/api/customer/cancel-order', { json: { order_id: orderId } }),
    ]);
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409]);
    const refunds = await gateway.fetchRefunds(fields.razorpay_payment_id!);
    expect(refunds.map((r) => r.amountPaise)).toEqual([payment.amount]);
    await expect
      .poll(async () => {
        const o = (await c.get(`/api/customer/orders/${orderId}`)).body.data.order;
        return o.refunds[0]?.status === 'processed';
      }, POLL)
      .toBe(true);
    const o = (await c.get(`/api/customer/orders/${orderId}`)).body.data.order;
    expect(o.refunds).toEqual([
      expect.objectContaining({ reason: 'cancel', amount_paise: payment.amount, status: 'processed' }),
    ]);
  });

  it('shows a failed refund to the customer and staff; a manager retries it, a packer may not', async () => {
    simulator.settings({ webhooks: 'now', refunds: 'failed' });
    const { c, orderId, payment } = await placeOnline();
    const fields = await pay(payment.order_id);
    expect((await c.post('/api/customer/payments/razorpay/verify', { json: fields })).status).toBe(200);
    expect((await c.post('/api/customer/cancel-order', { json: { order_id: orderId } })).status).toBe(200);
    await expect
      .poll(async () => {
        const o = (await c.get(`/api/customer/orders/${orderId}`)).body.data.order;
        return o.refunds[0]?.status === 'failed';
      }, POLL)
      .toBe(true);
    const manager = await staffClient(shop, DEMO_STAFF_PHONE.manager);
    const seen = (await manager.get(`/api/admin/orders/${orderId}`)).body.data.order;
    expect(seen.payment).toMatchObject({ gateway: 'razorpay', gateway_order_id: payment.order_id, problem: null });
    expect(seen.refunds).toEqual([expect.objectContaining({ status: 'failed', amount_paise: payment.amount })]);
    const retry = `/api/admin/orders/${orderId}/refunds/${seen.refunds[0].id}/retry`;
    const packer = await staffClient(shop, DEMO_STAFF_PHONE.packer);
    expect((await packer.post(retry, { json: {} })).status).toBe(403);
    simulator.settings({ refunds: 'processed' });
    const retried = await manager.post(retry, { json: {} });
    expect(retried.status).toBe(200);
    expect((await manager.post(retry, { json: {} })).status).toBe(409);
    await expect
      .poll(
        async () => (await gateway.fetchRefunds(fields.razorpay_payment_id!)).every((r) => r.status !== 'pending'),
        POLL,
      )
      .toBe(true);
    const asked = await gateway.fetchRefunds(fields.razorpay_payment_id!);
    expect(asked.map((r) => [r.amountPaise, r.status]).sort()).toEqual([
      [payment.amount, 'failed'],
      [payment.amount, 'processed'],
    ]);
  });

  it('an order awaiting its payment: only its customer reads it and asks again; staff open it with the gateway state', async () => {
    simulator.settings({ webhooks: 'never' });
    const { c, orderId, payment, productId } = await placeOnline();
    const pending = await c.get('/api/customer/payments/pending');
    expect(pending.status).toBe(200);
    expect(pending.body.data.order).toMatchObject({ id: orderId, order_status: 'pending_payment' });
    expect(pending.body.data.order.order_items.map((i: { product: { id: number }; qty: number }) => i.qty)).toEqual([
      2,
    ]);
    expect(pending.body.data.order.order_items[0].product.id).toBe(productId);

    // Another customer never sees it, and cannot ask about it.
    const other = new ApiClient(shop);
    await other.signUp();
    expect((await other.get('/api/customer/payments/pending')).body.data).toEqual({ order: null });
    expect((await other.post('/api/customer/payments/check', { json: { order_id: orderId } })).status).toBe(404);
    expect((await other.post('/api/customer/payments/check', { json: { order_id: 'x' } })).status).toBe(400);
    expect((await new ApiClient(shop).get('/api/customer/payments/pending')).status).toBe(401);

    // Nothing paid yet: still pending, and nothing is released by asking.
    const still = await c.post('/api/customer/payments/check', { json: { order_id: orderId } });
    expect(still.status).toBe(200);
    expect(still.body.data).toMatchObject({ status: 'pending', order_id: orderId });

    // Staff: the board's "Awaiting payment" filter lists it, its page opens with the gateway state; no move.
    const manager = await staffClient(shop, DEMO_STAFF_PHONE.manager);
    const seen = await manager.get(`/api/admin/orders/${orderId}`);
    expect(seen.status).toBe(200);
    expect(seen.body.data.order).toMatchObject({
      status: 'pending_payment',
      payment: { gateway_order_id: payment.order_id, gateway_state: 'created', gateway_payments: [] },
    });
    const board = (await manager.get(`/api/admin/board?q=${orderId}`)).body.data;
    expect(JSON.stringify(board)).toContain(`"id":${orderId}`);
    expect((await manager.post(`/api/admin/orders/${orderId}/processed`, { json: {} })).status).toBe(409);

    // The payment goes through with its webhook lost: the customer's check and the webhook race, one outcome.
    const fields = await pay(payment.order_id);
    const [checked] = await Promise.all([
      c.post('/api/customer/payments/check', { json: { order_id: orderId } }),
      c.post('/api/customer/payments/check', { json: { order_id: orderId } }),
      simulator.flushWebhooks(),
    ]);
    expect(checked.status).toBe(200);
    expect(checked.body.data).toMatchObject({ status: 'paid', order: { id: orderId, payment_status: 'paid' } });
    expect((await c.post('/api/customer/payments/razorpay/verify', { json: fields })).status).toBe(200);
    const mine = (await c.get('/api/customer/my-orders')).body.data.orders;
    expect(mine.map((o: { id: number }) => o.id)).toEqual([orderId]);
    expect((await c.get('/api/customer/payments/pending')).body.data).toEqual({ order: null });
    const paidSeen = (await manager.get(`/api/admin/orders/${orderId}`)).body.data.order;
    expect(paidSeen.payment).toMatchObject({ gateway_state: 'captured', payment_id: fields.razorpay_payment_id });
    simulator.settings({ webhooks: 'now' });
  });

  it('a rider’s deliveries list says a prepaid order collects nothing and a cash order what to collect', async () => {
    const { c, orderId, payment, productId } = await placeOnline();
    const fields = await pay(payment.order_id);
    expect((await c.post('/api/customer/payments/razorpay/verify', { json: fields })).status).toBe(200);
    // A cash order of the same customer, on the same rider's list.
    await c.post('/api/customer/add-product', { multipart: { product_id: String(productId), qty: '1' } });
    const addressId = (await c.get('/api/customer/my-orders')).body.data.orders[0].address_id as number;
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const cash = await c.post('/api/customer/place-order', {
      json: { address_id: addressId, payment_mode: 'cod', paid_amount: s.paid_amount, points: '0' },
    });
    expect(cash.status).toBe(201);
    const cashId = cash.body.data.order_id as number;

    const manager = await staffClient(shop, DEMO_STAFF_PHONE.manager);
    const rider = await staffClient(shop, DEMO_STAFF_PHONE.rider);
    const riderId = (await rider.get('/api/admin/me')).body.data.staff.id as number;
    for (const id of [orderId, cashId])
      expect((await manager.put(`/api/admin/orders/${id}/rider`, { json: { rider_id: riderId } })).status).toBe(200);

    // The rider's page (its cookie is the staff page session's).
    const res = await fetch(`${shop}/admin/deliveries`, {
      headers: { cookie: rider.cookie!.replace(/^ff_staff_api=/, 'ff_staff=') },
    });
    expect(res.status).toBe(200);
    const html = await res.text();
    /** The visible text of the list item for order `id`. */
    const line = (id: number) =>
      (html.split('<li').find((li) => li.includes(`Order #${id}<`)) ?? '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');
    expect(line(orderId)).toContain('Prepaid — collect nothing · Paid online');
    expect(line(cashId)).toContain(`Collect ₹${s.paid_amount} · Cash on Delivery`);
  });

  it('a released order answers "released" to the check, and staff see it with its failed gateway state', async () => {
    simulator.settings({ webhooks: 'now' });
    const { c, orderId, payment } = await placeOnline();
    await pay(payment.order_id, 'decline');
    const manager = await staffClient(shop, DEMO_STAFF_PHONE.manager);
    const before = (await manager.get(`/api/admin/orders/${orderId}`)).body.data.order;
    expect(before.payment.gateway_state).toBe('failed');
    expect(before.payment.gateway_payments).toEqual([expect.objectContaining({ status: 'failed' })]);
    expect((await c.post('/api/customer/payments/check', { json: { order_id: orderId } })).body.data.status).toBe(
      'pending',
    );
    await c.post('/api/customer/payments/razorpay/cancel', { json: { razorpay_order_id: payment.order_id } });
    const released = await c.post('/api/customer/payments/check', { json: { order_id: orderId } });
    expect(released.body.data).toEqual({ status: 'released', order_id: orderId, order: null });
    const failed = await manager.get(`/api/admin/orders/${orderId}`);
    expect(failed.status).toBe(200);
    expect(failed.body.data.order.status).toBe('payment_failed');
    const customer = (await manager.get(`/api/admin/customers/${before.customer.id}`)).body.data.customer;
    // Released unpaid, it is an attempt on the customer's page, apart from the orders the shop took.
    expect(customer.orders).toEqual([]);
    expect(customer.attempts).toEqual([expect.objectContaining({ id: orderId, gatewayOrderId: payment.order_id })]);
  });

  it.skipIf(kind !== 'postgres')('settles a payment whose webhook is lost by reconciliation', async () => {
    simulator.settings({ webhooks: 'never' });
    const { c, orderId, payment } = await placeOnline();
    await pay(payment.order_id);
    expect((await c.get(`/api/customer/orders/${orderId}`)).status).toBe(404);
    const result = await runPaymentJobs(db!.db, gateway, new Date(Date.now() + 3 * 60_000));
    expect(result.confirmed).toBeGreaterThanOrEqual(1);
    const [row] = await db!.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({ paymentStatus: 'paid', status: 'placed' });
    expect((await c.get(`/api/customer/orders/${orderId}`)).body.data.order.payment_status).toBe('paid');
    simulator.settings({ webhooks: 'now' });
  });
});
