/**
 * The build's client files (dist/client: prerendered pages, /_astro assets, public/ files),
 * served by `sirv` in front of Astro, as the Node adapter's middleware mode expects of its host.
 *
 * sirv lists the folder once, when the server starts (`dev: false`), so a request that names no
 * file goes on to Astro without a look-up on disk; a path outside the folder (`..`) is never in
 * the list. It resolves `/about` and `/about/` to about/index.html, sends the build-time `.br` or
 * `.gz` copy beside a file (astro-compressor, astro.config.mjs) to a client that takes that
 * coding, with `Vary: Accept-Encoding`, and answers a matching If-None-Match with 304. Dotfiles
 * are not listed, except under /.well-known/.
 *
 * The headers the adapter's standalone server would give them come from `setHeaders`:
 * Cache-Control immutable under /_astro/ (their names carry a content hash) and revalidated
 * elsewhere, each prerendered page's own Content-Security-Policy from dist/_headers.json, and the
 * Content-Type of the file kinds sirv's type table (mrmime) lacks, such as favicon.ico.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import sirv from 'sirv';

/** A Node handler that answers a request or calls `next`. */
export type ClientFiles = (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;

/** Cache-Control of hashed assets (/_astro/) and of every other file. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0';

/** Content-Type by file extension for the public files whose type sirv does not know (it sends none). */
const EXTRA_TYPES: Record<string, string> = { '.ico': 'image/x-icon' };

/** A prerendered page's headers as the Node adapter writes them to dist/_headers.json. */
type HeadersJson = { pathname: string; headers: { key: string; value: string }[] }[];

/** A page's URL path as a key: no `index.html`, no trailing slash, '/' for the root. */
function pageKey(pathname: string): string {
  return pathname.replace(/(^|\/)index\.html$/, '$1').replace(/\/+$/, '') || '/';
}

/** The prerendered pages' headers by page key; none when the file is missing or unreadable. */
export function readPageHeaders(file: string): Map<string, [string, string][]> {
  let list: HeadersJson = [];
  try {
    list = JSON.parse(fs.readFileSync(file, 'utf8')) as HeadersJson;
  } catch {
    list = [];
  }
  return new Map(list.map((p) => [pageKey(p.pathname), p.headers.map((h) => [h.key, h.value] as [string, string])]));
}

/** The files of `clientDir` (see the module comment); `headersFile` is dist/_headers.json. */
export function createClientFiles(clientDir: string, headersFile: string): ClientFiles {
  if (!fs.existsSync(clientDir)) return (_req, _res, next) => next();
  const pageHeaders = readPageHeaders(headersFile);
  const serve = sirv(clientDir, {
    dev: false,
    etag: true,
    brotli: true,
    gzip: true,
    setHeaders(res, pathname) {
      res.setHeader('cache-control', pathname.startsWith('/_astro/') ? IMMUTABLE : REVALIDATE);
      for (const [name, value] of pageHeaders.get(pageKey(pathname)) ?? []) res.setHeader(name, value);
      const type = EXTRA_TYPES[path.extname(pathname)];
      if (type) res.setHeader('content-type', type);
    },
  });
  return (req, res, next) => serve(req, res, next);
}
