/**
 * What follows a placed order in the browser: the Order Confirmed screen's figures, the
 * order-success message stored for the home page's toast, the saved checkout choices and the
 * order's substitution choice forgotten, and the cart store emptied (the server emptied the cart
 * with the order, so the navbar badge follows at once).
 */
import { markCartOrdered } from '#features/cart/store.ts';
import { ORDER_SUCCESS_KEY } from '#lib/ui/storage-keys.ts';
import { orderSuccessMessage, PAYMENT_LABELS, type PaymentChoice } from '../rules.ts';
import { resetOrderSubstitution } from '../store.ts';
import type { PlacedOrder } from './checkout-api.ts';
import { clearCheckoutChoices } from './checkout-choices.ts';
import { paise } from './checkout-shared.ts';
import type { Confirmation } from './checkout-state.ts';

/** The Order Confirmed screen's figures for `order`, paid by `mode`. */
export function confirmationOf(order: PlacedOrder, mode: PaymentChoice): Confirmation {
  return {
    orderId: order.id,
    paidPaise: paise(order.paid_amount),
    label: PAYMENT_LABELS[mode],
    slot: order.delivery_slot?.label,
  };
}

/** Records a placed order in the browser's stores (see the module comment). */
export function recordOrderPlaced(order: PlacedOrder): void {
  resetOrderSubstitution();
  clearCheckoutChoices();
  try {
    window.localStorage.setItem(ORDER_SUCCESS_KEY, JSON.stringify({ message: orderSuccessMessage(order.id) }));
  } catch (err) {
    console.warn('Could not store the order-success message', err);
  }
  markCartOrdered();
}
