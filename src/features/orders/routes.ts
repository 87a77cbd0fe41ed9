/**
 * The orders' route handlers (contracts in contract.ts; mounted by
 * src/pages/api/customer/{my-orders,orders/[id],cancel-order,reorder}.ts).
 */
import { cartPolicy } from '#features/delivery/index.ts';
import { implement } from '#lib/http/handler.ts';
import { getDb } from '#lib/db/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { setCartHint } from '#features/auth/index.ts';
import { listCart, summarize } from '#features/cart/index.ts';
import { cartLineJson, cartSummaryJson } from '#features/cart/index.ts';
import { reorder, reorderJson, reorderMessage } from './server/reorder.ts';
import { getOrder, listOrders } from './server/queries.ts';
import { cancelOrder } from './server/status.ts';
import { orderJson } from './server/order-json.ts';
import {
  adminPromosRoute,
  cancelOrderRoute,
  createPromoRoute,
  endPromoRoute,
  myOrdersRoute,
  orderRoute,
  reorderRoute,
} from './contract.ts';
import { createPromo, endPromo, listAdminPromos } from './server/admin-promos.ts';

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

export const adminPromosEndpoint = implement(adminPromosRoute, async () => ({
  data: { promos: await listAdminPromos(await getDb()) },
  headers: NO_STORE,
}));

export const createPromoEndpoint = implement(createPromoRoute, async ({ body, actor }) => ({
  data: { promo: await createPromo(await getDb(), body, actor) },
  status: 201,
  message: `Promo code ${body.code} created.`,
  headers: NO_STORE,
}));

export const endPromoEndpoint = implement(endPromoRoute, async ({ params, actor }) => {
  const promo = await endPromo(await getDb(), params.id, actor);
  return { data: { promo }, message: `Promo code ${promo.code} ended.`, headers: NO_STORE };
});
