/**
 * A per-process micro-cache for anonymous catalogue HTML: a rendered page is reused for
 * PAGE_CACHE_SECONDS (default 5 s), so a burst of visitors costs one render per page per few
 * seconds while prices and stock on screen are never older than that. Only GET requests
 * without a session cookie, answered 200 with HTML and a public Cache-Control, are stored;
 * the cache is bounded (LRU by insertion order) so memory stays flat with 20,000 products.
 * Checkout, cart and account pages are never public, so they never enter it.
 */

/** Name of the session cookie; requests carrying it are personal and bypass the cache. */
export const SESSION_COOKIE = 'ff_session';

interface Entry {
  body: Uint8Array;
  status: number;
  headers: [string, string][];
  expires: number;
}

const MAX_ENTRIES = 500;
const MAX_BODY_BYTES = 512 * 1024;
// One map per process, shared through globalThis: the Astro bundle writes it (middleware) and
// the Node listener (src/server/listener.ts) reads it before Astro runs at all, so a hit costs no
// routing or rendering.
const CACHE = Symbol.for('farmfresh.pageCache');
const entries: Map<string, Entry> = ((globalThis as Record<symbol, unknown>)[CACHE] as Map<string, Entry> | undefined) ??
  ((globalThis as Record<symbol, unknown>)[CACHE] = new Map<string, Entry>());

/** Whether a request (by method, path and Cookie header) may be answered from the cache. */
export function isCacheableRequest(method: string | undefined, pathname: string, cookie: string | null | undefined): boolean {
  if (method !== 'GET') return false;
  if (pathname.startsWith('/api/') || pathname === '/readyz' || pathname === '/healthz') return false;
  return !(cookie && cookie.includes(`${SESSION_COOKIE}=`));
}

/** The fresh entry for `key` (body, status, headers), or null; for the Node-level fast path. */
export function peekPageCache(key: string, now = Date.now()): { body: Uint8Array; status: number; headers: [string, string][] } | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expires <= now) {
    entries.delete(key);
    return null;
  }
  return entry;
}

/** Cache key for a request, or null when the request must not use the cache. */
export function pageCacheKey(request: Request, url: URL): string | null {
  return isCacheableRequest(request.method, url.pathname, request.headers.get('cookie')) ? url.pathname + url.search : null;
}

/** A fresh cached response for `key`, or null. */
export function readPageCache(key: string, now = Date.now()): Response | null {
  const entry = peekPageCache(key, now);
  if (!entry) return null;
  const headers = new Headers(entry.headers);
  headers.set('x-cache', 'HIT');
  return new Response(entry.body.slice(), { status: entry.status, headers });
}

/**
 * Stores a cacheable response and returns the response to send (its body has been read).
 * Responses that are not public HTML pass through untouched.
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
