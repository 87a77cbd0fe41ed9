/**
 * Small pieces the back office's order islands share: status badges, online payment flags, money, and the 401 rule (a
 * staff session that ended sends the browser to the staff sign-in).
 */

import { statusLabel } from '#features/orders/rules.ts';
import { formatPaise } from '#lib/money.ts';
import { toPaise } from '#lib/ui/controls.tsx';
import type { BoardJson } from '../contract.ts';

/** Badge colours per order status (text on tinted background, AA contrast). */
const STATUS_TONE: Record<string, string> = {
  placed: 'bg-amber-100 text-amber-900',
  processed: 'bg-sky-100 text-sky-900',
  out_for_delivery: 'bg-violet-100 text-violet-900',
  delivered: 'bg-brand-100 text-brand-800',
  cancelled: 'bg-slate-200 text-slate-800',
  pending_payment: 'bg-orange-100 text-orange-900',
  payment_failed: 'bg-red-100 text-red-900',
};

/** An order status as a badge. */
export function StatusBadge({ status }: { status: string }) {
  return (
    <span
      className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_TONE[status] ?? 'bg-slate-100'}`}
    >
      {statusLabel(status)}
    </span>
  );
}

/** What the board's data flags about an order's online payment. */
type PaymentFlagged = Pick<
  BoardJson['days'][number]['slots'][number]['orders'][number],
  'paid_online' | 'payment_problem' | 'refund_failed'
>;

/** "Paid online", and "Payment problem" / "Refund failed" for staff to look at; nothing for other orders. */
export function PaymentFlags({ order }: { order: PaymentFlagged }) {
  const flag = (text: string, tone: string) => (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tone}`}>{text}</span>
  );
  return (
    <>
      {order.paid_online && flag('Paid online', 'bg-brand-100 text-brand-800')}
      {order.payment_problem && flag('Payment problem', 'bg-red-100 text-red-800')}
      {order.refund_failed && flag('Refund failed', 'bg-red-100 text-red-800')}
    </>
  );
}

/** A rupee amount from the API ("149.00") for people: "₹149.00". */
export const money = (rupees: string | number) => formatPaise(toPaise(rupees));

/**
 * A payment status for people. With the order's refunds, a refunded online payment says where its
 * refund is: "Refund pending" until the gateway settled every one, "Refund failed" when one failed.
 */
export const paymentStatusLabel = (status: string, refunds: { status: string }[] = []) => {
  if (status === 'refunded' && refunds.some((r) => r.status === 'failed')) return 'Refund failed';
  if (status === 'refunded' && refunds.some((r) => r.status !== 'processed')) return 'Refund pending';
  return (
    {
      unpaid: 'Not paid yet',
      pending: 'Awaiting payment',
      paid: 'Paid',
      failed: 'Payment failed',
      refunded: 'Refunded',
    }[status] ?? status
  );
};

/** Sends the browser to the staff sign-in (and back here after it) when the staff session has ended. */
export function toStaffLogin(): void {
  const next = window.location.pathname + window.location.search;
  window.location.assign(`/admin/login?next=${encodeURIComponent(next)}`);
}

/** A time in the shop's zone, e.g. "26 Nov, 7:05 AM". */
export const shopDateTime = (iso: string) =>
  new Date(iso).toLocaleString('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  });
