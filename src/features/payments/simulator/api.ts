/**
 * The simulator's subset of Razorpay's REST API (`/v1`): orders, their payments, a payment,
 * capture, refunds (UPI QR codes: qr-codes.ts). Answers are the entities of state.ts; failures use Razorpay's error shape
 * and wording. Each change sends the webhooks Razorpay would (webhooks.ts).
 */

import { amountOf, notesOf, SimulatorError, unknownId } from './http.ts';
import type { SimulatorSettings } from './settings.ts';
import type { SimPayment, SimRefund, SimulatorState } from './state.ts';
import type { WebhookSender } from './webhooks.ts';

/** What the API's handlers share. */
export interface SimulatorContext {
  state: SimulatorState;
  webhooks: WebhookSender;
  settings: () => SimulatorSettings;
  /** Timers of refunds still to settle (cleared when the simulator stops). */
  timers: Set<NodeJS.Timeout>;
  /** The simulator's base URL (QR codes' image_url); set once it listens. */
  url: string;
}

/** One matched API route: its answer (status 200) or a thrown SimulatorError. */
export type Handler = (ctx: SimulatorContext, id: string, body: Record<string, unknown>) => unknown;

const collection = <T>(items: T[]) => ({ entity: 'collection', count: items.length, items });

function paymentOf(ctx: SimulatorContext, id: string): SimPayment {
  const payment = ctx.state.payments.get(id);
  if (!payment) throw unknownId();
  return payment;
}

const createOrder: Handler = (ctx, _id, body) => {
  const currency = body.currency ?? 'INR';
  if (currency !== 'INR') throw new SimulatorError(400, 'Currency is not supported', { field: 'currency' });
  const receipt = body.receipt === undefined || body.receipt === null ? null : String(body.receipt);
  if (receipt !== null && receipt.length > 40)
    throw new SimulatorError(400, 'receipt: the length must be no more than 40.', { field: 'receipt' });
  return ctx.state.createOrder({ amount: amountOf(body.amount), currency, receipt, notes: notesOf(body.notes) });
};

const fetchOrder: Handler = (ctx, id) => {
  const order = ctx.state.orders.get(id);
  if (!order) throw unknownId();
  return order;
};

const fetchOrderPayments: Handler = (ctx, id) => {
  if (!ctx.state.orders.has(id)) throw unknownId();
  return collection([...ctx.state.payments.values()].filter((p) => p.order_id === id).reverse());
};

const fetchPayment: Handler = (ctx, id) => paymentOf(ctx, id);

const capture: Handler = (ctx, id, body) => {
  const payment = paymentOf(ctx, id);
  if (payment.status !== 'authorized')
    throw new SimulatorError(
      400,
      payment.status === 'captured'
        ? 'This payment has already been captured'
        : 'Only authorized payments can be captured',
    );
  if (body.amount !== payment.amount)
    throw new SimulatorError(400, 'Capture amount must be equal to the amount authorized', { field: 'amount' });
  if ((body.currency ?? payment.currency) !== payment.currency)
    throw new SimulatorError(400, 'Currency should be same as payment currency', { field: 'currency' });
  ctx.state.capture(payment);
  ctx.webhooks.emit('payment.captured', { payment });
  const order = payment.order_id ? ctx.state.orders.get(payment.order_id) : undefined;
  if (order) ctx.webhooks.emit('order.paid', { order, payment });
  return payment;
};

const refund: Handler = (ctx, id, body) => {
  const payment = paymentOf(ctx, id);
  if (payment.status !== 'captured')
    throw new SimulatorError(
      400,
      payment.status === 'refunded'
        ? 'The payment has been fully refunded already'
        : 'Only captured payments can be refunded',
    );
  const amount = body.amount === undefined ? payment.amount - payment.amount_refunded : amountOf(body.amount, 1);
  if (amount > payment.amount - payment.amount_refunded)
    throw new SimulatorError(400, 'The refund amount provided is greater than amount captured', { field: 'amount' });
  const receipt = body.receipt === undefined || body.receipt === null ? null : String(body.receipt);
  const created = ctx.state.createRefund(payment, amount, notesOf(body.notes), receipt);
  ctx.webhooks.emit('refund.created', { refund: created, payment });
  scheduleSettlement(ctx, created);
  return created;
};

/** Settles a new refund as the `refunds` setting says, after `refundDelayMs`, with its webhook. */
function scheduleSettlement(ctx: SimulatorContext, created: SimRefund): void {
  const { refunds, refundDelayMs } = ctx.settings();
  if (refunds === 'pending') return;
  const timer = setTimeout(() => {
    ctx.timers.delete(timer);
    if (created.status !== 'pending') return;
    ctx.state.settleRefund(created, refunds);
    const payment = ctx.state.payments.get(created.payment_id);
    ctx.webhooks.emit(`refund.${refunds}`, payment ? { refund: created, payment } : { refund: created });
  }, refundDelayMs);
  ctx.timers.add(timer);
}

const fetchRefunds: Handler = (ctx, id) => collection(ctx.state.refundsOf(paymentOf(ctx, id).id).reverse());

const fetchRefund: Handler = (ctx, id) => {
  const found = ctx.state.refunds.get(id);
  if (!found) throw unknownId();
  return found;
};

/** The routes: method, path pattern (`:id` is one path segment) and handler. */
const ROUTES: [string, RegExp, Handler][] = [
  ['POST', /^\/v1\/orders$/, createOrder],
  ['GET', /^\/v1\/orders\/([^/]+)$/, fetchOrder],
  ['GET', /^\/v1\/orders\/([^/]+)\/payments$/, fetchOrderPayments],
  ['GET', /^\/v1\/payments\/([^/]+)$/, fetchPayment],
  ['POST', /^\/v1\/payments\/([^/]+)\/capture$/, capture],
  ['POST', /^\/v1\/payments\/([^/]+)\/refund$/, refund],
  ['GET', /^\/v1\/payments\/([^/]+)\/refunds$/, fetchRefunds],
  ['GET', /^\/v1\/refunds\/([^/]+)$/, fetchRefund],
];

/** The API route for a request among `routes` (these by default), with its id, or null (404). */
export function matchApiRoute(
  method: string,
  path: string,
  routes: [string, RegExp, Handler][] = ROUTES,
): { handler: Handler; id: string } | null {
  for (const [m, pattern, handler] of routes) {
    const match = pattern.exec(path);
    if (match && m === method) return { handler, id: decodeURIComponent(match[1] ?? '') };
  }
  return null;
}
