/**
 * A per-process micro-cache for anonymous catalogue HTML: a rendered page is reused for
 * PAGE_CACHE_SECONDS (default 5 s), so a burst of visitors costs one render per page per few
 * seconds while prices and stock on screen are never older than that. Only GET requests
 * without a session cookie, answered 200 with HTML and a public Cache-Control, are stored;
 * the cache is bounded (500 entries of at most 512 KiB, oldest first out) so memory stays flat
 * with 20,000 products. Checkout, cart and account pages are never public, so they never enter it.
 *
 * One cache, one look-up per request: the Node listener (src/server/listener.ts) reads it before
 * Astro runs at all, so a hit costs no routing or rendering; the middleware only writes what
 * Astro rendered. Both live in the same server bundle, so this module's map is the one cache.
 * `astro dev` does not store pages (src/middleware.ts), so an edited page shows at once.
 */

/** Name of the session cookie; requests carrying it are personal and bypass the cache. */
export const SESSION_COOKIE = 'ff_session';

/** A stored page: body bytes, status and headers as rendered. */
export interface CachedPage {
  body: Uint8Array;
  status: number;
  headers: [string, string][];
}

interface Entry extends CachedPage {
  expires: number;
}

/** Most pages kept per process. */
const MAX_ENTRIES = 500;
/** Largest page body kept (512 KiB). */
const MAX_BODY_BYTES = 512 * 1024;
const entries = new Map<string, Entry>();

/** Whether a request (by method, path and Cookie header) may be answered from the cache. */
export function isCacheableRequest(method: string | undefined, pathname: string, cookie: string | null | undefined): boolean {
  if (method !== 'GET') return false;
  if (pathname.startsWith('/api/') || pathname === '/readyz' || pathname === '/healthz') return false;
  return !(cookie && cookie.includes(`${SESSION_COOKIE}=`));
}

/** The fresh page stored under `key` (path and query), or null; the listener's one look-up. */
export function peekPageCache(key: string, now = Date.now()): CachedPage | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expires <= now) {
    entries.delete(key);
    return null;
  }
  return entry;
}

/** Cache key for a request (path and query), or null when the request must not use the cache. */
export function pageCacheKey(request: Request, url: URL): string | null {
  return isCacheableRequest(request.method, url.pathname, request.headers.get('cookie')) ? url.pathname + url.search : null;
}

/**
 * Stores a cacheable response under `key` for `ttlSeconds` and returns the response to send
 * (its body has been read; marked `X-Cache: MISS`). Responses that are not public HTML pass
 * through untouched.
 */
export async function writePageCache(key: string, response: Response, ttlSeconds: number, now = Date.now()): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (ttlSeconds <= 0 || response.status !== 200 || !type.includes('text/html') || !cacheControl.includes('public') || response.headers.has('set-cookie')) {
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  if (body.byteLength <= MAX_BODY_BYTES) {
    entries.delete(key);
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(key, { body, status: response.status, headers: [...headers.entries()], expires: now + ttlSeconds * 1000 });
  }
  headers.set('x-cache', 'MISS');
  return new Response(body, { status: response.status, headers });
}

/** Empties the cache (tests; after a catalogue import in the same process). */
export function clearPageCache(): void {
  entries.clear();
}
