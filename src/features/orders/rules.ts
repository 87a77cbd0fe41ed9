/**
 * How an order reads to the customer (docs/orders-and-payments.md#order-statuses), with the texts
 * customers see: status and payment labels, dates in the shop's time zone, the tracking steps.
 * Browser-safe, no zod.
 */

import { CART_MESSAGES } from '#features/cart/rules.ts';

/** A payment mode as stored on an order. */
export type PaymentMode = 'Cash' | 'Card' | 'Credit' | 'Online';

/** Minutes after placing it during which a customer may cancel an order that is still placed. */
export const CANCEL_WINDOW_MINUTES = 30;

export const ORDER_MESSAGES = {
  loginForOrders: 'Please log in to view your orders.',
  noOrders: 'No orders found.',
  fetchOrders: 'Failed to fetch order details.',
  orderNotFound: 'Order not found.',
} as const;

/**
 * What a customer reads while an online payment is unresolved (the browser never heard how it
 * ended: a lost connection, a closed tab) and once it resolves.
 */
export const PAYMENT_DOUBT_MESSAGES = {
  /** The cart's lines are held by the order until its payment resolves. */
  checking: CART_MESSAGES.heldByPayment,
  /** What to do meanwhile, and what happens either way. */
  meanwhile:
    'Please do not pay again. If the payment went through, the order is placed; if it did not, these items come back to your cart.',
  /** The connection failed while paying or confirming the payment. */
  lostConnection: (orderId: number) =>
    `We lost the connection while confirming your payment for order #${orderId}. We are checking with the payment gateway whether it went through.`,
  /** The shop could not be reached to check (offline): it tries again. */
  unreachable: 'We could not reach the shop to check. We will try again when your connection is back.',
  /** The payment went through. */
  paid: (orderId: number) => `Payment received: your order #${orderId} is placed.`,
  /** The order was released unpaid: its lines are back in the cart. */
  released: (orderId: number) =>
    `Order #${orderId} was not placed: its payment did not go through, and no money was kept. Its items are back in your cart.`,
} as const;

/** Statuses whose label is not their name: an online order not paid (ADR 0099). */
const STATUS_LABELS: Record<string, string> = {
  pending_payment: 'Awaiting payment',
  payment_failed: 'Payment failed',
  undelivered: 'Not delivered',
};

/**
 * The label of an order status: the spec's values capitalised, underscores as spaces; an online
 * order not paid says so.
 * @example statusLabel('out_for_delivery') // 'Out for delivery'
 * @example statusLabel('pending_payment') // 'Awaiting payment'
 */
export function statusLabel(status: string): string {
  const named = STATUS_LABELS[status];
  if (named) return named;
  const text = status.replace(/_/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1).toLowerCase() : 'Unknown';
}

/**
 * How a payment mode reads to customers and staff (Cash shows as Cash on Delivery). An online
 * order reads "Paid online" only once its payment went through (`paymentStatus` paid, or refunded
 * after it); before that, or when it failed, or with no status given, "Online payment".
 * @example paymentModeLabel('Cash') // 'Cash on Delivery'
 * @example paymentModeLabel('Online', 'pending') // 'Online payment'
 * @example paymentModeLabel('Online', 'paid') // 'Paid online'
 */
export function paymentModeLabel(mode: string | null | undefined, paymentStatus?: string | null): string {
  const m = (mode ?? '').trim().toLowerCase();
  if (m === 'cash' || m === 'cod') return 'Cash on Delivery';
  if (m === 'card') return 'Card on Delivery';
  if (m === 'credit') return 'Credit';
  if (m === 'online')
    return paymentStatus === 'paid' || paymentStatus === 'refunded' ? 'Paid online' : 'Online payment';
  return mode || '—';
}

const longDate = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'Asia/Kolkata',
});
const longDateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/**
 * An order date in long US English, in the shop's time zone.
 * @example orderDate('2026-11-21T06:00:00Z') // 'November 21, 2026'
 */
export function orderDate(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDate.format(d);
}

/** Date and time in long US English, for transaction details. */
export function orderDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : longDateTime.format(d);
}

/** The Track Orders counters: every order, those still to be delivered, delivered, cancelled. */
export interface OrderCounts {
  total: number;
  new: number;
  delivered: number;
  cancelled: number;
}

/**
 * Track Orders' counters from the statuses of the customer's orders. A cancelled order is counted
 * apart, never as New: New is what the shop still has to deliver (ADR 0125).
 * @example orderCounts(['placed', 'cancelled']) // { total: 2, new: 1, delivered: 0, cancelled: 1 }
 */
export function orderCounts(statuses: readonly string[]): OrderCounts {
  const delivered = statuses.filter((s) => s === 'delivered').length;
  const cancelled = statuses.filter((s) => s === 'cancelled').length;
  return { total: statuses.length, new: statuses.length - delivered - cancelled, delivered, cancelled };
}

/** Tracking steps in order. */
export const TRACKING_STEPS = [
  { status: 'placed', label: 'Order placed' },
  { status: 'processed', label: 'Processed' },
  { status: 'out_for_delivery', label: 'Out for delivery' },
  { status: 'delivered', label: 'Delivered' },
] as const;

/** Index of the current tracking step for a status; -1 for cancelled or unknown. */
export function trackingStepIndex(status: string): number {
  return TRACKING_STEPS.findIndex((s) => s.status === status);
}
