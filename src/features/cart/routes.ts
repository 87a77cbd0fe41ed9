/**
 * The cart's route handlers (contracts in contract.ts; mounted one per file under
 * src/pages/api/customer/). Every handler answers with the cart after its change and refreshes
 * the `ff_cart` count hint cookie (messages from rules.ts).
 */
import type { APIContext } from 'astro';
import { setCartHint } from '#features/auth/index.ts';
import { cartPolicy } from '#features/delivery/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { getDb } from '#lib/db/index.ts';
import { implement } from '#lib/http/handler.ts';
import {
  addProductRoute,
  clearCartRoute,
  decreaseQtyRoute,
  deleteProductRoute,
  increaseQtyRoute,
  myCartRoute,
  setQtyRoute,
  setSubstitutionRoute,
} from './contract.ts';
import { CART_MESSAGES } from './rules.ts';
import { addToCart, clearCart, listCart, removeLine, setQuantity, stepQuantity, summarize } from './server/cart.ts';
import { cartLineJson, cartSummaryJson } from './server/cart-json.ts';
import { setLineSubstitution } from './server/substitution.ts';

/** The cart as it is now, with the hint cookie set and no caching. */
async function cartAnswer(ctx: APIContext, customerId: number, message?: string) {
  const db = await getDb();
  const [lines, policy] = await Promise.all([listCart(db, customerId), cartPolicy(db, ctx.cookies, customerId)]);
  const summary = summarize(lines, policy);
  setCartHint(ctx.cookies, ctx, summary.itemCount);
  return { data: { my_cart: lines.map(cartLineJson), summary: cartSummaryJson(summary) }, message, headers: NO_STORE };
}

export const myCartEndpoint = implement(myCartRoute, ({ ctx, customer }) => cartAnswer(ctx, customer.id));

export const addProductEndpoint = implement(addProductRoute, async ({ ctx, body, customer }) => {
  // The contract's refinement guarantees one of the two id names.
  const productId = (body.product_id ?? body.productId)!;
  await addToCart(await getDb(), customer.id, productId, body.qty ?? body.quantity ?? 1);
  return cartAnswer(ctx, customer.id, CART_MESSAGES.added);
});

export const increaseQtyEndpoint = implement(increaseQtyRoute, async ({ ctx, body, customer }) => {
  await stepQuantity(await getDb(), customer.id, body.cart_id, 1);
  return cartAnswer(ctx, customer.id);
});

export const decreaseQtyEndpoint = implement(decreaseQtyRoute, async ({ ctx, body, customer }) => {
  await stepQuantity(await getDb(), customer.id, body.cart_id, -1);
  return cartAnswer(ctx, customer.id);
});

export const setQtyEndpoint = implement(setQtyRoute, async ({ ctx, body, customer }) => {
  await setQuantity(await getDb(), customer.id, body.cart_id, body.qty);
  return cartAnswer(ctx, customer.id);
});

export const deleteProductEndpoint = implement(deleteProductRoute, async ({ ctx, body, customer }) => {
  await removeLine(await getDb(), customer.id, body.cart_id);
  return cartAnswer(ctx, customer.id, CART_MESSAGES.removed);
});

export const clearCartEndpoint = implement(clearCartRoute, async ({ ctx, customer }) => {
  await clearCart(await getDb(), customer.id);
  return cartAnswer(ctx, customer.id, CART_MESSAGES.cleared);
});

export const setSubstitutionEndpoint = implement(setSubstitutionRoute, async ({ ctx, body, customer }) => {
  const db = await getDb();
  await setLineSubstitution(db, customer.id, body.cart_id, body.substitution);
  const lines = await listCart(db, customer.id);
  const summary = summarize(lines);
  setCartHint(ctx.cookies, ctx, summary.itemCount);
  return { data: { my_cart: lines.map(cartLineJson), summary: cartSummaryJson(summary) }, headers: NO_STORE };
});
