/**
 * The mark on a request a back-office island makes by itself on a timer (the order board's
 * polls), not because a person did something: `X-Background-Poll: 1`. The server answers a marked
 * request as any other, but a marked GET is not use of the staff session, so it does not put off
 * the session's idle end (ADR 0112). Only GET and HEAD can be polls: any other method changes
 * something, and counts as use whatever it carries. Browser-safe.
 */

/** The request header an island sets on its background polls. */
export const BACKGROUND_POLL_HEADER = 'X-Background-Poll';

/** The headers of a background poll, for `callRoute`'s `headers`. */
export const BACKGROUND_POLL_HEADERS: Readonly<Record<string, string>> = { [BACKGROUND_POLL_HEADER]: '1' };

/**
 * Whether `request` is a background poll: a GET or HEAD carrying `X-Background-Poll: 1`.
 * @example isBackgroundPoll(new Request('http://x/api/admin/board/version', { headers: { 'X-Background-Poll': '1' } })) // true
 */
export function isBackgroundPoll(request: Request): boolean {
  return (request.method === 'GET' || request.method === 'HEAD') && request.headers.get(BACKGROUND_POLL_HEADER) === '1';
}
