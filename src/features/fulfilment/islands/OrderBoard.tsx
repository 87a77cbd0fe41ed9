/**
 * The order board (/admin): two days' slots (today and tomorrow, or from a day staff choose, up to
 * the last day customers can book), each with capacity used and left, counts
 * per status and its first orders (a busy slot lists the rest when staff ask: "Show all N orders");
 * filters (status, payment mode and status, zone) and a search by order number or mobile. It polls
 * the board's version every BOARD_POLL_MS (board-polling.ts) and reloads the board when it moves, so a new order shows on every open board within a few
 * seconds, whichever server process took it. The polls do not keep the staff session alive: when it
 * ends (a 401, to a poll or to staff's own request) the board hides its orders and shows the
 * signed-out state with a link to sign in again. Seeded with the server's first render (no loading
 * flash). A slot's card and the order lists are drawn by order-board-parts.tsx.
 */
import { type FormEvent, useCallback, useId, useRef, useState } from 'react';
import { paymentModeLabel, statusLabel } from '#features/orders/rules.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { BACKGROUND_POLL_HEADERS } from '#lib/http/background-poll.ts';
import { callRoute } from '#lib/http/client.ts';
import { buttonPrimary, buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import type { BoardJson, boardRoute } from '../contract.ts';
import { paymentStatusLabel, StaffSignedOut } from './admin-order-parts.tsx';
import { useBoardPolling } from './board-polling.ts';
import { type BoardSlot, OrderList, SlotCard, STATUSES, UNPAID_STATUSES } from './order-board-parts.tsx';

export { BOARD_POLL_MS } from './board-polling.ts';

const PAYMENT_MODES = ['Cash', 'Card', 'Credit', 'Online'] as const;
const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;

type Filters = { status: string; payment_mode: string; payment_status: string; zone: string; q: string; date: string };

const NO_FILTERS: Filters = { status: '', payment_mode: '', payment_status: '', zone: '', q: '', date: '' };

/** The version poll's query: the board's first day, when staff chose one. */
const versionQuery = (f: Filters): Record<string, string> => (f.date ? { date: f.date } : {});

/** A slot's key in the board's `open` query: "zone_id|slot_id". */
const slotKey = (slot: BoardSlot) => `${slot.zone_id}|${slot.slot_id}`;

const selectClass = 'block h-11 w-full rounded-lg border border-slate-400 bg-white px-2 text-sm text-slate-900';

interface Props {
  initial: BoardJson;
  zones: { id: string; name: string }[];
}

export default function OrderBoard({ initial, zones }: Props) {
  const [board, setBoard] = useState(initial);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const [signedOut, setSignedOut] = useState(false);
  const onSignedOut = useCallback(() => setSignedOut(true), []);
  const applied = useRef(filters);
  /** The slots staff asked to list in full; every reload keeps them open. */
  const open = useRef(new Set<string>());
  const version = useRef(initial.version);
  const ids = { status: useId(), mode: useId(), pay: useId(), zone: useId(), q: useId(), date: useId() };

  /** Loads the board with `next`; `background` marks a reload the polling makes (not staff's own). */
  const load = useCallback(async (next: Filters, background = false) => {
    const query = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')) as Record<string, string>;
    if (open.current.size) query.open = [...open.current].join(',');
    try {
      const { data } = await callRoute<typeof boardRoute>('GET /api/admin/board', {
        query,
        headers: background ? { ...BACKGROUND_POLL_HEADERS } : undefined,
      });
      version.current = data.version;
      setBoard(data);
      setError(null);
      return data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) setSignedOut(true);
      else setError(err instanceof ApiError ? err.message : 'The board could not be loaded.');
      return null;
    }
  }, []);

  useBoardPolling({
    board,
    version,
    applied,
    versionQuery,
    load,
    onAnnounce: setAnnounce,
    onSignedOut,
    active: !signedOut,
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    applied.current = filters;
    void load(filters);
  }

  function clear() {
    setFilters(NO_FILTERS);
    applied.current = NO_FILTERS;
    void load(NO_FILTERS);
  }

  function showAll(slot: BoardSlot) {
    open.current.add(slotKey(slot));
    void load(applied.current);
  }

  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setFilters({ ...filters, [key]: e.target.value });

  // A signed-out board shows no orders: what it showed is out of date and not for whoever comes by.
  if (signedOut) return <StaffSignedOut />;

  return (
    <div>
      <form
        onSubmit={submit}
        aria-label="Filter the board"
        className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-7"
      >
        <div className="col-span-2 sm:col-span-3 lg:col-span-2">
          <label htmlFor={ids.q} className="mb-1 block text-sm font-medium text-slate-800">
            Order number or mobile
          </label>
          <input id={ids.q} type="search" value={filters.q} onChange={set('q')} className={selectClass} />
        </div>
        <div>
          <label htmlFor={ids.date} className="mb-1 block text-sm font-medium text-slate-800">
            From day
          </label>
          <input
            id={ids.date}
            type="date"
            value={filters.date || (board.days[0]?.date ?? board.today)}
            max={board.last_bookable}
            onChange={set('date')}
            className={selectClass}
          />
        </div>
        <div>
          <label htmlFor={ids.status} className="mb-1 block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id={ids.status} value={filters.status} onChange={set('status')} className={selectClass}>
            <option value="">Any</option>
            {[...STATUSES, ...UNPAID_STATUSES].map((s) => (
              <option key={s} value={s}>
                {statusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.mode} className="mb-1 block text-sm font-medium text-slate-800">
            Payment mode
          </label>
          <select id={ids.mode} value={filters.payment_mode} onChange={set('payment_mode')} className={selectClass}>
            <option value="">Any</option>
            {PAYMENT_MODES.map((m) => (
              <option key={m} value={m}>
                {paymentModeLabel(m)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.pay} className="mb-1 block text-sm font-medium text-slate-800">
            Payment
          </label>
          <select id={ids.pay} value={filters.payment_status} onChange={set('payment_status')} className={selectClass}>
            <option value="">Any</option>
            {PAYMENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {paymentStatusLabel(s)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.zone} className="mb-1 block text-sm font-medium text-slate-800">
            Zone
          </label>
          <select id={ids.zone} value={filters.zone} onChange={set('zone')} className={selectClass}>
            <option value="">Any</option>
            {zones.map((z) => (
              <option key={z.id} value={z.id}>
                {z.name}
              </option>
            ))}
          </select>
        </div>
        <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-7">
          <button type="submit" className={buttonPrimary}>
            Show
          </button>
          <button type="button" className={buttonSecondary} onClick={clear}>
            Clear
          </button>
        </div>
      </form>
      <p role="status" className="sr-only">
        {announce}
      </p>
      <ErrorText message={error} />
      {board.results ? (
        <section aria-labelledby="results-heading" className="mt-5">
          <h2 id="results-heading" className="text-lg font-semibold text-slate-900">
            Search results
          </h2>
          {board.results.length ? (
            <OrderList orders={board.results} showSlot />
          ) : (
            <p className="mt-2 text-slate-700">No order matches.</p>
          )}
        </section>
      ) : (
        board.days.map((day) => (
          <section key={day.date} aria-labelledby={`day-${day.date}`} className="mt-6">
            <h2 id={`day-${day.date}`} className="text-lg font-semibold text-slate-900">
              {day.label} <span className="font-normal text-slate-600">{day.date}</span>
            </h2>
            <div className="mt-2 grid gap-4 lg:grid-cols-2">
              {day.slots.map((slot) => (
                <SlotCard
                  key={`${slot.zone_id}|${slot.slot_id}`}
                  dayLabel={day.label}
                  slot={slot}
                  onShowAll={showAll}
                />
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}
