/**
 * The customer session cookie's name, and whether a request carries a session at all (a cookie
 * or a Bearer token): such a request is a signed-in visitor's, answered fresh and never from or
 * into a shared cache (src/lib/cache/route-cache.ts).
 */

/** Name of the customer session cookie over plain HTTP (HttpOnly; set by the auth feature). */
export const SESSION_COOKIE = 'ff_session';
/** Its name over HTTPS: the `__Host-` prefix makes browsers require Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/**
 * Whether a request whose headers `header` reads (lower-case names; undefined when absent) carries
 * a customer session (the session cookie or an Authorization header), valid or not.
 */
export function headersCarrySession(header: (name: string) => string | null | undefined): boolean {
  if (header('authorization') != null) return true;
  // Matches both names: `__Host-ff_session=` contains `ff_session=`.
  return header('cookie')?.includes(`${SESSION_COOKIE}=`) === true;
}

/** Whether `request` carries a customer session (see `headersCarrySession`). */
export function carriesSession(request: Request): boolean {
  return headersCarrySession((name) => request.headers.get(name));
}

/**
 * The staff session's cookies (HttpOnly; set by the admin feature): one token, sent in two cookies
 * because a cookie has one Path: `ff_staff` on Path=/admin (the back office's pages) and
 * `ff_staff_api` on Path=/api/admin (its API). No storefront page or API route receives them.
 * Over HTTPS they are `__Secure-` prefixed (ADR 0109; ADR 0062 for the rest).
 */
export const STAFF_PAGE_COOKIE = 'ff_staff';
export const STAFF_API_COOKIE = 'ff_staff_api';
/**
 * Their names over HTTPS: the `__Secure-` prefix makes browsers accept them only with Secure from
 * a secure origin, so nothing on plain HTTP can plant one. Not `__Host-`, which requires Path=/.
 */
export const SECURE_STAFF_PAGE_COOKIE = `__Secure-${STAFF_PAGE_COOKIE}`;
export const SECURE_STAFF_API_COOKIE = `__Secure-${STAFF_API_COOKIE}`;
