/** The /cart page's server side: the signed-in customer's cart, rendered at once. */
import type { AstroGlobal } from 'astro';
import { getCustomer } from '#features/auth/index.ts';
import { cartPolicy } from '#features/delivery/index.ts';
import { getDb } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import type { CartJson } from '../cart-state.ts';
import { listCart, summarize } from './cart.ts';
import { cartLineJson, cartSummaryJson } from './cart-json.ts';

/**
 * The cart JSON for the page (the same as GET /api/customer/my-cart's `data`), or null for a
 * guest and when the database fails (the island then fetches it and shows its error state).
 */
export async function cartForPage(astro: AstroGlobal): Promise<CartJson | null> {
  const customer = await getCustomer(astro);
  if (!customer) return null;
  try {
    const db = await getDb();
    const [lines, policy] = await Promise.all([listCart(db, customer.id), cartPolicy(db, astro.cookies, customer.id)]);
    return { my_cart: lines.map(cartLineJson), summary: cartSummaryJson(summarize(lines, policy)) };
  } catch (err) {
    logger.error({ err, reqId: astro.locals.reqId }, 'cart page render failed');
    return null;
  }
}
