/**
 * The production HTTP server: Astro's built handler (dist/server/entry.mjs, static files and
 * server-rendered routes) behind gzip/brotli-aware compression (the `compression` package) and
 * the security headers, which so also reach prerendered pages and static assets that never
 * pass through Astro's middleware. Listens on HOST:PORT (default localhost:4321).
 * Usage: `node scripts/server.ts` after `npm run build` (npm start does both).
 */
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import compression from 'compression';
import { randomUUID } from 'node:crypto';
import { securityHeaders } from '../src/lib/server/security-headers.ts';
import { isCacheableRequest, peekPageCache } from '../src/lib/server/page-cache.ts';
import { getConfig } from '../src/lib/server/config.ts';
import { bodyTooLargeMessage, declaredLength, disallowedMessage, fieldLabel, isCleanPath, parseEncoded } from '../src/lib/server/edge-input.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
// DIST_DIR names another build folder (e.g. a per-engineer `.build/NAME`); default `dist`.
const entry = pathToFileURL(path.resolve(process.env.DIST_DIR || 'dist', 'server/entry.mjs')).href;
const { handler } = (await import(entry)) as { handler: (req: http.IncomingMessage, res: http.ServerResponse) => void };

const compress = compression({ threshold: 1024 });
const headers = Object.entries(securityHeaders('/'));

const maxBodyBytes = getConfig().MAX_BODY_BYTES;
/** Largest refused body still read and thrown away to keep the connection (1 MiB). */
const DISCARD_BYTES = 1024 * 1024;

/**
 * Refuses bad input before Astro sees it (issue 11; the middleware and readBody apply the same
 * rules under the adapter's own entry): a declared body over MAX_BODY_BYTES gets 413 without a
 * byte of it being read, and an /api address with malformed %-encoding gets the JSON envelope
 * naming the field (the adapter would answer a bare "Bad request."). Returns true when answered.
 */
function refuseEarly(req: http.IncomingMessage, res: http.ServerResponse): boolean {
  const url = req.url ?? '/';
  let status = 0;
  let body: Record<string, unknown> = {};
  if ((declaredLength(req.headers['content-length']) ?? 0) > maxBodyBytes) {
    status = 413;
    body = { success: false, message: bodyTooLargeMessage(maxBodyBytes) };
  } else if (url.startsWith('/api/')) {
    try {
      decodeURI(url);
    } catch {
      const q = url.indexOf('?');
      const problem = isCleanPath(q === -1 ? url : url.slice(0, q)) ? parseEncoded(url.slice(q + 1)) : null;
      status = 400;
      if (problem && 'problem' in problem) {
        const message = disallowedMessage(problem.problem.field);
        body = { success: false, message, errors: { [fieldLabel(problem.problem.field)]: message } };
      } else {
        body = { success: false, message: 'The address contains characters that are not allowed.' };
      }
    }
  }
  if (!status) return false;
  res.statusCode = status;
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.setHeader('x-request-id', randomUUID());
  // Node discards an unread body so the connection can serve the next request, and clients
  // that only read the answer once they have sent everything still see it; a declared body
  // over DISCARD_BYTES is not worth that: the connection closes once the answer is out.
  if (status === 413 && (declaredLength(req.headers['content-length']) ?? 0) > DISCARD_BYTES) res.setHeader('connection', 'close');
  res.end(JSON.stringify(body));
  return true;
}

/**
 * The request listener: security headers, compression, then either a fresh micro-cached page
 * (anonymous catalogue HTML, see src/lib/server/page-cache.ts) or Astro.
 */
export function listener(req: http.IncomingMessage, res: http.ServerResponse): void {
  for (const [name, value] of headers) res.setHeader(name, value);
  if (refuseEarly(req, res)) return;
  compress(req as never, res as never, () => {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    const hit = isCacheableRequest(req.method, pathname, req.headers.cookie) ? peekPageCache(url) : null;
    if (!hit) return handler(req, res);
    for (const [name, value] of hit.headers) if (name !== 'x-request-id' && name !== 'content-length') res.setHeader(name, value);
    res.setHeader('x-cache', 'HIT');
    res.setHeader('x-request-id', randomUUID());
    res.statusCode = hit.status;
    res.end(hit.body);
  });
}

const host = process.env.HOST || 'localhost';
const port = Number(process.env.PORT || 4321);
const server = http.createServer(listener);
server.keepAliveTimeout = 65_000;
server.listen(port, host, () => {
  if (process.env.ASTRO_NODE_LOGGING !== 'disabled') console.log(`Server listening on http://${host}:${port}`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
