/**
 * The cart shared by every island (docs/storefront-rules.md#cart): the
 * navbar badge, the desktop Shopping Cart card, the mobile panel, /cart, and the Add buttons.
 * The islands' one entry point; the parts live in
 * - cart-state.ts: the atoms and the mapping of the server's cart (money in paise);
 * - cart-sync.ts: the calls to the server (typed by contract.ts); every answer is the whole
 *   cart, which replaces the store's copy;
 * - pending-add.ts: a guest's Add waiting in localStorage for their login.
 *
 * Before the cart is fetched the count comes from the readable `ff_cart` hint cookie; the count
 * is mirrored to `<html data-cart>` and the `--ff-cart` CSS variable, which the badge shows, so
 * it is right before hydration and on islands that never hydrate.
 * The badge stays fresh across tabs and devices: another tab's change, and the cart
 * fetched again when the page comes back into view (src/layouts/head-script.ts), arrive over
 * the `ff-cart` BroadcastChannel (cart-state.ts).
 * Client-only: never write these stores in server frontmatter.
 */
import { atom } from 'nanostores';
import { $session, isSignedIn, openAuth } from '#features/auth/store.ts';
import { apiRequest } from '#lib/http/api-client.ts';
import { $cart, $cartCount, $hintCount, $lockedLines, emptyCart, readHintCount } from './cart-state.ts';
import { loadCart } from './cart-sync.ts';
import { flushPendingAdd, writePending } from './pending-add.ts';
import { CART_MESSAGES } from './rules.ts';

export type { CartItem, CartJson, CartState, CartTotals } from './cart-state.ts';
export {
  $cart,
  $cartCount,
  $cartTotal,
  $lockedLines,
  $pendingQty,
  emptyCart,
  seedCart,
  toCartState,
} from './cart-state.ts';
export { changeQuantity, loadCart, removeFromCart } from './cart-sync.ts';
export { addToCart } from './pending-add.ts';

/**
 * The Checkout button: an empty cart alerts, a guest gets the login dialog,
 * otherwise the browser goes to /checkout.
 */
export function checkout(): void {
  if (!isSignedIn()) {
    void openAuth('login');
    return;
  }
  if ($cartCount.get() === 0) {
    window.alert(CART_MESSAGES.emptyCheckout);
    return;
  }
  window.location.assign('/checkout');
}

/**
 * The order consumed the cart (the server emptied it with the order): the badge says 0 at once,
 * never the count the server no longer holds, and the cart is fetched again to be sure.
 */
export function markCartOrdered(): void {
  $cart.set(emptyCart('ready'));
  void loadCart(true);
}

/**
 * The online order awaiting its payment that holds the cart's lines (its id), null when none:
 * while it is set the cart page shows that order's lines read-only instead of an empty cart.
 */
export const $heldByPayment = atom<number | null>(null);

/**
 * Asks the shop whether an online order awaiting its payment holds the cart's lines
 * (GET /api/customer/payments/pending) and sets $heldByPayment from the answer, so the cart panel
 * on any page says so instead of "Your cart is empty". The route's contract belongs to the orders
 * feature, which builds on this one, so the answer is typed here by the one field read.
 */
export async function loadHeldByPayment(): Promise<void> {
  if (!isSignedIn()) return;
  try {
    const { data } = await apiRequest<{ order: { id: number } | null }>('/api/customer/payments/pending');
    $heldByPayment.set(data.order?.id ?? null);
  } catch (err) {
    console.error('Asking for a payment in progress failed', err);
  }
}

/** The cart control's accessible name for `count` units. */
export function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

function reflectCount(count: number): void {
  const root = document.documentElement;
  root.dataset.cart = String(count);
  root.style.setProperty('--ff-cart', `"${count}"`);
  const label = cartLabel(count);
  for (const el of document.querySelectorAll('[data-cart-link]')) el.setAttribute('aria-label', label);
}

if (typeof window !== 'undefined') {
  $cartCount.subscribe(reflectCount);
  $session.listen(({ signedIn }) => {
    $lockedLines.set(new Set());
    $hintCount.set(signedIn ? readHintCount() : 0);
    $cart.set(emptyCart('idle'));
    if (!signedIn) {
      writePending(null);
      return;
    }
    void flushPendingAdd();
  });
  void flushPendingAdd();
  // The delivery fee and the minimum order follow the Deliver-to PIN code (delivery/store.ts announces a change).
  window.addEventListener('ff:deliver-to-changed', () => {
    loadCart(true).catch((err: unknown) => console.error('Refreshing the cart failed', err));
  });
}
