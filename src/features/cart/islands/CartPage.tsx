/**
 * The cart screen, My Cart (docs/storefront-rules.md#cart): the item count, a table
 * of product, price, quantity stepper (minus disabled at 1 and while the line updates), line
 * subtotal and remove (with the Cancel/Remove confirmation); the Order Summary with subtotal,
 * delivery fee (the delivery zone's fee and free-delivery threshold, as the server computes it), how
 * much more buys free delivery, total, and Proceed to Checkout (disabled when empty, while an
 * online order awaiting its payment holds earlier lines, and while a line's product is no longer
 * available, marked so on its line; the reason beneath it). Empty:
 * "Your Cart is Empty" / "Add some items to get started!" with Continue Shopping. Money with
 * 2 decimals.
 *
 * The page renders the signed-in customer's cart on the server (`initial`) and seeds the shared
 * cart store with it once hydrated; a guest sees the empty state with a way to log in. For a
 * guest the server HTML is the whole page: it hydrates only once they sign in, and the guest
 * view's script (../components/GuestCart.astro) opens the login dialog from the
 * `data-open-auth` button, hydrated or not.
 */

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { $session } from '#features/auth/store.ts';
import { feeEstimateNote } from '#features/delivery/rules.ts';
import { formatPaise } from '#lib/money.ts';
import { packSize, unitPriceLabel } from '#lib/unit-price.ts';
import { CART_MESSAGES } from '../rules.ts';
import {
  $cart,
  $heldByPayment,
  $lockedLines,
  type CartItem,
  type CartJson,
  type CartState,
  checkout,
  emptyCart,
  loadCart,
  seedCart,
  toCartState,
} from '../store.ts';
import { CartLoadError, CartLoading } from './CartStatus.tsx';
import { ConfirmRemove } from './ConfirmRemove.tsx';
import { TrashIcon } from './cart-icons.tsx';
import { LineImage } from './LineImage.tsx';
import LineSubstitution from './LineSubstitution.tsx';
import { QuantityStepper } from './QuantityStepper.tsx';

interface Props {
  /** The cart as the server rendered it; null for a guest. */
  initial: CartJson | null;
  /** An online order awaiting its payment that holds the cart's lines (shown beside, read-only). */
  heldBy?: number | null;
}

const GUEST: CartState = emptyCart('ready');

function CartPage({ initial, heldBy = null }: Props) {
  const store = useStore($cart);
  const held = useStore($heldByPayment);
  const locked = useStore($lockedLines);
  const { signedIn } = useStore($session);
  const [seeded, setSeeded] = useState(false);
  const [confirming, setConfirming] = useState<CartItem | null>(null);

  useEffect(() => {
    if (initial) seedCart(initial);
    else void loadCart();
    if (heldBy !== null) $heldByPayment.set(heldBy);
    setSeeded(true);
  }, [initial, heldBy]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `store.status` is the trigger; the effect reads `.get()`.
  useEffect(() => {
    if (seeded && signedIn && $cart.get().status === 'idle') void loadCart();
  }, [seeded, signedIn, store.status]);

  const cart = seeded ? store : initial ? toCartState(initial) : GUEST;
  const { items, totals } = cart;
  const guest = seeded ? !signedIn : initial === null;
  const loading = seeded && signedIn && (cart.status === 'idle' || cart.status === 'loading');
  // Lines held by an online payment are not an empty cart: PaymentInDoubt shows them.
  const heldOrder = seeded ? held : heldBy;
  const isHeld = heldOrder !== null;
  // A line whose product left the shop cannot be ordered: checkout waits until it is removed.
  const unavailable = items.some((item) => !item.available);
  const waitsId = heldOrder !== null ? 'checkout-waits' : unavailable ? 'checkout-unavailable' : undefined;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">My Cart</h1>
        {items.length > 0 && (
          <p className="text-sm text-slate-600" aria-live="polite">
            {totals.itemCount} {totals.itemCount === 1 ? 'item' : 'items'}
          </p>
        )}
      </div>

      {loading && <CartLoading />}

      {cart.status === 'error' && <CartLoadError />}

      {!loading && cart.status !== 'error' && items.length === 0 && !isHeld && (
        <div className="mx-auto mt-8 max-w-md rounded-2xl border border-slate-200 bg-white px-6 py-12 text-center">
          <svg
            viewBox="0 0 24 24"
            className="mx-auto h-14 w-14 text-brand-600"
            fill="none"
            stroke="currentColor"
            strokeWidth={1.5}
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden="true"
          >
            <circle cx="9" cy="20" r="1.5" />
            <circle cx="18" cy="20" r="1.5" />
            <path d="M2.5 3h2.7l2.4 12h11.2l2-8.5H6.1" />
          </svg>
          <h2 data-cart-empty tabIndex={-1} className="mt-4 text-xl font-semibold text-slate-900">
            Your Cart is Empty
          </h2>
          <p className="mt-1 text-slate-600">Add some items to get started!</p>
          <a
            href="/shop"
            className="mt-6 inline-flex h-11 items-center justify-center rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800"
          >
            Continue Shopping
          </a>
          {guest && (
            <p className="mt-4 text-sm text-slate-700">
              Have an account?{' '}
              <button
                type="button"
                data-open-auth="login"
                className="font-semibold text-brand-700 underline-offset-2 hover:underline"
              >
                Log in
              </button>{' '}
              to see your cart.
            </p>
          )}
        </div>
      )}

      {!loading && items.length > 0 && (
        <div className="mt-6 grid gap-6 lg:grid-cols-[1fr_22rem] lg:items-start">
          {/* Relative, so the screen-reader-only texts inside are clipped with the table. */}
          <div className="relative overflow-hidden rounded-2xl border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">Items in your cart</caption>
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-3 font-semibold sm:px-4">
                    Product
                  </th>
                  <th scope="col" className="hidden px-3 py-3 font-semibold md:table-cell">
                    Price
                  </th>
                  <th scope="col" className="hidden px-2 py-3 font-semibold md:table-cell">
                    Quantity
                  </th>
                  <th scope="col" className="hidden px-3 py-3 text-right font-semibold md:table-cell">
                    Subtotal
                  </th>
                  <th scope="col" className="w-10 px-2 py-3">
                    <span className="sr-only">Remove</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((item) => {
                  const busy = locked.has(item.cartId);
                  return (
                    <tr key={item.cartId} aria-busy={busy} className={busy ? 'opacity-70' : ''}>
                      <td className="px-3 py-3 sm:px-4">
                        <div className="flex items-center gap-3">
                          <LineImage item={item} className="h-12 w-12 sm:h-14 sm:w-14" />
                          <div className="min-w-0">
                            <a
                              href={`/product/${item.productId}`}
                              className="line-clamp-3 font-medium text-slate-900 hover:text-brand-700"
                            >
                              {item.name}
                            </a>
                            {!item.available && (
                              <p className="text-xs font-semibold text-red-700" data-line-unavailable>
                                {CART_MESSAGES.lineUnavailable}
                              </p>
                            )}
                            {/* The pack size tells variants apart. */}
                            {packSize(item.weight, item.unit) && (
                              <p className="text-xs text-slate-600" data-pack-size>
                                {packSize(item.weight, item.unit)}
                              </p>
                            )}
                            <p className="text-xs text-slate-600 md:hidden">
                              {formatPaise(item.pricePaise)} each
                              {unitPriceLabel(item.pricePaise, item.weight, item.unit) && (
                                <span data-unit-price>
                                  {' '}
                                  · {unitPriceLabel(item.pricePaise, item.weight, item.unit)}
                                </span>
                              )}
                            </p>
                            <p className="text-sm font-semibold tabular-nums text-slate-900 md:hidden">
                              {formatPaise(item.lineTotalPaise)}
                            </p>
                            {/* On phones the stepper sits under the line, so the row fits from 320 px. */}
                            <div className="mt-2 md:hidden">
                              <QuantityStepper item={item} locked={busy} />
                            </div>
                          </div>
                        </div>
                        <LineSubstitution item={item} disabled={busy} />
                      </td>
                      <td className="hidden px-3 py-3 tabular-nums md:table-cell">
                        {formatPaise(item.pricePaise)}
                        {unitPriceLabel(item.pricePaise, item.weight, item.unit) && (
                          <span className="block text-xs text-slate-600" data-unit-price>
                            {unitPriceLabel(item.pricePaise, item.weight, item.unit)}
                          </span>
                        )}
                        {item.mrpPaise > item.pricePaise && (
                          <s className="ml-1 text-xs text-slate-600">
                            <span className="sr-only">MRP </span>
                            {formatPaise(item.mrpPaise)}
                          </s>
                        )}
                      </td>
                      <td className="hidden px-2 py-3 md:table-cell">
                        <QuantityStepper item={item} locked={busy} />
                      </td>
                      <td
                        className="hidden px-3 py-3 text-right font-semibold tabular-nums text-slate-900 md:table-cell"
                        data-line-total
                      >
                        {formatPaise(item.lineTotalPaise)}
                      </td>
                      <td className="px-2 py-3">
                        <button
                          type="button"
                          aria-label={`Remove ${item.name}`}
                          data-remove-line={item.cartId}
                          disabled={busy}
                          onClick={() => setConfirming(item)}
                          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-600 hover:bg-sale-600/10 hover:text-sale-600 disabled:opacity-50"
                        >
                          <TrashIcon />
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>

          <section
            aria-labelledby="order-summary"
            className="rounded-2xl border border-slate-200 bg-white p-5 lg:sticky lg:top-24"
          >
            <h2 id="order-summary" className="text-lg font-semibold text-slate-900">
              Order Summary
            </h2>
            <dl className="mt-4 space-y-2 text-sm">
              <div className="flex justify-between">
                <dt className="text-slate-700">Subtotal</dt>
                <dd className="tabular-nums text-slate-900" data-summary="subtotal">
                  {formatPaise(totals.subtotalPaise)}
                </dd>
              </div>
              <div className="flex justify-between">
                <dt className="text-slate-700">
                  Delivery fee{totals.deliveryEstimateZone && ` (${totals.deliveryEstimateZone})`}
                </dt>
                <dd className="tabular-nums text-slate-900" data-summary="delivery">
                  {totals.deliveryFeePaise > 0 ? formatPaise(totals.deliveryFeePaise) : 'Free'}
                </dd>
              </div>
            </dl>
            {/* Between the two lists, not inside one: a <dl> holds only name–value groups (axe definition-list). */}
            {totals.deliveryEstimateZone && (
              <p className="mt-2 text-xs text-slate-700">{feeEstimateNote(totals.deliveryEstimateZone)}</p>
            )}
            {totals.freeDeliveryRemainingPaise > 0 && (
              <p className="mt-2 rounded-lg bg-brand-50 px-3 py-2 text-xs text-brand-800">
                {formatPaise(totals.freeDeliveryRemainingPaise)} more for free delivery
              </p>
            )}
            {totals.minOrderRemainingPaise > 0 && (
              <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-xs text-slate-900">
                Add {formatPaise(totals.minOrderRemainingPaise)} more to reach the minimum order of{' '}
                {formatPaise(totals.minOrderPaise)} for delivery to your area.
              </p>
            )}
            <dl className="mt-2 text-sm">
              <div className="flex justify-between border-t border-slate-200 pt-3 text-base font-semibold">
                <dt className="text-slate-900">
                  Total{totals.deliveryEstimateZone && ` (${totals.deliveryEstimateZone})`}
                </dt>
                <dd className="tabular-nums text-slate-900" data-summary="total">
                  {formatPaise(totals.totalPaise)}
                </dd>
              </div>
            </dl>
            <button
              type="button"
              onClick={checkout}
              disabled={items.length === 0 || heldOrder !== null || unavailable}
              aria-describedby={waitsId}
              className="mt-5 inline-flex h-12 w-full items-center justify-center rounded-xl bg-brand-700 font-semibold text-white hover:bg-brand-800 disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-600"
            >
              Proceed to Checkout
            </button>
            {heldOrder !== null && (
              <p id="checkout-waits" className="mt-2 text-sm text-slate-800">
                {CART_MESSAGES.checkoutWaits(heldOrder)}
              </p>
            )}
            {heldOrder === null && unavailable && (
              <p id="checkout-unavailable" className="mt-2 text-sm text-slate-800">
                {CART_MESSAGES.checkoutUnavailable}
              </p>
            )}
          </section>
        </div>
      )}

      <ConfirmRemove item={confirming} onClose={() => setConfirming(null)} />
    </div>
  );
}

export default CartPage;
