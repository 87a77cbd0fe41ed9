/**
 * Shared steps of the cart API routes: every route answers with the cart as it is after the
 * change (`data.my_cart` and `data.summary`), so clients need no second request.
 */
import type { APIContext } from 'astro';
import { getDb } from '../../../lib/db/index.ts';
import { listCart, summarize } from './cart.ts';
import { cartLineJson, cartSummaryJson } from './shapes.ts';
import { badRequest, ok } from '../../../lib/http/envelope.ts';
import { NO_STORE } from '../../../lib/cache/cache-control.ts';
import { requireCustomer, setCartHint } from '../../auth/server/session.ts';

/** The cart answer for a customer; also refreshes the cart-count hint cookie. */
export async function cartResponse(ctx: APIContext, customerId: number, message?: string, status = 200): Promise<Response> {
  const lines = await listCart(await getDb(), customerId);
  const summary = summarize(lines);
  setCartHint(ctx.cookies, ctx, summary.itemCount);
  return ok({ my_cart: lines.map(cartLineJson), summary: cartSummaryJson(summary) }, { message, status, headers: NO_STORE });
}

/** Parses the spec's `cart_id` (numeric only; "Invalid cart ID" otherwise). */
export function parseCartId(value: unknown): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,9}$/.test(text) || Number(text) < 1) throw badRequest('Invalid cart ID');
  return Number(text);
}

/** The signed-in customer's id (401 otherwise). */
export async function customerId(ctx: APIContext): Promise<number> {
  return (await requireCustomer(ctx)).id;
}
