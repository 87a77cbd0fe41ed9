/**
 * The Order Confirmed screen (spec 001 §2, §4): the order id, the amount, Track Your Order
 * (/track-order?order=ID) and Back to Home. The checkout goes home by itself 1.5 s later.
 */
import { useEffect, useRef } from 'react';
import { formatPaise } from '../../../lib/money.ts';

interface Props {
  orderId: number;
  paidPaise: number;
  paymentLabel: string;
}

export default function OrderConfirmed({ orderId, paidPaise, paymentLabel }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="order-confirmed-title" className="mx-auto max-w-lg rounded-2xl border border-brand-200 bg-white p-6 text-center shadow-sm sm:p-8">
      <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
        <svg viewBox="0 0 24 24" className="h-9 w-9" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
          <path d="m5 12.5 4.5 4.5L19 7.5" />
        </svg>
      </div>
      <h1 id="order-confirmed-title" ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 outline-none">
        Order Confirmed
      </h1>
      <p role="status" className="mt-2 text-slate-700">
        Thank you! Your order <strong>#{orderId}</strong> has been placed.
      </p>
      <p className="mt-1 text-sm text-slate-600">
        {formatPaise(paidPaise)} · {paymentLabel}
      </p>
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
        <a href={`/track-order?order=${orderId}`} className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800">
          Track Your Order
        </a>
        <a href="/" className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
          Back to Home
        </a>
      </div>
    </section>
  );
}
