/**
 * The order board (/admin): today's and tomorrow's slots, each with capacity used and left, counts
 * per status and its first orders (a busy slot lists the rest when staff ask: "Show all N orders"); filters (status, payment mode and status, zone) and a search by
 * order number or mobile. It polls the board's version every BOARD_POLL_MS and reloads the board
 * when it moves, so a new order shows on every open board within a few seconds, whichever server
 * process took it. Seeded with the server's first render (no loading flash).
 */
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { callRoute } from '#lib/http/client.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { buttonPrimary, buttonSecondary, ErrorText } from '#lib/ui/controls.tsx';
import type { BoardJson, boardRoute, boardVersionRoute } from '../contract.ts';
import { paymentModeLabel, statusLabel } from '../rules.ts';
import { money, paymentStatusLabel, StatusBadge, toStaffLogin } from './admin-order-parts.tsx';

/** How often an open board asks whether anything changed, ms. */
export const BOARD_POLL_MS = 2500;

const STATUSES = ['placed', 'processed', 'out_for_delivery', 'delivered', 'cancelled'] as const;
const PAYMENT_MODES = ['Cash', 'Card', 'Credit', 'Online'] as const;
const PAYMENT_STATUSES = ['unpaid', 'paid', 'refunded'] as const;

type Filters = { status: string; payment_mode: string; payment_status: string; zone: string; q: string };
type BoardSlot = BoardJson['days'][number]['slots'][number];
type BoardOrder = BoardSlot['orders'][number];

/** A slot's key in the board's `open` query: "zone_id|slot_id". */
const slotKey = (slot: BoardSlot) => `${slot.zone_id}|${slot.slot_id}`;

const selectClass = 'block h-11 w-full rounded-lg border border-slate-400 bg-white px-2 text-sm text-slate-900';

interface Props {
  initial: BoardJson;
  zones: { id: string; name: string }[];
}

export default function OrderBoard({ initial, zones }: Props) {
  const [board, setBoard] = useState(initial);
  const [filters, setFilters] = useState<Filters>({
    status: '',
    payment_mode: '',
    payment_status: '',
    zone: '',
    q: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const applied = useRef(filters);
  /** The slots staff asked to list in full; every reload keeps them open. */
  const open = useRef(new Set<string>());
  const version = useRef(initial.version);
  const ids = { status: useId(), mode: useId(), pay: useId(), zone: useId(), q: useId() };

  const load = useCallback(async (next: Filters) => {
    const query = Object.fromEntries(Object.entries(next).filter(([, v]) => v !== '')) as Record<string, string>;
    if (open.current.size) query.open = [...open.current].join(',');
    try {
      const { data } = await callRoute<typeof boardRoute>('GET /api/admin/board', { query });
      version.current = data.version;
      setBoard(data);
      setError(null);
      return data;
    } catch (err) {
      if (err instanceof ApiError && err.status === 401) toStaffLogin();
      else setError(err instanceof ApiError ? err.message : 'The board could not be loaded.');
      return null;
    }
  }, []);

  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      if (document.hidden) return;
      try {
        const { data } = await callRoute<typeof boardVersionRoute>('GET /api/admin/board/version', {});
        if (stopped || data.version === version.current) return;
        const before = countOrders(board);
        const fresh = await load(applied.current);
        if (fresh) {
          const added = countOrders(fresh) - before;
          setAnnounce(
            added > 0 ? `${added} new ${added === 1 ? 'order' : 'orders'} on the board.` : 'The board was updated.',
          );
        }
      } catch (err) {
        if (err instanceof ApiError && err.status === 401) toStaffLogin();
      }
    }, BOARD_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [load, board]);

  function submit(event: FormEvent) {
    event.preventDefault();
    applied.current = filters;
    void load(filters);
  }

  function clear() {
    const none = { status: '', payment_mode: '', payment_status: '', zone: '', q: '' };
    setFilters(none);
    applied.current = none;
    void load(none);
  }

  function showAll(slot: BoardSlot) {
    open.current.add(slotKey(slot));
    void load(applied.current);
  }

  const set = (key: keyof Filters) => (e: { target: { value: string } }) =>
    setFilters({ ...filters, [key]: e.target.value });

  return (
    <div>
      <form
        onSubmit={submit}
        aria-label="Filter the board"
        className="grid grid-cols-2 gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:grid-cols-3 lg:grid-cols-6"
      >
        <div className="col-span-2 sm:col-span-3 lg:col-span-2">
          <label htmlFor={ids.q} className="mb-1 block text-sm font-medium text-slate-800">
            Order number or mobile
          </label>
          <input id={ids.q} type="search" value={filters.q} onChange={set('q')} className={selectClass} />
        </div>
        <div>
          <label htmlFor={ids.status} className="mb-1 block text-sm font-medium text-slate-800">
            Status
          </label>
          <select id={ids.status} value={filters.status} onChange={set('status')} className={selectClass}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
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
        <div className="col-span-2 flex gap-2 sm:col-span-3 lg:col-span-6">
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
                <section
                  key={`${slot.zone_id}|${slot.slot_id}`}
                  aria-label={`${day.label} ${slot.window}, ${slot.zone}`}
                  className="rounded-xl border border-slate-200 bg-white p-3"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3 className="font-semibold text-slate-900">
                      {slot.window} <span className="font-normal text-slate-600">· {slot.zone}</span>
                    </h3>
                    <p className="text-sm text-slate-700">
                      {slot.used} of {slot.capacity} booked · {slot.left} left
                    </p>
                  </div>
                  <ul
                    className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700"
                    aria-label="Orders per status"
                  >
                    {STATUSES.map((s) => (
                      <li key={s}>
                        {statusLabel(s)}: <strong>{slot.counts[s] ?? 0}</strong>
                      </li>
                    ))}
                  </ul>
                  {slot.matching > 0 && (
                    <p className="mt-1 text-sm">
                      <a
                        href={`/admin/picking?date=${slot.slot_id.slice(0, 10)}&slot=${slot.slot_id.slice(11)}`}
                        className="text-brand-700 underline"
                      >
                        Picking list
                        <span className="sr-only">
                          {' '}
                          for {day.label} {slot.window}
                        </span>
                      </a>
                    </p>
                  )}
                  {slot.orders.length ? (
                    <OrderList orders={slot.orders} />
                  ) : (
                    <p className="mt-2 text-sm text-slate-600">No orders.</p>
                  )}
                  {slot.matching > slot.orders.length && (
                    <button type="button" className={`mt-2 ${buttonSecondary}`} onClick={() => showAll(slot)}>
                      Show all {slot.matching} orders
                      <span className="sr-only">
                        {' '}
                        for {day.label} {slot.window}, {slot.zone}
                      </span>
                    </button>
                  )}
                </section>
              ))}
            </div>
          </section>
        ))
      )}
    </div>
  );
}

/** All orders on a board (a slot's matching orders, listed or not). */
function countOrders(board: BoardJson): number {
  return board.results?.length ?? board.days.reduce((n, d) => n + d.slots.reduce((m, s) => m + s.matching, 0), 0);
}

/** A list of orders, each with a link to its page. */
function OrderList({ orders, showSlot = false }: { orders: BoardOrder[]; showSlot?: boolean }) {
  return (
    <ul className="mt-2 divide-y divide-slate-200">
      {orders.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
          <a
            href={`/admin/orders/${o.id}`}
            className="inline-flex min-h-8 items-center font-semibold text-brand-800 underline"
          >
            Order #{o.id}
          </a>
          <StatusBadge status={o.status} />
          <span className="text-sm text-slate-800">{o.customer_name || 'Customer'}</span>
          <span className="text-sm text-slate-700">
            {o.items} {o.items === 1 ? 'item' : 'items'} · {money(o.paid_amount)} · {paymentModeLabel(o.payment_mode)},{' '}
            {paymentStatusLabel(o.payment_status).toLowerCase()}
          </span>
          {o.rider && <span className="text-sm text-slate-700">Rider: {o.rider}</span>}
          {showSlot && o.slot_label && <span className="text-sm text-slate-700">{o.slot_label}</span>}
        </li>
      ))}
    </ul>
  );
}
