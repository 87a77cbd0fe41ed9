/**
 * The cart controls of every product card on a page, as one module instead of a
 * React island per card: the card's "Add" form
 * (catalog/product-card.ts, `[data-card-cart]`) becomes a − qty + stepper in place once the product is
 * in the cart, and back to "Add" at 0 — the same states wherever the card appears (home, every
 * listing, search results, Buy again), following the cart store: this tab's changes, other tabs' (the
 * `ff-cart` BroadcastChannel, cart-state.ts) and the badge's. Quantity taps go through
 * `changeQuantity` (cart-sync.ts: `$pendingQty` coalescing, `POST /api/customer/set-qty`); "−" at
 * 1 removes the line; "Add" is the store's `addToCart` (toast, or the login dialog for a guest).
 * Loaded by src/features/catalog/islands/ProductCardActions.ts on the first use of a card, or at
 * once for a signed-in customer with a cart. Client-only.
 */

import { $session, isSignedIn } from '#features/auth/store.ts';
import { $cart, $lockedLines, $pendingQty, type CartJson, takeNewer } from '../cart-state.ts';
import { changeQuantity, loadCart, removeFromCart } from '../cart-sync.ts';
import { addToCart } from '../pending-add.ts';

interface CardLine {
  cartId: number;
  qty: number;
  stock: number;
  locked: boolean;
}

/** The cart line of `productId` as the cards show it (the quantity tapped, not yet confirmed, first). */
function lineOf(productId: number): CardLine | null {
  const cart = $cart.get();
  if (cart.status !== 'ready') return null;
  const line = cart.items.find((i) => i.productId === productId);
  if (!line) return null;
  return {
    cartId: line.cartId,
    qty: $pendingQty.get().get(line.cartId) ?? line.qty,
    stock: line.stock,
    locked: $lockedLines.get().has(line.cartId),
  };
}

const parts = (box: HTMLElement) => ({
  form: box.querySelector<HTMLFormElement>('[data-card-add]'),
  stepper: box.querySelector<HTMLElement>('[data-card-stepper]'),
  qty: box.querySelector<HTMLElement>('[data-card-qty]'),
  dec: box.querySelector<HTMLButtonElement>('[data-step="-1"]'),
  inc: box.querySelector<HTMLButtonElement>('[data-step="1"]'),
});

/** Shows "Add" or the stepper on every card, keeping the keyboard focus inside the control. */
function render(): void {
  for (const box of document.querySelectorAll<HTMLElement>('[data-card-cart]')) {
    const { form, stepper, qty, dec, inc } = parts(box);
    if (!form || !stepper || !qty || !dec || !inc) continue;
    const line = lineOf(Number(box.dataset.productId));
    const showStepper = line !== null && line.qty > 0;
    const hadFocus = box.contains(document.activeElement);
    const wasStepper = !stepper.hidden;
    stepper.hidden = !showStepper;
    form.hidden = showStepper;
    if (line) {
      qty.textContent = String(line.qty);
      const stock = Math.max(line.stock, 0);
      dec.disabled = line.locked;
      inc.disabled = line.locked || line.qty >= stock;
    }
    if (hadFocus && wasStepper !== showStepper)
      (showStepper ? (inc.disabled ? dec : inc) : form.querySelector('button'))?.focus();
  }
}

/** Adds one of the card's product (the button reads "Adding..." meanwhile). */
export async function add(form: HTMLFormElement): Promise<void> {
  const box = form.closest<HTMLElement>('[data-card-cart]');
  const button = form.querySelector<HTMLButtonElement>('button[type="submit"]');
  if (!box || !button || button.disabled) return;
  const name = box.dataset.name ?? '';
  const label = button.getAttribute('aria-label');
  button.disabled = true;
  button.textContent = 'Adding...';
  button.setAttribute('aria-label', `Adding ${name}...`);
  try {
    await addToCart(Number(box.dataset.productId), 1);
  } finally {
    button.disabled = false;
    button.textContent = 'Add';
    if (label) button.setAttribute('aria-label', label);
    render();
  }
}

/** One step of a card's stepper: +1 up to the stock, −1 down to 1, and at 1 "−" removes the line. */
export function step(button: HTMLButtonElement): void {
  const box = button.closest<HTMLElement>('[data-card-cart]');
  const line = box ? lineOf(Number(box.dataset.productId)) : null;
  if (!line || line.locked) return;
  const delta = Number(button.dataset.step);
  if (delta > 0 && line.qty < line.stock) void changeQuantity(line.cartId, line.qty + 1);
  else if (delta < 0 && line.qty > 1) void changeQuantity(line.cartId, line.qty - 1);
  else if (delta < 0) void removeFromCart(line.cartId);
}

/**
 * Takes a cart another tab posted before this module was loaded — unless the store already holds
 * one: then it heard that message itself (cart-state.ts listens on the same channel), and this
 * copy, handed over after the module loaded, may be older than what the store has taken since.
 */
export function take(data: CartJson): void {
  if (isSignedIn() && data?.summary && $cart.get().status !== 'ready') takeNewer(data);
}

/** Draws every card's control again (cards an island added after the page loaded). */
export function refresh(): void {
  render();
}

$cart.subscribe(render);
$pendingQty.listen(render);
$lockedLines.listen(render);
if (isSignedIn()) void loadCart();
// Signing in (e.g. from a guest's Add) empties the store's copy (store.ts): fetch the customer's cart.
$session.listen(({ signedIn }) => {
  if (signedIn) void loadCart();
});
