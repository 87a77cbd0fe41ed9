/**
 * The Node request listener in front of Astro, shared by every way the shop is served: the server
 * entry (src/server/entry.ts, run by `npm start` and `node dist/server/entry.mjs`) and `astro dev`
 * (src/server/dev-server.ts). In order:
 * 0. forwarded headers (X-Forwarded-*, Forwarded) are removed unless the connection comes from a
 *    trusted proxy (TRUSTED_PROXIES, src/lib/http/client-ip.ts), so nothing after this believes
 *    what a client wrote about its address, scheme or host;
 * 1. security headers on every response (src/lib/http/security-headers.ts, HSTS when the request
 *    is HTTPS);
 * 2. the edge gate (src/lib/http/edge-gate.ts): a bad address or an oversized declared body is
 *    refused here, before anything else runs or a byte of the body is read; a browser's GET or
 *    HEAD of a bad page address is handed to Astro at the 400 page's clean address instead;
 * 3. an anonymous GET of a page in the route cache is answered from it (src/lib/cache/route-cache.ts,
 *    through src/lib/cache/cached-answers.ts, its freshness check first), timed under the route
 *    its page was rendered for;
 * 4. for a GET or HEAD, a file of the build (src/server/client-files.ts: sirv, with the
 *    build-time .br/.gz copies);
 * 5. Astro, whose route cache stores the pages it renders and whose middleware compresses every
 *    answer it makes (src/lib/http/dynamic-encoding.ts).
 * What it answers itself (a refusal, a build file) it times into the request duration histogram
 * (src/lib/metrics.ts) as `(refused)` or `(static)`; Astro's answers are timed by route there.
 */

import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import { allContracts } from '#features/contracts.ts';
import { type CachedAnswer, cachedAnswers } from '#lib/cache/cached-answers.ts';
import { getConfig } from '#lib/config.ts';
import { FORWARDED_HEADERS, isTrustedProxy } from '#lib/http/client-ip.ts';
import { refuseAtEdge } from '#lib/http/edge-gate.ts';
import { declaredLength } from '#lib/http/edge-input.ts';
import type { Answer } from '#lib/http/envelope.ts';
import { isHttps } from '#lib/http/request-origin.ts';
import { securityHeaders } from '#lib/http/security-headers.ts';
import { observeHttpRequest } from '#lib/metrics.ts';
import type { ClientFiles } from './client-files.ts';

/** Largest refused body still read and thrown away to keep the connection (1 MiB). */
const DISCARD_BYTES = 1024 * 1024;

/** A Node request handler; `next` is the connect-style continuation (Vite's dev server passes one). */
export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse, next?: () => void) => void;

/** Times the answer to `req` under `route` once it is sent. */
function timeAnswer(req: http.IncomingMessage, res: http.ServerResponse, route: string): void {
  const started = performance.now();
  res.once('finish', () =>
    observeHttpRequest(req.method ?? 'GET', route, res.statusCode, (performance.now() - started) / 1000),
  );
}

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

/** A request header as one value (Node joins repeated ones, but for a few it keeps an array). */
function headerOf(req: http.IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}

/** Sends a cached page's answer, looked up since `started` (the listener's security headers are already on `res`). */
function sendCached(req: http.IncomingMessage, res: http.ServerResponse, answer: CachedAnswer, started: number): void {
  res.once('finish', () =>
    observeHttpRequest(req.method ?? 'GET', answer.route, res.statusCode, (performance.now() - started) / 1000),
  );
  res.statusCode = answer.status;
  for (const [name, value] of answer.headers) res.setHeader(name, value);
  res.end(answer.body);
}

/**
 * Wraps Astro's Node handler (`astroHandler`) with headers, the edge gate, the route cache's
 * stored pages and the build's files. `dev`: Astro's dev server, which does not hash inline
 * scripts into a page policy, gets the development Content-Security-Policy. `clientFiles`: the
 * build's files (dist/client), tried for a GET or HEAD that no cached page answers; a request
 * they do not answer goes on to Astro.
 */
export function createListener(
  astroHandler: NodeHandler,
  { dev = false, clientFiles }: { dev?: boolean; clientFiles?: ClientFiles } = {},
): NodeHandler {
  const maxBodyBytes = getConfig().MAX_BODY_BYTES;
  // Routes that take larger bodies (a catalogue CSV, a photo) declare their own cap, and may name what is too large.
  const routeCaps = new Map<string, { cap: number; message?: string }>(
    allContracts
      .filter((c) => c.maxBodyBytes)
      .map((c) => [c.path, { cap: c.maxBodyBytes!, message: c.tooLargeMessage }]),
  );
  return (req, res, next) => {
    if (!isTrustedProxy(req.socket.remoteAddress)) for (const name of FORWARDED_HEADERS) delete req.headers[name];
    const https = isHttps(Boolean((req.socket as TLSSocket).encrypted), req.headers['x-forwarded-proto']);
    for (const [name, value] of Object.entries(securityHeaders({ https, dev }))) res.setHeader(name, value);
    const url = req.url ?? '/';
    const route = routeCaps.size ? routeCaps.get(url.split('?', 1)[0]!) : undefined;
    const refusal = refuseAtEdge(
      { url, contentLength: req.headers['content-length'] },
      route?.cap ?? maxBodyBytes,
      route?.message,
    );
    if (refusal?.page && (req.method === 'GET' || req.method === 'HEAD')) {
      // Astro never sees the address it could not read: it renders the 400 page in its place.
      req.url = refusal.page;
      return astroHandler(req, res, next);
    }
    if (refusal) {
      timeAnswer(req, res, '(refused)');
      return refuse(req, res, refusal);
    }
    const toAstro = () => astroHandler(req, res, next);
    const started = performance.now();
    const cached = cachedAnswers()?.({ method: req.method ?? 'GET', url, header: (name) => headerOf(req, name) });
    if (cached) {
      cached.then(
        (answer) => (answer ? sendCached(req, res, answer, started) : toAstro()),
        () => toAstro(),
      );
      return;
    }
    if (clientFiles && (req.method === 'GET' || req.method === 'HEAD')) {
      let astro = false;
      res.once('finish', () => {
        if (!astro)
          observeHttpRequest(req.method ?? 'GET', '(static)', res.statusCode, (performance.now() - started) / 1000);
      });
      return clientFiles(req, res, () => {
        astro = true;
        toAstro();
      });
    }
    toAstro();
  };
}
