/**
 * The pieces the order board (OrderBoard.tsx) draws: one slot's card with its counts, picking list
 * link and orders, a list of orders linking to their pages, and the count of a board's orders.
 */

import { paymentModeLabel, statusLabel } from '#features/orders/rules.ts';
import { buttonSecondary } from '#lib/ui/controls.tsx';
import type { BoardJson } from '../contract.ts';
import { money, PaymentFlags, paymentStatusLabel, StatusBadge } from './admin-order-parts.tsx';

/** The statuses of the shop's orders, in the order the board shows them. */
export const STATUSES = ['placed', 'processed', 'out_for_delivery', 'delivered', 'cancelled'] as const;
/**
 * An online order not paid: on the board only when its gateway payment could not be accepted,
 * so a slot counts these only when it has one.
 */
export const UNPAID_STATUSES = ['pending_payment', 'payment_failed'] as const;

export type BoardSlot = BoardJson['days'][number]['slots'][number];
type BoardOrder = BoardSlot['orders'][number];

interface SlotCardProps {
  /** The day's label, e.g. "Today", for the card's name. */
  dayLabel: string;
  slot: BoardSlot;
  /** Lists every matching order of the slot. */
  onShowAll: (slot: BoardSlot) => void;
}

/** One zone's slot: capacity used and left, orders per status, the picking list and its orders. */
export function SlotCard({ dayLabel, slot, onShowAll }: SlotCardProps) {
  return (
    <section
      aria-label={`${dayLabel} ${slot.window}, ${slot.zone}`}
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
      <ul className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-xs text-slate-700" aria-label="Orders per status">
        {[...STATUSES, ...UNPAID_STATUSES.filter((s) => (slot.counts[s] ?? 0) > 0)].map((s) => (
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
              for {dayLabel} {slot.window}
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
        <button type="button" className={`mt-2 ${buttonSecondary}`} onClick={() => onShowAll(slot)}>
          Show all {slot.matching} orders
          <span className="sr-only">
            {' '}
            for {dayLabel} {slot.window}, {slot.zone}
          </span>
        </button>
      )}
    </section>
  );
}

/** All orders on a board (a slot's matching orders, listed or not). */
export function countOrders(board: BoardJson): number {
  return board.results?.length ?? board.days.reduce((n, d) => n + d.slots.reduce((m, s) => m + s.matching, 0), 0);
}

/** A list of orders, each with a link to its page. */
export function OrderList({ orders, showSlot = false }: { orders: BoardOrder[]; showSlot?: boolean }) {
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
            {o.items} {o.items === 1 ? 'item' : 'items'} · {money(o.paid_amount)} ·{' '}
            {paymentModeLabel(o.payment_mode, o.payment_status)}, {paymentStatusLabel(o.payment_status).toLowerCase()}
          </span>
          <PaymentFlags order={o} />
          {o.rider && <span className="text-sm text-slate-700">Rider: {o.rider}</span>}
          {showSlot && o.slot_label && <span className="text-sm text-slate-700">{o.slot_label}</span>}
        </li>
      ))}
    </ul>
  );
}
