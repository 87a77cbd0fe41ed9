/**
 * The cart's client state (docs/storefront-rules.md#cart): the atoms
 * every cart island reads, and the mapping of the server's cart (`data.my_cart`,
 * `data.summary`, typed by contract.ts) to them, money in paise. No network here: cart-sync.ts
 * talks to the server, store.ts is the islands' entry point.
 * Client-only: never write these stores in server frontmatter.
 */
import { atom, computed } from 'nanostores';
import { isSignedIn } from '#features/auth/store.ts';
import type { DataOut } from '#lib/http/contract.ts';
import { rupeesToPaise } from '#lib/money.ts';
import type { myCartRoute } from './contract.ts';
import type { CartLine, CartTotals } from './rules.ts';

/** The cart JSON every cart route answers with (`data.my_cart`, `data.summary`). */
export type CartJson = DataOut<typeof myCartRoute>;
type CartLineJson = CartJson['my_cart'][number];

/** One cart line as the islands show it; money in paise (rules.ts `CartLine`). */
export type CartItem = CartLine;
export type { CartTotals };

export interface CartState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  items: CartItem[];
  totals: CartTotals;
}

export const EMPTY_TOTALS: CartTotals = {
  itemCount: 0,
  subtotalPaise: 0,
  deliveryFeePaise: 0,
  totalPaise: 0,
  freeDeliveryFromPaise: 0,
  freeDeliveryRemainingPaise: 0,
  minOrderPaise: 0,
  minOrderRemainingPaise: 0,
  deliveryEstimateZone: null,
};

/** Maps a server cart line (the price charged is offer_price). */
export function toCartItem(line: CartLineJson): CartItem {
  return {
    cartId: line.cart_id,
    productId: line.product_id,
    name: line.product_name || 'Unnamed Product',
    image: line.product_image,
    qty: line.qty,
    pricePaise: rupeesToPaise(line.offer_price),
    mrpPaise: rupeesToPaise(line.price),
    stock: line.stock,
    lineTotalPaise: rupeesToPaise(line.line_total),
    weight: line.weight,
    unit: line.unit,
    substitution: line.substitution ?? null,
    available: line.available ?? true,
  };
}

/** Maps the cart JSON to the store's state. */
export function toCartState(data: CartJson): CartState {
  const s = data.summary;
  return {
    status: 'ready',
    items: data.my_cart.map(toCartItem),
    totals: {
      itemCount: s.item_count,
      subtotalPaise: rupeesToPaise(s.subtotal),
      deliveryFeePaise: rupeesToPaise(s.delivery_fee),
      totalPaise: rupeesToPaise(s.total),
      freeDeliveryFromPaise: rupeesToPaise(s.free_delivery_from),
      freeDeliveryRemainingPaise: rupeesToPaise(s.free_delivery_remaining),
      minOrderPaise: rupeesToPaise(s.min_order ?? 0),
      minOrderRemainingPaise: rupeesToPaise(s.min_order_remaining ?? 0),
      deliveryEstimateZone: s.delivery_estimate_zone ?? null,
    },
  };
}

/** An empty cart in the given status. */
export const emptyCart = (status: CartState['status']): CartState => ({ status, items: [], totals: EMPTY_TOTALS });

/** The count in the readable `ff_cart` hint cookie (set by every cart answer), 0 for a guest. */
export function readHintCount(): number {
  if (typeof document === 'undefined') return 0;
  const match = /(?:^|;\s*)ff_cart=(\d{1,3})(?:;|$)/.exec(document.cookie);
  return match && isSignedIn() ? Number(match[1]) : 0;
}

/** The cart. Written only by the actions of cart-sync.ts, pending-add.ts and store.ts. */
export const $cart = atom<CartState>(emptyCart('idle'));
/** Count from the hint cookie, used until the cart has been fetched. */
export const $hintCount = atom<number>(readHintCount());
/** Cart ids of lines whose update is in flight. */
export const $lockedLines = atom<ReadonlySet<number>>(new Set());

/**
 * Quantities the customer has tapped to that the server has not confirmed yet (cart id → qty).
 * The steppers show them; the badge and every amount stay the server's.
 */
export const $pendingQty = atom<ReadonlyMap<number, number>>(new Map());

/** Records (or, with undefined, forgets) a line's quantity awaiting the server. */
export function setPendingQty(cartId: number, qty: number | undefined): void {
  const next = new Map($pendingQty.get());
  if (qty === undefined) next.delete(cartId);
  else next.set(cartId, qty);
  $pendingQty.set(next);
}

/** Units in the cart (the badge). */
export const $cartCount = computed([$cart, $hintCount], (cart, hint) =>
  cart.status === 'ready' ? cart.totals.itemCount : hint,
);
/** The cart total in paise (server figure). */
export const $cartTotal = computed($cart, (cart) => cart.totals.totalPaise);

/** Locks or unlocks a line while its update is in flight. */
export function lock(cartId: number, on: boolean): void {
  const next = new Set($lockedLines.get());
  if (on) next.add(cartId);
  else next.delete(cartId);
  $lockedLines.set(next);
}

let seeded = 0;
/** How many server carts this tab has taken so far (a load started before a change's answer is stale). */
export const seedCount = (): number => seeded;

/**
 * Takes a server cart newer than what this tab holds, and counts it — also on
 * `<html data-cart-seq>`, which the head script's refresh (src/layouts/head-script.ts) checks so
 * that a cart it fetched before a change does not undo that change when it arrives after it.
 */
export function takeNewer(data: CartJson): void {
  seeded += 1;
  if (typeof document !== 'undefined') document.documentElement.dataset.cartSeq = String(seeded);
  $cart.set(toCartState(data));
}

/** The other tabs of this browser, so the badge follows a change made in another tab. */
const tabs = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('ff-cart');

/**
 * Replaces the store's cart with a server answer (e.g. the cart /cart rendered, or a reorder's)
 * and hands it to the other tabs of this browser, which take it without asking the server.
 */
export function seedCart(data: CartJson): void {
  takeNewer(data);
  tabs?.postMessage(data);
}

if (tabs) {
  tabs.onmessage = (event: MessageEvent<CartJson>) => {
    if (isSignedIn() && event.data?.summary) takeNewer(event.data);
  };
}
