/**
 * The customer session cookie's name, and whether a request carries a session at all (a cookie
 * or a Bearer token): such a request is a signed-in visitor's, answered fresh and never from or
 * into a shared cache (src/lib/cache/route-cache.ts).
 */

/** Name of the customer session cookie over plain HTTP (HttpOnly; set by the auth feature). */
export const SESSION_COOKIE = 'ff_session';
/** Its name over HTTPS: the `__Host-` prefix makes browsers require Secure, Path=/ and no Domain. */
export const SECURE_SESSION_COOKIE = `__Host-${SESSION_COOKIE}`;

/** Whether `request` carries a customer session (the session cookie or an Authorization header), valid or not. */
export function carriesSession(request: Request): boolean {
  if (request.headers.has('authorization')) return true;
  const cookie = request.headers.get('cookie');
  // Matches both names: `__Host-ff_session=` contains `ff_session=`.
  return cookie?.includes(`${SESSION_COOKIE}=`) === true;
}
