/**
 * The Node request listener in front of Astro's handler, shared by every way the shop is served
 * (`npm start` via scripts/server.ts, `astro preview`, `node dist/server/entry.mjs`; see
 * src/server/entry.ts): security headers on every response (src/lib/server/security-headers.ts,
 * HSTS when the request is HTTPS), gzip/brotli compression (the `compression` package, from
 * 1 KiB), then either a fresh micro-cached page (anonymous catalogue HTML,
 * src/lib/server/page-cache.ts) or Astro — which serves static files and prerendered pages
 * itself and so never reaches the Astro middleware.
 */
import type http from 'node:http';
import type { TLSSocket } from 'node:tls';
import { randomUUID } from 'node:crypto';
import compression from 'compression';
import { securityHeaders } from '../lib/server/security-headers.ts';
import { isHttps } from '../lib/server/request-origin.ts';
import { isCacheableRequest, peekPageCache } from '../lib/server/page-cache.ts';

export type NodeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** Wraps Astro's Node handler (`astroHandler`) with headers, compression and the page cache. */
export function createListener(astroHandler: NodeHandler): NodeHandler {
  const compress = compression({ threshold: 1024 });
  return (req, res) => {
    const https = isHttps(Boolean((req.socket as TLSSocket).encrypted), req.headers['x-forwarded-proto']);
    for (const [name, value] of Object.entries(securityHeaders({ https }))) res.setHeader(name, value);
    compress(req as never, res as never, () => {
      const url = req.url ?? '/';
      const q = url.indexOf('?');
      const pathname = q === -1 ? url : url.slice(0, q);
      const hit = isCacheableRequest(req.method, pathname, req.headers.cookie) ? peekPageCache(url) : null;
      if (!hit) return astroHandler(req, res);
      for (const [name, value] of hit.headers) if (name !== 'x-request-id' && name !== 'content-length') res.setHeader(name, value);
      res.setHeader('x-cache', 'HIT');
      res.setHeader('x-request-id', randomUUID());
      res.statusCode = hit.status;
      res.end(hit.body);
    });
  };
}
