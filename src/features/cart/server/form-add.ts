/**
 * The Add buttons before or without JavaScript: `POST /cart/add` is a plain HTML form
 * post — `product_id`, `qty` (1 to 999, default 1), `next` (the page to return to, a path on this
 * site) — answered with a 303 (post/redirect/get), never a page of its own:
 * - signed in: the item is added and the browser returns to `next` with `?cart=added`, or
 *   `?cart=unavailable` when the product is gone or the stock is short; the layout shows either
 *   as a status message (FORM_ADD_NOTICES);
 * - a guest: the add waits in an HttpOnly cookie (PENDING_ADD_COOKIE, 30 minutes) and the
 *   browser goes to /login?next=…; the OTP login then adds it (addPendingFormAdd, which the server's
 *   start-up registers with auth's sign-in hook).
 * The middleware refuses a cross-site POST (403) before this runs; bad fields are a 400.
 */
import type { APIContext } from 'astro';
import { getCustomer, setCartHint } from '#features/auth/index.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { AppError, badRequest, readBody } from '#lib/http/envelope.ts';
import { wantsSecureCookies } from '#lib/http/request-origin.ts';
import { safeNextPath } from '#lib/http/safe-next.ts';
import { CART_MESSAGES, isAddableQty } from '../rules.ts';
import { addToCart, listCart, summarize } from './cart.ts';

/** The cookie holding a guest's add until they sign in: `{productId}:{qty}`. */
export const PENDING_ADD_COOKIE = 'ff_pending_add';
/** How long a guest's add waits for the login, in seconds (30 minutes, as the script's pending add). */
const PENDING_ADD_SECONDS = 30 * 60;

/** `next` with `cart=<outcome>` set (other parameters kept). */
function withOutcome(next: string, outcome: 'added' | 'unavailable'): string {
  const url = new URL(next, 'http://next.invalid');
  url.searchParams.set('cart', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}

const seeOther = (location: string) =>
  new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });

/** Handles `POST /cart/add` (see the module comment). */
export async function formAdd(ctx: APIContext): Promise<Response> {
  const body = await readBody(ctx.request);
  const productId = Number(body.product_id);
  const qty = body.qty === undefined || body.qty === '' ? 1 : Number(body.qty);
  if (!Number.isInteger(productId) || productId < 1) throw badRequest(CART_MESSAGES.invalidProductId);
  if (!isAddableQty(qty)) throw badRequest(CART_MESSAGES.badQuantity);
  const next = safeNextPath(body.next ?? `/product/${productId}`);
  const customer = await getCustomer(ctx);
  if (!customer) {
    ctx.cookies.set(PENDING_ADD_COOKIE, `${productId}:${qty}`, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: wantsSecureCookies(ctx.request, ctx.url),
      maxAge: PENDING_ADD_SECONDS,
    });
    return seeOther(`/login?next=${encodeURIComponent(next)}`);
  }
  const db = await getDb();
  let outcome: 'added' | 'unavailable' = 'added';
  try {
    await addToCart(db, customer.id, productId, qty);
  } catch (err) {
    // Gone or short of stock: back to the page, which says so. Anything else is a real error.
    if (!(err instanceof AppError) || (err.code !== 'not_found' && err.code !== 'conflict')) throw err;
    outcome = 'unavailable';
  }
  setCartHint(ctx.cookies, ctx, summarize(await listCart(db, customer.id)).itemCount);
  return seeOther(withOutcome(next, outcome));
}

/**
 * After an OTP login: adds the guest's waiting form add, if any, once (the cookie is cleared
 * first); a product gone or out of stock meanwhile is skipped. Returns the cart's unit count when
 * something was waiting, else null.
 */
export async function takePendingFormAdd(
  ctx: Pick<APIContext, 'cookies' | 'request' | 'url'>,
  db: Database,
  customerId: number,
): Promise<number | null> {
  const raw = ctx.cookies.get(PENDING_ADD_COOKIE)?.value;
  if (!raw) return null;
  ctx.cookies.delete(PENDING_ADD_COOKIE, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: wantsSecureCookies(ctx.request, ctx.url),
  });
  const match = /^(\d{1,9}):(\d{1,3})$/.exec(raw);
  if (match && isAddableQty(Number(match[2]))) {
    try {
      await addToCart(db, customerId, Number(match[1]), Number(match[2]));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
    }
  }
  return summarize(await listCart(db, customerId)).itemCount;
}

/** Auth's sign-in listener: adds a guest's pending add, if any, and updates the cart-count hint. */
export async function addPendingFormAdd(ctx: APIContext, db: Database, customerId: number): Promise<void> {
  const count = await takePendingFormAdd(ctx, db, customerId);
  if (count !== null) setCartHint(ctx.cookies, ctx, count);
}
