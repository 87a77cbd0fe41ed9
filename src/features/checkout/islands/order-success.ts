/**
 * What follows a placed order in the browser: the Order Confirmed screen's figures, the saved
 * checkout choices and the order's substitution choice forgotten, and the cart store emptied (the
 * server emptied the cart with the order, so the navbar badge follows at once). Continue shopping
 * on Order Confirmed leaves the order-success message for the home page's toast.
 */
import { markCartOrdered } from '#features/cart/store.ts';
import { ORDER_SUCCESS_KEY } from '#lib/ui/storage-keys.ts';
import {
  orderSuccessMessage,
  PAYMENT_CHOICE_OF_MODE,
  PAYMENT_LABELS,
  type PaymentChoice,
  type PaymentMode,
  paymentStatusText,
} from '../rules.ts';
import { resetOrderSubstitution } from '../store.ts';
import type { PlacedOrder } from './checkout-api.ts';
import { clearCheckoutChoices } from './checkout-choices.ts';
import { paise } from './checkout-shared.ts';
import type { Confirmation } from './checkout-state.ts';

/** The Order Confirmed screen's figures for `order`, paid by `mode`. */
export function confirmationOf(order: PlacedOrder, mode: PaymentChoice): Confirmation {
  return {
    orderId: order.id,
    itemCount: order.order_items.reduce((units, line) => units + line.qty, 0),
    paidPaise: paise(order.paid_amount),
    label: PAYMENT_LABELS[mode],
    paymentStatus: paymentStatusText(mode, order.payment_status),
    slot: order.delivery_slot?.label,
    invoiceUrl: order.invoice_url,
  };
}

/** The Order Confirmed screen's figures for an order read back from the server (a reload). */
export function confirmationOfPlaced(order: PlacedOrder): Confirmation {
  return confirmationOf(order, PAYMENT_CHOICE_OF_MODE[order.payment_mode as PaymentMode] ?? 'cod');
}

/**
 * The address of the Order Confirmed screen: /checkout?placed=ID, which the page renders again as
 * Order Confirmed on a reload (the cart it came from is empty by then).
 */
export const confirmedHref = (orderId: number) => `/checkout?placed=${orderId}`;

/** Records a placed order in the browser's stores (see the module comment). */
export function recordOrderPlaced(): void {
  resetOrderSubstitution();
  clearCheckoutChoices();
  markCartOrdered();
}

/** Leaves "Your order #N has been placed successfully!" for the home page's toast (Continue shopping). */
export function leaveOrderSuccess(orderId: number): void {
  try {
    window.localStorage.setItem(ORDER_SUCCESS_KEY, JSON.stringify({ message: orderSuccessMessage(orderId) }));
  } catch (err) {
    console.warn('Could not store the order-success message', err);
  }
}
