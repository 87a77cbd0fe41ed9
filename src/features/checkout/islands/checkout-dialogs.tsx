/**
 * The checkout's further panels: the Payment Method Required alert dialog, on the
 * one dialog primitive (src/lib/ui/ModalDialog.tsx: focus trapped inside, returned to the
 * opener on close), and the Order Confirmed screen.
 */
import { useEffect, useRef } from 'react';
import { formatPaise } from '#lib/money.ts';
import { AlertDialog } from '#lib/ui/AlertDialog.tsx';
import { CHECKOUT_MESSAGES } from '../rules.ts';
import type { Confirmation } from './checkout-state.ts';

/** "Payment Method Required": Place Order was pressed with no payment method chosen. */
export function MethodRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <AlertDialog open={open} title="Payment Method Required" onClose={onClose}>
      {CHECKOUT_MESSAGES.noMethod}
    </AlertDialog>
  );
}

/**
 * The Order Confirmed screen, in place of the checkout once the order is placed: the order id,
 * the amount and mode, Track Your Order (/track-order?order=ID) and Back to Home; the checkout
 * goes home by itself 1.5 s later. Focus moves to its heading so it is announced.
 */
export function OrderConfirmed({ confirmed }: { confirmed: Confirmation }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      aria-labelledby="order-confirmed-title"
      className="mx-auto max-w-lg rounded-2xl border border-brand-200 bg-white p-6 text-center shadow-sm sm:p-8"
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
        className="mt-4 text-2xl font-bold text-slate-900 outline-none"
      >
        Order Confirmed
      </h1>
      <p role="status" className="mt-2 text-slate-700">
        Thank you! Your order <strong>#{confirmed.orderId}</strong> has been placed.
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {formatPaise(confirmed.paidPaise)} · {confirmed.label}
      </p>
      {confirmed.slot && <p className="mt-1 text-sm font-medium text-slate-800">Delivery slot: {confirmed.slot}</p>}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a
          href={`/track-order?order=${confirmed.orderId}`}
          className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800"
        >
          Track Your Order
        </a>
        <a
          href="/"
          className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Back to Home
        </a>
      </div>
    </section>
  );
}
