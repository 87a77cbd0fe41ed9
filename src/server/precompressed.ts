/**
 * Precompressed static files: at build, a brotli (quality 11) and a gzip (level 9)
 * copy beside every text file of dist/client — prerendered pages (e.g. /about), CSS, JS, SVG —
 * written once (`precompressDir`); at run time the listener sends the copy the browser prefers
 * (`createPrecompressedHandler`) with Content-Encoding and Vary: Accept-Encoding, so no request
 * for a static file runs a compressor. A browser that accepts neither gets the plain file
 * (src/server/static-files.ts). Only copies smaller than their file are kept; files under
 * 1 KiB stay plain (the listener's `compression` threshold).
 *
 * The handler answers GET and HEAD for files that have a copy, with the headers the plain file
 * gets (src/server/static-files.ts): Content-Type, Cache-Control (immutable under /_astro/), ETag and
 * Last-Modified (a matching If-None-Match gets 304), and each prerendered page's own
 * Content-Security-Policy from dist/_headers.json. Paths resolve as static-files.ts resolves
 * them, with trailingSlash "ignore": `/about` and `/about/` are about/index.html.
 */
import fs from 'node:fs';
import path from 'node:path';
import type http from 'node:http';
import { encodeBody, pickEncoding } from '#lib/http/content-coding.ts';
import { readPageHeaders } from './static-files.ts';

/** Files worth compressing, by extension, with the Content-Type sent for them. */
const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
};

const MIN_BYTES = 1024;
const SUFFIX = { br: '.br', gzip: '.gz' } as const;
/** Once per build, so the smallest copies: brotli quality 11, gzip level 9. */
const BUILD_LEVELS = { br: 11, gzip: 9 };

function* walk(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(full);
    else if (entry.isFile()) yield full;
  }
}

/**
 * Writes `FILE.br` and `FILE.gz` beside every compressible file of `dir` (at least 1 KiB, copy
 * smaller than the file). Returns how many files got copies and the bytes before and after (br).
 */
export function precompressDir(dir: string): { files: number; bytes: number; brBytes: number } {
  let files = 0;
  let bytes = 0;
  let brBytes = 0;
  for (const file of walk(dir)) {
    if (!(path.extname(file) in TYPES)) continue;
    const body = fs.readFileSync(file);
    if (body.length < MIN_BYTES) continue;
    const br = encodeBody(body, 'br', BUILD_LEVELS);
    const gz = encodeBody(body, 'gzip', BUILD_LEVELS);
    if (br.length < body.length) fs.writeFileSync(file + SUFFIX.br, br);
    if (gz.length < body.length) fs.writeFileSync(file + SUFFIX.gzip, gz);
    files += 1;
    bytes += body.length;
    brBytes += Math.min(br.length, body.length);
  }
  return { files, bytes, brBytes };
}

interface Entry {
  type: string;
  /** The .br/.gz files found at start-up (stat again per request: a rebuild may replace them). */
  copies: Partial<Record<keyof typeof SUFFIX, string>>;
  headers: [string, string][];
}

/** The URL path (no trailing slash, '/' for the root) a file of dist/client is served under. */
function urlPathOf(rel: string): string {
  const posix = `/${rel.split(path.sep).join('/')}`;
  if (posix === '/index.html') return '/';
  return posix.endsWith('/index.html') ? posix.slice(0, -'/index.html'.length) : posix;
}

/**
 * A handler for `clientDir` (dist/client, already precompressed) that answers a GET or HEAD for a
 * file with a copy the browser accepts and returns true; otherwise it does nothing and returns
 * false. `headersFile` is dist/_headers.json (prerendered pages' Content-Security-Policy).
 */
export function createPrecompressedHandler(
  clientDir: string,
  headersFile: string | null,
): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const pageHeaders = readPageHeaders(headersFile);
  const entries = new Map<string, Entry>();
  if (fs.existsSync(clientDir)) {
    for (const file of walk(clientDir)) {
      const type = TYPES[path.extname(file)];
      if (!type) continue;
      const copies: Entry['copies'] = {};
      for (const [coding, suffix] of Object.entries(SUFFIX) as [keyof typeof SUFFIX, string][]) {
        if (fs.existsSync(file + suffix)) copies[coding] = file + suffix;
      }
      if (!copies.br && !copies.gzip) continue;
      const urlPath = urlPathOf(path.relative(clientDir, file));
      const headers: [string, string][] = [
        ['cache-control', urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0'],
      ];
      if (type.startsWith('text/html')) headers.push(...(pageHeaders.get(urlPath) ?? []));
      entries.set(urlPath, { type, copies, headers });
    }
  }
  return (req, res) => {
    if (entries.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    let pathname = q === -1 ? url : url.slice(0, q);
    try {
      pathname = decodeURI(pathname);
    } catch {
      return false;
    }
    const entry = entries.get(pathname.length > 1 ? pathname.replace(/\/$/, '') : pathname);
    if (!entry) return false;
    const coding = pickEncoding(req.headers['accept-encoding']);
    const file = coding ? entry.copies[coding] : undefined;
    // Stat per request (as `send` does for the plain file): a rebuild under a running server must
    // not leave a stale Content-Length; a copy that has gone falls through to the plain file.
    const stat = file ? fs.statSync(file, { throwIfNoEntry: false }) : undefined;
    if (!coding || !file || !stat) return false;
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}-${coding}"`;
    res.setHeader('vary', 'Accept-Encoding');
    res.setHeader('content-type', entry.type);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader('etag', etag);
    res.setHeader('last-modified', stat.mtime.toUTCString());
    if (req.headers['if-none-match']?.split(',').some((tag) => tag.trim() === etag)) {
      res.statusCode = 304;
      res.end();
      return true;
    }
    res.setHeader('content-encoding', coding);
    res.setHeader('content-length', String(stat.size));
    res.statusCode = 200;
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const stream = fs.createReadStream(file, { end: stat.size - 1 });
    stream.on('error', () => res.destroy());
    stream.pipe(res);
    return true;
  };
}
