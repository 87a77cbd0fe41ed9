/**
 * Quantity stepper and "Add to Cart - {total}" button of the product page (minimum 1, step 1,
 * at most the stock), plus the mobile bottom bar (under 768 px)
 * with the total and the same button. Out of stock: the button is disabled and reads
 * "Out of Stock". Total = offer price × quantity, in paise, shown with formatPaise.
 *
 * Before hydration (and without JavaScript) the button posts its form to /cart/add
 * (cart/server/form-add.ts): a signed-in customer's item is added and the page comes
 * back saying so; a guest signs in first and then gets the item. Hydrated, it adds
 * through the cart store (`addToCart`: toast "Item added to cart", or the login dialog for a
 * guest, who gets the item after logging in); the button reads "Adding..." meanwhile.
 * `onAdd` replaces that action (tests, other hosts).
 *
 * The cart store (and the session and API code it brings) loads when the visitor reaches for
 * the form (pointer, focus, touch) or submits it, not with the page: a product page that is only
 * read never downloads it.
 */
import { type FormEvent, useState } from 'react';
import { formatPaise } from '#lib/money.ts';

/** The cart store, imported on first use (the browser loads the module once). */
const cartStore = () => import('../store.ts');

interface Props {
  productId: number;
  /** Offer price including tax, in paise. */
  pricePaise: number;
  stock: number;
  /** Adds `quantity` to the cart; default: the cart store's `addToCart`. */
  onAdd?: (quantity: number) => Promise<void>;
}

function ProductPurchase({ productId, pricePaise, stock, onAdd }: Props) {
  const max = Math.max(stock, 0);
  const outOfStock = max < 1;
  const [quantity, setQuantity] = useState(1);
  const [pending, setPending] = useState(false);
  const total = formatPaise(pricePaise * quantity);
  const next = `/product/${productId}`;
  const label = outOfStock ? 'Out of Stock' : pending ? 'Adding...' : `Add to Cart - ${total}`;

  // Starts loading the cart store before the tap lands, so Add does not wait for it.
  const warm = () => {
    if (!onAdd) cartStore().catch(() => undefined);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setPending(true);
    try {
      await (onAdd ? onAdd(quantity) : cartStore().then((m) => m.addToCart(productId, quantity)));
    } finally {
      setPending(false);
    }
  }

  const button = (extra: string, icon = true) => (
    <button
      type="submit"
      disabled={outOfStock || pending}
      className={`h-12 items-center justify-center gap-2 rounded-xl ${icon ? 'px-5' : 'px-3'} text-base font-semibold shadow-sm transition ${
        outOfStock
          ? 'cursor-not-allowed bg-slate-200 text-slate-600'
          : 'bg-brand-700 text-white hover:bg-brand-800 active:bg-brand-800'
      } ${extra}`}
    >
      {!outOfStock && icon && (
        <svg
          viewBox="0 0 24 24"
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeLinecap="round"
          strokeLinejoin="round"
          aria-hidden="true"
          className="h-5 w-5"
        >
          <circle cx="9" cy="20" r="1.5" />
          <circle cx="18" cy="20" r="1.5" />
          <path d="M2.5 3h2.6l2.3 11.2a2 2 0 0 0 2 1.6h8.2a2 2 0 0 0 2-1.5L21.5 7H6" />
        </svg>
      )}
      {label}
    </button>
  );

  const stepButton =
    'flex h-12 w-12 items-center justify-center text-xl font-semibold text-slate-800 hover:bg-brand-50 hover:text-brand-700 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent';

  return (
    <form
      method="post"
      action="/cart/add"
      onSubmit={onSubmit}
      onPointerEnter={warm}
      onFocus={warm}
      onTouchStart={warm}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="product_id" value={productId} />
      <input type="hidden" name="qty" value={quantity} />
      <input type="hidden" name="next" value={next} />
      {!outOfStock && (
        <div className="flex items-center gap-4">
          {/* The visible label; the fieldset's own legend names the group for assistive technology. */}
          <span aria-hidden="true" className="text-sm font-medium text-slate-700">
            Quantity
          </span>
          <fieldset className="flex items-center overflow-hidden rounded-xl border border-slate-300">
            <legend className="sr-only">Quantity</legend>
            <button
              type="button"
              className={stepButton}
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              disabled={quantity <= 1}
              aria-label="Decrease quantity"
            >
              −
            </button>
            <output
              aria-live="polite"
              aria-label="Quantity"
              className="w-12 text-center text-base font-semibold tabular-nums text-slate-900"
            >
              {quantity}
            </output>
            <button
              type="button"
              className={stepButton}
              onClick={() => setQuantity((q) => Math.min(max, q + 1))}
              disabled={quantity >= max}
              aria-label="Increase quantity"
            >
              +
            </button>
          </fieldset>
          {quantity >= max && <span className="text-xs text-slate-600">Only {max} in stock</span>}
        </div>
      )}
      {button('hidden md:inline-flex md:min-w-72')}
      <div
        data-bottom-bar
        className="fixed inset-x-0 bottom-0 z-40 flex items-center gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur md:hidden"
      >
        <div className="min-w-0">
          <p className="text-xs text-slate-600">Total</p>
          <p className="text-lg font-bold tabular-nums text-slate-900">{total}</p>
        </div>
        {/* One line at any price, ₹1,000 and above included: no icon, tighter padding. */}
        {button('ml-auto flex min-w-0 flex-1 whitespace-nowrap text-sm', false)}
      </div>
    </form>
  );
}

export default ProductPurchase;
