/**
 * Cache-Control values for public catalogue responses: a CDN or browser may reuse them for a
 * minute and serve a stale copy for five more while revalidating. Customer-specific responses
 * use NO_STORE.
 */
export const CATALOG_CACHE = { 'cache-control': 'public, max-age=60, stale-while-revalidate=300' };
export const NO_STORE = { 'cache-control': 'no-store' };
