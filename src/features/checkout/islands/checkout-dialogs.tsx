/**
 * The checkout's further panels: the Payment Method Required alert dialog, on the
 * one dialog primitive (src/lib/ui/ModalDialog.tsx: focus trapped inside, returned to the
 * opener on close), and the Order Confirmed screen.
 */
import { type ReactNode, useEffect, useRef } from 'react';
import { formatPaise } from '#lib/money.ts';
import { AlertDialog } from '#lib/ui/AlertDialog.tsx';
import { CHECKOUT_MESSAGES, itemsText } from '../rules.ts';
import type { Confirmation } from './checkout-state.ts';
import { leaveOrderSuccess } from './order-success.ts';

/** "Payment Method Required": Place Order was pressed with no payment method chosen. */
export function MethodRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog open={open} title="Payment Method Required" onClose={onClose}>
      {CHECKOUT_MESSAGES.noMethod}
    </AlertDialog>
  );
}

/** One line of the Order Confirmed screen's details. */
function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="min-w-0 text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * The Order Confirmed screen, in place of the checkout once the order is placed, whatever the
 * payment method: the order number, the items (units), the amount, the payment mode and where
 * the payment stands, the delivery slot, Track Your Order (/track-order?order=ID), the invoice
 * and Continue shopping. It stays until the customer leaves it; Continue shopping leaves the
 * order-success message for the home page's toast. Focus moves to its heading so it is announced.
 */
export function OrderConfirmed({ confirmed }: { confirmed: Confirmation }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="order-confirmed-title"
      className="mx-auto max-w-lg rounded-2xl border border-brand-200 bg-white p-5 shadow-sm sm:p-8"
    >
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <svg
          viewBox="0 0 24 24"
          className="h-9 w-9"
          fill="none"
          stroke="currentColor"
          strokeWidth={2.5}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h1
        id="order-confirmed-title"
        ref={heading}
        tabIndex={-1}
        className="mt-4 text-center text-2xl font-bold text-slate-900 outline-none"
      >
        Order Confirmed
      </h1>
      <p role="status" className="mt-2 text-center text-slate-700">
        Thank you! Your order <strong>#{confirmed.orderId}</strong> has been placed.
      </p>
      <dl className="mt-5 divide-y divide-slate-100 border-y border-slate-100 text-sm">
        <Detail term="Order number">#{confirmed.orderId}</Detail>
        <Detail term="Items">{itemsText(confirmed.itemCount)}</Detail>
        <Detail term="Amount">{formatPaise(confirmed.paidPaise)}</Detail>
        <Detail term="Payment">
          {confirmed.label}
          <span className="block font-normal text-slate-600">{confirmed.paymentStatus}</span>
        </Detail>
        {confirmed.slot && <Detail term="Delivery slot">{confirmed.slot}</Detail>}
      </dl>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:justify-center">
        <a
          href={`/track-order?order=${confirmed.orderId}`}
          className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Track Your Order
        </a>
        {confirmed.invoiceUrl && (
          <a
            href={confirmed.invoiceUrl}
            download
            className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
          >
            Download invoice<span className="sr-only"> (PDF)</span>
          </a>
        )}
        <a
          href="/"
          onClick={() => leaveOrderSuccess(confirmed.orderId)}
          className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Continue shopping
        </a>
      </div>
    </section>
  );
}
