/**
 * The orders' route handlers (contracts in contract.ts; mounted by
 * src/pages/api/customer/{my-orders,orders/[id],cancel-order,reorder}.ts; the online payment's
 * checkout callback and cancel by src/pages/api/customer/payments/razorpay/{verify,cancel}.ts).
 */

import { setCartHint } from '#features/auth/index.ts';
import { cartLineJson, cartSummaryJson, listCart, summarize } from '#features/cart/index.ts';
import { cartPolicy } from '#features/delivery/index.ts';
import {
  cancelCheckoutPayment,
  checkCheckoutPayment,
  getPaymentGateway,
  verifyCheckoutPayment,
} from '#features/payments/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import {
  cancelOrderRoute,
  cancelPaymentRoute,
  checkPaymentRoute,
  myOrdersRoute,
  orderRoute,
  pendingPaymentRoute,
  reorderRoute,
  verifyPaymentRoute,
} from './contract.ts';
import { orderJson } from './server/order-json.ts';
import { getOrder, listOrders, pendingOnlineOrder } from './server/queries.ts';
import { reorder, reorderJson, reorderMessage } from './server/reorder.ts';
import { cancelOrder } from './server/status.ts';

export const myOrdersEndpoint = implement(myOrdersRoute, async ({ customer }) => ({
  data: { orders: (await listOrders(await getDb(), customer.id)).map(orderJson) },
  headers: NO_STORE,
}));

export const orderEndpoint = implement(orderRoute, async ({ params, customer }) => ({
  data: { order: orderJson(await getOrder(await getDb(), customer.id, params.id)) },
  headers: NO_STORE,
}));

export const cancelOrderEndpoint = implement(cancelOrderRoute, async ({ body, customer }) => ({
  message: 'Your order has been cancelled.',
  data: { order: orderJson(await cancelOrder(await getDb(), customer.id, body.order_id)) },
  headers: NO_STORE,
}));

/** Buy again: the order's in-stock items into the cart, then the cart as it is now (and its count hint). */
export const reorderEndpoint = implement(reorderRoute, async ({ ctx, body, customer }) => {
  const db = await getDb();
  const result = await reorder(db, customer.id, body.order_id);
  const lines = await listCart(db, customer.id);
  const summary = summarize(lines, await cartPolicy(db, ctx.cookies, customer.id));
  setCartHint(ctx.cookies, ctx, summary.itemCount);
  return {
    message: reorderMessage(result),
    data: { ...reorderJson(result), my_cart: lines.map(cartLineJson), summary: cartSummaryJson(summary) },
    headers: NO_STORE,
  };
});

// ── The online payment (ADR 0075) ─────────────────────────────────────────────────────────

export const verifyPaymentEndpoint = implement(verifyPaymentRoute, async ({ body, customer }) => {
  const db = await getDb();
  const orderId = await verifyCheckoutPayment(db, getPaymentGateway(), customer.id, {
    orderId: body.razorpay_order_id,
    paymentId: body.razorpay_payment_id,
    signature: body.razorpay_signature,
  });
  const order = await getOrder(db, customer.id, orderId);
  return {
    message: 'Order placed successfully!',
    data: { order: orderJson(order), order_id: order.id, success: true as const },
    headers: NO_STORE,
  };
});

export const cancelPaymentEndpoint = implement(cancelPaymentRoute, async ({ body, customer }) => {
  const db = await getDb();
  const { orderId, outcome } = await cancelCheckoutPayment(
    db,
    getPaymentGateway(),
    customer.id,
    body.razorpay_order_id,
  );
  const order = outcome === 'paid' ? orderJson(await getOrder(db, customer.id, orderId)) : null;
  return {
    message:
      outcome === 'paid'
        ? 'Your payment went through: the order is placed.'
        : 'Your order was not placed and your cart is unchanged.',
    data: { status: outcome, order_id: orderId, order },
    headers: NO_STORE,
  };
});

/** The order whose payment the cart and checkout wait on (null when none awaits its payment). */
export const pendingPaymentEndpoint = implement(pendingPaymentRoute, async ({ customer }) => {
  const order = await pendingOnlineOrder(await getDb(), customer.id);
  return { data: { order: order && orderJson(order) }, headers: NO_STORE };
});

export const checkPaymentEndpoint = implement(checkPaymentRoute, async ({ body, customer }) => {
  const db = await getDb();
  const status = await checkCheckoutPayment(db, getPaymentGateway(), customer.id, body.order_id);
  const order =
    status === 'released' ? null : orderJson(await getOrder(db, customer.id, body.order_id, { pending: true }));
  return {
    message:
      status === 'paid'
        ? 'Your payment went through: the order is placed.'
        : status === 'released'
          ? 'Your order was not placed and its items are back in your cart.'
          : 'We are still checking your payment.',
    data: { status, order_id: body.order_id, order },
    headers: NO_STORE,
  };
});
