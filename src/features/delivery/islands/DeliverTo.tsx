/**
 * "Deliver to": the visitor's PIN code, whether the shop delivers there and the earliest slot
 * ("Earliest: tomorrow 7–9 AM"). `variant="nav"`: the text inside the navigation bar's Deliver
 * to button (NavLocation.astro); `variant="inline"`: a note on the product page and the cart
 * with a button that opens the same dialog. The dialog (DeliverToDialog.astro) is native HTML
 * opened by the Invoker Commands API (`commandfor`), so its openers work before and during
 * hydration. The page's HTML is the same for everyone (cacheable); the island asks the API
 * (GET /api/customer/deliver-to) after hydration. Until then it shows the delivery area.
 */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { $deliverTo, earliestText, loadDeliverTo } from '../store.ts';
import { DELIVER_TO_DIALOG_ID } from '../dialog.ts';

interface Props {
  /** `nav`: the place and promise inside the navigation bar's button; `inline`: a note with its own opener. */
  variant: 'nav' | 'inline';
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

export default function DeliverTo({ variant, areaName }: Props) {
  const { status, check } = useStore($deliverTo);
  useEffect(() => loadDeliverTo(), []);

  if (variant === 'nav') {
    const where = check ? check.pin : areaName;
    const promise = check ? earliestText(check) : status === 'loading' ? '' : 'Check your PIN code';
    return (
      <>
        <span className="font-semibold">{where}</span>
        {promise && <span className={check && !check.deliverable ? 'text-sale-600' : undefined}> · {promise}</span>}
      </>
    );
  }

  return (
    <section
      aria-label="Delivery"
      className="flex items-start gap-2 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-800"
    >
      <PinIcon className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
      <p className="min-w-0 flex-1">
        {check ? (
          <>
            {check.deliverable ? (
              <>
                Delivering to <span className="font-semibold">{check.pin}</span> ({check.zone?.name}).{' '}
                {earliestText(check)}.
              </>
            ) : (
              <span className="text-sale-600">{check.message}</span>
            )}
          </>
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
