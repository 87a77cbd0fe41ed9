/**
 * The simulator's in-memory records, shaped as Razorpay's entities (orders, payments, refunds)
 * and QR codes) and sent as they are by its API and in its webhooks. Ids look like Razorpay's
 * (`order_`, `pay_`, `rfnd_`, `qr_` and 14 letters or digits). Times are Unix seconds.
 */
import { randomInt } from 'node:crypto';
import type { Orders } from 'razorpay/dist/types/orders';
import type { Payments } from 'razorpay/dist/types/payments';
import type { QrCode } from 'razorpay/dist/types/qrCode';
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
  /** The gateway order it pays; null for a payment made on a QR code. */
  order_id: string | null;
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

export interface SimQrCode {
  id: string;
  entity: 'qr_code';
  created_at: number;
  name: string;
  usage: 'single_use' | 'multiple_use';
  type: 'upi_qr';
  /** The simulator's "scan and pay" page (an image of the code for an image request). */
  image_url: string;
  payment_amount: number;
  status: 'active' | 'closed';
  description: string;
  fixed_amount: boolean;
  payments_amount_received: number;
  payments_count_received: number;
  notes: Record<string, string>;
  customer_id: null;
  close_by: number;
  closed_at: number | null;
  close_reason: 'on_demand' | 'paid' | null;
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
 * `bank`, `fee`, `tax`, a QR payment's `order_id` and a QR code's `closed_at` can arrive as null): the simulator's records must stay assignable to
 * them, a compile-time check of its JSON.
 */
export type RazorpayShaped = [
  Conforms<SimOrder, Omit<Orders.RazorpayOrder, 'description' | 'token' | 'receipt'>>,
  Conforms<
    SimPayment,
    Omit<
      Payments.RazorpayPayment,
      | 'card_id'
      | 'token_id'
      | 'acquirer_data'
      | 'offers'
      | 'customer_id'
      | 'refund_status'
      | 'bank'
      | 'fee'
      | 'tax'
      | 'order_id'
    >
  >,
  Conforms<SimRefund, Refunds.RazorpayRefund>,
  Conforms<SimQrCode, Omit<QrCode.RazorpayQrCode, 'closed_at' | 'customer_id' | 'tax_invoice'>>,
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
  readonly qrCodes = new Map<string, SimQrCode>();

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
    const order = payment.order_id ? this.orders.get(payment.order_id) : undefined;
    if (order) {
      order.status = 'paid';
      order.amount_paid = payment.amount;
      order.amount_due = 0;
    }
  }

  /** A new active UPI QR code; `pageUrl(id)` is its scan-and-pay page. */
  createQrCode(
    input: Pick<SimQrCode, 'name' | 'usage' | 'payment_amount' | 'description' | 'fixed_amount' | 'notes' | 'close_by'>,
    pageUrl: (id: string) => string,
  ): SimQrCode {
    const id = newId('qr');
    const qr: SimQrCode = {
      id,
      entity: 'qr_code',
      created_at: nowSeconds(),
      type: 'upi_qr',
      image_url: pageUrl(id),
      status: 'active',
      payments_amount_received: 0,
      payments_count_received: 0,
      customer_id: null,
      closed_at: null,
      close_reason: null,
      ...input,
    };
    this.qrCodes.set(id, qr);
    return qr;
  }

  /** Closes a QR code (`on_demand` or `paid`). */
  closeQrCode(qr: SimQrCode, reason: 'on_demand' | 'paid'): void {
    qr.status = 'closed';
    qr.closed_at = nowSeconds();
    qr.close_reason = reason;
  }

  /** A captured UPI payment of `amount` on `qr` (a single-use QR closes, `paid`). */
  payQrCode(qr: SimQrCode, amount: number): SimPayment {
    const payment: SimPayment = {
      id: newId('pay'),
      entity: 'payment',
      amount,
      currency: 'INR',
      status: 'captured',
      order_id: null,
      invoice_id: null,
      international: false,
      method: 'upi',
      amount_refunded: 0,
      refund_status: null,
      captured: true,
      description: 'QRv2 Payment',
      bank: null,
      wallet: null,
      vpa: 'customer@okaxis',
      email: 'void@razorpay.com',
      contact: '+919000090000',
      notes: {},
      fee: Math.round(amount * 0.02),
      tax: Math.round(Math.round(amount * 0.02) * 0.18),
      error_code: null,
      error_description: null,
      error_source: null,
      error_step: null,
      error_reason: null,
      created_at: nowSeconds(),
    };
    this.payments.set(payment.id, payment);
    this.qrPayments.set(payment.id, qr.id);
    qr.payments_amount_received += amount;
    qr.payments_count_received += 1;
    if (qr.usage === 'single_use' && qr.status === 'active') this.closeQrCode(qr, 'paid');
    return payment;
  }

  /** Which QR code each QR payment was made on. */
  readonly qrPayments = new Map<string, string>();

  /** The payments made on a QR code, oldest first. */
  paymentsOfQr(qrId: string): SimPayment[] {
    return [...this.qrPayments.entries()].filter(([, q]) => q === qrId).map(([p]) => this.payments.get(p)!);
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
