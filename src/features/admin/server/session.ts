/**
 * A staff member's back-office session, from its row to its cookies (ADR 0062):
 * - the row: a 256-bit random opaque token stored as its SHA-256 hash, with the role at sign-in;
 *   12 hours of absolute life, ended after STAFF_IDLE_MINUTES (30) without an action (ADR 0112:
 *   every request but an island's background poll), revoked at sign-out and whenever the member
 *   is removed or their role changes;
 * - the cookies: the same token as `ff_staff` (Path=/admin) and `ff_staff_api` (Path=/api/admin),
 *   HttpOnly, SameSite=Lax; over HTTPS Secure and named `__Secure-ff_staff` and
 *   `__Secure-ff_staff_api` (ADR 0109). It is never a Bearer token and never in JSON.
 * `staffResolver` answers the kernel's question (src/lib/http/staff-session.ts), registered at start-up.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { APIContext, AstroCookies } from 'astro';
import { and, eq, gt, isNull, lt } from 'drizzle-orm';
import { getConfig } from '#lib/config.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { staff, staffSessions } from '#lib/db/schema.ts';
import type { Transaction } from '#lib/db/types.ts';
import { isBackgroundPoll } from '#lib/http/background-poll.ts';
import { AppError } from '#lib/http/envelope.ts';
import { type Permission, ROLE_LABELS, roleCan } from '#lib/http/permissions.ts';
import { wantsSecureCookies } from '#lib/http/request-origin.ts';
import type { SessionContext } from '#lib/http/session.ts';
import {
  SECURE_STAFF_API_COOKIE,
  SECURE_STAFF_PAGE_COOKIE,
  STAFF_API_COOKIE,
  STAFF_PAGE_COOKIE,
} from '#lib/http/session-cookie.ts';
import type { SessionStaff, StaffResolver } from '#lib/http/staff-session.ts';
import { STAFF_MESSAGES } from '../rules.ts';
import { recordRefusal } from './refusals.ts';

/** Absolute life of a staff session: 12 hours, in ms. */
export const STAFF_SESSION_TTL_MS = 12 * 3_600_000;
/** A staff session ends after this long without an action: STAFF_IDLE_MINUTES (30), in ms. */
export const staffIdleMs = () => getConfig().STAFF_IDLE_MINUTES * 60_000;

/**
 * How stale `last_seen_at` may be before an action writes it again (ms): a thirtieth of the idle
 * time, at most a minute, so a busy member does not write on every request and the idle end
 * comes no more than that much early (between 29 and 30 minutes at the default).
 */
const touchEveryMs = (idleMs: number) => Math.min(60_000, idleMs / 30);

/** What a request is to the session: a person's action, or an island's background poll (ADR 0112). */
export interface StaffUse {
  /** A background poll: answered while the session lives, without putting off its idle end. */
  poll?: boolean;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Opens a session for a staff member; returns the clear token (the only time it exists). */
export async function createStaffSession(
  db: Database | Transaction,
  member: { id: number; role: SessionStaff['role'] },
  now = new Date(),
): Promise<{ token: string; sessionId: number }> {
  const token = randomBytes(32).toString('base64url');
  const [row] = await db
    .insert(staffSessions)
    .values({
      staffId: member.id,
      role: member.role,
      tokenHash: sha256(token),
      lastSeenAt: now,
      expiresAt: new Date(now.getTime() + STAFF_SESSION_TTL_MS),
    })
    .returning({ id: staffSessions.id });
  return { token, sessionId: row!.id };
}

/**
 * The staff member of a live session token, or null: unknown, revoked, past 12 hours, without an
 * action for STAFF_IDLE_MINUTES, the member removed, or their role no longer the one signed in
 * with. An action moves a live session's `last_seen_at` forward (see touchEveryMs); a background
 * poll (`use.poll`) leaves it where it is.
 */
export async function staffForToken(
  db: Database,
  token: string,
  now = new Date(),
  use: StaffUse = {},
): Promise<SessionStaff | null> {
  if (!token || token.length > 200) return null;
  const idleMs = staffIdleMs();
  const [row] = await db
    .select({
      id: staff.id,
      name: staff.name,
      phone: staff.phone,
      role: staff.role,
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(
      and(
        eq(staffSessions.tokenHash, sha256(token)),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - idleMs)),
        eq(staff.active, true),
        eq(staff.role, staffSessions.role),
      ),
    );
  if (!row) return null;
  if (!use.poll && now.getTime() - row.lastSeenAt.getTime() >= touchEveryMs(idleMs)) {
    await db
      .update(staffSessions)
      .set({ lastSeenAt: now })
      .where(and(eq(staffSessions.id, row.sessionId), lt(staffSessions.lastSeenAt, now)));
  }
  const { lastSeenAt: _seen, ...member } = row;
  return member;
}

/** Revokes one session (sign-out). */
export async function revokeStaffSession(db: Database, sessionId: number): Promise<void> {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.id, sessionId), isNull(staffSessions.revokedAt)));
}

/** Revokes every session of a staff member (removed, or role changed), inside the change's transaction. */
export async function revokeAllStaffSessions(tx: Database | Transaction, staffId: number): Promise<void> {
  await tx
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.revokedAt)));
}

type Where = Pick<APIContext, 'request' | 'url'>;

/** The two cookies' names over HTTP, over HTTPS, and paths: the back office's pages and its API. */
const COOKIES = [
  { name: STAFF_PAGE_COOKIE, secureName: SECURE_STAFF_PAGE_COOKIE, path: '/admin' },
  { name: STAFF_API_COOKIE, secureName: SECURE_STAFF_API_COOKIE, path: '/api/admin' },
] as const;

/**
 * Sets both staff cookies to `token`: `__Secure-` prefixed and Secure over HTTPS, the plain names
 * over HTTP. Over HTTPS, plain-named cookies the browser still sends (set before the prefix) are
 * cleared, since they no longer sign anyone in there.
 */
export function setStaffCookies(cookies: AstroCookies, where: Where, token: string): void {
  const secure = wantsSecureCookies(where.request, where.url);
  for (const { name, secureName, path } of COOKIES) {
    cookies.set(secure ? secureName : name, token, {
      path,
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: Math.floor(STAFF_SESSION_TTL_MS / 1000),
    });
    if (secure && cookies.get(name)) cookies.delete(name, { path, httpOnly: true, sameSite: 'lax', secure });
  }
}

/** Clears both staff cookies, under either name. */
export function clearStaffCookies(cookies: AstroCookies, where: Where): void {
  const secure = wantsSecureCookies(where.request, where.url);
  for (const { name, secureName, path } of COOKIES) {
    if (!secure || cookies.get(name)) cookies.delete(name, { path, httpOnly: true, sameSite: 'lax', secure });
    // A __Secure- cookie is only accepted (and so only removed) with Secure.
    if (secure || cookies.get(secureName))
      cookies.delete(secureName, { path, httpOnly: true, sameSite: 'lax', secure: true });
  }
}

/**
 * The staff token a request carries (the API cookie on /api/admin, the page cookie on /admin), or
 * null. A `__Secure-` cookie counts everywhere (only a secure origin can have set it); a plain-named
 * one only over HTTP, so over HTTPS a cookie planted from plain HTTP signs nobody in.
 */
function readStaffToken(ctx: SessionContext): string | null {
  const names = wantsSecureCookies(ctx.request, ctx.url)
    ? [SECURE_STAFF_API_COOKIE, SECURE_STAFF_PAGE_COOKIE]
    : [SECURE_STAFF_API_COOKIE, SECURE_STAFF_PAGE_COOKIE, STAFF_API_COOKIE, STAFF_PAGE_COOKIE];
  for (const name of names) {
    const value = ctx.cookies.get(name)?.value;
    if (value) return value;
  }
  return null;
}

/**
 * The signed-in staff member, or null; memoised per request in `locals`. The request is an action
 * that keeps the session alive unless it is an island's background poll (isBackgroundPoll).
 */
export async function getStaff(ctx: SessionContext): Promise<SessionStaff | null> {
  const locals = ctx.locals as App.Locals;
  if (locals.staff !== undefined) return locals.staff;
  const token = readStaffToken(ctx);
  locals.staff = token
    ? await staffForToken(await getDb(), token, new Date(), { poll: isBackgroundPoll(ctx.request) })
    : null;
  return locals.staff;
}

/**
 * The signed-in staff member holding `permission`. Without a staff session: 401 (a customer's
 * session counts for nothing here). Without the permission: 403, and an audit entry while the
 * member's refusals of the last 10 minutes are within the limit (refusals.ts).
 */
export async function requireStaffPermission(ctx: SessionContext, permission: Permission): Promise<SessionStaff> {
  const member = await getStaff(ctx);
  if (!member) throw new AppError('unauthorized', STAFF_MESSAGES.signIn);
  if (!roleCan(member.role, permission)) {
    await recordRefusal(await getDb(), {
      staff: member,
      requestId: (ctx.locals as App.Locals).reqId ?? null,
      detail: { permission, method: ctx.request.method, path: ctx.url.pathname },
    });
    throw new AppError('forbidden', STAFF_MESSAGES.forbidden(ROLE_LABELS[member.role]));
  }
  return member;
}

/** The kernel's view of staff sessions (src/lib/http/staff-session.ts). */
export const staffResolver: StaffResolver = { staff: getStaff, requireStaff: requireStaffPermission };
