/**
 * Order SMS through the built server and a real HTTP SMS gateway (SMS_SENDER=http, a gateway
 * faked in this process), on every test database: the sign-up
 * OTP arrives at the gateway; the order's confirmation (within a second or two of the answer) and
 * its cancellation each arrive once, in Malayalam once the customer chose it; parallel
 * cancellations (one 200, two 409) send one. An SMS the gateway refuses shows on the order's page
 * for staff as retrying, with the gateway's error and the number it went to.
 */

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, randomPhone } from '../helpers/api.ts';
import { createPostgresDatabase, testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServer } from '../helpers/server.ts';

const THRISSUR = {
  name: 'Asha Menon',
  mobile: '+919876543210',
  building_num: '12/4',
  street: 'Round North',
  landmark: null,
  city: 'Thrissur',
  po_box: '680001',
  latitude: '10.5276',
  longitude: '76.2144',
};

// One extra server is enough here (the SMS rules run on both databases in order-sms.test.ts):
// PostgreSQL when the run has it, else PGlite.
describe.each(testDatabaseKinds().slice(-1))('order SMS over an HTTP gateway on %s', (kind) => {
  const received: { to: string; message: string; at: number }[] = [];
  /** Phones whose order SMS the gateway refuses (500). */
  const refuseOrdersTo = new Set<string>();
  let gateway: http.Server;
  let server: RunningServer;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c));
      req.on('end', () => {
        const sms = JSON.parse(body) as { to: string; message: string };
        if (refuseOrdersTo.has(sms.to) && sms.message.includes('#')) {
          res.writeHead(500).end('{"error":"route down"}');
          return;
        }
        received.push({ ...sms, at: Date.now() });
        res.writeHead(200).end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const env: Record<string, string> = {
      SMS_SENDER: 'http',
      SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/send`,
    };
    if (kind === 'postgres') {
      const pg = await createPostgresDatabase();
      drop = pg.drop;
      env.DATABASE_URL = pg.url;
    }
    server = await startServer(env);
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await drop?.();
    await new Promise((r) => gateway?.close(r));
  });

  /** Messages the gateway got for `phone` so far, waiting until there are `count`. */
  async function messagesTo(phone: string, count: number): Promise<string[]> {
    for (let i = 0; i < 100; i++) {
      const mine = received.filter((m) => m.to === phone).map((m) => m.message);
      if (mine.length >= count) return mine;
      await new Promise((r) => setTimeout(r, 50));
    }
    return received.filter((m) => m.to === phone).map((m) => m.message);
  }

  /** A signed-up customer (the OTP read at the gateway) with an address and one product in the cart. */
  async function shopper(phone: string) {
    const c = new ApiClient(server.baseUrl);
    expect(
      (await c.post('/api/register', { json: { name: 'Asha', email: 'asha@example.com', mobile: phone } })).status,
    ).toBe(200);
    const [otpText] = await messagesTo(phone, 1);
    const code = /\b(\d{6})\b/.exec(otpText!)![1]!;
    const login = await c.post(
      '/api/otp-login',
      { json: { key: phone, otp: code } },
      { 'x-token-transport': 'bearer' },
    );
    c.token = login.body.data.token;
    const addressId = (await c.post('/api/customer/add-address', { json: THRISSUR })).body.data.address.id;
    const products = (await c.get('/api/customer/products/0?pageSize=50')).body.data.products as {
      id: number;
      stock: number;
    }[];
    await c.post('/api/customer/add-product', {
      multipart: { product_id: String(products.find((p) => p.stock > 10)!.id), qty: '1' },
    });
    const s = (await c.get('/api/customer/checkout-summary')).body.data.summary;
    const placeOrder = () =>
      c.post('/api/customer/place-order', {
        json: { address_id: addressId, payment_mode: 'cod', paid_amount: s.paid_amount, points: '0' },
      });
    return { c, placeOrder };
  }

  it('sends the confirmation and the cancellation once each, in the chosen language', async () => {
    const phone = randomPhone();
    const { c, placeOrder } = await shopper(phone);
    expect((await c.post('/api/customer/sms-language', { json: { sms_language: 'ml' } })).status).toBe(200);
    const placed = await placeOrder();
    const answeredAt = Date.now();
    const id = placed.body.data.order.id as number;
    expect((await messagesTo(phone, 2))[1]).toBe(
      `FarmFresh: നിങ്ങളുടെ ഓർഡർ #${id} സ്ഥിരീകരിച്ചു. ഡെലിവറിക്ക് പുറപ്പെടുമ്പോൾ SMS അയയ്ക്കും. ട്രാക്ക് ചെയ്യാൻ: http://localhost:4321/track-order?order=${id}`,
    );
    // Sent from the placing request's process right after the commit, not at the next interval.
    expect(received.filter((m) => m.to === phone)[1]!.at - answeredAt).toBeLessThan(2000);
    const cancels = await Promise.all(
      [1, 2, 3].map(() => c.post('/api/customer/cancel-order', { json: { order_id: id } })),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    expect((await messagesTo(phone, 3))[2]).toBe(
      `FarmFresh: നിങ്ങളുടെ ഓർഡർ #${id} റദ്ദാക്കി. റീഫണ്ട് വിവരങ്ങൾ My Orders-ൽ കാണാം.`,
    );
    // Nothing more arrives for this order.
    await c.get('/api/customer/my-orders');
    expect(await messagesTo(phone, 4)).toHaveLength(3);
  }, 60_000);

  it('shows staff an order SMS the gateway refused: retrying, the error, the number it went to', async () => {
    const phone = randomPhone();
    const { placeOrder } = await shopper(phone);
    refuseOrdersTo.add(phone);
    const id = (await placeOrder()).body.data.order.id as number;
    // The manager signs in to the back office with the code the gateway got.
    const manager = '+919447000102';
    const staff = new ApiClient(server.baseUrl);
    expect((await staff.post('/api/admin/login/otp', { json: { mobile: manager } })).status).toBe(200);
    const [staffOtp] = await messagesTo(manager, 1); // this server's only message to the manager
    const code = /\b(\d{4,8})\b/.exec(staffOtp!)![1]!;
    const login = await fetch(`${server.baseUrl}/api/admin/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.baseUrl },
      body: JSON.stringify({ mobile: manager, otp: code }),
    });
    expect(login.status).toBe(200);
    const cookie = login.headers
      .getSetCookie()
      .find((x) => x.startsWith('ff_staff='))!
      .split(';')[0]!;
    // The refused try is recorded (the request's own dispatch) before the page is read.
    let html = '';
    for (let i = 0; i < 40 && !html.includes('Retrying'); i++) {
      await new Promise((r) => setTimeout(r, 100));
      html = await (await fetch(`${server.baseUrl}/admin/orders/${id}`, { headers: { cookie } })).text();
    }
    const section = html.slice(html.indexOf('id="sms-heading"'));
    expect(section).toContain('Confirmed');
    expect(section).toContain('Retrying');
    // The number as people read it: +91 98765 43210.
    expect(section).toContain(`+91 ${phone.slice(3, 8)} ${phone.slice(8)}`);
    expect(section).toContain('The SMS gateway did not accept the message');
  }, 60_000);
});
