/**
 * Cart rules shared by the server, the route contracts and the islands
 * (docs/storefront-rules.md#cart): the texts, the quantity limits and the cart-id rule. Pure and
 * browser-safe (no zod), so islands import them instead of restating them. The delivery fee is
 * `delivery-fee.ts`.
 */

export * from './substitution.ts';

/** Texts of the cart. */
export const CART_MESSAGES = {
  added: 'Item added to cart',
  removed: 'Item removed from cart',
  cleared: 'Cart cleared',
  /** 400 for a cart id that is not a positive whole number. */
  invalidCartId: 'Invalid cart ID',
  /** The browser's alert for the same. */
  invalidCartIdAlert: 'Error: Invalid cart ID',
  invalidProductId: 'Invalid product id.',
  badQuantity: 'Quantity must be a whole number from 1 to 999.',
  belowOne: 'Quantity cannot be less than 1.',
  productNotFound: 'Product not found.',
  /** A step on a line that is not (or no longer) the customer's: the 404's text and the island's toast. */
  qtyFailed: 'Failed to update quantity. The item may have been removed.',
  lineNotFound: 'Cart item not found. It may have been removed already.',
  addFailed: 'Failed to add product to cart. Please try again.',
  removeFailed: 'Failed to remove item from cart. Please try again.',
  emptyCheckout: 'Your cart is empty. Please add items before checkout.',
  loadFailed: 'Failed to load your cart. Please try again.',
  /** After a form add (POST /cart/add) of a product gone or short of stock. */
  unavailable: 'Sorry, this item could not be added: it is out of stock or not available in that quantity.',
  /** An online order awaiting its payment holds the lines it was placed with (docs/orders-and-payments.md). */
  heldByPayment: (orderId: number) => `We are checking your payment for order #${orderId}`,
  /** Why checkout waits while that order's payment is unresolved. */
  checkoutWaits: (orderId: number) =>
    `You can check out once the payment for order #${orderId} is settled: it is placed, or its items come back to your cart.`,
  /** Beside a line whose product left the shop (archived, switched off, or its category hidden) after it was added. */
  lineUnavailable: 'No longer available',
  /** Why checkout waits while the cart holds such a line. */
  checkoutUnavailable: 'Remove the items that are no longer available to check out.',
} as const;

/** `Sorry, {name} is no longer available. Please remove it from your cart.` (409 at checkout or on a step up). */
export const noLongerAvailableMessage = (name: string) =>
  `Sorry, ${name} is no longer available. Please remove it from your cart.`;

/**
 * The 409 at checkout naming every line no longer available at once: the one-product wording for
 * one, else `Sorry, A, B and C are no longer available. Please remove them from your cart.`
 */
export function noneAvailableMessage(names: readonly string[]): string {
  if (names.length <= 1) return noLongerAvailableMessage(names[0] ?? 'this item');
  const listed = `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  return `Sorry, ${listed} are no longer available. Please remove them from your cart.`;
}

/** `Sorry, {name} is out of stock.` (409). */
export const outOfStockMessage = (name: string) => `Sorry, ${name} is out of stock.`;
/** `Only {stock} of {name} left in stock.` (409, with `data.stock`). */
export const onlyLeftMessage = (name: string, stock: number) => `Only ${stock} of ${name} left in stock.`;

/** Smallest quantity of a line (quantities go in steps of 1). */
export const MIN_LINE_QTY = 1;
/** Largest quantity one add may ask for (3 digits); the stock caps a line further. */
export const MAX_ADD_QTY = 999;

/** Whether `qty` is a quantity one add may ask for (1 to 999 units). */
export function isAddableQty(qty: number): boolean {
  return Number.isInteger(qty) && qty >= MIN_LINE_QTY && qty <= MAX_ADD_QTY;
}

/** Whether `cartId` is a cart line id (a positive whole number). */
export function isCartId(cartId: number): boolean {
  return Number.isInteger(cartId) && cartId >= 1;
}

import type { Substitution } from './substitution.ts';

/**
 * One cart line in paise, as the server computes it (server/cart.ts `listCart`) and as the
 * islands hold it after mapping the cart JSON (cart-state.ts).
 */
export interface CartLine {
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
  /** `pricePaise × qty`. */
  lineTotalPaise: number;
  weight: number | null;
  unit: string | null;
  /** If out of stock: this line's own choice, null = the order's (substitution.ts). */
  substitution: Substitution | null;
  /** Whether the product is still on sale; a line that is not cannot be ordered. */
  available: boolean;
}

/** The cart's totals with the delivery zone's fee, paise; computed on the server only. */
export interface CartTotals {
  itemCount: number;
  subtotalPaise: number;
  deliveryFeePaise: number;
  totalPaise: number;
  freeDeliveryFromPaise: number;
  freeDeliveryRemainingPaise: number;
  /** The delivery zone's minimum order (0: none) and how much more reaches it. */
  minOrderPaise: number;
  minOrderRemainingPaise: number;
  /** The zone the fee is for while the customer's zone is not known yet (an estimate); null: theirs. */
  deliveryEstimateZone: string | null;
}
