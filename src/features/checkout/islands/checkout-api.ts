/**
 * The checkout's calls to the API, each through the typed client (src/lib/http/client.ts) and
 * the route it names: the address list, the cart, the server's figures and placing the order.
 * Errors are the client's `ApiError` (message, status, data).
 */

import type { listAddressesRoute } from '#features/addresses/contract.ts';
import type { myCartRoute } from '#features/cart/contract.ts';
import { callRoute } from '#lib/http/client.ts';
import type { BodyIn, DataOut } from '#lib/http/contract.ts';
import type { checkoutSummaryRoute, placeOrderRoute } from '../contract.ts';
import { CHECKOUT_MESSAGES as MSG } from '../rules.ts';
import type { AddressJson, CartLineJson } from './checkout-shared.ts';

/** An order as place-order answers it. */
export type PlacedOrder = DataOut<typeof placeOrderRoute>['order'];

/** The gateway order place-order answers for Pay Online (Razorpay's order id; amount in paise). */
export type PaymentSession = NonNullable<DataOut<typeof placeOrderRoute>['payment']>;

/** What place-order sends: the address, payment mode and the server's own figures. */
export type OrderBody = BodyIn<typeof placeOrderRoute>;

/** The customer's addresses, default first. */
export async function fetchAddresses(): Promise<AddressJson[]> {
  const { data } = await callRoute<typeof listAddressesRoute>('GET /api/customer/address-list', {
    fallbackMessage: MSG.fetchFailed,
  });
  return data.address_list;
}

/** The customer's cart lines. */
export async function fetchCartLines(): Promise<CartLineJson[]> {
  const { data } = await callRoute<typeof myCartRoute>('GET /api/customer/my-cart', {});
  return data.my_cart;
}

/** The server's figures for a promo code, a number of points and the delivery address. */
export async function fetchSummary(promocode: string | null, points: number, addressId: number | undefined) {
  const { data } = await callRoute<typeof checkoutSummaryRoute>('GET /api/customer/checkout-summary', {
    query: {
      promocode: promocode ?? undefined,
      points: points ? String(points) : undefined,
      address_id: addressId?.toString(),
    },
    fallbackMessage: MSG.summaryFailed,
  });
  return data;
}

/**
 * Places the order; the same `idempotencyKey` and body never make a second order. Pay Online
 * answers the order awaiting payment with the gateway order to pay (`payment`); null otherwise.
 */
export async function sendOrder(
  body: OrderBody,
  idempotencyKey: string,
): Promise<{ order: PlacedOrder; payment: PaymentSession | null }> {
  const { data } = await callRoute<typeof placeOrderRoute>('POST /api/customer/place-order', {
    body,
    headers: { 'Idempotency-Key': idempotencyKey },
    fallbackMessage: MSG.orderFailed,
  });
  return { order: data.order, payment: data.payment ?? null };
}
