/**
 * A cart line's "If out of stock" select: Same as the order (the default: the choice
 * made at checkout), Replace with a similar item, Don't replace (refund) or Call me. Saved on
 * the cart line at once (POST /api/customer/set-substitution); the answer is the whole cart,
 * which replaces the store's copy. A later choice always wins over an earlier answer; a failure
 * puts the saved choice back and says so.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import type { setSubstitutionRoute } from '../contract.ts';
import { type CartItem, seedCart } from '../store.ts';
import { SUBSTITUTION_LABELS, SUBSTITUTIONS } from '../substitution.ts';

const FAILED = 'Could not save your choice. Please try again.';

/** What the select offers for "no choice of its own". */
export const SAME_AS_ORDER = 'Same as the order';

export default function LineSubstitution({ item, disabled = false }: { item: CartItem; disabled?: boolean }) {
  const id = useId();
  const saved = item.substitution ?? '';
  const [value, setValue] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const ticket = useRef(0);

  useEffect(() => setValue(saved), [saved]);

  async function choose(next: string) {
    setValue(next);
    setError(null);
    const mine = ++ticket.current;
    try {
      const res = await callRoute<typeof setSubstitutionRoute>('POST /api/customer/set-substitution', {
        body: { cart_id: item.cartId, substitution: next },
        fallbackMessage: FAILED,
      });
      if (mine === ticket.current) seedCart(res.data);
    } catch (err) {
      if (mine !== ticket.current) return;
      setValue(saved);
      setError(err instanceof ApiError && err.message ? err.message : FAILED);
    }
  }

  return (
    // Under the product, the cell's full width on a phone (a width of 100% lets the table shrink the
    // select, which then shows its text cut, instead of pushing the quantity off the screen).
    <div className="mt-2 flex flex-col gap-1 sm:ml-[4.25rem] md:flex-row md:flex-wrap md:items-center md:gap-x-2">
      <label htmlFor={id} className="text-xs font-medium text-slate-700">
        If out of stock<span className="sr-only">: {item.name}</span>
      </label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(e) => void choose(e.target.value)}
        data-substitution={item.cartId}
        className="h-9 w-full rounded-md md:h-8 md:w-auto md:max-w-full border border-slate-300 bg-white px-2 text-xs text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/40 disabled:opacity-60"
      >
        <option value="">{SAME_AS_ORDER}</option>
        {SUBSTITUTIONS.map((s) => (
          <option key={s} value={s}>
            {SUBSTITUTION_LABELS[s]}
          </option>
        ))}
      </select>
      {error && (
        <p role="alert" className="w-full text-xs font-medium text-sale-600">
          {error}
        </p>
      )}
    </div>
  );
}
