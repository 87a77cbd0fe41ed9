/**
 * The checkout's Order Summary card: the server's figures (subtotal with the
 * item count, discount with the code, points, delivery fee or Free, total), the delivery zone's
 * minimum order and free-delivery threshold, the "more for free delivery" hint, why the order
 * cannot be placed yet (below the zone's minimum, or lines no longer available: Place Order is
 * then disabled, with the cart's reason and a link back to the cart), the place-order error and
 * the Place Order button (Placing Order... while busy). While the selected address is one the shop
 * does not deliver to, no delivery fee, zone terms or free-delivery hint are shown: the fee row
 * reads "Not delivered here" and a note says why. On phones Place Order is in PlaceOrderBar, fixed
 * at the bottom of the screen with the total, instead of at the end of this card.
 */
import { CART_MESSAGES } from '#features/cart/rules.ts';
import { feeEstimateNote } from '#features/delivery/rules.ts';
import { formatPaise } from '#lib/money.ts';
import { CARD } from './checkout-parts.tsx';
import type { SummaryJson } from './checkout-shared.ts';

/** The delivery zone the figures use (checkout-summary's `delivery`), amounts in paise. */
export interface ZoneTerms {
  zone: string;
  minOrderPaise: number;
  freeFromPaise: number;
}

/** "Delivery to Greater Thrissur: minimum order ₹299.00 · free delivery from ₹799.00". */
function zoneTermsText({ zone, minOrderPaise, freeFromPaise }: ZoneTerms): string {
  const minimum = minOrderPaise > 0 ? `minimum order ${formatPaise(minOrderPaise)}` : 'no minimum order';
  return `Delivery to ${zone}: ${minimum} · free delivery from ${formatPaise(freeFromPaise)}`;
}

/** The Place Order button, at the end of the summary card or in the phone's bar. */
function PlaceOrderButton({
  placing,
  disabled,
  describedBy,
  onClick,
  className,
}: {
  placing: boolean;
  disabled: boolean;
  describedBy?: string;
  onClick: () => void;
  className: string;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-busy={placing || undefined}
      aria-describedby={describedBy}
      className={`h-12 rounded-xl bg-brand-700 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70 ${className}`}
    >
      {placing ? 'Placing Order...' : 'Place Order'}
    </button>
  );
}

const MINIMUM_NOTE_ID = 'below-minimum-note';
const NOT_DELIVERED_NOTE_ID = 'not-delivered-note';
const UNAVAILABLE_NOTE_ID = 'lines-unavailable-note';

interface Props {
  summary: SummaryJson | null;
  /** Amounts in paise, from the server's figures. */
  subtotal: number;
  discount: number;
  pointsUsed: number;
  delivery: number;
  total: number;
  /** Subtotal (paise) from which delivery is free. */
  freeDeliveryFromPaise: number;
  /** The delivery zone of the selected address, once the figures are for it. */
  zone: ZoneTerms | null;
  /** The zone the figures are for while the customer's zone is not known yet (an estimate); null: theirs. */
  estimateZone: string | null;
  /** Why the order cannot be placed yet (below the zone's minimum order); '' when it can. */
  belowMinimum: string;
  /**
   * "Sorry, we do not deliver to … yet." while the selected address is outside every delivery
   * zone: no fee or free-delivery hint is shown for it; '' otherwise.
   */
  notDelivered: string;
  /** Whether a line's product left the shop: Place Order stays disabled until it is removed in the cart. */
  unavailable: boolean;
  loading: boolean;
  refreshing: boolean;
  summaryError: string;
  placeError: string;
  placing: boolean;
  onPlaceOrder: () => void;
}

/** One figure; `value` null while the server's figures are on their way: a skeleton, never ₹0.00. */
function Row({ label, value, extra = '' }: { label: string; value: string | null; extra?: string }) {
  return (
    <div className={`flex justify-between gap-3 ${extra}`}>
      <dt>{label}</dt>
      <dd className="text-right tabular-nums">
        {value ?? (
          <>
            <span
              className="inline-block h-4 w-16 animate-pulse rounded bg-slate-200 align-middle"
              aria-hidden="true"
            />
            <span className="sr-only">Loading</span>
          </>
        )}
      </dd>
    </div>
  );
}

export default function OrderSummary(p: Props) {
  const { summary, subtotal, discount, pointsUsed, delivery, total } = p;
  const moreForFree = summary && delivery > 0 && !p.notDelivered ? Math.max(0, p.freeDeliveryFromPaise - subtotal) : 0;
  // The place-order error for the same address already says it (it begins with this sentence).
  const notDeliveredNote = p.notDelivered && !p.placeError.startsWith(p.notDelivered) ? p.notDelivered : '';
  return (
    <section aria-labelledby="summary-title" className={CARD}>
      <h2 id="summary-title" className="text-lg font-semibold">
        Order Summary
      </h2>
      {p.summaryError && (
        <p role="alert" className="mt-2 text-sm font-medium text-sale-600">
          {p.summaryError}
        </p>
      )}
      <dl
        className={`mt-3 space-y-2 text-sm text-slate-800 ${p.refreshing ? 'opacity-60' : ''}`}
        aria-busy={p.refreshing || p.loading}
      >
        <Row
          label={
            summary ? `Subtotal (${summary.item_count} ${summary.item_count === 1 ? 'item' : 'items'})` : 'Subtotal'
          }
          value={summary && formatPaise(subtotal)}
        />
        <Row
          label={summary?.promocode ? `Discount (${summary.promocode})` : 'Discount'}
          value={summary && (discount > 0 ? `−${formatPaise(discount)}` : formatPaise(0))}
        />
        {pointsUsed > 0 && <Row label={`Points (${pointsUsed})`} value={`−${formatPaise(pointsUsed * 100)}`} />}
        <Row
          label={p.estimateZone ? `Delivery fee (${p.estimateZone})` : 'Delivery fee'}
          value={summary && (p.notDelivered ? 'Not delivered here' : delivery === 0 ? 'Free' : formatPaise(delivery))}
        />
        <Row
          label={p.estimateZone ? `Total (${p.estimateZone})` : 'Total'}
          value={summary && formatPaise(total)}
          extra="border-t border-slate-200 pt-3 text-base font-bold text-slate-900"
        />
      </dl>
      {p.zone && <p className="mt-3 text-xs text-slate-700">{zoneTermsText(p.zone)}</p>}
      {p.estimateZone && <p className="mt-3 text-xs text-slate-700">{feeEstimateNote(p.estimateZone)}</p>}
      {moreForFree > 0 && (
        <p className="mt-2 text-xs text-slate-600">Add {formatPaise(moreForFree)} more for free delivery</p>
      )}
      {notDeliveredNote && (
        <p
          id={NOT_DELIVERED_NOTE_ID}
          className="mt-3 rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600"
        >
          {notDeliveredNote}
        </p>
      )}
      {p.belowMinimum && p.belowMinimum !== p.placeError && (
        <p
          id={MINIMUM_NOTE_ID}
          role="status"
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-slate-900"
        >
          {p.belowMinimum}
        </p>
      )}
      {p.unavailable && (
        <p className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-slate-900">
          <span id={UNAVAILABLE_NOTE_ID}>{CART_MESSAGES.checkoutUnavailable}</span>{' '}
          <a href="/cart" className="font-semibold text-brand-700 underline">
            Back to cart
          </a>
        </p>
      )}
      <div aria-live="polite" className="sr-only">
        {summary ? `Total ${formatPaise(total)}` : ''}
      </div>
      {p.placeError && (
        <p role="alert" className="mt-3 rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600">
          {p.placeError}
        </p>
      )}
      <PlaceOrderButton
        placing={p.placing}
        disabled={p.placing || p.loading || p.refreshing || p.unavailable}
        describedBy={
          p.unavailable
            ? UNAVAILABLE_NOTE_ID
            : notDeliveredNote
              ? NOT_DELIVERED_NOTE_ID
              : p.belowMinimum && p.belowMinimum !== p.placeError
                ? MINIMUM_NOTE_ID
                : undefined
        }
        onClick={p.onPlaceOrder}
        className="mt-4 hidden w-full md:block"
      />
    </section>
  );
}

/**
 * Phones: the total and Place Order in a bar fixed at the bottom of the screen (the page is long),
 * with a short line when the order cannot be placed yet or placing it failed (the summary card
 * announces the full message).
 */
export function PlaceOrderBar(p: Props) {
  const note = p.unavailable ? '' : p.placeError || p.notDelivered || p.belowMinimum;
  const barNoteId = 'place-order-bar-note';
  return (
    <section
      aria-label="Total and Place Order"
      data-bottom-bar
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur md:hidden"
    >
      {note && (
        <p data-bar-note className="mb-2 text-xs font-medium text-sale-600">
          {note}
        </p>
      )}
      {p.unavailable && (
        <p data-bar-note className="mb-2 text-xs font-medium text-sale-600">
          <span id={barNoteId}>{CART_MESSAGES.checkoutUnavailable}</span>{' '}
          <a href="/cart" className="font-semibold text-brand-700 underline">
            Back to cart
          </a>
        </p>
      )}
      <div className="flex items-center gap-3">
        <div className="min-w-0">
          <p className="text-xs text-slate-600">{p.estimateZone ? `Total (${p.estimateZone})` : 'Total'}</p>
          <p className="text-lg font-bold tabular-nums text-slate-900">
            {p.summary ? formatPaise(p.total) : <span className="sr-only">Loading</span>}
          </p>
        </div>
        <PlaceOrderButton
          placing={p.placing}
          disabled={p.placing || p.loading || p.refreshing || p.unavailable}
          describedBy={p.unavailable ? barNoteId : undefined}
          onClick={p.onPlaceOrder}
          className="ml-auto min-w-0 flex-1 whitespace-nowrap"
        />
      </div>
    </section>
  );
}
