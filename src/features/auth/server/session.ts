/**
 * A customer's session (docs/sign-in-rules.md#sessions), from its row to its cookie:
 * - the row: a 256-bit random opaque token, stored as its SHA-256 hash, 30 days of absolute life and
 *   SESSION_IDLE_DAYS (7) of idle life counted from its last use, a new token at every login, revoked on
 *   logout (one session, or every session of the customer: "Log out of all devices"); tokens never
 *   reach the logs. The last use is written at most once an hour per session, so a busy session costs
 *   one small update an hour, not one per request;
 * - the HTTP edge: the token comes from an `Authorization: Bearer` header (API clients) or the session
 *   cookie (web). The cookie is HttpOnly, SameSite=Lax, Path=/ and lives 30 days; over HTTPS (the socket,
 *   `X-Forwarded-Proto: https` from a trusted proxy, or an https SITE_URL) it is Secure and named
 *   `__Host-ff_session`, which browsers accept only from a secure origin, without a Domain and with
 *   Path=/ (so no subdomain or plain-HTTP page can plant or overwrite it); over plain HTTP `ff_session`.
 * `sessionResolver` is what the kernel's route handler asks (registered at the server's start-up).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIContext, AstroCookies } from 'astro';
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { customers, sessions } from '#lib/db/schema.ts';
import { clientAddress, ipKey } from '#lib/http/client-ip.ts';
import { AppError } from '#lib/http/envelope.ts';
import { wantsSecureCookies } from '#lib/http/request-origin.ts';
import type { SessionCustomer, SessionResolver } from '#lib/http/session.ts';
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from '#lib/http/session-cookie.ts';

export type { SessionCustomer } from '#lib/http/session.ts';

/** Absolute life of a session: 30 days, in ms. */
export const SESSION_TTL_MS = 30 * 86_400_000;
/** Idle life of a session (SESSION_IDLE_DAYS, default 7), in ms: unused this long, it ends. */
export const sessionIdleMs = () => getConfig().SESSION_IDLE_DAYS * 86_400_000;
/** A session's last use is written at most this often (1 hour, in ms). */
export const LAST_SEEN_RESOLUTION_MS = 3_600_000;

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
    .values({ customerId, tokenHash: sha256(token), expiresAt, lastSeenAt: new Date() })
    .returning({ id: sessions.id });
  return { token, sessionId: row!.id, expiresAt };
}

/**
 * The customer of a live session token, or null (unknown, revoked, past its 30 days, idle longer
 * than SESSION_IDLE_DAYS, or a deleted account). Marks the session used, at most once an hour.
 */
export async function customerForToken(db: Database, token: string): Promise<SessionCustomer | null> {
  if (!token || token.length > 200) return null;
  const now = new Date();
  const idleSince = new Date(now.getTime() - sessionIdleMs());
  const [row] = await db
    .select({
      id: customers.id,
      name: customers.name,
      email: customers.email,
      phone: customers.phone,
      sessionId: sessions.id,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .innerJoin(customers, eq(customers.id, sessions.customerId))
    .where(
      and(
        eq(sessions.tokenHash, sha256(token)),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, now),
        gt(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`, idleSince),
        isNull(customers.deletedAt),
      ),
    );
  if (!row) return null;
  const { lastSeenAt, ...customer } = row;
  if (!lastSeenAt || now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_RESOLUTION_MS) {
    const stale = new Date(now.getTime() - LAST_SEEN_RESOLUTION_MS);
    // Conditional, so parallel requests of one session write it once.
    await db
      .update(sessions)
      .set({ lastSeenAt: now })
      .where(and(eq(sessions.id, row.sessionId), or(isNull(sessions.lastSeenAt), lt(sessions.lastSeenAt, stale))));
  }
  return customer;
}

/** Revokes one session. */
export async function revokeSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every session of a customer (account deletion, phone change, "Log out of all devices"); returns how many were live. */
export async function revokeAllSessions(db: Database, customerId: number): Promise<number> {
  const ended = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.customerId, customerId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return ended.length;
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
  return ctx.cookies.get(SECURE_SESSION_COOKIE)?.value ?? ctx.cookies.get(SESSION_COOKIE)?.value ?? null;
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
    if (ctx.cookies.get(SESSION_COOKIE) || ctx.cookies.get(SECURE_SESSION_COOKIE)) clearSessionCookie(ctx.cookies, ctx);
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

/** Sets the session cookie (`__Host-ff_session` over HTTPS, `ff_session` over HTTP) and the signed-in hint. */
export function setSessionCookie(cookies: AstroCookies, where: Where, token: string): void {
  const isSecure = secure(where);
  const base = {
    sameSite: 'lax' as const,
    secure: isSecure,
    path: '/',
    maxAge: Math.floor(SESSION_TTL_MS / 1000),
  };
  cookies.set(isSecure ? SECURE_SESSION_COOKIE : SESSION_COOKIE, token, { ...base, httpOnly: true });
  cookies.set(AUTH_HINT_COOKIE, '1', base);
}

/** Clears the session cookie (under either name) and the hints. */
export function clearSessionCookie(cookies: AstroCookies, where: Where): void {
  const isSecure = secure(where);
  const base = { path: '/', sameSite: 'lax' as const, secure: isSecure };
  cookies.delete(SESSION_COOKIE, { ...base, httpOnly: true });
  // A __Host- cookie is only accepted (and so only removed) with Secure.
  if (isSecure || cookies.get(SECURE_SESSION_COOKIE))
    cookies.delete(SECURE_SESSION_COOKIE, { ...base, secure: true, httpOnly: true });
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

/**
 * The client's key for per-IP limits (src/lib/http/client-ip.ts): its address — from
 * X-Forwarded-For only behind a trusted proxy, the right-most untrusted entry — with an IPv6
 * address reduced to its /64.
 */
export function clientIp(ctx: Pick<APIContext, 'request' | 'clientAddress'>): string {
  let peer: string | undefined;
  try {
    // The socket's address: the adapter takes X-Forwarded-For only with security.allowedDomains, which the shop leaves unset.
    peer = ctx.clientAddress;
  } catch {
    peer = undefined;
  }
  return ipKey(clientAddress(peer, ctx.request.headers.get('x-forwarded-for')));
}

/** The kernel's view of sessions (src/lib/http/session.ts), answered from the cookie or Bearer token. */
export const sessionResolver: SessionResolver = { customer: getCustomer, requireCustomer };
