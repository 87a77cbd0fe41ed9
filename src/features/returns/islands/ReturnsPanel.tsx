/**
 * The staff order page's "Return or refund" section for a delivered order (orders.refund): per
 * line the quantity to take back, return or refund, a reason and a note, what goes back and
 * where, then the result with its credit note (announced). The request carries an idempotency key
 * made when the form is filled and kept until it succeeds, so a retried submit never refunds twice.
 * A cash refund names who gives the cash: the shop's till (default) or the order's rider, whose
 * handover counts it. Each line's quantity is checked and a wrong one marked beside its field.
 */
import { type FormEvent, useEffect, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { newIdempotencyKey } from '#lib/http/idempotency-key.ts';
import { formatPaise } from '#lib/money.ts';
import { adminFailure } from '#lib/ui/admin-errors.ts';
import { buttonPrimary } from '#lib/ui/controls.tsx';
import type { recordReturnRoute } from '../contract.ts';
import {
  REFUND_TO_TEXT,
  RETURN_REASON_LABELS,
  RETURN_REASON_VALUES,
  type RefundTo,
  type ReturnableLine,
  type ReturnKind,
  type ReturnReason,
  refundFor,
} from '../rules.ts';

const input =
  'mt-1 block h-10 w-full rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700';
const newKey = () => `ret-${newIdempotencyKey()}`;
const left = (l: ReturnableLine) => Math.round((l.qty - l.returnedQty) * 1000) / 1000;

interface Props {
  orderId: number;
  lines: ReturnableLine[];
  refundTo: RefundTo;
  /** The order's rider, who may give a cash refund on a pick-up; null when none is assigned. */
  riderName?: string | null;
  /** The complaint this is linked to (the complaint queue links here with ?complaint=ID), and its ticket number when known. */
  complaintId: number | null;
  complaintTicket?: string | null;
  /** Where staff download a credit note of this order, by its id. */
  creditNoteHrefBase: string;
}

export default function ReturnsPanel({
  orderId,
  lines: initial,
  refundTo,
  riderName = null,
  complaintId,
  complaintTicket = null,
  creditNoteHrefBase,
}: Props) {
  const [lines, setLines] = useState(initial);
  const [qty, setQty] = useState<Record<number, string>>({});
  const [kind, setKind] = useState<ReturnKind>('return');
  const [reason, setReason] = useState<ReturnReason | ''>('');
  const [note, setNote] = useState('');
  const [giver, setGiver] = useState<'shop' | 'rider'>('shop');
  const [lineErrors, setLineErrors] = useState<Record<number, string>>({});
  const [key, setKey] = useState(newKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ text: string; note: { id: number; number: string } | null } | null>(null);
  const id = useId();
  // The server renders the submit button disabled: nothing is sent before the form can handle it.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  const typed = lines.map((l) => ({ line: l, text: (qty[l.id] ?? '').trim() }));
  const asked = typed
    .map((t) => ({ line: t.line, qty: Number(t.text || '0') }))
    .filter((a) => Number.isFinite(a.qty) && a.qty > 0);
  const estimate = asked.reduce((a, x) => a + (Number.isFinite(x.qty) ? refundFor(x.line, x.qty) : 0), 0);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setDone(null);
    // Each line's quantity: empty or a number from 0 to what is left of it (3 decimals at most).
    const wrong: Record<number, string> = {};
    for (const t of typed) {
      const n = Number(t.text);
      if (t.text && (!/^\d+(\.\d{1,3})?$/.test(t.text) || !Number.isFinite(n) || n > left(t.line)))
        wrong[t.line.id] = `Enter a quantity between 0 and ${left(t.line)}.`;
    }
    setLineErrors(wrong);
    if (Object.keys(wrong).length) return setError('Check the quantities marked.');
    if (!asked.length) return setError('Give a quantity for at least one line.');
    if (!reason) return setError('Choose a reason.');
    setBusy(true);
    setError(null);
    try {
      const result = await callRoute<typeof recordReturnRoute>('POST /api/admin/orders/{id}/returns', {
        params: { id: orderId },
        body: {
          kind,
          reason,
          lines: asked.map((a) => ({ line_id: a.line.id, qty: a.qty })),
          note: note.trim() || undefined,
          complaint_id: complaintId ?? undefined,
          cash_given_by: refundTo === 'cash' ? giver : undefined,
          idempotency_key: key,
        },
      });
      setLines((ls) =>
        ls.map((l) => {
          const a = asked.find((x) => x.line.id === l.id);
          return a ? { ...l, returnedQty: l.returnedQty + a.qty } : l;
        }),
      );
      setQty({});
      setNote('');
      setKey(newKey());
      setDone({ text: result.message ?? 'Recorded.', note: result.data.credit_note });
    } catch (err) {
      setError(adminFailure(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className="mt-6 rounded-xl border border-slate-200 bg-white p-4">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-slate-900">
        Return or refund
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Money goes back {REFUND_TO_TEXT[refundTo]}. A credit note is issued against the invoice.
        {complaintId
          ? ` Linked to complaint ${complaintTicket ?? `#${complaintId}`}: the refund shows on the ticket; resolve the ticket in the complaint queue.`
          : ''}
      </p>
      {/* method post: should a submit slip through before hydration, no field lands in the address bar. */}
      <form method="post" noValidate onSubmit={submit} className="mt-3 space-y-4">
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">Quantity to take back per line</legend>
          <ul className="mt-2 divide-y divide-slate-100">
            {lines.map((l) => (
              <li key={l.id} className="flex flex-wrap items-end justify-between gap-2 py-2">
                <label className="min-w-0 flex-1 text-sm text-slate-800" htmlFor={`${id}-q${l.id}`}>
                  <span className="font-medium">{l.name}</span>
                  <span className="block text-slate-600">
                    {left(l) > 0
                      ? `${left(l)} of ${l.qty} left · ${formatPaise(l.netPaise)} paid`
                      : 'Taken back in full'}
                  </span>
                </label>
                {left(l) > 0 && (
                  <input
                    id={`${id}-q${l.id}`}
                    aria-invalid={lineErrors[l.id] ? true : undefined}
                    aria-describedby={lineErrors[l.id] ? `${id}-q${l.id}-error` : undefined}
                    className="mt-1 block h-10 w-24 rounded-md border border-slate-400 bg-white px-2 text-base text-slate-900 focus:border-brand-700"
                    inputMode="decimal"
                    value={qty[l.id] ?? ''}
                    onChange={(e) => setQty((q) => ({ ...q, [l.id]: e.target.value }))}
                  />
                )}
                {lineErrors[l.id] && (
                  <p id={`${id}-q${l.id}-error`} className="w-full text-sm text-red-700">
                    {lineErrors[l.id]}
                  </p>
                )}
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="flex flex-wrap gap-4">
          <legend className="text-sm font-medium text-slate-800">What happened</legend>
          {(
            [
              ['return', 'Goods returned'],
              ['refund', 'Refund without return'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="mt-1 inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
              <input type="radio" name={`${id}-kind`} checked={kind === value} onChange={() => setKind(value)} />
              {label}
            </label>
          ))}
        </fieldset>
        {refundTo === 'cash' && (
          <fieldset className="flex flex-wrap gap-4">
            <legend className="text-sm font-medium text-slate-800">Who gives the cash back</legend>
            {(
              [
                ['shop', 'The shop, from the till'],
                ['rider', `The order’s rider, on the pick-up${riderName ? ` (${riderName})` : ' (no rider assigned)'}`],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="mt-1 inline-flex min-h-10 items-center gap-2 text-sm text-slate-800">
                <input
                  type="radio"
                  name={`${id}-giver`}
                  checked={giver === value}
                  disabled={value === 'rider' && !riderName}
                  onChange={() => setGiver(value)}
                />
                {label}
              </label>
            ))}
          </fieldset>
        )}
        <div className="grid gap-3 sm:grid-cols-2">
          <label className="text-sm font-medium text-slate-800">
            Reason
            <select className={input} value={reason} onChange={(e) => setReason(e.target.value as ReturnReason)}>
              <option value="">Choose…</option>
              {RETURN_REASON_VALUES.map((r) => (
                <option key={r} value={r}>
                  {RETURN_REASON_LABELS[r]}
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-medium text-slate-800">
            Note (optional)
            <input className={input} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} />
          </label>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonPrimary} disabled={busy || !hydrated}>
            {kind === 'return' ? 'Record return' : 'Record refund'}
          </button>
          {estimate > 0 && <span className="text-sm text-slate-700">About {formatPaise(estimate)} back</span>}
        </div>
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
        <div aria-live="polite" className="text-sm text-brand-800">
          {done && (
            <p>
              {done.text}{' '}
              {done.note && (
                <a className="font-semibold underline" href={`${creditNoteHrefBase}${done.note.id}`} download>
                  Download credit note {done.note.number}
                </a>
              )}
            </p>
          )}
        </div>
      </form>
    </section>
  );
}
