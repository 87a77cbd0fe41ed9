/**
 * The Node request listener in front of Astro, shared by every way the shop is served
 * (`npm start` via scripts/server.ts, `astro preview`, `node dist/server/entry.mjs`; see
 * src/server/entry.ts; and `astro dev`, see src/server/dev-server.ts): security headers on every
 * response (src/lib/http/security-headers.ts, HSTS when the request is HTTPS), then Astro (whose
 * route cache answers cached pages, src/lib/cache/route-cache.ts). A path that cannot name a file (src/server/static-paths.ts)
 * is a page or an endpoint, whose answer the Astro middleware compresses whole
 * (src/lib/http/dynamic-encoding.ts); anything else — static files, prerendered pages, the
 * sitemap's stream — goes through gzip/brotli compression (the `compression` package, from
 * 1 KiB), as Astro serves those itself and they never reach its middleware. Bad input is refused
 * before all of that (`refuseEarly`). Static files that were
 * precompressed at build (src/server/precompressed.ts) are sent as their .br/.gz copy, before
 * `compression` would compress them again per request; public GET routes that depend on their
 * query alone (the search API) are answered without Astro (src/server/direct.ts).
 */
import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import { randomUUID } from 'node:crypto';
import compression from 'compression';
import { SKIP_STATIC } from './static-paths.ts';
import { securityHeaders } from '#lib/http/security-headers.ts';
import { isHttps } from '#lib/http/request-origin.ts';
import { getConfig } from '#lib/config.ts';
import {
  bodyTooLargeMessage,
  declaredLength,
  disallowedMessage,
  fieldLabel,
  isCleanPath,
  parseEncoded,
} from '#lib/http/edge-input.ts';

/** Largest refused body still read and thrown away to keep the connection (1 MiB). */
const DISCARD_BYTES = 1024 * 1024;

/**
 * Refuses bad input before Astro sees it (issue 11; the middleware and readBody apply the same
 * rules too): a declared body over MAX_BODY_BYTES gets 413 without a byte of it being read, and
 * an /api address with malformed %-encoding gets the JSON envelope naming the field (the adapter
 * would answer a bare "Bad request."). Returns true when it answered.
 */
function refuseEarly(req: http.IncomingMessage, res: http.ServerResponse, maxBodyBytes: number): boolean {
  const url = req.url ?? '/';
  let status = 0;
  let body: Record<string, unknown> = {};
  if ((declaredLength(req.headers['content-length']) ?? 0) > maxBodyBytes) {
    status = 413;
    body = { success: false, message: bodyTooLargeMessage(maxBodyBytes) };
  } else if (url.startsWith('/api/')) {
    // The adapter answers malformed %-encoding with a bare "Bad request."; the API owes its
    // clients the envelope. (No bare decodeURI() probe here: bundlers drop a call whose result
    // is unused.)
    const q = url.indexOf('?');
    const parsed = q === -1 ? null : parseEncoded(url.slice(q + 1));
    if (!isCleanPath(q === -1 ? url : url.slice(0, q))) {
      status = 400;
      body = { success: false, message: 'The address contains characters that are not allowed.' };
    } else if (parsed && 'problem' in parsed) {
      status = 400;
      const message = disallowedMessage(parsed.problem.field);
      body = { success: false, message, errors: { [fieldLabel(parsed.problem.field)]: message } };
    }
  }
  if (!status) return false;
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('x-request-id', randomUUID());
  // Node discards an unread body so the connection can serve the next request, and clients
  // that only read the answer once they have sent everything still see it; a declared body
  // over DISCARD_BYTES is not worth that: the connection closes once the answer is out.
  if (status === 413 && (declaredLength(req.headers['content-length']) ?? 0) > DISCARD_BYTES)
    res.setHeader('connection', 'close');
  res.end(JSON.stringify(body));
  return true;
}

/** A Node request handler; `next` is the connect-style continuation (Vite's dev server passes one). */
export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: () => void) => void;

/**
 * Wraps Astro's Node handler (`astroHandler`) with headers and compression.
 * `dev`: Astro's dev server, which does not hash inline scripts into a page policy, gets the
 * development Content-Security-Policy. `precompressed`:
 * answers a request for a static file from its build-time .br/.gz copy, returning true when it did.
 * `direct`: answers a request for a route it serves itself (src/server/direct.ts), returning true
 * when it did. `mayBeStaticFile`: false for a path that cannot name a file of dist/client
 * (src/server/static-paths.ts); such a request skips Astro's static handler (SKIP_STATIC).
 */
export function createListener(
  astroHandler: NodeHandler,
  {
    dev = false,
    precompressed,
    direct,
    mayBeStaticFile,
  }: {
    dev?: boolean;
    precompressed?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
    direct?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
    mayBeStaticFile?: (pathname: string) => boolean;
  } = {},
): NodeHandler {
  const compress = compression({ threshold: 1024 });
  const maxBodyBytes = getConfig().MAX_BODY_BYTES;
  return (req, res, next) => {
    const https = isHttps(Boolean((req.socket as TLSSocket).encrypted), req.headers['x-forwarded-proto']);
    for (const [name, value] of Object.entries(securityHeaders({ https, dev }))) res.setHeader(name, value);
    if (refuseEarly(req, res, maxBodyBytes)) return;
    if (precompressed?.(req, res)) return;
    if (direct?.(req, res)) return;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    if (mayBeStaticFile && !mayBeStaticFile(pathname)) {
      // A page or an endpoint: the middleware encodes its answer whole (dynamic-encoding.ts), so
      // it skips the static-file look-up and the `compression` stream's wrapping of the response.
      (req as unknown as Record<string, unknown>)[SKIP_STATIC] = true;
      return astroHandler(req, res, next);
    }
    compress(req as never, res as never, () => astroHandler(req, res, next));
  };
}
