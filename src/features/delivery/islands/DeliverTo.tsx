/**
 * "Deliver to": the visitor's PIN code, whether the shop delivers there and the
 * earliest slot ("Earliest: tomorrow 7–9 AM"), with a dialog to check another PIN code.
 * `variant="nav"`: one line in the navigation bar; `variant="inline"`: a note on the product
 * page and the cart. The page's HTML is the same for everyone (cacheable); the island asks the
 * API (GET /api/customer/deliver-to) after hydration. Until then it shows the delivery area.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useStore } from '@nanostores/react';
import { $deliverTo, checkDeliverTo, earliestText, loadDeliverTo, type PinCheckJson } from '../store.ts';
import { PIN_CODE, PIN_INVALID } from '../rules.ts';

const ModalDialog = lazy(() => import('#lib/ui/ModalDialog.tsx'));

interface Props {
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

/** The PIN code form inside the dialog, with the answer announced. */
function PinForm({ current, onDone }: { current: PinCheckJson | null; onDone: () => void }) {
  const [pin, setPin] = useState(current?.pin ?? '');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<PinCheckJson | null>(null);
  const inputId = useId();
  const errorId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    const value = pin.trim();
    if (!PIN_CODE.test(value)) return setError(PIN_INVALID);
    setError('');
    setBusy(true);
    try {
      setAnswer(await checkDeliverTo(value));
    } catch (err) {
      setError((err as Error).message || 'Could not check this PIN code. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">Enter a PIN code to see whether we deliver there and when.</p>
      <div>
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          PIN code
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={inputId}
            data-autofocus
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="w-full min-w-0 rounded-md border border-slate-400 px-3 py-2 text-base focus:border-brand-700 focus:outline-none focus:ring-2 focus:ring-brand-700/30"
          />
          <button
            type="submit"
            disabled={busy}
            className="shrink-0 rounded-md bg-brand-700 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-60"
          >
            {busy ? 'Checking…' : 'Check'}
          </button>
        </div>
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-sale-600">
            {error}
          </p>
        )}
      </div>
      <div aria-live="polite" className="min-h-[2.5rem] text-sm">
        {answer && (
          <div className={answer.deliverable ? 'text-brand-800' : 'text-sale-600'}>
            <p className="font-semibold">{answer.message}</p>
            {answer.deliverable && <p>{earliestText(answer)}</p>}
          </div>
        )}
      </div>
      {answer && (
        <button
          type="button"
          onClick={onDone}
          className="w-full rounded-md border border-slate-400 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Done
        </button>
      )}
    </form>
  );
}

export default function DeliverTo({ variant, areaName }: Props) {
  const { status, check } = useStore($deliverTo);
  const [open, setOpen] = useState(false);
  const [mounted, setMounted] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => loadDeliverTo(), []);

  const where = check ? check.pin : areaName;
  const promise = check ? earliestText(check) : status === 'loading' ? '' : 'Check your PIN code';
  const openDialog = () => {
    setMounted(true);
    setOpen(true);
  };

  const dialog = mounted && (
    <Suspense fallback={null}>
      <ModalDialog open={open} title="Deliver to" onClose={() => setOpen(false)} width="sm:max-w-sm">
        <PinForm current={check} onDone={() => setOpen(false)} />
      </ModalDialog>
    </Suspense>
  );

  if (variant === 'nav') {
    return (
      <>
        <button
          ref={opener}
          type="button"
          onClick={openDialog}
          aria-haspopup="dialog"
          className="flex min-h-6 max-w-full items-center gap-1 rounded md:max-w-[22rem] text-left text-xs text-slate-700 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-brand-700 md:text-sm"
        >
          <PinIcon className="h-3.5 w-3.5 shrink-0 text-brand-700 md:h-4 md:w-4" />
          <span className="truncate">
            Deliver to <span className="font-semibold">{where}</span>
            {promise && <span className={check && !check.deliverable ? 'text-sale-600' : undefined}> · {promise}</span>}
          </span>
        </button>
        {dialog}
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
          onClick={openDialog}
          aria-haspopup="dialog"
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {check ? 'Change PIN code' : 'Enter PIN code'}
        </button>
      </p>
      {dialog}
    </section>
  );
}
