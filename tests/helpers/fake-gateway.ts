/**
 * An in-memory payment gateway for in-process tests: it keeps gateway orders, payments and
 * refunds like Razorpay does, lets a test pay (captured, authorized or failed), and builds
 * webhooks (`webhook(event)` → raw body and headers) that its parseWebhook accepts only with the
 * right signature header. `failNext` makes the next call of a method fail (a GatewayError with a
 * status, or a lost answer with none).
 */

import { addAddress } from '#features/addresses/server/addresses.ts';
import { addToCart } from '#features/cart/server/cart.ts';
import { orderSettlement } from '#features/orders/index.ts';
import { placeOrder } from '#features/orders/server/place-order.ts';
import { quoteOrder } from '#features/orders/server/quote.ts';
import {
  GatewayError,
  type GatewayEvent,
  type GatewayOrder,
  type GatewayPayment,
  type GatewayQrCode,
  type GatewayRefund,
  type GatewayWebhook,
  type PaymentGateway,
  registerOrderSettlement,
  WebhookSignatureError,
} from '#features/payments/index.ts';
import type { CheckoutPayment } from '#features/payments/server/payment.ts';
import { confirmPayment } from '#features/payments/server/payment-confirm.ts';
import type { Database } from '#lib/db/index.ts';
import { customers } from '#lib/db/schema.ts';
import { THRISSUR_ADDRESS } from './addresses.ts';

// As the server wires it (src/server/wiring.ts): a settled payment confirms or releases the order.
registerOrderSettlement(orderSettlement);

type Method = 'createOrder' | 'refund' | 'fetchOrderPayments' | 'fetchPayment' | 'capturePayment';

export class FakeGateway implements PaymentGateway {
  readonly name = 'simulator' as const;
  readonly keyId = 'rzp_test_fake';
  orders = new Map<string, GatewayOrder>();
  payments = new Map<string, GatewayPayment>();
  refunds: GatewayRefund[] = [];
  calls: { method: string; args: unknown }[] = [];
  private seq = 0;
  private failures = new Map<Method, { status: number | null; after?: boolean }>();

  /** The next call of `method` fails: with `status` (a refusal) or none (a lost answer); `after`: it took effect first. */
  failNext(method: Method, status: number | null, after = false) {
    this.failures.set(method, { status, after });
  }

  private fail(method: Method, when: 'before' | 'after') {
    const f = this.failures.get(method);
    if (!f || (f.after ? 'after' : 'before') !== when) return;
    this.failures.delete(method);
    throw new GatewayError(`${method} failed (fake)`, f.status);
  }

  /** Ids unique across instances and test files (they share a database). */
  private readonly run = Math.random().toString(36).slice(2, 8);
  private id(prefix: string) {
    return `${prefix}_${this.run}${String(++this.seq).padStart(6, '0')}`;
  }

  async createOrder(input: { amountPaise: number; receipt: string }): Promise<GatewayOrder> {
    this.calls.push({ method: 'createOrder', args: input });
    this.fail('createOrder', 'before');
    const order: GatewayOrder = {
      id: this.id('order'),
      amountPaise: input.amountPaise,
      currency: 'INR',
      receipt: input.receipt,
      status: 'created',
    };
    this.orders.set(order.id, order);
    return { ...order };
  }

  /** The customer pays `orderId` (its amount unless `amountPaise`): captured, authorized or failed. */
  pay(
    orderId: string,
    status: 'captured' | 'authorized' | 'failed' = 'captured',
    amountPaise?: number,
    currency = 'INR',
  ): GatewayPayment {
    const order = this.orders.get(orderId);
    if (!order) throw new Error(`no gateway order ${orderId}`);
    const payment: GatewayPayment = {
      id: this.id('pay'),
      orderId,
      amountPaise: amountPaise ?? order.amountPaise,
      currency,
      status,
      method: 'upi',
      errorDescription: status === 'failed' ? 'Payment declined by the customer' : null,
    };
    this.payments.set(payment.id, payment);
    if (status === 'captured') order.status = 'paid';
    return { ...payment };
  }

  /** The checkout callback's signature for a payment. */
  signature(orderId: string, paymentId: string) {
    return Buffer.from(`${orderId}|${paymentId}`).toString('hex');
  }

  verifyCheckout(input: { orderId: string; paymentId: string; signature: string }): boolean {
    return input.signature === this.signature(input.orderId, input.paymentId);
  }

  /** A signed webhook of `event` (a new event id unless one is given; made now unless `createdAt`, Unix seconds). */
  webhook(
    event: GatewayEvent,
    eventId = this.id('evt'),
    createdAt = Math.floor(Date.now() / 1000),
  ): { body: string; headers: Headers } {
    const webhook: GatewayWebhook = { eventId, createdAt, event };
    const body = JSON.stringify(webhook);
    return { body, headers: new Headers({ 'x-fake-signature': `sig:${body.length}` }) };
  }

  parseWebhook(rawBody: string, headers: Headers): GatewayWebhook {
    if (headers.get('x-fake-signature') !== `sig:${rawBody.length}`) throw new WebhookSignatureError();
    return JSON.parse(rawBody) as GatewayWebhook;
  }

  async fetchPayment(paymentId: string): Promise<GatewayPayment> {
    this.calls.push({ method: 'fetchPayment', args: paymentId });
    this.fail('fetchPayment', 'before');
    const p = this.payments.get(paymentId);
    if (!p) throw new GatewayError('The id provided does not exist', 400);
    return { ...p };
  }

  /** The gateway no longer knows `orderId` (a test gateway restarted): asked about it, it answers as Razorpay does for an unknown id. */
  forget(orderId: string) {
    this.orders.delete(orderId);
    this.forgotten.add(orderId);
  }
  private forgotten = new Set<string>();

  async fetchOrderPayments(orderId: string): Promise<GatewayPayment[]> {
    this.calls.push({ method: 'fetchOrderPayments', args: orderId });
    this.fail('fetchOrderPayments', 'before');
    if (this.forgotten.has(orderId)) throw new GatewayError('The id provided does not exist', 400, 'BAD_REQUEST_ERROR');
    return [...this.payments.values()].filter((p) => p.orderId === orderId).map((p) => ({ ...p }));
  }

  async capturePayment(paymentId: string, amountPaise: number, currency: string): Promise<GatewayPayment> {
    this.calls.push({ method: 'capturePayment', args: { paymentId, amountPaise, currency } });
    this.fail('capturePayment', 'before');
    const p = this.payments.get(paymentId);
    if (p?.status !== 'authorized' || p.amountPaise !== amountPaise)
      throw new GatewayError('This payment has already been captured', 400);
    p.status = 'captured';
    this.orders.get(p.orderId)!.status = 'paid';
    return { ...p };
  }

  async refund(input: {
    paymentId: string;
    amountPaise: number;
    notes: Record<string, string>;
  }): Promise<GatewayRefund> {
    this.calls.push({ method: 'refund', args: input });
    this.fail('refund', 'before');
    const refund: GatewayRefund = {
      id: this.id('rfnd'),
      paymentId: input.paymentId,
      amountPaise: input.amountPaise,
      status: 'pending',
      notes: { ...input.notes },
    };
    this.refunds.push(refund);
    this.fail('refund', 'after');
    return { ...refund };
  }

  async fetchRefunds(paymentId: string): Promise<GatewayRefund[]> {
    return this.refunds.filter((r) => r.paymentId === paymentId).map((r) => ({ ...r, notes: { ...r.notes } }));
  }

  /** Settles a refund as the gateway would (the test then delivers its webhook, or not). */
  settle(refundId: string, status: 'processed' | 'failed'): GatewayRefund {
    const r = this.refunds.find((x) => x.id === refundId)!;
    r.status = status;
    return { ...r, notes: { ...r.notes } };
  }

  /** QR codes are tested against the payment simulator (tests/payments/upi-qr-api.test.ts): not kept here. */
  async createQrCode(): Promise<GatewayQrCode> {
    throw new GatewayError('QR codes are not kept by the fake gateway', 400);
  }
  async closeQrCode(): Promise<GatewayQrCode> {
    throw new GatewayError('QR codes are not kept by the fake gateway', 400);
  }
  async fetchQrPayments(): Promise<GatewayPayment[]> {
    return [];
  }
}

/** Pays an online order just placed (its checkout payment) and confirms it, as the callback would. */
export async function payPlaced(
  db: Database,
  gateway: FakeGateway,
  placed: { payment: CheckoutPayment | null },
): Promise<GatewayPayment> {
  const payment = gateway.pay(placed.payment!.orderId);
  await confirmPayment(db, gateway, payment);
  return payment;
}

/** A new customer (`phone`) with two of `productId` in the cart and an online order placed: awaiting its payment. */
export async function placeAwaitingPayment(db: Database, gateway: FakeGateway, productId: number, phone: string) {
  const [c] = await db.insert(customers).values({ name: 'Asha', phone }).returning();
  const address = await addAddress(db, c!.id, THRISSUR_ADDRESS);
  await addToCart(db, c!.id, productId, 2);
  const quote = await quoteOrder(db, c!.id);
  const placed = await placeOrder(
    db,
    c!.id,
    { addressId: address.id, paymentMode: 'Online', paidAmountPaise: quote.paidAmountPaise, points: 0 },
    { gateway },
  );
  return { customerId: c!.id, orderId: placed.order.id, gatewayOrderId: placed.payment!.orderId, placed };
}
