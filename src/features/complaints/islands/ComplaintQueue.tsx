/**
 * The back office's complaint queue (/admin/complaints, complaints.manage): open complaints by
 * default (new and acknowledged), or one state; each with its customer, order, items, note,
 * photo (private route), clocks and an overdue mark; Acknowledge, and Resolve with what the shop
 * did. A refund is recorded on the order's page, opened with `?complaint=<id>` so its returns form
 * names the complaint. Results are announced; the list is read again after each action.
 */
import { useCallback, useEffect, useId, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { formatPhone } from '#lib/phone.ts';
import { buttonPrimary, buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import type {
  acknowledgeComplaintRoute,
  adminComplaintsRoute,
  resolveComplaintRoute,
  StaffComplaint,
} from '../contract.ts';
import { COMPLAINT_REASON_LABELS, MAX_RESOLUTION_CHARS } from '../rules.ts';
import { LinkedRefunds, StatusBadge, shopTime } from './complaint-parts.tsx';

type Filter = 'open' | 'new' | 'acknowledged' | 'resolved' | 'all';
type Counts = { new: number; acknowledged: number; resolved: number; overdue: number };

const FILTERS: { value: Filter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'new', label: 'New' },
  { value: 'acknowledged', label: 'Acknowledged' },
  { value: 'resolved', label: 'Resolved' },
  { value: 'all', label: 'All' },
];

function ComplaintCard({ c, onChanged }: { c: StaffComplaint; onChanged: (message: string) => Promise<void> }) {
  const id = useId();
  const [resolving, setResolving] = useState(false);
  const [resolution, setResolution] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function act(run: () => Promise<unknown>, message: string) {
    setBusy(true);
    setError(null);
    try {
      await run();
      await onChanged(message);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  const acknowledge = () =>
    act(
      () =>
        callRoute<typeof acknowledgeComplaintRoute>('POST /api/admin/complaints/{id}/acknowledge', {
          params: { id: c.id },
        }),
      `Ticket ${c.ticket_number} acknowledged.`,
    );
  const resolve = (event: React.FormEvent) => {
    event.preventDefault();
    if (!resolution.trim()) return setError('Say what the shop did to resolve it.');
    return act(
      () =>
        callRoute<typeof resolveComplaintRoute>('POST /api/admin/complaints/{id}/resolve', {
          params: { id: c.id },
          body: { resolution },
        }),
      `Ticket ${c.ticket_number} resolved.`,
    );
  };

  return (
    <li
      aria-labelledby={`${id}-t`}
      className={`rounded-xl border bg-white p-4 ${c.overdue ? 'border-red-300' : 'border-slate-200'}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-t`} className="font-mono text-base font-bold text-slate-900">
          {c.ticket_number}
        </h2>
        <StatusBadge status={c.status} />
        {c.overdue && (
          <span className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
            Overdue: {c.overdue === 'acknowledge' ? 'acknowledgement' : 'resolution'}
          </span>
        )}
      </div>
      <p className="mt-1 text-sm text-slate-800">
        <span className="font-semibold">{COMPLAINT_REASON_LABELS[c.reason]}</span> · {c.customer.name ?? 'Customer'}{' '}
        {c.customer.phone && (
          <span className="whitespace-nowrap text-slate-600">({formatPhone(c.customer.phone)})</span>
        )}{' '}
        ·{' '}
        {c.order_id !== null ? (
          <a href={`/admin/orders/${c.order_id}`} className="font-semibold text-brand-700 underline">
            Order #{c.order_id}
          </a>
        ) : (
          'Not about one order'
        )}
      </p>
      {c.lines.length > 0 && (
        <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
          {c.lines.map((l) => (
            <li key={l.line_id}>
              {l.product} × {l.qty}
            </li>
          ))}
        </ul>
      )}
      {c.description && <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{c.description}</p>}
      {c.photo_url && (
        <a href={c.photo_url} target="_blank" rel="noopener" className="mt-2 inline-block">
          <img
            src={c.photo_url}
            alt={`Sent with ticket ${c.ticket_number}`}
            className="h-24 w-24 rounded border border-slate-200 object-cover"
          />
        </a>
      )}
      <dl className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-xs text-slate-700 sm:grid-cols-2">
        <div>
          <dt className="inline font-semibold">Received: </dt>
          <dd className="inline">{shopTime(c.created_at)}</dd>
        </div>
        <div>
          <dt className="inline font-semibold">Acknowledge by: </dt>
          <dd className="inline">
            {shopTime(c.acknowledge_by)}
            {c.acknowledged_at &&
              ` (done ${shopTime(c.acknowledged_at)}${c.acknowledged_by ? `, ${c.acknowledged_by}` : ''})`}
          </dd>
        </div>
        <div>
          <dt className="inline font-semibold">Resolve by: </dt>
          <dd className="inline">
            {shopTime(c.resolve_by)}
            {c.resolved_at && ` (done ${shopTime(c.resolved_at)}${c.resolved_by ? `, ${c.resolved_by}` : ''})`}
          </dd>
        </div>
      </dl>
      <div className="text-sm">
        <LinkedRefunds refunds={c.refunds} />
      </div>
      {c.resolution && (
        <p className="mt-2 rounded bg-emerald-50 px-2 py-1 text-sm text-emerald-900">
          <span className="font-semibold">Resolution:</span> {c.resolution}
        </p>
      )}
      {c.status !== 'resolved' && (
        <div className="mt-3 flex flex-wrap gap-2">
          {c.status === 'new' && (
            <button type="button" className={buttonSecondary} disabled={busy} onClick={acknowledge}>
              Acknowledge
            </button>
          )}
          {c.order_id !== null && (
            <a href={`/admin/orders/${c.order_id}?complaint=${c.id}`} className={buttonSecondary}>
              Record a refund
            </a>
          )}
          {!resolving && (
            <button type="button" className={buttonPrimary} disabled={busy} onClick={() => setResolving(true)}>
              Resolve…
            </button>
          )}
        </div>
      )}
      {resolving && c.status !== 'resolved' && (
        <form onSubmit={resolve} className="mt-3 space-y-2" noValidate>
          <label htmlFor={`${id}-r`} className="block text-sm font-semibold text-slate-800">
            What did the shop do? (the customer reads this)
          </label>
          <textarea
            id={`${id}-r`}
            rows={3}
            maxLength={MAX_RESOLUTION_CHARS}
            value={resolution}
            onChange={(e) => setResolution(e.target.value)}
            className="w-full rounded-lg border border-slate-300 px-3 py-2 text-sm"
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonPrimary} disabled={busy}>
              Mark resolved
            </button>
            <button type="button" className={buttonSecondary} disabled={busy} onClick={() => setResolving(false)}>
              Cancel
            </button>
          </div>
        </form>
      )}
      <ErrorText message={error} />
    </li>
  );
}

export default function ComplaintQueue() {
  const [filter, setFilter] = useState<Filter>('open');
  const [list, setList] = useState<StaffComplaint[] | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(async (which: Filter) => {
    try {
      const { data } = await callRoute<typeof adminComplaintsRoute>('GET /api/admin/complaints', {
        query: { status: which },
      });
      setList(data.complaints);
      setCounts(data.counts);
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The complaints could not be loaded.');
    }
  }, []);

  useEffect(() => {
    void load(filter);
  }, [filter, load]);

  return (
    <div>
      {counts && (
        <p className="text-sm text-slate-700">
          {counts.new} new · {counts.acknowledged} acknowledged · {counts.resolved} resolved
          {counts.overdue > 0 && <span className="font-semibold text-red-700"> · {counts.overdue} overdue</span>}
        </p>
      )}
      <fieldset className="mt-3 flex flex-wrap gap-2">
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <button
            key={f.value}
            type="button"
            aria-pressed={filter === f.value}
            onClick={() => setFilter(f.value)}
            className={`min-h-10 rounded-full border px-3 py-1 text-sm font-semibold ${
              filter === f.value
                ? 'border-brand-700 bg-brand-700 text-white'
                : 'border-slate-300 bg-white text-slate-800'
            }`}
          >
            {f.label}
          </button>
        ))}
      </fieldset>
      <p aria-live="polite" className="sr-only">
        {status}
      </p>
      <ErrorText message={error} />
      {list === null ? (
        <p className="mt-4 text-sm text-slate-600">Loading…</p>
      ) : list.length === 0 ? (
        <p className="mt-4 text-sm text-slate-700">No complaints here.</p>
      ) : (
        <ul className="mt-4 space-y-3">
          {list.map((c) => (
            <ComplaintCard
              key={`${c.id}-${c.status}`}
              c={c}
              onChanged={async (message) => {
                setStatus(message);
                await load(filter);
              }}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
