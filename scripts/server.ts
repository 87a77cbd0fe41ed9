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
import { logSmsStartupWarning } from '../src/lib/server/sms.ts';
import { getConfig } from '../src/lib/server/config.ts';
import { DataDirLockedError, lockDataDir } from '../src/lib/server/db/data-dir-lock.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';

// Fail fast (issue 11): on PGlite, take the data folder's lock before listening, so a second
// server on the same folder exits at once with a clear message instead of corrupting it later.
{
  const config = getConfig();
  if (!config.DATABASE_URL) {
    try {
      lockDataDir(config.PGLITE_DATA_DIR);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  }
}
// DIST_DIR names another build folder (e.g. a per-engineer `.build/NAME`); default `dist`.
const entry = pathToFileURL(path.resolve(process.env.DIST_DIR || 'dist', 'server/entry.mjs')).href;
const { handler } = (await import(entry)) as { handler: (req: http.IncomingMessage, res: http.ServerResponse) => void };

const compress = compression({ threshold: 1024 });
const headers = Object.entries(securityHeaders('/'));

/**
 * The request listener: security headers, compression, then either a fresh micro-cached page
 * (anonymous catalogue HTML, see src/lib/server/page-cache.ts) or Astro.
 */
export function listener(req: http.IncomingMessage, res: http.ServerResponse): void {
  for (const [name, value] of headers) res.setHeader(name, value);
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
  // Production without SMS_SENDER: browsing works, OTP sign-in answers 503; say so once.
  try {
    logSmsStartupWarning();
  } catch {
    /* a bad configuration is reported by the first request, with the variable named */
  }
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
