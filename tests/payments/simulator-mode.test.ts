/**
 * The shop in simulator mode (demo mode's payments): its server starts the payment simulator on
 * PAYMENT_SIMULATOR_PORT, and the payment modal's `POST /api/payments/simulator/pay` pays a
 * gateway order there for a signed-in customer, answering the checkout callback's fields or the
 * spec's "Payment processing failed."; a taken port stops start-up, naming the variable; other
 * gateways answer 404 on that route.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RazorpayGateway, SIMULATOR_KEYS } from '#features/payments/index.ts';
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { freePort, type RunningServer, startServer } from '../helpers/server.ts';

const PAY = '/api/payments/simulator/pay';

// On PostgreSQL with two server processes: the primary runs the one simulator, both workers reach it.
describe.each(testDatabaseKinds())('simulator mode on %s', (kind) => {
  let server: RunningServer;
  let gateway: RazorpayGateway;
  let drop: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const port = await freePort();
    const database: Record<string, string> = {};
    if (kind === 'postgres') {
      const db = await createPostgresDatabase();
      drop = db.drop;
      Object.assign(database, { DATABASE_URL: db.url, WEB_CONCURRENCY: '2' });
    }
    server = await startServer({ ...database, PAYMENT_SIMULATOR_PORT: String(port) });
    gateway = new RazorpayGateway({ name: 'simulator', apiUrl: `http://127.0.0.1:${port}`, ...SIMULATOR_KEYS });
  });
  afterAll(async () => {
    await server?.stop();
    await drop?.();
  });

  it('pays a gateway order for a signed-in customer and answers verifiable callback fields', async () => {
    const order = await gateway.createOrder({ amountPaise: 24_000, receipt: 'FF-1' });
    const guest = new ApiClient(server.baseUrl);
    expect((await guest.post(PAY, { json: { order_id: order.id, method: 'upi', outcome: 'success' } })).status).toBe(
      401,
    );
    const customer = new ApiClient(server.baseUrl);
    await customer.signUp();
    const res = await customer.post(PAY, { json: { order_id: order.id, method: 'upi', outcome: 'success' } });
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.razorpay_order_id).toBe(order.id);
    expect(
      gateway.verifyCheckout({
        orderId: order.id,
        paymentId: data.razorpay_payment_id,
        signature: data.razorpay_signature,
      }),
    ).toBe(true);
    expect(await gateway.fetchPayment(data.razorpay_payment_id)).toMatchObject({ status: 'captured', method: 'upi' });
  });

  it("a declined payment answers 402 with the spec's text and the gateway's reason", async () => {
    const order = await gateway.createOrder({ amountPaise: 24_000, receipt: 'FF-2' });
    const customer = new ApiClient(server.baseUrl);
    await customer.signUp();
    const res = await customer.post(PAY, { json: { order_id: order.id, method: 'card', outcome: 'decline' } });
    expect(res.status).toBe(402);
    expect(res.body).toMatchObject({
      success: false,
      message: 'Payment processing failed.',
      data: { description: expect.stringMatching(/declined/), razorpay_order_id: order.id },
    });
    const payments = await gateway.fetchOrderPayments(order.id);
    expect(payments.map((p) => p.status)).toEqual(['failed']);
  });

  it('refuses bad input and orders the simulator did not create with 400', async () => {
    const customer = new ApiClient(server.baseUrl);
    await customer.signUp();
    for (const json of [
      {},
      { order_id: 'order_x', method: 'cash', outcome: 'success' },
      { order_id: 'order_x', method: 'upi', outcome: 'maybe' },
      { order_id: '../v1/orders', method: 'upi', outcome: 'success' },
    ]) {
      const res = await customer.post(PAY, { json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.body.success).toBe(false);
    }
    const unknown = await customer.post(PAY, {
      json: { order_id: 'order_00000000000000', method: 'upi', outcome: 'success' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/does not exist/);
  });
});

describe('start-up', () => {
  it('a taken simulator port stops start-up with a message naming PAYMENT_SIMULATOR_PORT', async () => {
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as net.AddressInfo).port;
    const logs: string[] = [];
    try {
      await expect(startServer({ PAYMENT_SIMULATOR_PORT: String(port) }, { logs })).rejects.toThrow(
        /exited with code 1/,
      );
      expect(logs.join('\n')).toMatch(
        new RegExp(
          `FarmFresh cannot start\\. The payment simulator cannot listen on 127\\.0\\.0\\.1:${port}.*PAYMENT_SIMULATOR_PORT`,
        ),
      );
    } finally {
      taken.close();
    }
  });

  it('with another gateway the simulator route answers 404', async () => {
    const server = await startServer({
      PAYMENT_GATEWAY: 'razorpay',
      RAZORPAY_KEY_ID: 'rzp_test_Example01',
      RAZORPAY_KEY_SECRET: 'secret',
      RAZORPAY_WEBHOOK_SECRET: 'hook',
      RAZORPAY_API_URL: 'http://127.0.0.1:9',
    });
    try {
      const customer = new ApiClient(server.baseUrl);
      await customer.signUp();
      const res = await customer.post(PAY, { json: { order_id: 'order_x', method: 'upi', outcome: 'success' } });
      expect(res.status).toBe(404);
    } finally {
      await server.stop();
    }
  });
});
