/**
 * The checkout's own dialogs (spec 001 §2 "Further panels"), both on the one dialog primitive
 * (src/lib/ui/ModalDialog.tsx: focus trapped inside, returned to the opener on close):
 * - Payment Method Required: an alert dialog with the spec's sentence and OK.
 * - Order Confirmed: the order id, the amount and mode, Track Your Order (/track-order?order=ID)
 *   and Back to Home; the checkout goes home by itself 1.5 s later, Escape goes at once.
 */
import { useId } from 'react';
import { formatPaise } from '../../../lib/money.ts';
import ModalDialog from '../../../lib/ui/ModalDialog.tsx';
import { CHECKOUT_MESSAGES } from '../rules.ts';
import type { Confirmation } from './checkout-state.ts';

/** "Payment Method Required": Place Order was pressed with no payment method chosen. */
export function MethodRequiredDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const textId = useId();
  return (
    <ModalDialog open={open} title="Payment Method Required" role="alertdialog" onClose={onClose} hideClose describedBy={textId}>
      <p id={textId} className="text-base text-slate-800">
        {CHECKOUT_MESSAGES.noMethod}
      </p>
      <div className="mt-5 flex justify-end">
        <button type="button" autoFocus onClick={onClose} className="h-11 rounded-lg bg-brand-700 px-6 text-sm font-semibold text-white hover:bg-brand-800">
          OK
        </button>
      </div>
    </ModalDialog>
  );
}

/** "Order Confirmed", open once the order is placed. */
export function OrderConfirmedDialog({ confirmed }: { confirmed: Confirmation | null }) {
  const textId = useId();
  return (
    <ModalDialog open={confirmed !== null} title="Order Confirmed" onClose={() => window.location.assign('/')} hideClose closeOnBackdrop={false} describedBy={textId}>
      {confirmed && (
        <div className="text-center">
          <div className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-brand-100 text-brand-700">
            <svg viewBox="0 0 24 24" className="h-9 w-9" fill="none" stroke="currentColor" strokeWidth={2.5} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
              <path d="m5 12.5 4.5 4.5L19 7.5" />
            </svg>
          </div>
          <p id={textId} className="mt-4 text-slate-700">
            Thank you! Your order <strong>#{confirmed.orderId}</strong> has been placed.
          </p>
          <p className="mt-1 text-sm text-slate-600">
            {formatPaise(confirmed.paidPaise)} · {confirmed.label}
          </p>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:justify-center">
            <a href={`/track-order?order=${confirmed.orderId}`} className="inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-5 text-sm font-semibold text-white hover:bg-brand-800">
              Track Your Order
            </a>
            <a href="/" className="inline-flex h-11 items-center justify-center rounded-lg border border-slate-300 px-5 text-sm font-semibold text-slate-800 hover:bg-slate-50">
              Back to Home
            </a>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
