/**
 * A customer's session (spec 000 §4; ARCHITECTURE "Auth and sessions"), from its row to its cookie:
 * - the row: a 256-bit random opaque token, stored as its SHA-256 hash, 30 days of absolute life, a new
 *   token at every login, revoked on logout; tokens never reach the logs;
 * - the HTTP edge: the token comes from an `Authorization: Bearer` header (API clients) or the `ff_session`
 *   cookie (web). The cookie is HttpOnly, SameSite=Lax, Secure whenever the request came over HTTPS (the
 *   socket, or `X-Forwarded-Proto: https` with TRUST_PROXY) or SITE_URL is https, and lives 30 days.
 * `sessionResolver` is what the kernel's route handler asks (registered at the server's start-up).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIContext, AstroCookies } from 'astro';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { getDb, type Database } from '#lib/db/index.ts';
import { customers, sessions } from '#lib/db/schema.ts';
import { AppError } from '#lib/http/envelope.ts';
import type { SessionCustomer, SessionResolver } from '#lib/http/session.ts';
import { SESSION_COOKIE } from '#lib/http/session-cookie.ts';
import { getConfig } from '#lib/config.ts';
import { wantsSecureCookies } from '#lib/http/request-origin.ts';

export type { SessionCustomer } from '#lib/http/session.ts';

/** Absolute life of a session: 30 days, in ms. */
export const SESSION_TTL_MS = 30 * 86_400_000;

/** Hex SHA-256 of a text (session tokens here; OTP codes, salted, in otp.ts). */
export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Creates a session for a customer; returns the clear token (256 bits, base64url). */
export async function createSession(
  db: Database,
  customerId: number,
): Promise<{ token: string; sessionId: number; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  const [row] = await db
    .insert(sessions)
    .values({ customerId, tokenHash: sha256(token), expiresAt })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

/** The customer of a live session token, or null (unknown, revoked, expired or deleted account). */
export async function customerForToken(db: Database, token: string): Promise<SessionCustomer | null> {
  if (!token || token.length > 200) return null;
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      sessionId: sessions.id,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, new Date()),
        isNull(customers.deletedAt),
      ),
    );
  return row ?? null;
}

/** Revokes one session. */
export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a customer (account deletion, phone change). */
export async function revokeAllSessions(db: Database, customerId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)));
}

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

/** The kernel's view of sessions (src/lib/http/session.ts), answered from the cookie or Bearer token. */
export const sessionResolver: SessionResolver = { customer: getCustomer, requireCustomer };
