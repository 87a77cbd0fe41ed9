/**
 * A payment simulator for a test file, with the shop's webhook endpoint played by a local server
 * that records every delivery (and answers `statuses` in turn, then 200), and a RazorpayGateway
 * pointed at the simulator. `simulatorForFile()` registers the hooks that start, reset and stop them.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll } from 'vitest';
import {
  type GatewayWebhook,
  type PaymentSimulator,
  RazorpayGateway,
  SIMULATOR_KEYS,
  type SimulatorSettings,
  startPaymentSimulator,
} from '#features/payments/index.ts';

/** The shop's webhook endpoint, played by a server that records what arrives and answers `statuses` in turn (then 200). */
export class WebhookReceiver {
  readonly received: { eventId: string; body: string; headers: Headers }[] = [];
  statuses: number[] = [];
  private server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
    });
    req.on('end', () => {
      const headers = new Headers(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      this.received.push({ eventId: headers.get('x-razorpay-event-id') ?? '', body, headers });
      res.statusCode = this.statuses.shift() ?? 200;
      res.end();
    });
  });
  url = '';
  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/api/payments/razorpay/webhook`;
  }
  /** Every delivery, verified and parsed by the gateway. */
  events(gateway: RazorpayGateway): GatewayWebhook[] {
    return this.received.map((r) => gateway.parseWebhook(r.body, r.headers));
  }
  types(gateway: RazorpayGateway): string[] {
    return this.events(gateway).map((e) => e.event.type);
  }
  close() {
    this.server.closeAllConnections();
    return new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}

/** Settings that keep tests quick: webhooks now, refunds settled within 30 ms, retries after 20 ms. */
const FAST: Partial<SimulatorSettings> = {
  webhooks: 'now',
  refunds: 'processed',
  refundDelayMs: 30,
  webhookRetryDelaysMs: [20, 20],
  capture: 'auto',
};

/** Waits until `check()` holds (at most `ms`). */
export async function waitFor(check: () => boolean, ms = 3000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** Starts a simulator and its webhook receiver for the file; each test starts from FAST with nothing received. */
export function simulatorForFile() {
  const receiver = new WebhookReceiver();
  const ctx = {
    receiver,
    simulator: undefined as unknown as PaymentSimulator,
    gateway: undefined as unknown as RazorpayGateway,
    /** Pays a gateway order in the simulator's checkout; answers the status and the JSON body. */
    async pay(orderId: string, outcome: 'success' | 'decline', method = 'upi') {
      const auth = Buffer.from(`${SIMULATOR_KEYS.keyId}:${SIMULATOR_KEYS.keySecret}`).toString('base64');
      const res = await fetch(`${ctx.simulator.url}/v1/checkout/pay`, {
        method: 'POST',
        headers: { authorization: `Basic ${auth}`, 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: orderId, method, outcome }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    },
    /** A gateway order paid successfully, and its payment's id. */
    async paidOrder(amountPaise = 45_600) {
      const order = await ctx.gateway.createOrder({ amountPaise, receipt: 'FF-1001', notes: { order_id: '1001' } });
      const { body } = await ctx.pay(order.id, 'success');
      return { order, paymentId: body.razorpay_payment_id as string };
    },
  };
  beforeAll(async () => {
    await receiver.start();
    ctx.simulator = await startPaymentSimulator({ webhookUrl: receiver.url, settings: FAST });
    ctx.gateway = new RazorpayGateway({ name: 'simulator', apiUrl: ctx.simulator.url, ...SIMULATOR_KEYS });
  });
  afterAll(async () => {
    await ctx.simulator?.close();
    await receiver.close();
  });
  afterEach(async () => {
    await ctx.simulator.flushWebhooks();
    ctx.simulator.settings(FAST);
    receiver.received.length = 0;
    receiver.statuses = [];
  });
  return ctx;
}
