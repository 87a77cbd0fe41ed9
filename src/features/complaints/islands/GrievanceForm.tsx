/**
 * /grievance for a signed-in customer: a complaint not about one order (a reason, what happened, an
 * optional photo), sent once per press (one idempotency key per grievance), answered with its
 * ticket number (announced); below it, all of the customer's complaints and where they stand.
 */
import { useId, useRef, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { newIdempotencyKey } from '#lib/http/idempotency-key.ts';
import { buttonPrimary, ErrorText } from '#lib/ui/controls.tsx';
import type { CustomerComplaint } from '../contract.ts';
import { COMPLAINT_REASONS, type ComplaintReason } from '../rules.ts';
import { submitComplaint } from '../store.ts';
import { CLOCK_PROMISE, PhotoInput, ReasonSelect, TicketCard } from './complaint-parts.tsx';

export default function GrievanceForm({ complaints }: { complaints: CustomerComplaint[] }) {
  const id = useId();
  const [tickets, setTickets] = useState(complaints);
  const [reason, setReason] = useState<ComplaintReason | ''>('');
  const [description, setDescription] = useState('');
  const [photo, setPhoto] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const key = useRef(newIdempotencyKey());
  const form = useRef<HTMLFormElement>(null);

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setError(null);
    setDone(null);
    if (!reason) return setError('Choose what went wrong.');
    if (!description.trim()) return setError('Tell us what went wrong.');
    setBusy(true);
    try {
      const complaint = await submitComplaint({ reason, description, photo, idempotencyKey: key.current });
      setTickets((t) => [complaint, ...t.filter((x) => x.id !== complaint.id)]);
      setDone(`Thank you. Your ticket number is ${complaint.ticket_number}. We have sent it to you by SMS too.`);
      setReason('');
      setDescription('');
      setPhoto(null);
      form.current?.reset();
      key.current = newIdempotencyKey();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Your complaint could not be sent. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form
        ref={form}
        onSubmit={submit}
        noValidate
        className="mt-4 space-y-4 rounded-xl border border-slate-200 bg-white p-4"
      >
        <ReasonSelect id={`${id}-reason`} reasons={COMPLAINT_REASONS} value={reason} onChange={setReason} />
        <div>
          <label htmlFor={`${id}-desc`} className="block text-sm font-semibold text-slate-800">
            What happened?
          </label>
          <textarea
            id={`${id}-desc`}
            rows={5}
            required
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            className="mt-1 w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <PhotoInput id={`${id}-photo`} onChange={setPhoto} />
        <p className="text-xs text-slate-600">{CLOCK_PROMISE}</p>
        <ErrorText message={error} />
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? 'Sending…' : 'Send grievance'}
        </button>
      </form>
      <div aria-live="polite">
        {done && (
          <p className="mt-3 rounded-lg border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
            {done}
          </p>
        )}
      </div>
      <h2 className="mt-8 text-lg font-bold text-slate-900">Your complaints</h2>
      {tickets.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">You have not made any complaints.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {tickets.map((c) => (
            <TicketCard key={c.id} complaint={c} />
          ))}
        </ul>
      )}
    </>
  );
}
