/**
 * The calls of paying online after place-order answered a gateway order (`data.payment`): the
 * simulator's checkout (PAYMENT_GATEWAY=simulator; the shop forwards it to the local simulator),
 * the checkout callback's verification, and the customer's decline or abandon (cancel), each
 * through the typed client. Errors are its `ApiError` (message, status).
 */

import type { cancelPaymentRoute, verifyPaymentRoute } from '#features/orders/contract.ts';
import type { simulatorPayRoute } from '#features/payments/contract.ts';
import { callRoute } from '#lib/http/client.ts';
import type { PlacedOrder } from './checkout-api.ts';

export type { PaymentSession } from './checkout-api.ts';

/** What the gateway's checkout hands back for a payment: Razorpay's callback fields. */
export interface CheckoutCallback {
  razorpay_order_id: string;
  razorpay_payment_id: string;
  razorpay_signature: string;
}

/** How the customer pays in the simulator's checkout. */
export type SimulatorMethod = 'upi' | 'card' | 'netbanking' | 'wallet';

/** Pays (or declines) the gateway order `orderId` in the simulator; a decline answers 402. */
export async function simulatorPay(
  orderId: string,
  method: SimulatorMethod,
  outcome: 'success' | 'decline',
): Promise<CheckoutCallback> {
  const { data } = await callRoute<typeof simulatorPayRoute>('POST /api/payments/simulator/pay', {
    body: { order_id: orderId, method, outcome },
  });
  return data;
}

/** Verifies the checkout callback's signature; answers the paid order (400 for a bad signature). */
export async function verifyPayment(callback: CheckoutCallback): Promise<PlacedOrder> {
  const { data } = await callRoute<typeof verifyPaymentRoute>('POST /api/customer/payments/razorpay/verify', {
    body: { ...callback },
  });
  return data.order;
}

/**
 * The customer declined or left the payment: the order is released and the cart lines come back
 * (null), or the gateway says it was paid after all (the paid order).
 */
export async function cancelPayment(orderId: string): Promise<PlacedOrder | null> {
  const { data } = await callRoute<typeof cancelPaymentRoute>('POST /api/customer/payments/razorpay/cancel', {
    body: { razorpay_order_id: orderId },
  });
  return data.status === 'paid' ? data.order : null;
}
