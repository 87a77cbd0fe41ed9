/**
 * The session at the HTTP edge: reads the token from the `ff_session` cookie (web) or an
 * `Authorization: Bearer` header (API clients), and writes or clears the cookie. The cookie is
 * HttpOnly, SameSite=Lax, Secure whenever the request came over HTTPS (the socket, or
 * `X-Forwarded-Proto: https` with TRUST_PROXY) or SITE_URL is https, and lives 30 days.
 */
import type { APIContext, AstroCookies } from 'astro';
import { getDb } from '#lib/db/index.ts';
import { customerForToken, SESSION_TTL_MS, type SessionCustomer } from './sessions.ts';
import { AppError } from '#lib/http/envelope.ts';
import { SESSION_COOKIE } from '#lib/http/session-cookie.ts';
import { getConfig } from '#lib/config.ts';
import { wantsSecureCookies } from '#lib/http/request-origin.ts';

type Ctx = Pick<APIContext, 'request' | 'cookies' | 'url' | 'locals'>;
/** The parts of a request the cookie writers need: where it came from (for `Secure`). */
type Where = Pick<APIContext, 'request' | 'url'>;

/** The token a request carries (Bearer first, then the cookie), or null. */
export function readToken(ctx: Ctx): string | null {
  const auth = ctx.request.headers.get('authorization');
  if (auth) {
    const match = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    if (match) return match[1]!;
  }
  return ctx.cookies.get(SESSION_COOKIE)?.value ?? null;
}

/** The signed-in customer, or null; memoised per request in `locals`. */
export async function getCustomer(ctx: Ctx): Promise<SessionCustomer | null> {
  const locals = ctx.locals as App.Locals;
  if (locals.customer !== undefined) return locals.customer;
  const token = readToken(ctx);
  locals.customer = token ? await customerForToken(await getDb(), token) : null;
  return locals.customer;
}

/** The signed-in customer, or a 401 "Please log in to continue." for every customer route. */
export async function requireCustomer(ctx: Ctx): Promise<SessionCustomer> {
  const customer = await getCustomer(ctx);
  if (!customer) {
    // A stale cookie is cleared so the browser stops sending it.
    if (ctx.cookies.get(SESSION_COOKIE)) clearSessionCookie(ctx.cookies, ctx);
    throw new AppError('unauthorized', 'Please log in to continue.');
  }
  return customer;
}

const secure = (where: Where) => wantsSecureCookies(where.request, where.url);

/**
 * Readable hint cookies (no secret in them) that let every page — prerendered ones included —
 * show the signed-in navigation and the cart count before first paint, from a tiny inline
 * script, while the HTML itself stays the same for everyone and so stays cacheable.
 */
export const AUTH_HINT_COOKIE = 'ff_auth';
export const CART_HINT_COOKIE = 'ff_cart';

/** Sets the session cookie and the signed-in hint. */
export function setSessionCookie(cookies: AstroCookies, where: Where, token: string): void {
  const base = {
    sameSite: 'lax' as const,
    secure: secure(where),
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  };
  cookies.set(SESSION_COOKIE, token, { ...base, httpOnly: true });
  cookies.set(AUTH_HINT_COOKIE, '1', base);
}

/** Clears the session cookie and the hints. */
export function clearSessionCookie(cookies: AstroCookies, where: Where): void {
  const base = { path: '/', sameSite: 'lax' as const, secure: secure(where) };
  cookies.delete(SESSION_COOKIE, { ...base, httpOnly: true });
  cookies.delete(AUTH_HINT_COOKIE, base);
  cookies.delete(CART_HINT_COOKIE, base);
}

/** Sets the cart-count hint (units in the cart). */
export function setCartHint(cookies: AstroCookies, where: Where, count: number): void {
  cookies.set(CART_HINT_COOKIE, String(Math.max(0, Math.min(count, 999))), {
    sameSite: 'lax',
    secure: secure(where),
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  });
}

/** The client's IP address (X-Forwarded-For only when TRUST_PROXY is on). */
export function clientIp(ctx: Pick<APIContext, 'request' | 'clientAddress'>): string {
  if (getConfig().TRUST_PROXY) {
    const forwarded = ctx.request.headers.get('x-forwarded-for')?.split(',')[0]?.trim();
    if (forwarded) return forwarded;
  }
  try {
    return ctx.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
