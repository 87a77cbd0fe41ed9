/**
 * The customer session cookie's name, and whether a request carries a session at all (a cookie
 * or a Bearer token): such a request is a signed-in visitor's, answered fresh and never from or
 * into a shared cache (src/lib/cache/route-cache.ts).
 */

/** Name of the customer session cookie (HttpOnly; set by the auth feature). */
export const SESSION_COOKIE = 'ff_session';

/** Whether `request` carries a customer session (the session cookie or an Authorization header), valid or not. */
export function carriesSession(request: Request): boolean {
  if (request.headers.has('authorization')) return true;
  const cookie = request.headers.get('cookie');
  return cookie?.includes(`${SESSION_COOKIE}=`) === true;
}

/**
 * The staff session's cookies (HttpOnly; set by the admin feature): one token, sent in two cookies
 * because a cookie has one Path: `ff_staff` on Path=/admin (the back office's pages) and
 * `ff_staff_api` on Path=/api/admin (its API). No storefront page or API route receives them. ADR 0062.
 */
export const STAFF_PAGE_COOKIE = 'ff_staff';
export const STAFF_API_COOKIE = 'ff_staff_api';
