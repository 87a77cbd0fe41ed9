/**
 * The riders' day-end cash handover (/admin/cash, ADR 0140): a day's riders with the cash the server
 * expects (collected at the door, less cash the rider gave back) and, per rider, the amount received with a
 * reason when it differs (a handover whose expected figure changed since is flagged to record again);
 * the recent handovers below. On a phone each rider is a card; results are
 * announced (aria-live).
 */
import { type FormEvent, useCallback, useEffect, useId, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { adminFailure, fieldErrors } from '#lib/ui/admin-errors.ts';
import { buttonPrimary, ErrorText } from '#lib/ui/controls.tsx';
import { ScrollRegion } from '#lib/ui/ScrollRegion.tsx';
import type { CashDayJson, cashDayRoute, recordHandoverRoute } from '../contract.ts';

type RiderCash = CashDayJson['riders'][number];

const rupees = (amount: string) => (amount.startsWith('-') ? `−₹${amount.slice(1)}` : `₹${amount}`);

function RiderCard({ date, rider, onSaved }: { date: string; rider: RiderCash; onSaved: (d: CashDayJson) => void }) {
  const [received, setReceived] = useState(rider.handover?.received ?? rider.expected);
  const [reason, setReason] = useState(rider.handover?.reason ?? '');
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState<{ error: boolean; text: string } | null>(null);
  const id = useId();
  const differs = received.trim() !== '' && Number(received) !== Number(rider.expected);

  async function save(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      const { data, message } = await callRoute<typeof recordHandoverRoute>('PUT /api/admin/cash', {
        body: {
          rider_id: rider.rider_id,
          date,
          received: Number(received),
          difference_reason: reason.trim() || undefined,
        },
      });
      onSaved(data);
      setStatus({ error: false, text: message ?? 'Handover recorded.' });
    } catch (err) {
      const fields = fieldErrors(err);
      setStatus({ error: true, text: fields.difference_reason ?? fields.received ?? adminFailure(err) });
    } finally {
      setBusy(false);
    }
  }

  const h = rider.handover;
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-name`}>
      <h2 id={`${id}-name`} className="font-semibold text-slate-900">
        {rider.rider}
      </h2>
      <dl className="mt-2 grid grid-cols-2 gap-x-3 gap-y-1 text-sm text-slate-800 sm:grid-cols-4">
        <div>
          <dt className="text-slate-600">Deliveries</dt>
          <dd>{rider.outcomes}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Cash collected</dt>
          <dd>{rupees(rider.collected)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Cash given back</dt>
          <dd>{rupees(rider.given_back)}</dd>
        </div>
        <div>
          <dt className="text-slate-600">Expected</dt>
          <dd className="font-semibold" data-expected>
            {rupees(rider.expected)}
          </dd>
        </div>
      </dl>
      {h && (
        <p className="mt-2 text-sm text-slate-800" data-handover>
          Received {rupees(h.received)} against {rupees(h.expected)} expected
          {Number(h.difference) !== 0 && (
            <span className="font-semibold text-red-800">
              {' '}
              ({Number(h.difference) < 0 ? `${rupees(h.difference.slice(1))} short` : `${rupees(h.difference)} over`}:{' '}
              {h.reason})
            </span>
          )}
          {h.recorded_by && ` · recorded by ${h.recorded_by}`}
        </p>
      )}
      {h?.stale && (
        <p className="mt-2 rounded-md bg-amber-50 p-2 text-sm font-semibold text-amber-900" data-stale>
          Expected is now {rupees(rider.expected)}: record the handover again.
        </p>
      )}
      <form onSubmit={save} noValidate className="mt-3 flex flex-col gap-2 sm:flex-row sm:items-end">
        <div>
          <label htmlFor={`${id}-received`} className="mb-1 block text-sm font-medium text-slate-800">
            Cash received from {rider.rider} (₹)
          </label>
          <input
            id={`${id}-received`}
            type="number"
            inputMode="decimal"
            min={0}
            step={0.01}
            value={received}
            onChange={(e) => setReceived(e.target.value)}
            className="block w-full rounded-lg border border-slate-400 p-2 text-base sm:w-40"
          />
        </div>
        {differs && (
          <div className="flex-1">
            <label htmlFor={`${id}-reason`} className="mb-1 block text-sm font-medium text-slate-800">
              Why it differs
            </label>
            <input
              id={`${id}-reason`}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={300}
              className="block w-full rounded-lg border border-slate-400 p-2 text-base"
            />
          </div>
        )}
        <button type="submit" className={buttonPrimary} disabled={busy} aria-busy={busy}>
          {h ? 'Update handover' : 'Record handover'}
        </button>
      </form>
      <p aria-live="polite" className={`mt-2 text-sm ${status?.error ? 'text-red-800' : 'text-brand-800'}`}>
        {status?.text}
      </p>
    </li>
  );
}

export default function CashHandover() {
  const [date, setDate] = useState('');
  const [day, setDay] = useState<CashDayJson | null>(null);
  const [error, setError] = useState<string | null>(null);
  const dateId = useId();

  const load = useCallback(async (d: string) => {
    setError(null);
    try {
      const { data } = await callRoute<typeof cashDayRoute>('GET /api/admin/cash', {
        query: { date: d || undefined },
      });
      setDay(data);
      setDate(data.date);
    } catch (err) {
      setError(adminFailure(err));
    }
  }, []);

  useEffect(() => {
    void load('');
  }, [load]);

  return (
    <div className="flex flex-col gap-4">
      <div>
        <label htmlFor={dateId} className="mb-1 block text-sm font-medium text-slate-800">
          Day
        </label>
        <input
          id={dateId}
          type="date"
          value={date}
          max={day?.today}
          onChange={(e) => {
            setDate(e.target.value);
            if (e.target.value) void load(e.target.value);
          }}
          className="rounded-lg border border-slate-400 p-2 text-base"
        />
      </div>
      <ErrorText message={error} className="" />
      {day === null ? (
        !error && <p className="text-slate-700">Loading…</p>
      ) : day.riders.length === 0 ? (
        <p className="text-slate-700">No rider had cash on this day.</p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={`Riders’ cash on ${day.date}`}>
          {day.riders.map((r) => (
            <RiderCard key={`${day.date}-${r.rider_id}`} date={day.date} rider={r} onSaved={setDay} />
          ))}
        </ul>
      )}
      {day && day.recent.length > 0 && (
        <section aria-labelledby="recent-heading">
          <h2 id="recent-heading" className="mt-2 font-semibold text-slate-900">
            Recent handovers
          </h2>
          <ScrollRegion label="Recent handovers, scrolls sideways" className="mt-2">
            <table className="w-full text-left text-sm text-slate-800">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="px-2 py-1">
                    Day
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Rider
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Expected
                  </th>
                  <th scope="col" className="px-2 py-1 text-right">
                    Received
                  </th>
                  <th scope="col" className="px-2 py-1">
                    Difference
                  </th>
                </tr>
              </thead>
              <tbody>
                {day.recent.map((h) => (
                  <tr key={`${h.date}-${h.rider}`} className="border-t border-slate-200">
                    <td className="px-2 py-1">{h.date}</td>
                    <td className="px-2 py-1">{h.rider}</td>
                    <td className="px-2 py-1 text-right">{rupees(h.expected)}</td>
                    <td className="px-2 py-1 text-right">{rupees(h.received)}</td>
                    <td className="px-2 py-1">
                      {Number(h.difference) === 0 ? '—' : `${rupees(h.difference)}${h.reason ? `: ${h.reason}` : ''}`}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollRegion>
        </section>
      )}
    </div>
  );
}
