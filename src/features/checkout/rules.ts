/**
 * Checkout rules shared by the server and the checkout islands (docs/orders-and-payments.md): the
 * payment modes, the checkout's texts and timings. Browser-safe and schema-free (the place-order
 * payload schema is in contract.ts).
 */

import type { PaymentMode } from '#features/orders/rules.ts';
import { formatPaise } from '#lib/money.ts';

export type { PaymentMode } from '#features/orders/rules.ts';

/** A payment mode as clients send it: cod → Cash, card → Card, credit → Credit, online → Online. */
export type PaymentChoice = 'cod' | 'card' | 'credit' | 'online';

/** What clients may send as payment_mode, and what it is stored as. */
export const PAYMENT_MODE_ALIASES: Record<string, PaymentMode> = {
  cod: 'Cash',
  cash: 'Cash',
  card: 'Card',
  credit: 'Credit',
  online: 'Online',
};

/** The checkout's choice an order's stored payment mode came from. */
export const PAYMENT_CHOICE_OF_MODE: Record<PaymentMode, PaymentChoice> = {
  Cash: 'cod',
  Card: 'card',
  Credit: 'credit',
  Online: 'online',
};

/** How the Order Confirmed screen names each mode. */
export const PAYMENT_LABELS: Record<PaymentChoice, string> = {
  cod: 'Cash on Delivery',
  card: 'Card on Delivery',
  credit: 'Credit',
  online: 'Online payment',
};

/**
 * Where an order's payment stands, as the Order Confirmed screen says it under the payment mode.
 * A Credit order is debited from the customer's credit when it is placed.
 * @example paymentStatusText('cod', 'unpaid') // 'Pay in cash on delivery'
 */
export function paymentStatusText(mode: PaymentChoice, status: string): string {
  if (status === 'paid') return 'Paid';
  if (status === 'pending') return 'Awaiting payment';
  if (status === 'refunded') return 'Refunded';
  if (mode === 'credit') return 'Paid from your credit';
  return mode === 'card' ? 'Pay by card on delivery' : 'Pay in cash on delivery';
}

/**
 * Whether Pay using Credit can be chosen, and the line under it: a Credit order is paid from the
 * credit in full (place-order answers 422 otherwise), so with no credit, or less than the order's
 * total, the option is disabled and says why. `totalPaise` null: the figures are not known yet.
 * @example creditChoice(0, 10500) // { usable: false, hint: 'No credit available' }
 * @example creditChoice(5000, 10500) // { usable: false, hint: 'Available credit: ₹50.00, not enough for this order' }
 */
export function creditChoice(creditPaise: number, totalPaise: number | null): { usable: boolean; hint: string } {
  if (totalPaise === null) return { usable: true, hint: `Available credit: ${formatPaise(creditPaise)}` };
  if (creditPaise <= 0) return { usable: false, hint: 'No credit available' };
  if (creditPaise < totalPaise)
    return { usable: false, hint: `Available credit: ${formatPaise(creditPaise)}, not enough for this order` };
  return { usable: true, hint: `Available credit: ${formatPaise(creditPaise)}` };
}

/** "1 item", "3 items": units, the quantities summed. */
export const itemsText = (units: number) => `${units} ${units === 1 ? 'item' : 'items'}`;

/** The checkout's texts, as customers see them. */
export const CHECKOUT_MESSAGES = {
  loginToFetch: 'Please log in to fetch addresses.',
  fetchFailed: 'Failed to fetch addresses. Please log in and try again.',
  reloadFailed: 'Failed to fetch addresses after adding a new one.',
  added: 'Address added successfully!',
  login: 'Please log in to place an order.',
  empty: 'Your cart is empty. Please add items to your cart.',
  noAddress: 'Please select a delivery address.',
  noMethod: 'Please select a payment method to continue with your order.',
  orderError: 'An error occurred while placing the order.',
  orderFailed: 'Failed to place order',
  payInit: 'Payment initialization failed.',
  payFailed: 'Payment processing failed.',
  /** After a decline: the spec's text, then what to do next. */
  payDeclined: 'Payment processing failed. Please try again, or choose another payment method.',
  /** The payment sheet was closed without paying. */
  payClosed: 'Payment cancelled: no money was taken. You can try again, or choose another payment method.',
  summaryFailed: 'Failed to load the order summary. Please try again.',
  promoMissing: 'Please enter a promo code.',
  promoInvalid: 'Invalid promo code.',
  promoFailed: 'Failed to apply promo code.',
  promoApplied: 'Promo code applied!',
  pointsWhole: 'points must be a whole number.',
} as const;

/** After a reload, a saved promo code that no longer applies: why it was removed. */
export const promoDroppedMessage = (code: string, reason: string) => `Promo code ${code} was removed: ${reason}`;

/** The order-success message the home page shows after Continue shopping on Order Confirmed. */
export const orderSuccessMessage = (orderId: number) => `Your order #${orderId} has been placed successfully!`;

/** How long the checkout's own toasts stay up, in milliseconds. */
export const CHECKOUT_TOAST_MS = 2500;

/** Delay before going to /login after a login prompt, in milliseconds. */
export const LOGIN_REDIRECT_MS = 2000;
