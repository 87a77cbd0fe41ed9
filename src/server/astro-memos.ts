/**
 * Build-time changes to three functions of Astro's render path that every page called with
 * the same arguments (issue 13; docs/performance.md "Render path"). Each is wrapped in a
 * bounded memo (emptied when full); their answers depend on their arguments alone. Applied by
 * src/server/source-rewrites.ts, which stops the build when a function is no longer there.
 *
 * - `generateCspDigest` (astro/dist/core/encryption.js): with `security.csp`, Astro hashes every
 *   script and style of a page into its Content-Security-Policy on every render, through
 *   `crypto.subtle.digest` (a thread-pool job and a promise each). They are the same few texts
 *   on every page (the islands' hydration script, the head script, the layout's styles): ~3% of
 *   a cold product page's main thread, and more on the pool.
 * - `createAssetLink` (astro/dist/core/render/ssr-element.js): each island's component and
 *   renderer URLs and each script and style link are parsed with `new URL` on every render
 *   (~2.4% of a cold product page). Calls with query parameters or a per-extension
 *   `assetsPrefix` object are not remembered.
 * - `getComponentByRoute` (astro/dist/core/environment/production.js): a page's module is found
 *   with two dynamic `import()`s on every request (the page map's entry, then its `page()`), each
 *   a pass through Node's module loader for a module loaded long ago (~1.6% of a cold product
 *   page). The module is remembered per route (by its RouteData object) once loaded; a failed
 *   import is not remembered.
 */
import type { SourceRewrite } from './source-rewrites.ts';

/** Answers kept per function (distinct texts or links; a page has a few dozen). */
const MEMO_SIZE = 512;

const WHEN_MISSING = 'check the function in this Astro version and update or drop its rewrite';

/** The memo rewrites of Astro's `generateCspDigest`, `createAssetLink` and `getComponentByRoute`. */
export const ASTRO_MEMO_REWRITES: SourceRewrite[] = [
  {
    file: /[\\/]astro[\\/]dist[\\/]core[\\/]encryption\.js$/,
    name: 'astro CSP digest memo',
    whenMissing: WHEN_MISSING,
    find: 'async function generateCspDigest(data, algorithm) {',
    replace: `const cspDigestMemo = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + "\\u0000" + data;
  let digest = cspDigestMemo.get(key);
  if (digest === undefined) {
    digest = await generateCspDigestUncached(data, algorithm);
    if (cspDigestMemo.size >= ${MEMO_SIZE}) cspDigestMemo.clear();
    cspDigestMemo.set(key, digest);
  }
  return digest;
}
async function generateCspDigestUncached(data, algorithm) {`,
  },
  {
    file: /[\\/]astro[\\/]dist[\\/]core[\\/]render[\\/]ssr-element\.js$/,
    name: 'astro asset link memo',
    whenMissing: WHEN_MISSING,
    find: 'function createAssetLink(href, base, assetsPrefix, queryParams) {',
    replace: `const assetLinkMemo = new Map();
function createAssetLink(href, base, assetsPrefix, queryParams) {
  if (queryParams || (assetsPrefix && typeof assetsPrefix !== "string")) return createAssetLinkUncached(href, base, assetsPrefix, queryParams);
  const key = href + "\\u0000" + (base ?? "") + "\\u0000" + (assetsPrefix ?? "");
  let link = assetLinkMemo.get(key);
  if (link === undefined) {
    link = createAssetLinkUncached(href, base, assetsPrefix);
    if (assetLinkMemo.size >= ${MEMO_SIZE}) assetLinkMemo.clear();
    assetLinkMemo.set(key, link);
  }
  return link;
}
function createAssetLinkUncached(href, base, assetsPrefix, queryParams) {`,
  },
  {
    file: /[\\/]astro[\\/]dist[\\/]core[\\/]environment[\\/]production\.js$/,
    name: 'astro page module memo',
    whenMissing: WHEN_MISSING,
    find: 'async function getComponentByRoute(manifest, routeData) {',
    replace: `const pageComponentMemo = new WeakMap();
async function getComponentByRoute(manifest, routeData) {
  let component = pageComponentMemo.get(routeData);
  if (component === undefined) {
    component = await getComponentByRouteUncached(manifest, routeData);
    pageComponentMemo.set(routeData, component);
  }
  return component;
}
async function getComponentByRouteUncached(manifest, routeData) {`,
  },
];
