/** The substitution route's handler (contract.ts; mounted by src/pages/api/customer/set-substitution.ts). */
import { implement } from '#lib/http/handler.ts';
import { getDb } from '#lib/db/index.ts';
import { NO_STORE } from '#lib/cache/cache-control.ts';
import { setCartHint } from '#features/auth/server/session.ts';
import { listCart, summarize } from '#features/cart/server/cart.ts';
import { cartLineJson, cartSummaryJson } from '#features/cart/server/cart-json.ts';
import { setSubstitutionRoute } from './contract.ts';
import { setLineSubstitution } from './server.ts';

export const setSubstitutionEndpoint = implement(setSubstitutionRoute, async ({ ctx, body, customer }) => {
  const db = await getDb();
  await setLineSubstitution(db, customer.id, body.cart_id, body.substitution);
  const lines = await listCart(db, customer.id);
  const summary = summarize(lines);
  setCartHint(ctx.cookies, ctx, summary.itemCount);
  return { data: { my_cart: lines.map(cartLineJson), summary: cartSummaryJson(summary) }, headers: NO_STORE };
});
