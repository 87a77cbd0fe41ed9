/**
 * "Deliver to" on the product page and the cart: whether the shop delivers to the visitor's PIN
 * code and the earliest slot ("Earliest: tomorrow 7–9 AM"), with a button that opens the
 * navigation bar's Deliver to dialog (DeliverToDialog.astro) through the Invoker Commands API
 * (`commandfor`), so it opens before and during hydration. The page's HTML is the same for
 * everyone (cacheable); the island asks the API (GET /api/customer/deliver-to) after hydration.
 * Until then it shows the delivery area.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $deliverTo, earliestText, loadDeliverTo } from '../store.ts';
import { DELIVER_TO_DIALOG_ID } from '../dialog.ts';
import { island } from '#lib/ui/island.ts';

interface Props {
  /** The delivery area's name shown before a PIN code is known (e.g. "Thrissur"). */
  areaName: string;
}

function PinIcon({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </svg>
  );
}

/** The native attributes that make a button open the Deliver to dialog (no JavaScript needed). */
const OPENS_DIALOG = { commandfor: DELIVER_TO_DIALOG_ID, command: 'show-modal' };

function DeliverTo({ areaName }: Props) {
  const { check } = useStore($deliverTo);
  useEffect(() => loadDeliverTo(), []);

  return (
    <section
      aria-label="Delivery"
      className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800"
    >
      <PinIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1">
        {check ? (
          check.deliverable ? (
            <>
              Delivering to <span className="font-semibold">{check.pin}</span> ({check.zone?.name}).{' '}
              {earliestText(check)}.
            </>
          ) : (
            <span className="text-sale-600">{check.message}</span>
          )
        ) : (
          <>We deliver in {areaName}. Enter your PIN code to see the earliest delivery slot.</>
        )}{' '}
        <button
          type="button"
          {...OPENS_DIALOG}
          aria-haspopup="dialog"
          data-needs-js
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {check ? 'Change PIN code' : 'Enter PIN code'}
        </button>
      </p>
    </section>
  );
}

export default island(DeliverTo);
