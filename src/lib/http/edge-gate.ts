/**
 * The edge gate: what the server answers instead of a request whose address or declared size is
 * bad, decided before any static file, cached page, page or handler sees it (the Node listener,
 * src/server/listener.ts, is its one caller; it runs in front of every way the shop is served).
 * The rules themselves are edge-input.ts's; request bodies are judged again while they are read
 * (readBody: chunked bodies past the cap, bad characters in fields).
 *
 * - A Content-Length over the cap: 413 at once, without reading a byte of the body.
 * - A path with malformed %-encoding or a disallowed character: 400.
 * - A query parameter with malformed %-encoding or a disallowed character: under /api a 400 naming
 *   the parameter; a page forgives a well-formed one (a NUL in a link) with a 302 to the same
 *   address without it, and answers malformed encoding with a 400.
 * Under /api every refusal is the JSON envelope; elsewhere it is plain text, and a bad address also
 * names a 400 page (`page`), which the listener renders in its place for a GET or HEAD, so a
 * browser gets a layout with the same status: the back office's (src/pages/admin/400.astro) under
 * /admin, the shop's (src/pages/400.astro) everywhere else.
 */

import {
  bodyTooLargeMessage,
  declaredLength,
  dropBadParams,
  isCleanPath,
  parseEncoded,
  strictDecode,
} from './edge-input.ts';
import { type Answer, AppError, disallowed, ERROR_STATUS, errorAnswer } from './envelope.ts';

/** The 400 message for an address that does not decode or holds a disallowed character. */
export const BAD_ADDRESS_MESSAGE = 'The address contains characters that are not allowed.';

/** The clean address of the page a browser is shown for a bad address (status 400). */
export const BAD_ADDRESS_PAGE = '/400';

/** The same page in the back office's layout, for a bad address under /admin. */
export const ADMIN_BAD_ADDRESS_PAGE = '/admin/400';

const TEXT_HEADERS = { 'content-type': 'text/plain; charset=utf-8' };

/** The edge gate's answer; `page`: a page address to render instead for a GET or HEAD (see the module comment). */
export interface EdgeAnswer extends Answer {
  page?: string;
}

/** What a request at the edge declares: its raw URL (path and query) and Content-Length. */
export interface EdgeRequest {
  url: string;
  contentLength: string | null | undefined;
}

function refusal(api: boolean, error: AppError): Answer {
  if (api) return errorAnswer(error);
  return { status: ERROR_STATUS[error.code], headers: TEXT_HEADERS, body: error.message };
}

/**
 * The refusal of a bad address at `pathname`: the envelope under /api; else a 400 page, the back
 * office's under /admin (staff stay in their layout), the shop's elsewhere.
 */
function badAddress(api: boolean, pathname: string): EdgeAnswer {
  const answer = refusal(api, new AppError('bad_request', BAD_ADDRESS_MESSAGE));
  if (api) return answer;
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  return { ...answer, page: admin ? ADMIN_BAD_ADDRESS_PAGE : BAD_ADDRESS_PAGE };
}

/** True when every %-escape of a query string decodes to valid UTF-8. */
function decodes(search: string): boolean {
  return search.split('&').every((part) => strictDecode(part) !== null);
}

/**
 * The answer that refuses `request` (see the module comment), or null to let it through.
 * `maxBodyBytes` is the body cap (MAX_BODY_BYTES, or the route's own); `tooLargeMessage` the 413's
 * message when the route names one.
 */
export function refuseAtEdge(request: EdgeRequest, maxBodyBytes: number, tooLargeMessage?: string): EdgeAnswer | null {
  const { url } = request;
  const q = url.indexOf('?');
  const pathname = q === -1 ? url : url.slice(0, q);
  const search = q === -1 ? '' : url.slice(q + 1);
  const api = pathname === '/api' || pathname.startsWith('/api/');
  if ((declaredLength(request.contentLength) ?? 0) > maxBodyBytes)
    return refusal(api, new AppError('payload_too_large', tooLargeMessage ?? bodyTooLargeMessage(maxBodyBytes)));
  if (!isCleanPath(pathname)) return badAddress(api, pathname);
  const query = parseEncoded(search);
  if (!('problem' in query)) return null;
  if (api) return errorAnswer(disallowed(query.problem.field));
  if (!decodes(search)) return badAddress(false, pathname);
  const kept = dropBadParams(search);
  return { status: 302, headers: { location: pathname + (kept ? `?${kept}` : '') }, body: '' };
}
