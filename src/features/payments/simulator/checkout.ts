/**
 * The simulator's checkout: what Razorpay's checkout does in the customer's browser, as one call.
 * `POST /v1/checkout/pay` `{ order_id, method, outcome }` pays a gateway order the simulator
 * created. `success`: the payment is authorized and (with `capture: 'auto'`) captured, the order
 * paid, and the answer is the checkout callback's fields, signed as Razorpay signs them;
 * webhooks payment.authorized, payment.captured and order.paid follow. `decline`: the payment
 * fails (webhook payment.failed) and the answer is Razorpay's error with
 * `error.metadata.payment_id`.
 */
import { checkoutSignature } from '../server/signatures.ts';
import type { SimulatorContext } from './api.ts';
import { SimulatorError } from './http.ts';

export const CHECKOUT_METHODS = ['upi', 'card', 'netbanking', 'wallet'] as const;

/** What the customer's bank says to a declined payment, by method. */
const DECLINE_TEXT: Record<(typeof CHECKOUT_METHODS)[number], string> = {
  upi: 'Payment was declined by the customer on the UPI app.',
  card: 'Your payment has been declined by the bank.',
  netbanking: 'Payment was declined by the bank.',
  wallet: 'Payment was declined by the wallet.',
};

/** Pays `order_id` (see the module comment); throws SimulatorError for a decline or bad input. */
export function pay(ctx: SimulatorContext, body: Record<string, unknown>, keySecret: string): Record<string, string> {
  const order = typeof body.order_id === 'string' ? ctx.state.orders.get(body.order_id) : undefined;
  if (!order) throw new SimulatorError(400, 'The id provided does not exist', { field: 'order_id' });
  const method = CHECKOUT_METHODS.find((m) => m === body.method);
  if (!method) throw new SimulatorError(400, 'Invalid payment method', { field: 'method' });
  if (body.outcome !== 'success' && body.outcome !== 'decline')
    throw new SimulatorError(400, 'outcome must be success or decline', { field: 'outcome' });
  if (order.status === 'paid') throw new SimulatorError(400, 'Order has already been paid', { field: 'order_id' });
  const payment = ctx.state.createPayment(order, method);
  if (body.outcome === 'decline') {
    Object.assign(payment, {
      status: 'failed',
      error_code: 'BAD_REQUEST_ERROR',
      error_description: DECLINE_TEXT[method],
      error_source: method === 'upi' ? 'customer' : 'bank',
      error_step: 'payment_authorization',
      error_reason: 'payment_declined',
    });
    ctx.webhooks.emit('payment.failed', { payment });
    throw new SimulatorError(400, DECLINE_TEXT[method], {
      source: payment.error_source,
      step: payment.error_step,
      reason: payment.error_reason,
      metadata: { order_id: order.id, payment_id: payment.id },
    });
  }
  payment.status = 'authorized';
  ctx.webhooks.emit('payment.authorized', { payment });
  if (ctx.settings().capture === 'auto') {
    ctx.state.capture(payment);
    ctx.webhooks.emit('payment.captured', { payment });
    ctx.webhooks.emit('order.paid', { order, payment });
  }
  return {
    razorpay_payment_id: payment.id,
    razorpay_order_id: order.id,
    razorpay_signature: checkoutSignature(keySecret, order.id, payment.id),
  };
}
