/**
 * The cart panel's content (docs/storefront-rules.md#cart), in two variants:
 * - `card`: the desktop floating Shopping Cart card — item list, total, View Cart (/cart) and
 *   Checkout.
 * - `screen`: the mobile full-screen Shopping Cart with a back button, item cards, total and
 *   Checkout.
 * Every amount shows 2 decimals in both (docs/adr/0123-one-count-and-one-money-format.md).
 * Empty: "Your cart is empty" / "Add items to start a basket" — unless an online order awaiting its
 * payment holds the lines: then, as on /cart, "We are checking your payment for order #N" with a
 * link to the cart (which shows them read-only), and Checkout disabled until it resolves (asked
 * each time the panel opens). Each line has the quantity
 * stepper and a remove button with the Cancel/Remove confirmation. Checkout follows the spec's
 * rules (empty cart alert, guests get the login dialog). Both are the one dialog primitive
 * (ModalDialog: `popover` for the card, `fullscreen` with Back for the screen): Tab stays
 * inside, focus returns to the cart icon.
 */

import { useStore } from '@nanostores/react';
import { type RefObject, useEffect, useId, useState } from 'react';
import { formatPaise } from '#lib/money.ts';
import ModalDialog from '#lib/ui/ModalDialog.tsx';
import { packSize, unitPriceLabel } from '#lib/unit-price.ts';
import { CART_MESSAGES } from '../rules.ts';
import { $cart, $heldByPayment, $lockedLines, type CartItem, checkout, loadHeldByPayment } from '../store.ts';
import { CartLoadError, CartLoading } from './CartStatus.tsx';
import { ConfirmRemove } from './ConfirmRemove.tsx';
import { TrashIcon } from './cart-icons.tsx';
import { LineImage } from './LineImage.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';

interface Props {
  variant: 'card' | 'screen';
  open: boolean;
  /** Escape, a click outside (card), or Back (screen). */
  onClose: () => void;
  /** Id of the dialog (the opener's aria-controls). */
  id?: string;
  /** Card: presses inside this element (the cart icon's wrapper) do not close it. */
  anchor?: RefObject<HTMLElement | null>;
}

/** The Shopping Cart dialog: items, total and actions of the cart. */
export default function CartPanel({ variant, open, onClose, id, anchor }: Props) {
  const cart = useStore($cart);
  const locked = useStore($lockedLines);
  const held = useStore($heldByPayment);
  const heldId = useId();
  const unavailableId = useId();
  const [confirming, setConfirming] = useState<CartItem | null>(null);
  const screen = variant === 'screen';

  useEffect(() => {
    if (open) void loadHeldByPayment();
  }, [open]);
  const { items, totals } = cart;
  // A line whose product left the shop cannot be ordered: checkout waits until it is removed.
  const unavailable = items.some((item) => !item.available);
  const count =
    items.length > 0 ? (
      <span className="text-sm font-normal text-slate-600">
        {totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'}
      </span>
    ) : null;

  return (
    <ModalDialog
      open={open}
      title="Shopping Cart"
      onClose={onClose}
      id={id}
      anchor={anchor}
      variant={screen ? 'fullscreen' : 'popover'}
      dismiss={screen ? 'back' : 'close'}
      hideClose={!screen}
      width="w-[24rem]"
      headerEnd={count}
      bare
    >
      <div className="min-h-0 flex-1 overflow-y-auto">
        {(cart.status === 'idle' || cart.status === 'loading') && <CartLoading compact />}
        {cart.status === 'error' && <CartLoadError compact />}
        {held !== null && (
          <div className="mx-4 my-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-slate-900">
            <p id={heldId} role="status" className="font-semibold">
              {CART_MESSAGES.heldByPayment(held)}
            </p>
            <p className="mt-1">{CART_MESSAGES.checkoutWaits(held)}</p>
            <a href="/cart" className="mt-2 inline-block font-semibold text-brand-700 underline underline-offset-2">
              See its items in your cart
            </a>
          </div>
        )}
        {cart.status === 'ready' && items.length === 0 && held === null && (
          <div className="px-4 py-10 text-center">
            <p data-cart-empty tabIndex={-1} className="font-semibold text-slate-900">
              Your cart is empty
            </p>
            <p className="mt-1 text-sm text-slate-600">Add items to start a basket</p>
          </div>
        )}
        {cart.status === 'ready' && items.length > 0 && (
          <ul className={`divide-y divide-slate-100 ${screen ? 'px-3' : 'px-4'}`} aria-label="Items in your cart">
            {items.map((item) => (
              <li key={item.cartId} className={`flex gap-3 py-3 ${screen ? 'rounded-xl' : ''}`}>
                <LineImage item={item} className="h-14 w-14" lazy />
                <div className="min-w-0 flex-1">
                  <div className="flex items-start gap-2">
                    <a
                      href={`/product/${item.productId}`}
                      className="line-clamp-2 flex-1 text-sm font-medium text-slate-900 hover:text-brand-700"
                    >
                      {item.name}
                    </a>
                    <button
                      type="button"
                      aria-label={`Remove ${item.name}`}
                      data-remove-line={item.cartId}
                      disabled={locked.has(item.cartId)}
                      onClick={() => setConfirming(item)}
                      className="-mr-1 -mt-1 inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-sale-600/10 hover:text-sale-600 disabled:opacity-50"
                    >
                      <TrashIcon className="h-4 w-4" />
                    </button>
                  </div>
                  {!item.available && (
                    <p className="text-xs font-semibold text-red-700" data-line-unavailable>
                      {CART_MESSAGES.lineUnavailable}
                    </p>
                  )}
                  <p className="text-xs text-slate-600">
                    {packSize(item.weight, item.unit) && (
                      <span data-pack-size>{packSize(item.weight, item.unit)} · </span>
                    )}
                    {formatPaise(item.pricePaise)} each
                    {unitPriceLabel(item.pricePaise, item.weight, item.unit) && (
                      <span data-unit-price> · {unitPriceLabel(item.pricePaise, item.weight, item.unit)}</span>
                    )}
                  </p>
                  <div className="mt-1.5 flex items-center justify-between gap-2">
                    <QuantityStepper item={item} locked={locked.has(item.cartId)} />
                    <span className="text-sm font-semibold tabular-nums text-slate-900">
                      <span className="sr-only">Line total </span>
                      {formatPaise(item.lineTotalPaise)}
                    </span>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>

      <div
        className={`border-t border-slate-200 px-4 py-3 ${screen ? 'pb-[max(0.75rem,env(safe-area-inset-bottom))]' : ''}`}
      >
        {cart.status === 'ready' && items.length > 0 && (
          <>
            <p className="flex items-baseline justify-between text-base font-semibold text-slate-900">
              <span>Total</span>
              <span className="tabular-nums" data-cart-total>
                {formatPaise(totals.totalPaise)}
              </span>
            </p>
            <p className="mt-0.5 text-xs text-slate-600">
              {totals.deliveryFeePaise > 0
                ? `Includes ${formatPaise(totals.deliveryFeePaise)} delivery${totals.deliveryEstimateZone ? ` (${totals.deliveryEstimateZone})` : ''} · ${formatPaise(totals.freeDeliveryRemainingPaise)} more for free delivery`
                : 'Free delivery'}
            </p>
          </>
        )}
        <div className={`mt-3 grid gap-2 ${screen ? '' : 'grid-cols-2'}`}>
          {!screen && (
            <a
              href="/cart"
              className="inline-flex h-10 items-center justify-center rounded-lg border border-brand-700 text-sm font-semibold text-brand-700 hover:bg-brand-50"
            >
              View Cart
            </a>
          )}
          <button
            type="button"
            onClick={checkout}
            disabled={held !== null || unavailable}
            aria-describedby={held !== null ? heldId : unavailable ? unavailableId : undefined}
            className="inline-flex h-10 items-center justify-center rounded-lg bg-brand-700 text-sm font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
          >
            Checkout
          </button>
        </div>
        {held === null && unavailable && (
          <p id={unavailableId} className="mt-2 text-xs text-slate-800">
            {CART_MESSAGES.checkoutUnavailable}
          </p>
        )}
      </div>

      <ConfirmRemove item={confirming} onClose={() => setConfirming(null)} />
    </ModalDialog>
  );
}
