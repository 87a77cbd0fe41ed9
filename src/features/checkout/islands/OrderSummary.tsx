/**
 * The checkout's Order Summary card: the server's figures (subtotal with the
 * item count, discount with the code, points, delivery fee or Free, total), the "more for free
 * delivery" hint, the place-order error and the Place Order button (Placing Order... while busy).
 */
import { formatPaise } from '#lib/money.ts';
import { CARD } from './checkout-parts.tsx';
import type { SummaryJson } from './checkout-shared.ts';

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
  const moreForFree = summary && delivery > 0 ? Math.max(0, p.freeDeliveryFromPaise - subtotal) : 0;
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
        <Row label="Delivery fee" value={summary && (delivery === 0 ? 'Free' : formatPaise(delivery))} />
        <Row
          label="Total"
          value={summary && formatPaise(total)}
          extra="border-t border-slate-200 pt-3 text-base font-bold text-slate-900"
        />
      </dl>
      {moreForFree > 0 && (
        <p className="mt-2 text-xs text-slate-600">Add {formatPaise(moreForFree)} more for free delivery</p>
      )}
      <div aria-live="polite" className="sr-only">
        {summary ? `Total ${formatPaise(total)}` : ''}
      </div>
      {p.placeError && (
        <p role="alert" className="mt-3 rounded-lg bg-sale-600/5 px-3 py-2 text-sm font-medium text-sale-600">
          {p.placeError}
        </p>
      )}
      <button
        type="button"
        onClick={p.onPlaceOrder}
        disabled={p.placing || p.loading}
        aria-busy={p.placing || undefined}
        className="mt-4 h-12 w-full rounded-xl bg-brand-700 text-base font-semibold text-white shadow-sm hover:bg-brand-800 disabled:cursor-not-allowed disabled:opacity-70"
      >
        {p.placing ? 'Placing Order...' : 'Place Order'}
      </button>
    </section>
  );
}
