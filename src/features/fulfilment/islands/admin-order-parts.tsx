/**
 * Small pieces the back office's order islands share: status badges, online payment flags, money, and the 401 rule (a
 * staff session that ended sends the browser to the staff sign-in, or shows the signed-out state in its place).
 */

import { useEffect, useRef } from 'react';
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

/** The staff sign-in's address that brings the browser back to this page after it. */
const staffLoginHref = () =>
  `/admin/login?next=${encodeURIComponent(window.location.pathname + window.location.search)}`;

/** Sends the browser to the staff sign-in (and back here after it) when the staff session has ended. */
export function toStaffLogin(): void {
  window.location.assign(staffLoginHref());
}

/** What a 401 says: the spec's text for an ended session (the address form's 401, document 001). */
export const SESSION_EXPIRED = 'Your session has expired. Please log in again.';

/**
 * In place of an island's content when its staff session has ended while nobody was there (an idle
 * board): an alert with the spec's text and a "Sign in again" link back to this page. Focus moves to
 * the link when it was inside what the state replaces (it would otherwise fall to the page's start).
 * The page is marked `data-staff-signed-out`, which hides the header's member, Sign out and
 * navigation (AdminLayout's `data-staff-only`): nobody is signed in any more.
 */
export function StaffSignedOut() {
  const link = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    document.documentElement.dataset.staffSignedOut = '';
    if (document.activeElement === document.body || document.activeElement === null) link.current?.focus();
  }, []);
  return (
    <section
      role="alert"
      aria-labelledby="signed-out-heading"
      className="mt-4 rounded-xl border border-amber-300 bg-amber-50 p-4 text-slate-900 sm:p-6"
    >
      <h2 id="signed-out-heading" className="text-lg font-semibold">
        Signed out
      </h2>
      <p className="mt-1">{SESSION_EXPIRED}</p>
      <p className="mt-1 text-sm text-slate-700">The orders are hidden until you sign in again.</p>
      <a
        ref={link}
        href={staffLoginHref()}
        className="mt-3 inline-flex min-h-10 items-center justify-center rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800"
      >
        Sign in again
      </a>
    </section>
  );
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
