/**
 * Parts the complaint islands share: a ticket's card as its customer reads it (state, clocks,
 * the refunds linked to it, the shop's resolution), the reason picker and the photo input.
 */
import type { CustomerComplaint } from '../contract.ts';
import {
  ACKNOWLEDGE_WITHIN_HOURS,
  COMPLAINT_REASON_LABELS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintReason,
  RESOLVE_WITHIN_DAYS,
} from '../rules.ts';

/** A date and time in the shop's zone, e.g. "6 Dec 2026, 3:15 pm". */
export const shopTime = (iso: string) =>
  new Intl.DateTimeFormat('en-IN', {
    timeZone: 'Asia/Kolkata',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

const STATUS_STYLE: Record<CustomerComplaint['status'], string> = {
  new: 'bg-amber-100 text-amber-900',
  acknowledged: 'bg-sky-100 text-sky-900',
  resolved: 'bg-emerald-100 text-emerald-900',
};

/** A complaint's state as a small badge. */
export function StatusBadge({ status }: { status: CustomerComplaint['status'] }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[status]}`}>
      {COMPLAINT_STATUS_LABELS[status]}
    </span>
  );
}

/** The returns and refunds linked to a ticket, each with its amount and credit note; nothing when none. */
export function LinkedRefunds({ refunds }: { refunds: CustomerComplaint['refunds'] }) {
  if (!refunds.length) return null;
  return (
    <ul className="mt-2 space-y-1 rounded bg-sky-50 px-2 py-1 text-sky-900" aria-label="Refunds on this ticket">
      {refunds.map((r) => (
        <li key={`${r.created_at}-${r.credit_note ?? r.amount}`}>
          <span className="font-semibold">{r.kind === 'return' ? 'Return' : 'Refund'}:</span> ₹{r.amount} on{' '}
          {shopTime(r.created_at)}
          {r.credit_note && <> · credit note {r.credit_note}</>}
        </li>
      ))}
    </ul>
  );
}

/** One of the customer's tickets: number, state, what it is about and where it stands. */
export function TicketCard({ complaint: c }: { complaint: CustomerComplaint }) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          Ticket <span className="font-mono">{c.ticket_number}</span>
        </p>
        <StatusBadge status={c.status} />
      </div>
      <p className="mt-1 text-slate-700">
        {COMPLAINT_REASON_LABELS[c.reason]}
        {c.order_id !== null && <> · Order #{c.order_id}</>} · {shopTime(c.created_at)}
      </p>
      {c.lines.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-slate-700">
          {c.lines.map((l) => (
            <li key={l.line_id}>
              {l.product} × {l.qty}
            </li>
          ))}
        </ul>
      )}
      {c.description && <p className="mt-1 whitespace-pre-line text-slate-700">{c.description}</p>}
      {c.photo_url && (
        <a href={c.photo_url} target="_blank" rel="noopener" className="mt-2 inline-block">
          <img
            src={c.photo_url}
            alt="Sent with this ticket"
            className="h-20 w-20 rounded border border-slate-200 object-cover"
          />
        </a>
      )}
      <p className="mt-2 text-slate-600">
        {c.status === 'new' && (
          <>
            We will acknowledge it by {shopTime(c.acknowledge_by)} and resolve it by {shopTime(c.resolve_by)}.
          </>
        )}
        {c.status === 'acknowledged' && <>Acknowledged. We will resolve it by {shopTime(c.resolve_by)}.</>}
        {c.status === 'resolved' && c.resolved_at && <>Resolved on {shopTime(c.resolved_at)}.</>}
      </p>
      <LinkedRefunds refunds={c.refunds} />
      {c.resolution && (
        <p className="mt-1 rounded bg-emerald-50 px-2 py-1 text-emerald-900">
          <span className="font-semibold">What we did:</span> {c.resolution}
        </p>
      )}
    </li>
  );
}

/** The promise the forms state beside the submit button. */
export const CLOCK_PROMISE = `You get a ticket number on screen and by SMS. We acknowledge complaints within ${ACKNOWLEDGE_WITHIN_HOURS} hours and resolve them within ${RESOLVE_WITHIN_DAYS} days.`;

/** A labelled select of `reasons`. */
export function ReasonSelect({
  id,
  reasons,
  value,
  onChange,
}: {
  id: string;
  reasons: readonly ComplaintReason[];
  value: ComplaintReason | '';
  onChange: (v: ComplaintReason | '') => void;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        What went wrong?
      </label>
      <select
        id={id}
        required
        value={value}
        onChange={(e) => onChange(e.target.value as ComplaintReason | '')}
        className="mt-1 min-h-10 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
      >
        <option value="">Choose a reason</option>
        {reasons.map((r) => (
          <option key={r} value={r}>
            {COMPLAINT_REASON_LABELS[r]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A labelled photo input (JPEG, PNG, WebP), optional. */
export function PhotoInput({ id, onChange }: { id: string; onChange: (file: File | null) => void }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        Photo (optional)
      </label>
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        aria-describedby={`${id}-hint`}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className="mt-1 block w-full text-sm text-slate-700 file:mr-3 file:min-h-10 file:rounded-lg file:border file:border-slate-300 file:bg-white file:px-3 file:py-2 file:text-sm file:font-semibold"
      />
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
        JPEG, PNG or WebP, up to 10 MB. Only you and our staff can see it.
      </p>
    </div>
  );
}
