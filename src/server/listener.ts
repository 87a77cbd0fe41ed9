/**
 * The Node request listener in front of Astro, shared by every way the shop is served (the server
 * entry, src/server/entry.ts, under `npm start`, `node dist/server/entry.mjs` and `astro preview`;
 * and `astro dev`, see src/server/dev-server.ts). In order:
 * 0. forwarded headers (X-Forwarded-*, Forwarded) are removed unless the connection comes from a
 *    trusted proxy (TRUSTED_PROXIES, src/lib/http/client-ip.ts), so nothing after this believes
 *    what a client wrote about its address, scheme or host;
 * 1. security headers on every response (src/lib/http/security-headers.ts, HSTS when the request
 *    is HTTPS);
 * 2. the edge gate (src/lib/http/edge-gate.ts): a bad address or an oversized declared body is
 *    refused here, before anything else runs;
 * 3. a static file's build-time .br/.gz copy, when the client takes one (src/server/precompressed.ts);
 * 4. a static file of the build (src/server/static-files.ts) or Astro (whose route cache answers
 *    cached pages, src/lib/cache/route-cache.ts). A plain path (a page or an
 *    endpoint) goes to Astro as it is, since the Astro middleware compresses its answer whole
 *    (src/lib/http/dynamic-encoding.ts); static files and anything else Astro streams (the
 *    sitemap) go through gzip/brotli compression (the `compression` package, from 1 KiB).
 */
import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import { randomUUID } from 'node:crypto';
import compression from 'compression';
import { securityHeaders } from '#lib/http/security-headers.ts';
import { isHttps } from '#lib/http/request-origin.ts';
import { FORWARDED_HEADERS, isTrustedProxy } from '#lib/http/client-ip.ts';
import { refuseAtEdge } from '#lib/http/edge-gate.ts';
import type { Answer } from '#lib/http/envelope.ts';
import { declaredLength } from '#lib/http/edge-input.ts';
import { getConfig } from '#lib/config.ts';
import { allContracts } from '#features/contracts.ts';
import type { StaticFiles } from './static-files.ts';

/** Largest refused body still read and thrown away to keep the connection (1 MiB). */
const DISCARD_BYTES = 1024 * 1024;

/** A path that names a page or an endpoint, never a file: plain characters only (no dot, no escape). */
const PLAIN_PATH = /^\/[A-Za-z0-9/_~-]*$/;

/** A Node request handler; `next` is the connect-style continuation (Vite's dev server passes one). */
export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: () => void) => void;

/** Sends the edge gate's refusal. */
function refuse(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer): void {
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('x-request-id', randomUUID());
  // Node discards an unread body so the connection can serve the next request, and clients
  // that only read the answer once they have sent everything still see it; a declared body
  // over DISCARD_BYTES is not worth that: the connection closes once the answer is out.
  if ((declaredLength(req.headers['content-length']) ?? 0) > DISCARD_BYTES) res.setHeader('connection', 'close');
  res.end(answer.body);
}

/**
 * Wraps Astro's Node handler (`astroHandler`) with headers, the edge gate, compression and the
 * build's static files. `dev`: Astro's dev server, which does not hash inline scripts into a page
 * policy, gets the development Content-Security-Policy and compression on every answer (its middleware leaves answers plain).
 * `precompressed`: answers a request for a static file from its build-time .br/.gz copy,
 * returning true when it did. `staticFiles`: the build's files (dist/client).
 */
export function createListener(
  astroHandler: NodeHandler,
  {
    dev = false,
    precompressed,
    staticFiles,
  }: {
    dev?: boolean;
    precompressed?: (req: http.IncomingMessage, res: http.ServerResponse) => boolean;
    staticFiles?: StaticFiles;
  } = {},
): NodeHandler {
  const compress = compression({ threshold: 1024 });
  const maxBodyBytes = getConfig().MAX_BODY_BYTES;
  // Routes that take larger bodies (a catalogue CSV) declare their own cap.
  const routeCaps = new Map<string, number>(
    allContracts.filter((c) => c.maxBodyBytes).map((c) => [c.path, c.maxBodyBytes!]),
  );
  return (req, res, next) => {
    if (!isTrustedProxy(req.socket.remoteAddress)) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    const https = isHttps(Boolean((req.socket as TLSSocket).encrypted), req.headers['x-forwarded-proto']);
    for (const [name, value] of Object.entries(securityHeaders({ https, dev }))) res.setHeader(name, value);
    const url = req.url ?? '/';
    const cap = routeCaps.size ? (routeCaps.get(url.split('?', 1)[0]!) ?? maxBodyBytes) : maxBodyBytes;
    const refusal = refuseAtEdge({ url, contentLength: req.headers['content-length'] }, cap);
    if (refusal) return refuse(req, res, refusal);
    if (precompressed?.(req, res)) return;
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const toAstro = () => astroHandler(req, res, next);
    const file = staticFiles?.find(req);
    if (file !== undefined)
      return compress(req as never, res as never, () => staticFiles!.send(req, res, file, toAstro));
    if (!dev && PLAIN_PATH.test(pathname) && !pathname.includes('//')) return toAstro();
    compress(req as never, res as never, toAstro);
  };
}
