/**
 * The PIN code form of the "Deliver to" dialog (DeliverToDialog.astro): checks a PIN code, keeps
 * it (cookie) and announces the answer. The dialog around it is native HTML that opens without
 * JavaScript; this island hydrates on first interest (`client:interact`: the focus the dialog
 * gives the PIN field when it opens), and a submit tapped meanwhile is replayed once it has.
 * Each opening starts from the current PIN code with no answer shown; Tab wraps inside the dialog.
 */
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { wrapTab } from '#lib/ui/focus-trap.ts';
import { PIN_CODE, PIN_INVALID } from '../rules.ts';
import { $deliverTo, checkDeliverTo, earliestText, type PinCheckJson } from '../store.ts';

/** Ids are fixed: the dialog, and so this form, is on the page once (the navigation bar's). */
const INPUT_ID = 'deliver-to-pin';
const ERROR_ID = 'deliver-to-pin-error';

function DeliverToForm() {
  const [pin, setPin] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<PinCheckJson | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    // Digits typed before hydration are still in the field; otherwise start from the known PIN code.
    const typed = inputRef.current?.value ?? '';
    setPin(typed || ($deliverTo.get().check?.pin ?? ''));
    const dialog = formRef.current?.closest('dialog');
    if (!dialog) return;
    const reset = () => {
      setPin($deliverTo.get().check?.pin ?? '');
      setError('');
      setAnswer(null);
    };
    // Tab stays inside the open dialog (a native modal lets it leave for the browser's own UI).
    const onKeyDown = (event: KeyboardEvent) => wrapTab(dialog, event);
    dialog.addEventListener('close', reset);
    dialog.addEventListener('keydown', onKeyDown);
    return () => {
      dialog.removeEventListener('close', reset);
      dialog.removeEventListener('keydown', onKeyDown);
    };
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The field itself, not the state: a Check replayed straight after hydration can come before
    // the state has taken up digits typed before hydration.
    const value = (inputRef.current?.value ?? pin).replace(/\D/g, '');
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
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-3">
      <p className="text-sm text-slate-700">Enter a PIN code to see whether we deliver there and when.</p>
      <div>
        <label htmlFor={INPUT_ID} className="block text-sm font-medium text-slate-800">
          PIN code
        </label>
        <div className="mt-1 flex gap-2">
          <input
            ref={inputRef}
            id={INPUT_ID}
            // biome-ignore lint/a11y/noAutofocus: a native <dialog> (DeliverToDialog.astro) focuses its autofocus field when it opens, as the dialog pattern asks.
            autoFocus
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? ERROR_ID : undefined}
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
          <p id={ERROR_ID} role="alert" className="mt-1 text-sm text-sale-600">
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
          onClick={() => formRef.current?.closest('dialog')?.close()}
          className="w-full rounded-md border border-slate-400 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          Done
        </button>
      )}
    </form>
  );
}

export default DeliverToForm;
