/**
 * Which request paths may name a file of dist/client (issue 13). Astro's standalone handler asks
 * its static handler first for every request: a disk `lstat`, a web `Request` and a route match
 * for the prerendered pages' headers, then `send`'s asynchronous `stat`, which fails for a page
 * and only then renders it. For a server-rendered page that was ~5% of a cold product page's
 * CPU. The listener uses `staticPathTest` to send a page straight to Astro's app handler (the
 * build-time rewrite in src/server/node-app-handler.ts lets it), and
 * everything that may be a file the way it always went.
 *
 * "May be a file": the path is a file of dist/client when the server started, or a folder with an
 * index.html (served for it with or without the slash; a folder without one falls through to the
 * app anyway), or its last segment has a dot (`/_astro/x.js`, `/favicon.svg`, a file added by a later build),
 * or it is anything but a plain path (`..`, `//`, characters outside [A-Za-z0-9/_~-], a bad
 * escape): those keep Astro's own handling, 400s and redirects included.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The property the listener sets (to true) on a Node request that cannot name a static file. */
export const SKIP_STATIC = 'farmfreshSkipStatic';

const PLAIN_PATH = /^\/[A-Za-z0-9/_~-]*$/;

/**
 * A test for URL paths (without the query) over the files and folders of `clientDir` now: true
 * when the path may be a static file or folder, false only for a plain path that cannot be one.
 */
export function staticPathTest(clientDir: string): (pathname: string) => boolean {
  const known = new Set<string>();
  const walk = (dir: string, prefix: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const urlPath = `${prefix}/${entry.name}`;
      if (entry.isDirectory()) walk(path.join(dir, entry.name), urlPath);
      else if (entry.isFile()) {
        known.add(urlPath);
        // A folder is served as its index.html (trailingSlash "ignore"), with or without the slash.
        if (entry.name === 'index.html') known.add(prefix || '/').add(`${prefix}/`);
      }
    }
  };
  if (fs.existsSync(clientDir)) walk(clientDir, '');
  return (pathname) => {
    if (!PLAIN_PATH.test(pathname) || pathname.includes('//')) return true;
    const last = pathname.slice(pathname.lastIndexOf('/') + 1);
    if (last.includes('.')) return true;
    return known.has(pathname);
  };
}
