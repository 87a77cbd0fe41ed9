/**
 * Cache-Control values. Public catalogue answers (pages in the route cache, src/lib/cache/route-cache.ts,
 * and the catalogue's JSON): a browser revalidates them, a shared cache (CDN) may reuse them for
 * one second, the same freshness the server keeps (a change shows within a second). A page a
 * signed-in visitor gets: private. Customer-specific answers: NO_STORE.
 */
export const CATALOG_CACHE = { 'cache-control': 'public, max-age=0, s-maxage=1' };
export const PRIVATE_PAGE = { 'cache-control': 'private, no-cache' };
export const NO_STORE = { 'cache-control': 'no-store' };
