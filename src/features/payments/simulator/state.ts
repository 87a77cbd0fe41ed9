/**
 * The simulator's in-memory records, shaped as Razorpay's entities (orders, payments, refunds)
 * and sent as they are by its API and in its webhooks. Ids look like Razorpay's (`order_`, `pay_`,
 * `rfnd_` and 14 letters or digits). Times are Unix seconds.
 */
import { randomInt } from 'node:crypto';
import type { Orders } from 'razorpay/dist/types/orders';
import type { Payments } from 'razorpay/dist/types/payments';
import type { Refunds } from 'razorpay/dist/types/refunds';

export interface SimOrder {
  id: string;
  entity: 'order';
  amount: number;
  amount_paid: number;
  amount_due: number;
  currency: string;
  receipt: string | null;
  offer_id: null;
  status: 'created' | 'attempted' | 'paid';
  attempts: number;
  notes: Record<string, string>;
  created_at: number;
}

export interface SimPayment {
  id: string;
  entity: 'payment';
  amount: number;
  currency: string;
  status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed';
  order_id: string;
  invoice_id: null;
  international: false;
  method: string;
  amount_refunded: number;
  refund_status: null | 'partial' | 'full';
  captured: boolean;
  description: string;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  email: string;
  contact: string;
  notes: Record<string, string>;
  fee: number | null;
  tax: number | null;
  error_code: string | null;
  error_description: string | null;
  error_source: string | null;
  error_step: string | null;
  error_reason: string | null;
  created_at: number;
}

export interface SimRefund {
  id: string;
  entity: 'refund';
  amount: number;
  currency: string;
  payment_id: string;
  notes: Record<string, string>;
  receipt: string | null;
  acquirer_data: Record<string, string | null>;
  created_at: number;
  batch_id: null;
  status: 'pending' | 'processed' | 'failed';
  speed_processed: 'normal';
  speed_requested: 'normal';
}

/** `T`, checked to be assignable to `U`. */
type Conforms<T extends U, U> = T;

/**
 * The official `razorpay` package's entity types (a devDependency: the shop imports only its
 * types, never its client), less the fields the simulator does not serve
 * and those the package types otherwise than the API sends them (`receipt`, `refund_status`,
 * `bank`, `fee` and `tax` can arrive as null): the simulator's records must stay assignable to
 * them, a compile-time check of its JSON.
 */
export type RazorpayShaped = [
  Conforms<SimOrder, Omit<Orders.RazorpayOrder, 'description' | 'token' | 'receipt'>>,
  Conforms<
    SimPayment,
    Omit<
      Payments.RazorpayPayment,
      'card_id' | 'token_id' | 'acquirer_data' | 'offers' | 'customer_id' | 'refund_status' | 'bank' | 'fee' | 'tax'
    >
  >,
  Conforms<SimRefund, Refunds.RazorpayRefund>,
];

const ID_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A Razorpay-like id: `prefix_` and 14 letters or digits. */
export function newId(prefix: string): string {
  let id = '';
  for (let i = 0; i < 14; i++) id += ID_CHARS[randomInt(ID_CHARS.length)];
  return prefix ? `${prefix}_${id}` : id;
}

/** Now, in Unix seconds. */
export const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Everything the simulator holds; gone when it stops. */
export class SimulatorState {
  readonly orders = new Map<string, SimOrder>();
  readonly payments = new Map<string, SimPayment>();
  readonly refunds = new Map<string, SimRefund>();

  /** A new gateway order. */
  createOrder(input: {
    amount: number;
    currency: string;
    receipt: string | null;
    notes: Record<string, string>;
  }): SimOrder {
    const order: SimOrder = {
      id: newId('order'),
      entity: 'order',
      amount: input.amount,
      amount_paid: 0,
      amount_due: input.amount,
      currency: input.currency,
      receipt: input.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: input.notes,
      created_at: nowSeconds(),
    };
    this.orders.set(order.id, order);
    return order;
  }

  /** A new payment attempt of `order` by `method` (status `created`; the caller sets the outcome). */
  createPayment(order: SimOrder, method: string): SimPayment {
    order.attempts += 1;
    if (order.status === 'created') order.status = 'attempted';
    const payment: SimPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount: order.amount,
      currency: order.currency,
      status: 'created',
      order_id: order.id,
      invoice_id: null,
      international: false,
      method,
      amount_refunded: 0,
      refund_status: null,
      captured: false,
      description: order.receipt ? `Order ${order.receipt}` : 'Payment',
      bank: method === 'netbanking' ? 'HDFC' : null,
      wallet: method === 'wallet' ? 'paytm' : null,
      vpa: method === 'upi' ? 'customer@okaxis' : null,
      email: 'void@razorpay.com',
      contact: '+919000090000',
      notes: {},
      fee: null,
      tax: null,
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      created_at: nowSeconds(),
    };
    this.payments.set(payment.id, payment);
    return payment;
  }

  /** Captures an authorized payment and marks its order paid. */
  capture(payment: SimPayment): void {
    payment.status = 'captured';
    payment.captured = true;
    payment.fee = Math.round(payment.amount * 0.02);
    payment.tax = Math.round(payment.fee * 0.18);
    const order = this.orders.get(payment.order_id);
    if (order) {
      order.status = 'paid';
      order.amount_paid = payment.amount;
      order.amount_due = 0;
    }
  }

  /** A new pending refund of `amount` of `payment`, counted against it at once (as Razorpay does). */
  createRefund(payment: SimPayment, amount: number, notes: Record<string, string>, receipt: string | null): SimRefund {
    const refund: SimRefund = {
      id: newId('rfnd'),
      entity: 'refund',
      amount,
      currency: payment.currency,
      payment_id: payment.id,
      notes,
      receipt,
      acquirer_data: { arn: null },
      created_at: nowSeconds(),
      batch_id: null,
      status: 'pending',
      speed_processed: 'normal',
      speed_requested: 'normal',
    };
    this.refunds.set(refund.id, refund);
    this.countRefunds(payment);
    return refund;
  }

  /** Settles a pending refund; a failed one no longer counts against its payment. */
  settleRefund(refund: SimRefund, status: 'processed' | 'failed'): void {
    refund.status = status;
    if (status === 'processed') refund.acquirer_data = { arn: newId('') };
    const payment = this.payments.get(refund.payment_id);
    if (payment) this.countRefunds(payment);
  }

  /** The refunds of a payment, oldest first. */
  refundsOf(paymentId: string): SimRefund[] {
    return [...this.refunds.values()].filter((r) => r.payment_id === paymentId);
  }

  /** Sets a payment's refunded amount and status from its refunds that have not failed. */
  private countRefunds(payment: SimPayment): void {
    const refunded = this.refundsOf(payment.id)
      .filter((r) => r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
    payment.amount_refunded = refunded;
    payment.refund_status = refunded === 0 ? null : refunded >= payment.amount ? 'full' : 'partial';
    if (payment.status === 'captured' || payment.status === 'refunded')
      payment.status = refunded >= payment.amount ? 'refunded' : 'captured';
  }
}
