/**
 * The build's static files (dist/client: prerendered pages, /_astro assets, public/ files), served
 * by the server entry in front of Astro, as the Node adapter's middleware mode expects of its host.
 *
 * The files are listed once, when the server starts: a request for one of them is sent by `send`
 * (the file server the adapter itself uses: ETag, Last-Modified, ranges, 304s) with the headers the
 * adapter's standalone mode gives it — Cache-Control immutable under /_astro/, and each prerendered
 * page's own Content-Security-Policy from dist/_headers.json. Every other request goes to Astro
 * without a look-up on disk. Paths resolve with trailingSlash "ignore": `/about` and `/about/` are
 * about/index.html. Dotfiles are not listed, except under /.well-known/.
 */
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import send from 'send';

/** A prerendered page's headers as the Node adapter writes them to dist/_headers.json. */
type HeadersJson = { pathname: string; headers: { key: string; value: string }[] }[];

/** The prerendered pages' headers by URL path (no trailing slash, '/' for the root). */
export function readPageHeaders(file: string | null): Map<string, [string, string][]> {
  let list: HeadersJson = [];
  if (file && fs.existsSync(file)) {
    try {
      list = JSON.parse(fs.readFileSync(file, 'utf8')) as HeadersJson;
    } catch {
      list = [];
    }
  }
  return new Map(
    list.map((p) => [p.pathname.replace(/\/$/, '') || '/', p.headers.map((h) => [h.key, h.value] as [string, string])]),
  );
}

/** URL path (decoded) → the file's path relative to the client folder, in URL form. */
function listFiles(clientDir: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') && !(prefix === '' && entry.name === '.well-known')) continue;
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), urlPath);
      else if (entry.isFile()) {
        files.set(urlPath, urlPath);
        // A folder is served as its index.html, with or without the slash.
        if (entry.name === 'index.html') files.set(prefix || '/', urlPath).set(`${prefix}/`, urlPath);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir, '');
  return files;
}

/** The URL path of a request without its query, decoded; null when its %-encoding is malformed. */
function requestPath(url: string): string | null {
  const q = url.indexOf('?');
  try {
    return decodeURI(q === -1 ? url : url.slice(0, q));
  } catch {
    return null;
  }
}

/** The build's static files: `find` names the file a request asks for; `send` sends it. */
export interface StaticFiles {
  /** The file (its path under the client folder) a GET or HEAD asks for, or undefined. */
  find(req: http.IncomingMessage): string | undefined;
  /** Sends `file`; calls `next` instead when it has gone since the server started. */
  send(req: http.IncomingMessage, res: http.ServerResponse, file: string, next: () => void): void;
}

/** The files of `clientDir` (see the module comment); `headersFile` is dist/_headers.json. */
export function createStaticFiles(clientDir: string, headersFile: string | null): StaticFiles {
  const files = listFiles(clientDir);
  const pageHeaders = readPageHeaders(headersFile);
  return {
    find(req) {
      if (files.size === 0 || (req.method !== 'GET' && req.method !== 'HEAD')) return undefined;
      const urlPath = requestPath(req.url ?? '/');
      return urlPath === null ? undefined : files.get(urlPath);
    },
    send(req, res, file, next) {
      const stream = send(req, file, { root: clientDir, dotfiles: 'allow', index: false });
      stream.on('headers', () => {
        if (file.startsWith('/_astro/')) res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        if (file.endsWith('.html'))
          for (const [name, value] of pageHeaders.get(file.replace(/\/?index\.html$/, '') || '/') ?? [])
            res.setHeader(name, value);
      });
      stream.on('error', (err: { statusCode?: number }) => {
        if (res.headersSent) res.destroy();
        else if (err.statusCode === 404) next();
        else {
          res.statusCode = err.statusCode ?? 500;
          res.end();
        }
      });
      stream.pipe(res);
    },
  };
}
