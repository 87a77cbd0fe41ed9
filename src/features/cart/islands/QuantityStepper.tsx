/**
 * The quantity stepper of a cart line, shared by the cart views (desktop Shopping Cart card,
 * mobile panel, /cart): minus disabled at 1, plus at the stock and on a line no longer
 * available; taps made while an update is in flight still count.
 */
import { useStore } from '@nanostores/react';
import { $pendingQty, type CartItem, changeQuantity } from '../store.ts';

const stepClass =
  'flex h-9 w-9 items-center justify-center text-lg font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

/** − qty + for one cart line: shows the quantity tapped to, while the server catches up (aria-busy). */
export function QuantityStepper({ item, locked }: { item: CartItem; locked: boolean }) {
  const pending = useStore($pendingQty).get(item.cartId);
  const qty = pending ?? item.qty;
  const atStock = item.stock > 0 && qty >= item.stock;
  return (
    <fieldset
      aria-busy={locked || pending !== undefined}
      className="inline-flex items-center overflow-hidden rounded-lg border border-slate-300 bg-white"
    >
      <legend className="sr-only">Quantity of {item.name}</legend>
      <button
        type="button"
        className={stepClass}
        disabled={qty <= 1 || locked}
        onClick={() => void changeQuantity(item.cartId, qty - 1)}
        aria-label={`Decrease quantity of ${item.name}`}
      >
        −
      </button>
      <output
        className="w-9 text-center text-sm font-semibold tabular-nums text-slate-900"
        aria-label={`Quantity of ${item.name}`}
      >
        {qty}
      </output>
      <button
        type="button"
        className={stepClass}
        disabled={locked || atStock || !item.available}
        onClick={() => void changeQuantity(item.cartId, qty + 1)}
        aria-label={`Increase quantity of ${item.name}`}
      >
        +
      </button>
    </fieldset>
  );
}
