/**
 * The rider at the door, on the staff order page (ADR 0140), built for a phone: how the delivery
 * ended — Delivered (a confirmation showing what to collect), Delivered in part (how much of each
 * line was handed back; the server's amount due shown before confirming), Not at home, Refused —
 * with a note and the cash collected. One idempotency key per opened flow, so a second tap or a
 * retry records nothing twice. Also the recorded outcome with Undo (owner or manager, the same day)
 * and, for an order brought back, Reschedule to a slot. Amounts are worked out by the server.
 */
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import UpiQrPanel from '#features/payments/islands/UpiQrPanel.tsx';
import { RETURN_REASON_VALUES, type ReturnReason } from '#features/returns/rules.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPaise } from '#lib/money.ts';
import { buttonDanger, buttonPrimary, buttonSecondary, Dialog, ErrorText } from '#lib/ui/controls.tsx';
import type {
  doorQuoteRoute,
  recordOutcomeRoute,
  rescheduleRoute,
  StaffOrderJson,
  staffOrderRoute,
  undoOutcomeRoute,
} from '../contract.ts';
import { DOOR_REASON_LABELS } from '../door-contract.ts';

type Outcome = 'delivered' | 'partly_delivered' | 'not_at_home' | 'refused';
type Run = (
  action: () => Promise<{ data: { order: StaffOrderJson }; message?: string }>,
  onError?: (message: string | null) => void,
) => Promise<boolean>;

const CHOICES: { outcome: Outcome; label: string; hint: string }[] = [
  { outcome: 'delivered', label: 'Delivered', hint: 'Everything handed over' },
  { outcome: 'partly_delivered', label: 'Delivered in part', hint: 'Some items handed back' },
  { outcome: 'not_at_home', label: 'Not at home', hint: 'Bring the order back' },
  { outcome: 'refused', label: 'Refused', hint: 'The customer did not take it' },
];

const OUTCOME_TEXT: Record<Outcome, string> = {
  delivered: 'Delivered',
  partly_delivered: 'Delivered in part',
  not_at_home: 'Not at home',
  refused: 'Refused',
};

const rupees = (amount: string) => `₹${amount}`;
/** A rupee amount as typed or answered (e.g. "534.00", "500") in paise; null when it is not a number. */
const toPaise = (amount: string) =>
  amount.trim() === '' || !Number.isFinite(Number(amount)) ? null : Math.round(Number(amount) * 100);
const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random().toString(36).slice(2)}`;

interface DoorProps {
  order: StaffOrderJson;
  busy: boolean;
  run: Run;
}

/** The rider's outcome flow for an out-for-delivery order. */
export function DoorFlow({ order, busy, run }: DoorProps) {
  const [step, setStep] = useState<Outcome | null>(null);
  const [back, setBack] = useState<Record<number, string>>({});
  const [reasons, setReasons] = useState<Record<number, ReturnReason | ''>>({});
  const [note, setNote] = useState('');
  const [collected, setCollectedState] = useState('');
  // The amount collected, as typed, that the confirm step asks about because it differs from the
  // amount due; typing another amount takes the question away.
  const [asked, setAsked] = useState<string | null>(null);
  const setCollected = (value: string) => {
    setCollectedState(value);
    setAsked(null);
  };
  // A Card on Delivery order is paid on the card machine unless the customer pays cash instead; a
  // UPI QR (when a gateway is configured) is shown once the delivery is confirmed, for the amount due.
  const [method, setMethod] = useState<'cash' | 'card' | 'upi_qr'>(order.payment_mode === 'Card' ? 'card' : 'cash');
  const [due, setDue] = useState<{ due: string; off: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const key = useRef(newKey());
  const ids = { note: useId(), collected: useId(), method: useId() };
  const heading = useRef<HTMLHeadingElement>(null);
  const atDoor = order.payment_mode === 'Cash' || order.payment_mode === 'Card';
  const paidByUpi = atDoor && order.payment_status === 'paid' && order.payment_reference !== null;

  const handBack = Object.entries(back)
    .map(([id, qty]) => ({ line_id: Number(id), qty: Number(qty), reason: reasons[Number(id)] || undefined }))
    .filter((h) => h.qty > 0);
  // The quote depends on the quantities only, not on the reasons.
  const handBackKey = JSON.stringify(handBack.map(({ line_id, qty }) => ({ line_id, qty })));
  const differenceRef = useRef<HTMLFieldSetElement>(null);
  // Collected minus due, in paise, when the rider typed an amount that differs from the amount due.
  const duePaise = due === null ? null : toPaise(due.due);
  const collectedPaise = toPaise(collected);
  const difference =
    duePaise !== null && duePaise > 0 && collectedPaise !== null && collectedPaise >= 0 && collectedPaise !== duePaise
      ? collectedPaise - duePaise
      : null;
  const asking = method !== 'upi_qr' && difference !== null && asked === collected;

  // The amount due after the hand-backs, from the server, as the rider changes them.
  useEffect(() => {
    if (step !== 'partly_delivered' && step !== 'delivered') return;
    const lines = JSON.parse(handBackKey) as { line_id: number; qty: number }[];
    if (step === 'delivered' || lines.length === 0) {
      setDue({ due: order.amount_due, off: '0.00' });
      setCollectedState(Number(order.amount_due) > 0 ? order.amount_due : '');
      setAsked(null);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      callRoute<typeof doorQuoteRoute>('POST /api/admin/orders/{id}/outcome/quote', {
        params: { id: order.id },
        body: { hand_back: lines },
        signal: controller.signal,
      })
        .then(({ data }) => {
          setError(null);
          setDue({ due: data.amount_due, off: data.hand_back_total });
          setCollectedState(Number(data.amount_due) > 0 ? data.amount_due : '');
          setAsked(null);
        })
        .catch((err) => {
          if (controller.signal.aborted) return;
          setDue(null);
          setError(err instanceof ApiError ? err.message : 'Could not work out the amount due. Please try again.');
        });
    }, 250);
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [step, handBackKey, order.id, order.amount_due]);

  function choose(outcome: Outcome | null) {
    setStep(outcome);
    setError(null);
    setAsked(null);
    if (outcome === null) {
      setBack({});
      setReasons({});
      setNote('');
    }
    requestAnimationFrame(() => heading.current?.focus());
  }

  async function confirm(event: FormEvent) {
    event.preventDefault();
    if (!step) return;
    if (step === 'partly_delivered' && handBack.length === 0) {
      setError('Enter how much of at least one item was handed back.');
      return;
    }
    if (step === 'partly_delivered' && handBack.some((h) => !h.reason)) {
      setError('Choose why each item was handed back.');
      return;
    }
    const mustCollect = due !== null && Number(due.due) > 0 && !paidByUpi;
    // An amount that differs from the amount due is recorded only once the rider confirms it.
    if (mustCollect && method !== 'upi_qr' && difference !== null) {
      setError(null);
      setAsked(collected);
      requestAnimationFrame(() => differenceRef.current?.focus());
      return;
    }
    await record();
  }

  /** Records the outcome (the checks above passed, or the rider confirmed a different amount). */
  async function record() {
    if (!step) return;
    const mustCollect = due !== null && Number(due.due) > 0 && !paidByUpi;
    const done = await run(
      () =>
        callRoute<typeof recordOutcomeRoute>('POST /api/admin/orders/{id}/outcome', {
          params: { id: order.id },
          body: {
            outcome: step,
            note: note.trim() || undefined,
            hand_back: step === 'partly_delivered' ? handBack : [],
            collected: mustCollect && method !== 'upi_qr' && collected !== '' ? Number(collected) : undefined,
            collected_method: mustCollect ? method : undefined,
            idempotency_key: key.current,
          },
        }),
      setError,
    );
    if (done) key.current = newKey();
    else setAsked(null);
  }

  const delivering = step === 'delivered' || step === 'partly_delivered';
  const mustCollect = delivering && due !== null && Number(due.due) > 0 && !paidByUpi;

  return (
    <section aria-labelledby="door-heading" className="rounded-xl border border-brand-200 bg-white p-4">
      <h2 id="door-heading" ref={heading} tabIndex={-1} className="font-semibold text-slate-900 outline-none">
        {step ? OUTCOME_TEXT[step] : 'At the door'}
      </h2>
      {!step && (
        <div className="mt-3 grid grid-cols-2 gap-2">
          {CHOICES.map((c) => (
            <button
              key={c.outcome}
              type="button"
              onClick={() => choose(c.outcome)}
              disabled={busy}
              className={`${c.outcome === 'delivered' ? buttonPrimary : buttonSecondary} flex min-h-16 flex-col items-center justify-center text-center`}
            >
              <span>{c.label}</span>
              <span className="text-xs font-normal opacity-80">{c.hint}</span>
            </button>
          ))}
        </div>
      )}
      {step && (
        <form onSubmit={confirm} className="mt-3 flex flex-col gap-3">
          {step === 'partly_delivered' && (
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-800">
                How much of each item was handed back?
              </legend>
              {order.lines.map((l) => {
                const holds = Math.round(((l.picked ?? l.ordered) - l.handed_back) * 1000) / 1000;
                return (
                  <div key={l.id} className="flex flex-col gap-1">
                    <label className="flex items-center justify-between gap-3 text-sm text-slate-800">
                      <span>
                        {l.name}
                        <span className="block text-xs text-slate-600">
                          {holds} {l.measure} · ₹{l.total_amount}
                        </span>
                      </span>
                      <input
                        type="number"
                        inputMode="decimal"
                        min={0}
                        max={holds}
                        step={l.measure === 'packs' ? 1 : 0.001}
                        value={back[l.id] ?? ''}
                        onChange={(e) => setBack({ ...back, [l.id]: e.target.value })}
                        aria-label={`Handed back of ${l.name} (${l.measure})`}
                        className="w-24 rounded-lg border border-slate-400 p-2 text-right text-base"
                      />
                    </label>
                    {Number(back[l.id]) > 0 && (
                      <select
                        value={reasons[l.id] ?? ''}
                        onChange={(e) => setReasons({ ...reasons, [l.id]: e.target.value as ReturnReason | '' })}
                        aria-label={`Why was ${l.name} handed back?`}
                        className="block w-full rounded-lg border border-slate-400 p-2 text-base"
                      >
                        <option value="">Why was it handed back?</option>
                        {RETURN_REASON_VALUES.map((r) => (
                          <option key={r} value={r}>
                            {DOOR_REASON_LABELS[r]}
                          </option>
                        ))}
                      </select>
                    )}
                  </div>
                );
              })}
            </fieldset>
          )}
          {delivering && (
            <div aria-live="polite" className="rounded-lg bg-slate-50 p-3 text-slate-900">
              {due === null ? (
                <p className="text-sm text-slate-700">Working out the amount due…</p>
              ) : paidByUpi ? (
                <p className="font-semibold">Paid by UPI — nothing to collect</p>
              ) : Number(due.due) > 0 ? (
                <>
                  {Number(due.off) > 0 && <p className="text-sm">Handed back: −{rupees(due.off)}</p>}
                  <p className="text-lg font-bold" data-due>
                    Collect {rupees(due.due)}
                  </p>
                </>
              ) : (
                <p className="font-semibold" data-due>
                  {order.payment_mode === 'Online'
                    ? 'Prepaid — collect nothing'
                    : order.payment_mode === 'Credit'
                      ? 'On credit — collect nothing'
                      : 'Nothing to collect'}
                  {Number(due.off) > 0 && ` (handed back: ${rupees(due.off)}, refunded)`}
                </p>
              )}
            </div>
          )}
          {mustCollect && (
            <>
              {(order.payment_mode === 'Card' || order.upi_qr_available) && (
                <div>
                  <label htmlFor={ids.method} className="mb-1 block text-sm font-medium text-slate-800">
                    Collected by
                  </label>
                  <select
                    id={ids.method}
                    value={method}
                    onChange={(e) => setMethod(e.target.value as 'cash' | 'card' | 'upi_qr')}
                    className="block w-full rounded-lg border border-slate-400 p-2 text-base"
                  >
                    {order.payment_mode === 'Card' && <option value="card">Card machine</option>}
                    <option value="cash">Cash</option>
                    {order.upi_qr_available && <option value="upi_qr">UPI QR</option>}
                  </select>
                </div>
              )}
              {method === 'upi_qr' ? (
                <p className="text-sm text-slate-800">
                  After you confirm, show the customer the UPI QR for the amount due; the order is paid when they pay
                  it.
                </p>
              ) : (
                <div>
                  <label htmlFor={ids.collected} className="mb-1 block text-sm font-medium text-slate-800">
                    {method === 'card' ? 'Amount paid by card (₹)' : 'Cash collected (₹)'}
                  </label>
                  <input
                    id={ids.collected}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    value={collected}
                    onChange={(e) => setCollected(e.target.value)}
                    className="block w-full rounded-lg border border-slate-400 p-2 text-base"
                    required
                  />
                </div>
              )}
            </>
          )}
          <div>
            <label htmlFor={ids.note} className="mb-1 block text-sm font-medium text-slate-800">
              {delivering ? 'Note (optional)' : 'What happened? (optional)'}
            </label>
            <textarea
              id={ids.note}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              rows={2}
              maxLength={500}
              className="block w-full rounded-lg border border-slate-400 p-2 text-base"
            />
          </div>
          <ErrorText message={error} className="" />
          <div aria-live="assertive">
            {asking && difference !== null && (
              <fieldset
                ref={differenceRef}
                tabIndex={-1}
                className="min-w-0 rounded-lg border border-amber-300 bg-amber-50 px-3 pt-1 pb-3 text-slate-900 outline-none"
              >
                <legend className="float-left w-full pt-2 font-semibold" data-difference>
                  {formatPaise(Math.abs(difference))} {difference < 0 ? 'less' : 'more'} than the{' '}
                  {formatPaise(duePaise ?? 0)} due — confirm you collected {formatPaise(collectedPaise ?? 0)}?
                </legend>
                <p className="clear-both pt-1 text-sm text-slate-700">
                  The difference is recorded for the day-end cash handover.
                </p>
                <div className="mt-2 flex flex-wrap gap-2">
                  <button
                    type="button"
                    className={buttonSecondary}
                    onClick={() => {
                      setAsked(null);
                      document.getElementById(ids.collected)?.focus();
                    }}
                    disabled={busy}
                  >
                    Change the amount
                  </button>
                  <button
                    type="button"
                    className={buttonPrimary}
                    onClick={() => void record()}
                    disabled={busy}
                    aria-busy={busy}
                  >
                    Yes, I collected {formatPaise(collectedPaise ?? 0)}
                  </button>
                </div>
              </fieldset>
            )}
          </div>
          <div className={`flex flex-wrap gap-2 ${asking ? 'hidden' : ''}`}>
            <button type="button" className={buttonSecondary} onClick={() => choose(null)} disabled={busy}>
              Back
            </button>
            <button
              type="submit"
              className={delivering ? buttonPrimary : buttonDanger}
              disabled={busy || (delivering && due === null)}
              aria-busy={busy}
            >
              {step === 'delivered'
                ? 'Confirm delivery'
                : step === 'partly_delivered'
                  ? 'Confirm delivery in part'
                  : `Confirm: ${OUTCOME_TEXT[step].toLowerCase()}`}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

interface OutcomeProps extends DoorProps {
  canUndo: boolean;
  canReschedule: boolean;
}

/** The recorded outcome, Undo (same day), and Reschedule for an order brought back. */
export function OutcomeSection({ order, busy, run, canUndo, canReschedule }: OutcomeProps) {
  const [undoOpen, setUndoOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [undoError, setUndoError] = useState<string | null>(null);
  const [slot, setSlot] = useState('');
  const [slotError, setSlotError] = useState<string | null>(null);
  const ids = { reason: useId(), slot: useId() };
  const o = order.outcome;
  if (!o) return null;
  const handedBack = order.lines.filter((l) => l.handed_back > 0);

  async function undo(event: FormEvent) {
    event.preventDefault();
    const done = await run(
      () =>
        callRoute<typeof undoOutcomeRoute>('POST /api/admin/orders/{id}/outcome/undo', {
          params: { id: order.id },
          body: { reason },
        }),
      setUndoError,
    );
    if (done) setUndoOpen(false);
  }

  function reschedule(event: FormEvent) {
    event.preventDefault();
    if (!slot) {
      setSlotError('Choose a slot.');
      return;
    }
    void run(
      () =>
        callRoute<typeof rescheduleRoute>('POST /api/admin/orders/{id}/reschedule', {
          params: { id: order.id },
          body: { slot_id: slot },
        }),
      setSlotError,
    );
  }

  const short = o.short !== null && Number(o.short) !== 0 ? Number(o.short) : 0;
  return (
    <section aria-labelledby="outcome-heading" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="outcome-heading" className="font-semibold text-slate-900">
        At the door: {OUTCOME_TEXT[o.outcome]}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-slate-800">
        <dt className="text-slate-600">By</dt>
        <dd>{o.rider ?? '—'}</dd>
        {handedBack.length > 0 && (
          <>
            <dt className="text-slate-600">Handed back</dt>
            <dd>
              {handedBack
                .map((l) => `${l.handed_back} ${l.measure === 'packs' ? '×' : l.measure} ${l.name}`)
                .join(', ')}
            </dd>
          </>
        )}
        {(o.outcome === 'delivered' || o.outcome === 'partly_delivered') && (
          <>
            <dt className="text-slate-600">Due</dt>
            <dd>{rupees(o.amount_due)}</dd>
            <dt className="text-slate-600">Collected</dt>
            <dd data-collected>
              {o.collected_method === 'upi_qr' && o.collected === null
                ? order.payment_status === 'paid'
                  ? `${rupees(order.paid_amount)} by UPI QR`
                  : 'By UPI QR — awaiting payment'
                : o.collected === null
                  ? 'Nothing'
                  : `${rupees(o.collected)} ${o.collected_method === 'upi_qr' ? 'by UPI QR' : o.collected_method === 'card' ? 'by card' : 'cash'}`}
              {short > 0 && <span className="ml-1 font-semibold text-red-800">({rupees(short.toFixed(2))} short)</span>}
              {short < 0 && (
                <span className="ml-1 font-semibold text-amber-900">({rupees((-short).toFixed(2))} over)</span>
              )}
            </dd>
          </>
        )}
        {o.note && (
          <>
            <dt className="text-slate-600">Note</dt>
            <dd>{o.note}</dd>
          </>
        )}
      </dl>
      {order.status === 'delivered' &&
        o.collected_method === 'upi_qr' &&
        order.payment_status !== 'paid' &&
        Number(order.amount_due) > 0 && (
          <div className="mt-3">
            <UpiQrPanel
              orderId={order.id}
              amountPaise={Math.round(Number(order.amount_due) * 100)}
              onPaid={() =>
                void run(() =>
                  callRoute<typeof staffOrderRoute>('GET /api/admin/orders/{id}', { params: { id: order.id } }),
                )
              }
            />
          </div>
        )}
      {canReschedule && order.status === 'undelivered' && (
        <form onSubmit={reschedule} className="mt-3 flex flex-wrap items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={ids.slot} className="mb-1 block text-sm font-medium text-slate-800">
              Reschedule to
            </label>
            <select
              id={ids.slot}
              value={slot}
              onChange={(e) => setSlot(e.target.value)}
              className="block w-full rounded-lg border border-slate-400 p-2 text-base"
            >
              <option value="">Choose a slot</option>
              {order.reschedule_slots.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.label} ({s.left} left)
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={buttonPrimary} disabled={busy} aria-busy={busy}>
            Reschedule
          </button>
          <ErrorText message={slotError} className="w-full" />
        </form>
      )}
      {canUndo && o.undoable && (order.status === 'delivered' || order.status === 'undelivered') && (
        <button type="button" className={`${buttonSecondary} mt-3`} onClick={() => setUndoOpen(true)} disabled={busy}>
          Undo this outcome
        </button>
      )}
      <Dialog open={undoOpen} title={`Undo the outcome of order #${order.id}`} onClose={() => setUndoOpen(false)}>
        <form onSubmit={undo} className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">
            The order goes back out for delivery; items handed back are charged again and a cash payment is unmarked.
          </p>
          <div>
            <label htmlFor={ids.reason} className="mb-1 block text-sm font-medium text-slate-800">
              Reason
            </label>
            <textarea
              id={ids.reason}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              rows={3}
              maxLength={200}
              className="block w-full rounded-lg border border-slate-400 p-2 text-base"
              data-autofocus
            />
          </div>
          <ErrorText message={undoError} className="" />
          <div className="flex flex-wrap justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setUndoOpen(false)} disabled={busy}>
              Keep it
            </button>
            <button type="submit" className={buttonDanger} disabled={busy} aria-busy={busy}>
              Undo outcome
            </button>
          </div>
        </form>
      </Dialog>
    </section>
  );
}
