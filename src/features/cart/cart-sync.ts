/**
 * The cart's calls to the server (docs/storefront-rules.md#cart),
 * through the typed client: each answer is the whole cart, which replaces the store's copy.
 * Quantity taps are never lost: each tap moves the line's target quantity
 * ($pendingQty), one request per line is in flight at a time, and when it returns with taps made
 * meanwhile the next request sends the newest target, so five quick taps on a slow network end
 * at the quantity tapped in one or two requests. A line is locked while its removal is in
 * flight; a line that vanished on the server (404) is removed locally and the totals fetched
 * again. Client-only.
 */

import { isSignedIn } from '#features/auth/store.ts';
import { ApiError } from '#lib/http/api-client.ts';
import { callRoute } from '#lib/http/client.ts';
import { CART_TOAST_MS, showToast } from '#lib/ui/toast.ts';
import { $cart, $lockedLines, $pendingQty, emptyCart, lock, seedCart, seedCount, setPendingQty } from './cart-state.ts';
import type { addProductRoute, deleteProductRoute, myCartRoute, setQtyRoute } from './contract.ts';
import { CART_MESSAGES, isCartId } from './rules.ts';

const isUnauthorized = (err: unknown) => err instanceof ApiError && err.status === 401;

let loading: Promise<void> | null = null;

/** Fetches the cart once (again with `force`); a guest's cart is empty. */
export function loadCart(force = false): Promise<void> {
  if (!isSignedIn()) {
    $cart.set(emptyCart('ready'));
    return Promise.resolve();
  }
  if (!force && ($cart.get().status === 'ready' || loading)) return loading ?? Promise.resolve();
  if ($cart.get().status !== 'ready') $cart.set({ ...$cart.get(), status: 'loading' });
  // An add or a quantity change answered while this load was on its way holds the newer cart:
  // this answer is then stale and dropped (it could otherwise undo a card's Add on screen). Its
  // response also set the `ff_cart` hint cookie to the old count, which the next page would show
  // (badge, card steppers), so the cart is fetched once more to set it right.
  const before = seedCount();
  let stale = false;
  loading = callRoute<typeof myCartRoute>('GET /api/customer/my-cart', { fallbackMessage: CART_MESSAGES.loadFailed })
    .then(({ data }) => {
      if (seedCount() === before) seedCart(data);
      else stale = true;
    })
    .catch((err: unknown) => {
      if (isUnauthorized(err)) return;
      console.error('Cart load failed', err);
      $cart.set({ ...$cart.get(), status: 'error' });
    })
    .finally(() => {
      loading = null;
    });
  return loading.then(() => (stale ? loadCart(true) : undefined));
}

/** Adds `qty` of a product for a signed-in customer, with the toast (3 s) or the error. True when added. */
export async function postAdd(productId: number, qty: number): Promise<boolean> {
  try {
    const { data } = await callRoute<typeof addProductRoute>('POST /api/customer/add-product', {
      body: { product_id: productId, qty },
      fallbackMessage: CART_MESSAGES.addFailed,
    });
    seedCart(data);
    showToast(CART_MESSAGES.added, { ms: CART_TOAST_MS });
    return true;
  } catch (err) {
    showToast(err instanceof ApiError ? err.message : CART_MESSAGES.addFailed, { tone: 'error' });
    return false;
  }
}

/** Whether `cartId` is usable; alerts the spec's "Error: Invalid cart ID" when not. */
function validCartId(cartId: number): boolean {
  if (isCartId(cartId)) return true;
  window.alert(CART_MESSAGES.invalidCartIdAlert);
  return false;
}

function dropLocally(cartId: number): void {
  const cart = $cart.get();
  const items = cart.items.filter((i) => i.cartId !== cartId);
  const gone = cart.items.find((i) => i.cartId === cartId);
  const itemCount = Math.max(0, cart.totals.itemCount - (gone?.qty ?? 0));
  $cart.set({ ...cart, items, totals: { ...cart.totals, itemCount } });
  // The totals are the server's; fetch them again.
  void loadCart(true);
}

/** The running quantity update of each line (cart id → its promise). */
const updating = new Map<number, Promise<void>>();

/**
 * Moves a line to `nextQty` (at least 1): the stepper shows it at once, and the server gets the
 * newest target through set-qty, one request per line at a time (see the module comment).
 * Resolves once the server holds the last target or refused it (409 stock: the message is shown
 * and the line keeps the server's quantity; 404: the line is removed locally).
 */
export function changeQuantity(cartId: number, nextQty: number): Promise<void> {
  if (!validCartId(cartId)) return Promise.resolve();
  const line = $cart.get().items.find((i) => i.cartId === cartId);
  if (!line || $lockedLines.get().has(cartId) || nextQty < 1) return Promise.resolve();
  setPendingQty(cartId, nextQty);
  const running = updating.get(cartId);
  if (running) return running;
  const run = (async () => {
    try {
      for (;;) {
        const target = $pendingQty.get().get(cartId);
        const held = $cart.get().items.find((i) => i.cartId === cartId);
        if (target === undefined || !held || target === held.qty) return;
        const { data } = await callRoute<typeof setQtyRoute>('POST /api/customer/set-qty', {
          body: { cart_id: cartId, qty: target },
          fallbackMessage: CART_MESSAGES.qtyFailed,
        });
        seedCart(data);
      }
    } catch (err) {
      if (err instanceof ApiError && err.status === 404) {
        dropLocally(cartId);
        showToast(CART_MESSAGES.qtyFailed, { tone: 'error' });
      } else if (!isUnauthorized(err)) {
        showToast(err instanceof ApiError ? err.message : CART_MESSAGES.qtyFailed, { tone: 'error' });
      }
    } finally {
      setPendingQty(cartId, undefined);
      updating.delete(cartId);
    }
  })();
  updating.set(cartId, run);
  return run;
}

/** Removes a line (after the caller's Cancel/Remove confirmation). */
export async function removeFromCart(cartId: number): Promise<void> {
  if (!validCartId(cartId) || $lockedLines.get().has(cartId)) return;
  lock(cartId, true);
  try {
    const { data } = await callRoute<typeof deleteProductRoute>('POST /api/customer/delete-product', {
      body: { cart_id: cartId },
      fallbackMessage: CART_MESSAGES.removeFailed,
    });
    seedCart(data);
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) dropLocally(cartId);
    else if (!isUnauthorized(err)) showToast(CART_MESSAGES.removeFailed, { tone: 'error' });
  } finally {
    lock(cartId, false);
  }
}
