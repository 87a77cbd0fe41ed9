/**
 * Pieces shared by the cart views (desktop Shopping Cart card, mobile panel, /cart): the
 * quantity stepper (spec 000 §5: minus disabled at 1, plus at the stock; taps made while an
 * update is in flight still count) and the Cancel/Remove confirmation dialog
 * (spec 000 §4 "Removing needs confirmation in a dialog").
 */
import { lazy, Suspense, useId, useState } from 'react';
import { Svg } from '#lib/ui/icons.tsx';
import { CART_MESSAGES } from '../rules.ts';
import { PLACEHOLDER_IMAGE, showPlaceholder } from '#features/catalog/images.ts';
import { useStore } from '@nanostores/react';
import { $pendingQty, changeQuantity, loadCart, removeFromCart, type CartItem } from '../store.ts';

const ModalDialog = lazy(() => import('#lib/ui/ModalDialog.tsx'));

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
        disabled={locked || atStock}
        onClick={() => void changeQuantity(item.cartId, qty + 1)}
        aria-label={`Increase quantity of ${item.name}`}
      >
        +
      </button>
    </fieldset>
  );
}

/**
 * Where focus goes once the line `cartId` is gone, so it never falls to <body>: the Remove
 * button of the next line shown, else of the previous one, else the empty cart's heading.
 * Returns a function to call after the removal.
 */
function focusAfterRemoval(cartId: number): () => void {
  const buttons = [...document.querySelectorAll<HTMLElement>('[data-remove-line]')].filter(
    (b) => b.getClientRects().length > 0,
  );
  const i = buttons.findIndex((b) => b.dataset.removeLine === String(cartId));
  const neighbour = i >= 0 ? (buttons[i + 1] ?? buttons[i - 1]) : undefined;
  const nextId = neighbour?.dataset.removeLine;
  return () =>
    requestAnimationFrame(() => {
      const target = nextId ? document.querySelector<HTMLElement>(`[data-remove-line="${nextId}"]`) : null;
      (
        target ??
        [...document.querySelectorAll<HTMLElement>('[data-cart-empty]')].find((h) => h.getClientRects().length > 0)
      )?.focus();
    });
}

/**
 * The Cancel/Remove confirmation for `item` (null = closed), on the one dialog primitive. Focus
 * starts on Cancel, Escape and the backdrop cancel, Tab stays inside; Cancel returns focus to the
 * control that opened it, Remove moves it to the next line (focusAfterRemoval). Remove takes the
 * line out of the cart (store.ts `removeFromCart`).
 */
export function ConfirmRemove({ item, onClose }: { item: CartItem | null; onClose: () => void }) {
  const textId = useId();
  const onCancel = onClose;
  const onConfirm = (line: CartItem) => {
    const refocus = focusAfterRemoval(line.cartId);
    onClose();
    void removeFromCart(line.cartId).then(refocus);
  };
  // The dialog's code loads on the first removal, not with the cart (it stays mounted after,
  // so closing it returns focus as the primitive does).
  const [used, setUsed] = useState(false);
  if (item && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog
        open={item !== null}
        title="Remove item?"
        onClose={onCancel}
        hideClose
        describedBy={textId}
        width="sm:max-w-sm"
      >
        {item && (
          <>
            <p id={textId} className="text-sm text-slate-700">
              Remove {item.name} from your cart?
            </p>
            <div className="mt-5 flex justify-end gap-2">
              <button
                type="button"
                onClick={onCancel}
                className="h-10 rounded-lg border border-slate-300 px-4 text-sm font-semibold text-slate-800 hover:bg-slate-50"
              >
                Cancel
              </button>
              <button
                type="button"
                onClick={() => onConfirm(item)}
                className="h-10 rounded-lg bg-sale-600 px-4 text-sm font-semibold text-white hover:brightness-95"
              >
                Remove
              </button>
            </div>
          </>
        )}
      </ModalDialog>
    </Suspense>
  );
}

/** The cart's loading spinner (`compact` in the panel, roomy on /cart). */
export function CartLoading({ compact = false }: { compact?: boolean }) {
  return (
    <div role="status" className={`flex justify-center ${compact ? 'py-10' : 'py-16'}`}>
      <span
        className={`${compact ? 'h-8 w-8' : 'h-10 w-10'} animate-spin rounded-full border-4 border-brand-200 border-t-brand-700`}
        aria-hidden="true"
      />
      <span className="sr-only">Loading your cart</span>
    </div>
  );
}

/** The cart failed to load: the message and a Try again button that reloads it. */
export function CartLoadError({ compact = false }: { compact?: boolean }) {
  return (
    <div className={compact ? 'px-4 py-8 text-center' : 'py-12 text-center'}>
      <p role="alert" className={`${compact ? 'text-sm ' : ''}font-medium text-sale-600`}>
        {CART_MESSAGES.loadFailed}
      </p>
      <button
        type="button"
        onClick={() => void loadCart(true)}
        className={`mt-3 ${compact ? 'text-sm ' : ''}font-semibold text-brand-700 underline`}
      >
        Try again
      </button>
    </div>
  );
}

/**
 * A cart line's product image (56 px box; the placeholder when missing or broken, decorative: the
 * name is the line's label).
 */
export function LineImage({ item, className, lazy = false }: { item: CartItem; className: string; lazy?: boolean }) {
  return (
    <img
      src={item.image || PLACEHOLDER_IMAGE}
      alt=""
      width={56}
      height={56}
      loading={lazy ? 'lazy' : undefined}
      className={`shrink-0 rounded-lg bg-brand-50 object-contain p-1 ${className}`}
      onError={showPlaceholder}
    />
  );
}

/** A trash-can icon. */
export function TrashIcon({ className = 'h-5 w-5' }: { className?: string }) {
  return (
    <Svg className={className}>
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </Svg>
  );
}

/** A shopping-cart icon. */
export function CartIcon({ className = 'h-6 w-6' }: { className?: string }) {
  return (
    <Svg className={className}>
      <circle cx="9" cy="20" r="1.5" />
      <circle cx="18" cy="20" r="1.5" />
      <path d="M2.5 3h2.7l2.4 12h11.2l2-8.5H6.1" />
    </Svg>
  );
}
