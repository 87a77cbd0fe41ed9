/**
 * The tracking page's "Report a problem" for a delivered order (within the complaint window): the
 * items with how many of each have a problem, a reason, a note and an optional photo; sent once
 * (one idempotency key per report), answered with the ticket number, announced. Below it, the
 * order's tickets and where they stand. Server data arrives as props (index.ts orderComplaints).
 */
import { useId, useRef, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { newIdempotencyKey } from '#lib/http/idempotency-key.ts';
import { buttonPrimary, buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import type { CustomerComplaint } from '../contract.ts';
import { type ComplaintReason, LINE_REASONS, ORDER_PROBLEM_REASONS } from '../rules.ts';
import { submitComplaint } from '../store.ts';
import { CLOCK_PROMISE, PhotoInput, ReasonSelect, shopTime, TicketCard } from './complaint-parts.tsx';

export interface ReportProblemProps {
  orderId: number;
  canReport: boolean;
  /** When the window closes (ISO); null when the order is not delivered. */
  reportUntil: string | null;
  lines: { id: number; name: string; qty: number }[];
  complaints: CustomerComplaint[];
}

export default function ReportProblem({ orderId, canReport, reportUntil, lines, complaints }: ReportProblemProps) {
  const id = useId();
  const [tickets, setTickets] = useState(complaints);
  const [open, setOpen] = useState(false);
  // How many of each chosen line have a problem, as typed (a whole number up to the line's quantity).
  const [picked, setPicked] = useState<Record<number, string>>({});
  const [reason, setReason] = useState<ComplaintReason | ''>('');
  const [description, setDescription] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const heading = useRef<HTMLHeadingElement>(null);

  if (!reportUntil && tickets.length === 0) return null;

  function toggle(lineId: number, max: number, on: boolean) {
    setPicked((p) => {
      const next = { ...p };
      if (on) next[lineId] = next[lineId] ?? String(max);
      else delete next[lineId];
      return next;
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    const chosen = Object.entries(picked).map(([line, qty]) => ({ line_id: Number(line), qty: Number(qty) }));
    const wrong = lines.find((l) => {
      const qty = chosen.find((c) => c.line_id === l.id)?.qty;
      return qty !== undefined && (!Number.isInteger(qty) || qty < 1 || qty > l.qty);
    });
    if (wrong) return setError(`Enter how many of ${wrong.name} have a problem: 1 to ${wrong.qty}.`);
    if (!reason) return setError('Choose what went wrong.');
    if (!chosen.length && LINE_REASONS.includes(reason)) return setError('Choose the items that have a problem.');
    setBusy(true);
    try {
      const complaint = await submitComplaint({
        orderId,
        reason,
        description,
        lines: chosen,
        photo,
        idempotencyKey: key.current,
      });
      setTickets((t) => [complaint, ...t.filter((x) => x.id !== complaint.id)]);
      setDone(`Thank you. Your ticket number is ${complaint.ticket_number}. We have sent it to you by SMS too.`);
      setOpen(false);
      setPicked({});
      setReason('');
      setDescription('');
      setPhoto(null);
      key.current = newIdempotencyKey();
      heading.current?.focus();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your complaint could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-h`} className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h2 id={`${id}-h`} ref={heading} tabIndex={-1} className="text-lg font-bold text-slate-900 outline-none">
        Problems with this order
      </h2>
      <div aria-live="polite">
        {done && (
          <p className="mt-2 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {done}
          </p>
        )}
      </div>
      {canReport && reportUntil && (
        <div className="mt-2">
          <p className="text-sm text-slate-700">
            Something damaged, spoiled, missing or not what you ordered? Tell us by {shopTime(reportUntil)}.
          </p>
          <button
            type="button"
            className={`${buttonPrimary} mt-2`}
            aria-expanded={open}
            aria-controls={`${id}-form`}
            onClick={() => {
              setDone(null);
              setOpen(!open);
            }}
          >
            Report a problem
          </button>
        </div>
      )}
      {!canReport && reportUntil && (
        <p className="mt-2 text-sm text-slate-700">
          Problems with this order could be reported until {shopTime(reportUntil)}. For anything else, use the{' '}
          <a href="/grievance" className="font-semibold text-brand-700 underline">
            grievance form
          </a>
          .
        </p>
      )}
      {open && (
        <form id={`${id}-form`} onSubmit={submit} className="mt-3 space-y-4" noValidate>
          <fieldset>
            <legend className="text-sm font-semibold text-slate-800">Which items?</legend>
            <p className="text-xs text-slate-600">
              Choose the items that were damaged, spoiled, wrong, short or missing.
            </p>
            <ul className="mt-1 space-y-2">
              {lines.map((l) => (
                <li key={l.id} className="flex flex-wrap items-center gap-2 rounded-lg bg-white p-2">
                  <input
                    id={`${id}-line-${l.id}`}
                    type="checkbox"
                    className="h-5 w-5"
                    checked={picked[l.id] !== undefined}
                    onChange={(e) => toggle(l.id, l.qty, e.target.checked)}
                  />
                  <label htmlFor={`${id}-line-${l.id}`} className="min-w-0 flex-1 text-sm text-slate-800">
                    {l.name} <span className="text-slate-600">(ordered {l.qty})</span>
                  </label>
                  {picked[l.id] !== undefined && l.qty > 1 && (
                    <span className="flex items-center gap-1 text-sm text-slate-700">
                      <label htmlFor={`${id}-qty-${l.id}`}>How many?</label>
                      <input
                        id={`${id}-qty-${l.id}`}
                        type="number"
                        inputMode="numeric"
                        min={1}
                        max={l.qty}
                        step={1}
                        value={picked[l.id]}
                        onChange={(e) => setPicked((p) => ({ ...p, [l.id]: e.target.value }))}
                        aria-label={`How many of ${l.name} have a problem (1 to ${l.qty})`}
                        className="min-h-10 w-20 rounded border border-slate-300 bg-white px-2 text-right text-base"
                      />
                    </span>
                  )}
                </li>
              ))}
            </ul>
          </fieldset>
          <ReasonSelect id={`${id}-reason`} reasons={ORDER_PROBLEM_REASONS} value={reason} onChange={setReason} />
          <div>
            <label htmlFor={`${id}-desc`} className="block text-sm font-semibold text-slate-800">
              Tell us more (optional)
            </label>
            <textarea
              id={`${id}-desc`}
              rows={3}
              maxLength={2000}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
            />
          </div>
          <PhotoInput id={`${id}-photo`} onChange={setPhoto} />
          <p className="text-xs text-slate-600">{CLOCK_PROMISE}</p>
          <ErrorText message={error} />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonPrimary} disabled={busy}>
              {busy ? 'Sending…' : 'Send complaint'}
            </button>
            <button type="button" className={buttonSecondary} onClick={() => setOpen(false)} disabled={busy}>
              Cancel
            </button>
          </div>
        </form>
      )}
      {tickets.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-semibold text-slate-800">Your tickets for this order</h3>
          <ul className="mt-2 space-y-2">
            {tickets.map((c) => (
              <TicketCard key={c.id} complaint={c} />
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
