/**
 * Checkout's "If an item is out of stock" radio group: the order-level choice, which
 * applies to every line without its own choice from the cart. Starts at the shop's default
 * (rules.ts DEFAULT_SUBSTITUTION); place-order sends it (use-checkout.ts reads the store).
 */

import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { SUBSTITUTION_LABELS, SUBSTITUTIONS } from '#features/cart/rules.ts';
import { $orderSubstitution, chooseOrderSubstitution } from '../store.ts';

interface Props {
  /** The lines the checkout shows; those with their own choice are counted in the hint. */
  lines: ReadonlyArray<{ substitution?: string | null }>;
}

export default function OrderSubstitution({ lines }: Props) {
  const value = useStore($orderSubstitution);
  const hintId = useId();
  const own = lines.filter((l) => l.substitution).length;
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <fieldset aria-describedby={hintId}>
        <legend className="text-lg font-semibold">If an item is out of stock</legend>
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {own > 0
            ? `Applies to items without their own choice (${own} ${own === 1 ? 'item has' : 'items have'} one from your cart).`
            : 'Applies to every item. You can also choose per item in your cart.'}
        </p>
        <div className="mt-3 grid gap-2 sm:grid-cols-3">
          {SUBSTITUTIONS.map((s) => (
            <label
              key={s}
              className={`flex cursor-pointer items-center gap-3 rounded-xl border px-3 py-3 ${value === s ? 'border-brand-600 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'}`}
            >
              <input
                type="radio"
                name="substitution"
                value={s}
                checked={value === s}
                onChange={() => chooseOrderSubstitution(s)}
                className="h-5 w-5 shrink-0 accent-brand-700"
              />
              <span className="text-sm font-medium text-slate-900">{SUBSTITUTION_LABELS[s]}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </section>
  );
}
