/**
 * The UPI QR routes over HTTP, with PAYMENT_GATEWAY=razorpay pointed at the payment simulator and
 * its webhooks reaching the server's own webhook route: on PGlite, and on PostgreSQL. The rider
 * of the order makes its QR (two taps at once: one QR), another member without the board gets
 * 404, a signed-out request 401; paid in the simulator, the `qr_code.credited` webhook marks the
 * order paid; with the webhook held, the rider's poll settles it after 5 seconds and the webhook
 * delivered later changes nothing.
 */

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentSimulator, SIMULATOR_KEYS, startPaymentSimulator } from '#features/payments/index.ts';
import {
  addStaffMember,
  DEMO_STAFF_PHONE,
  placeCustomerOrder,
  type StaffClient,
  staffClient,
  stockedProduct,
} from '../admin/staff-helpers.ts';
import { ApiClient } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { freePort, type RunningServer, startServer } from '../helpers/server.ts';

/** Webhooks settle on their own time: polled every 100 ms for up to 10 s. */
const POLL = { timeout: 10_000, interval: 100 };

describe.each(testDatabaseKinds())('UPI QR routes over HTTP on %s', (kind) => {
  let simulator: PaymentSimulator;
  let server: RunningServer;
  let drop: (() => Promise<void>) | undefined;
  let manager: StaffClient;
  let rider: StaffClient;
  let riderId: number;
  let productId: number;

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
      env.DATABASE_URL = created.url;
    }
    server = await startServer(env);
    simulator = await startPaymentSimulator({
      port: simPort,
      webhookUrl: `${server.baseUrl}/api/payments/razorpay/webhook`,
      settings: { refundDelayMs: 0 },
    });
    manager = await staffClient(server.baseUrl, DEMO_STAFF_PHONE.manager);
    rider = await staffClient(server.baseUrl, DEMO_STAFF_PHONE.rider);
    riderId = (await rider.get('/api/admin/me')).body.data.staff.id as number;
    productId = (await stockedProduct(server.baseUrl)).id;
  }, 180_000);
  afterAll(async () => {
    await simulator?.close();
    await server?.stop();
    await drop?.();
  });

  /** A new customer's cash order, assigned to the demo rider and out for delivery; its id. */
  async function orderAtTheDoor(): Promise<number> {
    const { order } = await placeCustomerOrder(server.baseUrl, productId);
    const id = order.id as number;
    expect((await manager.put(`/api/admin/orders/${id}/rider`, { json: { rider_id: riderId } })).status).toBe(200);
    for (const move of ['processed', 'out-for-delivery'])
      expect((await manager.post(`/api/admin/orders/${id}/${move}`, { json: {} })).status).toBe(200);
    return id;
  }

  /** The customer pays QR `qrId` in the simulator. */
  async function pay(qrId: string): Promise<string> {
    const res = await fetch(`${simulator.url}/_simulator/qr/${qrId}/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { id: string }).id;
  }

  it('the rider makes one QR for the amount due; others are refused', async () => {
    const id = await orderAtTheDoor();
    const [a, b] = await Promise.all([
      rider.post(`/api/admin/orders/${id}/upi-qr`, { json: {} }),
      rider.post(`/api/admin/orders/${id}/upi-qr`, { json: {} }),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const qr = a.body.data.upi_qr;
    expect(qr).toMatchObject({ order_id: id, status: 'active', order_payment_status: 'unpaid' });
    expect(qr.qr.amount_paise).toBe(qr.amount_due_paise);
    expect(qr.qr.image_url).toBe(`${simulator.url}/_simulator/qr/${qr.qr.id}`);
    expect(b.body.data.upi_qr.qr.id).toBe(qr.qr.id);
    expect(a.headers.get('cache-control')).toContain('no-store');

    // Another rider's order is not found; a signed-out request is refused.
    const owner = await staffClient(server.baseUrl, DEMO_STAFF_PHONE.owner);
    const other = await addStaffMember(owner, 'rider');
    const stranger = await staffClient(server.baseUrl, other.phone);
    expect((await stranger.post(`/api/admin/orders/${id}/upi-qr`, { json: {} })).status).toBe(404);
    expect((await stranger.get(`/api/admin/orders/${id}/upi-qr`)).status).toBe(404);
    expect((await new ApiClient(server.baseUrl).get(`/api/admin/orders/${id}/upi-qr`)).status).toBe(401);
    // Not out for delivery: 409 with why.
    const { order } = await placeCustomerOrder(server.baseUrl, productId);
    const early = await manager.post(`/api/admin/orders/${order.id}/upi-qr`, { json: {} });
    expect(early.status).toBe(409);
    expect(early.body.message).toContain('not at the door');
  });

  it('the webhook marks the order paid; a held one is overtaken by the rider’s poll', async () => {
    simulator.settings({ webhooks: 'now' });
    const first = await orderAtTheDoor();
    const made = (await rider.post(`/api/admin/orders/${first}/upi-qr`, { json: {} })).body.data.upi_qr;
    const paymentId = await pay(made.qr.id);
    await expect
      .poll(async () => (await rider.get(`/api/admin/orders/${first}/upi-qr`)).body.data.upi_qr.status, POLL)
      .toBe('paid');
    const order = (await manager.get(`/api/admin/orders/${first}`)).body.data.order;
    expect(order.payment_status).toBe('paid');
    expect((await rider.get(`/api/admin/orders/${first}/upi-qr`)).body.data.upi_qr.qr.payment_id).toBe(paymentId);
    expect((await rider.post(`/api/admin/orders/${first}/upi-qr`, { json: {} })).status).toBe(409);

    simulator.settings({ webhooks: 'never' });
    const second = await orderAtTheDoor();
    const qr = (await rider.post(`/api/admin/orders/${second}/upi-qr`, { json: {} })).body.data.upi_qr;
    const late = await pay(qr.qr.id);
    expect((await rider.get(`/api/admin/orders/${second}/upi-qr`)).body.data.upi_qr.status).toBe('active');
    // After 5 seconds the poll asks the gateway.
    await new Promise((r) => setTimeout(r, 5200));
    const polled = (await rider.get(`/api/admin/orders/${second}/upi-qr`)).body.data.upi_qr;
    expect(polled).toMatchObject({ status: 'paid', order_payment_status: 'paid' });
    expect(polled.qr.payment_id).toBe(late);
    // The webhooks arrive after all: nothing more changes, no refund.
    expect(await simulator.flushWebhooks()).toBeGreaterThan(0);
    const after = (await manager.get(`/api/admin/orders/${second}`)).body.data.order;
    expect(after.payment_status).toBe('paid');
    expect(after.refunds).toEqual([]);
    simulator.settings({ webhooks: 'now' });
  }, 30_000);
});
