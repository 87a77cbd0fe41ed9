/**
 * The cart shared by every island (spec 000 §2 cart panel and cart screen, §4, §5, §8): the
 * navbar badge, the desktop Shopping Cart card, the mobile panel, /cart, and the Add buttons.
 * The server owns the cart; every cart call answers with the whole cart, which replaces the
 * store's copy. The action functions below are the only writers.
 *
 * - Before the cart is fetched the count comes from the readable `ff_cart` hint cookie; the
 *   count is mirrored to `<html data-cart>` and the `--ff-cart` CSS variable, which the badge
 *   shows, so it is right before hydration and on islands that never hydrate.
 * - A line is locked while its update is in flight; a line that vanished on the server (404)
 *   is removed locally.
 * - Guests who press Add get the login dialog; the product and quantity wait in localStorage
 *   (so they survive a full reload) and are added once the guest has logged in.
 * Client-only: never write these stores in server frontmatter.
 */
import { atom, computed } from 'nanostores';
import { ApiError, apiGet, apiSend } from '../../lib/http/api-client.ts';
import { rupeesToPaise } from '../../lib/money.ts';
import { PENDING_CART_ADD_KEY } from '../checkout/storage-keys.ts';
import { $session, isSignedIn } from '../auth/store.ts';
import { openAuth } from '../auth/open-auth.ts';
import { CART_TOAST_MS, showToast } from '../../lib/ui/toast.ts';

/** One cart line as the islands show it; money in paise. */
export interface CartItem {
  cartId: number;
  productId: number;
  name: string;
  image: string;
  qty: number;
  /** Offer price (what is charged), paise. */
  pricePaise: number;
  /** MRP, paise. */
  mrpPaise: number;
  stock: number;
  lineTotalPaise: number;
  weight: number | null;
  unit: string | null;
}

/** Totals the server computed (spec 001 §9 delivery policy), paise. */
export interface CartTotals {
  itemCount: number;
  subtotalPaise: number;
  deliveryFeePaise: number;
  totalPaise: number;
  freeDeliveryFromPaise: number;
  freeDeliveryRemainingPaise: number;
}

export interface CartState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: CartItem[];
  totals: CartTotals;
}

/** The cart JSON of `/api/customer/*` cart calls (`data.my_cart`, `data.summary`). */
export interface CartJson {
  my_cart: Record<string, unknown>[];
  summary?: Record<string, unknown>;
}

export const MESSAGES = {
  added: 'Item added to cart',
  addFailed: 'Failed to add product to cart. Please try again.',
  qtyFailed: 'Failed to update quantity. The item may have been removed.',
  removeFailed: 'Failed to remove item from cart. Please try again.',
  invalidCartId: 'Error: Invalid cart ID',
  emptyCheckout: 'Your cart is empty. Please add items before checkout.',
  loadFailed: 'Failed to load your cart. Please try again.',
} as const;

const EMPTY_TOTALS: CartTotals = {
  itemCount: 0,
  subtotalPaise: 0,
  deliveryFeePaise: 0,
  totalPaise: 0,
  freeDeliveryFromPaise: 0,
  freeDeliveryRemainingPaise: 0,
};

const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : 0;
};
const paise = (v: unknown): number => {
  const p = rupeesToPaise(typeof v === 'number' || typeof v === 'string' ? v : NaN);
  return Number.isFinite(p) ? p : 0;
};

/** Maps a server cart line (spec 000 §3 "Cart item": cart_id or id, offer_price falling back to price…). */
export function toCartItem(line: Record<string, unknown>): CartItem {
  const qty = num(line.qty ?? line.quantity);
  const pricePaise = paise(line.offer_price ?? line.price);
  return {
    cartId: num(line.cart_id ?? line.id),
    productId: num(line.product_id),
    name: String(line.product_name ?? line.name ?? 'Unnamed Product'),
    image: String(line.product_image ?? line.image ?? ''),
    qty,
    pricePaise,
    mrpPaise: paise(line.price ?? line.offer_price),
    stock: num(line.stock),
    lineTotalPaise: line.line_total !== undefined ? paise(line.line_total) : pricePaise * qty,
    weight: line.weight === null || line.weight === undefined ? null : num(line.weight),
    unit: typeof line.unit === 'string' ? line.unit : null,
  };
}

/** Maps the cart JSON to the store's state (totals summed from the lines when no summary came). */
export function toCartState(data: CartJson): CartState {
  const items = (Array.isArray(data.my_cart) ? data.my_cart : []).map(toCartItem);
  const s = data.summary;
  const subtotal = items.reduce((sum, i) => sum + i.lineTotalPaise, 0);
  const totals: CartTotals = s
    ? {
        itemCount: num(s.item_count),
        subtotalPaise: paise(s.subtotal),
        deliveryFeePaise: paise(s.delivery_fee),
        totalPaise: paise(s.total),
        freeDeliveryFromPaise: paise(s.free_delivery_from),
        freeDeliveryRemainingPaise: paise(s.free_delivery_remaining),
      }
    : { ...EMPTY_TOTALS, itemCount: items.reduce((n, i) => n + i.qty, 0), subtotalPaise: subtotal, totalPaise: subtotal };
  return { status: 'ready', items, totals };
}

function readHintCount(): number {
  if (typeof document === 'undefined') return 0;
  const match = /(?:^|;\s*)ff_cart=(\d{1,3})(?:;|$)/.exec(document.cookie);
  return match && isSignedIn() ? Number(match[1]) : 0;
}

/** The cart. */
export const $cart = atom<CartState>({ status: 'idle', items: [], totals: EMPTY_TOTALS });
/** Count from the hint cookie, used until the cart has been fetched. */
const $hintCount = atom<number>(readHintCount());
/** Cart ids of lines whose update is in flight. */
export const $lockedLines = atom<ReadonlySet<number>>(new Set());

/** Units in the cart (the badge). */
export const $cartCount = computed([$cart, $hintCount], (cart, hint) => (cart.status === 'ready' ? cart.totals.itemCount : hint));
/** The cart total in paise (server figure). */
export const $cartTotal = computed($cart, (cart) => cart.totals.totalPaise);

function lock(cartId: number, on: boolean): void {
  const next = new Set($lockedLines.get());
  if (on) next.add(cartId);
  else next.delete(cartId);
  $lockedLines.set(next);
}

function apply(data: CartJson): void {
  $cart.set(toCartState(data));
}

/** Seeds the store with a cart the page rendered on the server (e.g. /cart). */
export function seedCart(data: CartJson): void {
  apply(data);
}

let loading: Promise<void> | null = null;

/** Fetches the cart once (again with `force`); a guest's cart is empty. */
export function loadCart(force = false): Promise<void> {
  if (!isSignedIn()) {
    $cart.set({ status: 'ready', items: [], totals: EMPTY_TOTALS });
    return Promise.resolve();
  }
  if (!force && ($cart.get().status === 'ready' || loading)) return loading ?? Promise.resolve();
  if ($cart.get().status !== 'ready') $cart.set({ ...$cart.get(), status: 'loading' });
  loading = apiGet<CartJson>('/api/customer/my-cart', { fallbackMessage: MESSAGES.loadFailed })
    .then(apply)
    .catch((err: unknown) => {
      if (err instanceof ApiError && err.status === 401) return;
      console.error('Cart load failed', err);
      $cart.set({ ...$cart.get(), status: 'error' });
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

interface PendingAdd {
  productId: number;
  qty: number;
  at: number;
}

/** How long a guest's add waits for their login. */
const PENDING_TTL_MS = 30 * 60_000;

function readPending(): PendingAdd | null {
  try {
    const raw = localStorage.getItem(PENDING_CART_ADD_KEY);
    if (!raw) return null;
    const v = JSON.parse(raw) as Partial<PendingAdd>;
    const ok =
      Number.isInteger(v.productId) && v.productId! > 0 && Number.isInteger(v.qty) && v.qty! > 0 && v.qty! <= 999 && typeof v.at === 'number' && Date.now() - v.at < PENDING_TTL_MS;
    if (!ok) localStorage.removeItem(PENDING_CART_ADD_KEY);
    return ok ? (v as PendingAdd) : null;
  } catch {
    return null;
  }
}

function writePending(value: PendingAdd | null): void {
  try {
    if (value) localStorage.setItem(PENDING_CART_ADD_KEY, JSON.stringify(value));
    else localStorage.removeItem(PENDING_CART_ADD_KEY);
  } catch (err) {
    console.warn('Could not remember the item for after login', err);
  }
}

async function postAdd(productId: number, qty: number): Promise<boolean> {
  const body = new FormData();
  body.set('product_id', String(productId));
  body.set('qty', String(qty));
  try {
    apply(await apiSend<CartJson>('/api/customer/add-product', { body, fallbackMessage: MESSAGES.addFailed }));
    showToast(MESSAGES.added, { ms: CART_TOAST_MS });
    return true;
  } catch (err) {
    showToast(err instanceof ApiError ? err.message : MESSAGES.addFailed, { tone: 'error' });
    return false;
  }
}

/**
 * Adds `qty` of a product (spec 000 §4). A guest gets the login dialog instead, and the item is
 * added after the login. Resolves true when the item was added now.
 */
export async function addToCart(productId: number, qty = 1): Promise<boolean> {
  if (!isSignedIn()) {
    writePending({ productId, qty, at: Date.now() });
    void openAuth('login', (signedIn) => {
      if (!signedIn) writePending(null);
    });
    return false;
  }
  return postAdd(productId, qty);
}

let flushing = false;

/** Adds a guest's remembered item once they are signed in. */
async function flushPendingAdd(): Promise<void> {
  if (flushing || !isSignedIn()) return;
  const pending = readPending();
  if (!pending) return;
  flushing = true;
  writePending(null);
  try {
    await postAdd(pending.productId, pending.qty);
  } finally {
    flushing = false;
  }
}

function validCartId(cartId: number): boolean {
  if (Number.isInteger(cartId) && cartId > 0) return true;
  window.alert(MESSAGES.invalidCartId);
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

/**
 * Sets a line's quantity: a higher value calls increase-qty, a lower one (at least 1)
 * decrease-qty (spec 000 §4). The line is locked meanwhile; a 404 removes it locally.
 */
export async function changeQuantity(cartId: number, nextQty: number): Promise<void> {
  if (!validCartId(cartId)) return;
  const line = $cart.get().items.find((i) => i.cartId === cartId);
  if (!line || $lockedLines.get().has(cartId) || nextQty < 1 || nextQty === line.qty) return;
  const path = nextQty > line.qty ? '/api/customer/increase-qty' : '/api/customer/decrease-qty';
  lock(cartId, true);
  try {
    apply(await apiSend<CartJson>(path, { body: new URLSearchParams({ cart_id: String(cartId) }), fallbackMessage: MESSAGES.qtyFailed }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) {
      dropLocally(cartId);
      showToast(MESSAGES.qtyFailed, { tone: 'error' });
    } else if (!(err instanceof ApiError && err.status === 401)) {
      showToast(err instanceof ApiError ? err.message : MESSAGES.qtyFailed, { tone: 'error' });
    }
  } finally {
    lock(cartId, false);
  }
}

/** Removes a line (after the caller's Cancel/Remove confirmation). */
export async function removeFromCart(cartId: number): Promise<void> {
  if (!validCartId(cartId) || $lockedLines.get().has(cartId)) return;
  lock(cartId, true);
  const body = new FormData();
  body.set('cart_id', String(cartId));
  try {
    apply(await apiSend<CartJson>('/api/customer/delete-product', { body, fallbackMessage: MESSAGES.removeFailed }));
  } catch (err) {
    if (err instanceof ApiError && err.status === 404) dropLocally(cartId);
    else if (!(err instanceof ApiError && err.status === 401)) showToast(MESSAGES.removeFailed, { tone: 'error' });
  } finally {
    lock(cartId, false);
  }
}

/**
 * The Checkout button (spec 000 §5): an empty cart alerts, a guest gets the login dialog,
 * otherwise the browser goes to /checkout.
 */
export function checkout(): void {
  if (!isSignedIn()) {
    void openAuth('login');
    return;
  }
  if ($cartCount.get() === 0) {
    window.alert(MESSAGES.emptyCheckout);
    return;
  }
  window.location.assign('/checkout');
}

function reflectCount(count: number): void {
  const root = document.documentElement;
  root.dataset.cart = String(count);
  root.style.setProperty('--ff-cart', `"${count}"`);
  const label = cartLabel(count);
  for (const el of document.querySelectorAll('[data-cart-link]')) el.setAttribute('aria-label', label);
}

/** The cart control's accessible name for `count` units. */
export function cartLabel(count: number): string {
  return `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
}

if (typeof window !== 'undefined') {
  $cartCount.subscribe(reflectCount);
  $session.listen(({ signedIn }) => {
    $lockedLines.set(new Set());
    if (!signedIn) {
      writePending(null);
      $hintCount.set(0);
      $cart.set({ status: 'idle', items: [], totals: EMPTY_TOTALS });
      return;
    }
    $hintCount.set(readHintCount());
    $cart.set({ status: 'idle', items: [], totals: EMPTY_TOTALS });
    void flushPendingAdd();
  });
  void flushPendingAdd();
}
