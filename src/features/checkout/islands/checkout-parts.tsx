/**
 * Presentational parts of the checkout page: the heading with
 * Go back, Order Details (the cart lines), Order Notes and the Points card. State lives in
 * use-checkout.ts; these only render and report.
 */
import { CART_MESSAGES } from '#features/cart/rules.ts';
import { formatPaise } from '#lib/money.ts';
import { CHECKOUT_MESSAGES } from '../rules.ts';
import { type CartLineJson, paise } from './checkout-shared.ts';

/** The class of the page's cards. */
export const CARD = 'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm';

/** "Checkout" with a Go back button (the previous page of the shop, else the cart). */
export function CheckoutHeader() {
  return (
    <div className="mb-5 flex items-center gap-2">
      <button
        type="button"
        aria-label="Go back"
        onClick={() => {
          if (document.referrer.startsWith(window.location.origin) && window.history.length > 1) window.history.back();
          else window.location.assign('/cart');
        }}
        className="inline-flex h-10 w-10 items-center justify-center rounded-full text-slate-800 hover:bg-slate-100"
      >
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
        >
          <path d="M15 18l-6-6 6-6" />
        </svg>
      </button>
      <h1 className="text-2xl font-bold text-slate-900">Checkout</h1>
    </div>
  );
}

/** Order Details: name, quantity and line total of each cart line. */
export function OrderDetails({ loading, lines }: { loading: boolean; lines: CartLineJson[] }) {
  return (
    <section aria-labelledby="details-title" className={CARD}>
      <h2 id="details-title" className="text-lg font-semibold">
        Order Details
      </h2>
      {loading ? (
        <div className="mt-3 h-16 animate-pulse rounded-lg bg-slate-100" aria-hidden="true" />
      ) : lines.length === 0 ? (
        <p className="mt-3 text-sm text-slate-700">
          {CHECKOUT_MESSAGES.empty}{' '}
          <a href="/" className="font-semibold text-brand-700 underline">
            Continue shopping
          </a>
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {lines.map((l) => (
            <li key={l.cart_id} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="min-w-0">
                <span className="block font-medium text-slate-900">{l.name}</span>
                <span className="text-slate-600">Quantity: {l.qty}</span>
                {!l.available && (
                  <span className="block text-xs font-semibold text-red-700" data-line-unavailable>
                    {CART_MESSAGES.lineUnavailable}
                  </span>
                )}
              </span>
              <span className="shrink-0 font-medium tabular-nums">{formatPaise(paise(l.line_total))}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Order Notes: up to 500 characters sent with the order. */
export function OrderNotes({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  return (
    <section className={CARD}>
      <label htmlFor="order-notes" className="text-lg font-semibold">
        Order Notes
      </label>
      <textarea
        id="order-notes"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        maxLength={500}
        rows={3}
        placeholder="Anything we should know about your delivery?"
        className="mt-3 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base placeholder:text-slate-500 focus:border-brand-600"
      />
    </section>
  );
}

interface PointsProps {
  balance: number;
  /** Points redeemable now (0 disables the switch). */
  redeemable: number;
  /** Whether points are being redeemed in the server's figures. */
  checked: boolean;
  disabled: boolean;
  onChange: (redeem: boolean) => void;
}

/** The Points card: the balance (1 point = ₹1) and a switch to redeem what the order allows. */
export function PointsCard({ balance, redeemable, checked, disabled, onChange }: PointsProps) {
  return (
    <section aria-labelledby="points-title" className={CARD}>
      <h2 id="points-title" className="text-lg font-semibold">
        Points
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        Your balance: <strong>{balance}</strong> {balance === 1 ? 'point' : 'points'} (1 point = ₹1)
      </p>
      <label
        className={`mt-3 flex items-center justify-between gap-3 text-sm ${redeemable > 0 ? 'cursor-pointer' : 'cursor-not-allowed text-slate-600'}`}
      >
        <span>
          {redeemable > 0
            ? `Redeem ${redeemable} points (−${formatPaise(redeemable * 100)})`
            : 'No points to redeem yet'}
        </span>
        <input
          type="checkbox"
          role="switch"
          checked={checked}
          aria-checked={checked}
          disabled={redeemable <= 0 || disabled}
          onChange={(e) => onChange(e.target.checked)}
          className="peer sr-only"
        />
        <span
          aria-hidden="true"
          className="relative h-6 w-11 shrink-0 rounded-full bg-slate-300 transition peer-checked:bg-brand-700 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:opacity-50 after:absolute after:left-0.5 after:top-0.5 after:h-5 after:w-5 after:rounded-full after:bg-white after:shadow after:transition peer-checked:after:translate-x-5"
        />
      </label>
    </section>
  );
}
