/**
 * A per-process cache for anonymous catalogue HTML: a rendered page is reused for
 * PAGE_CACHE_SECONDS (default 60 s), so a visitor's second look and a crawler walking 20,000
 * products cost one render per page per minute, while prices and stock on screen are never
 * older than that (the cart, checkout and orders always price from the database). Only GET
 * requests without a session cookie, answered 200 with HTML and a public Cache-Control, are
 * stored; the cache is bounded by bytes (MAX_CACHE_BYTES, 24 MiB of stored bodies, least
 * recently used first out), so memory stays flat whatever the catalogue's size. Checkout, cart
 * and account pages are never public, so they never enter it.
 *
 * One cache, one look-up per request: the Node listener (src/server/listener.ts) reads it before
 * Astro runs at all, so a hit costs no routing or rendering; the middleware only writes what
 * Astro rendered. Both live in the same server bundle, so this module's map is the one cache.
 * `astro dev` does not store pages (src/middleware.ts), so an edited page shows at once.
 *
 * Compressed once per entry and coding (issue 13): a stored page keeps its brotli (quality 5)
 * and gzip (level 6) bodies, each made the first time a client asks for that coding (the miss
 * encodes only what its own client prefers), and a hit is sent in the coding the client prefers
 * (`pickEncoding`), so no hit runs a compressor again (per-hit brotli cost 6–8 ms of CPU and its
 * native buffers forced full garbage collections). Pages under 1 KiB are kept plain. A page
 * kept encoded is not kept plain too: the rare client that accepts no coding (curl, some bots)
 * gets a stored body decoded (~0.1 ms), and an entry takes ~10–20 KiB instead of ~80 KiB.
 *
 * A miss is encoded fast (brotli quality 1, gzip level 1: 0.3 ms instead of 1.3 ms for an
 * 80 KiB product page, ~20% more bytes) and encoded again at the full setting by the entry's
 * UPGRADE_AT_HIT-th hit: the better ratio saves ~2.8 KiB per answer for 1 ms of CPU, which pays
 * only on a page asked for again and again; most cold pages (a crawler's walk) are asked for
 * once or twice a minute and keep the fast encoding.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { encodeBody, pickEncoding, type CodingLevels, type Encoding } from '../http/content-coding.ts';

/** Name of the session cookie; requests carrying it are personal and bypass the cache. */
export const SESSION_COOKIE = 'ff_session';

/** A stored page: body bytes (plain or encoded), status and headers as rendered. */
export interface CachedPage {
  /** The plain body, kept only for pages under ENCODE_FROM_BYTES (else null: see `encoded`). */
  body: Uint8Array | null;
  /** The body encoded, per content coding; empty for pages under ENCODE_FROM_BYTES. */
  encoded: Partial<Record<Encoding, Uint8Array>>;
  /** Codings stored at the fast setting (made by the miss), encoded again at the full one by the UPGRADE_AT_HIT-th hit. */
  fast?: Partial<Record<Encoding, boolean>>;
  /** Hits so far. */
  hits?: number;
  status: number;
  headers: [string, string][];
}

/** Smallest body kept encoded too (1 KiB, the listener's compression threshold). */
const ENCODE_FROM_BYTES = 1024;

/** Brotli quality and gzip level of stored pages: the full setting, and the miss's fast one. */
const FULL: CodingLevels = { br: 5, gzip: 6 };
const FAST: CodingLevels = { br: 1, gzip: 1 };
/** The hit that encodes a fast-encoded page again at the full setting. */
export const UPGRADE_AT_HIT = 4;

/** The plain body of a stored page (decoded from a stored coding when it is not kept plain). */
function plainBody(page: CachedPage): Uint8Array {
  if (page.body) return page.body;
  return page.encoded.br ? brotliDecompressSync(page.encoded.br) : gunzipSync(page.encoded.gzip!);
}

/**
 * The page as it goes out for a client's Accept-Encoding: the body in the coding it prefers with
 * Content-Encoding and Vary set, else the plain body; Content-Length always. A coding not yet
 * stored is made once here and kept (a miss encodes only what its client asked for); the
 * UPGRADE_AT_HIT-th hit on a coding the miss stored fast encodes it again at the full setting.
 */
export function cachedResponseFor(
  page: CachedPage,
  acceptEncoding: string | null | undefined,
  { hit = true } = {},
): { body: Uint8Array; headers: [string, string][] } {
  const coding = pickEncoding(acceptEncoding);
  let encoded: Uint8Array | undefined;
  if (coding && !page.body) {
    encoded = page.encoded[coding];
    if (hit) page.hits = (page.hits ?? 0) + 1;
    if (!encoded || (hit && page.fast?.[coding] && (page.hits ?? 0) >= UPGRADE_AT_HIT)) {
      const before = encoded?.byteLength ?? 0;
      encoded = page.encoded[coding] = encodeBody(plainBody(page), coding, FULL);
      if (page.fast) page.fast[coding] = false;
      if ('size' in page) {
        (page as Entry).size += encoded.byteLength - before;
        storedBytes += encoded.byteLength - before;
      }
    }
  }
  const body = encoded ?? plainBody(page);
  const headers = page.headers.filter(
    ([name]) => name !== 'content-length' && name !== 'content-encoding' && name !== 'vary',
  );
  headers.push(['vary', 'Accept-Encoding'], ['content-length', String(body.byteLength)]);
  if (encoded) headers.push(['content-encoding', coding!]);
  return { body, headers };
}

interface Entry extends CachedPage {
  expires: number;
  /** Bytes this entry holds (its bodies). */
  size: number;
}

/** Stored bytes kept per process (24 MiB: ~1,200 product pages at ~20 KiB encoded). */
const MAX_CACHE_BYTES = 24 * 1024 * 1024;
/** Largest page body kept (512 KiB). */
const MAX_BODY_BYTES = 512 * 1024;
/** In least-recently-used order (a hit moves its entry to the end). */
const entries = new Map<string, Entry>();
let storedBytes = 0;

function remove(key: string): void {
  const entry = entries.get(key);
  if (!entry) return;
  storedBytes -= entry.size;
  entries.delete(key);
}

/** Whether a request (by method, path and Cookie header) may be answered from the cache. */
export function isCacheableRequest(
  method: string | undefined,
  pathname: string,
  cookie: string | null | undefined,
): boolean {
  if (method !== 'GET') return false;
  if (pathname.startsWith('/api/') || pathname === '/readyz' || pathname === '/healthz') return false;
  return !(cookie && cookie.includes(`${SESSION_COOKIE}=`));
}

/** The fresh page stored under `key` (path and query), or null; the listener's one look-up. */
export function peekPageCache(key: string, now = Date.now()): CachedPage | null {
  const entry = entries.get(key);
  if (!entry) return null;
  if (entry.expires <= now) {
    remove(key);
    return null;
  }
  entries.delete(key);
  entries.set(key, entry);
  return entry;
}

/** Cache key for a request (path and query), or null when the request must not use the cache. */
export function pageCacheKey(request: Request, url: URL): string | null {
  return isCacheableRequest(request.method, url.pathname, request.headers.get('cookie'))
    ? url.pathname + url.search
    : null;
}

/**
 * Stores a cacheable response under `key` for `ttlSeconds` and returns the response to send
 * (its body has been read; marked `X-Cache: MISS`), already encoded for `acceptEncoding` when
 * it was stored encoded, so the miss is compressed once too. Responses that are not public HTML
 * pass through untouched.
 */
export async function writePageCache(
  key: string,
  response: Response,
  ttlSeconds: number,
  now = Date.now(),
  acceptEncoding?: string | null,
): Promise<Response> {
  const type = response.headers.get('content-type') ?? '';
  const cacheControl = response.headers.get('cache-control') ?? '';
  if (
    ttlSeconds <= 0 ||
    response.status !== 200 ||
    !type.includes('text/html') ||
    !cacheControl.includes('public') ||
    response.headers.has('set-cookie')
  ) {
    return response;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  if (body.byteLength > MAX_BODY_BYTES) {
    headers.set('x-cache', 'MISS');
    return new Response(body, { status: response.status, headers });
  }
  // Kept in the coding this client prefers (gzip for one that takes none); others on demand.
  const small = body.byteLength < ENCODE_FROM_BYTES;
  const first: Encoding = pickEncoding(acceptEncoding) ?? 'gzip';
  const encoded: CachedPage['encoded'] = small ? {} : { [first]: encodeBody(body, first, FAST) };
  const kept = small ? body : null;
  const size = kept?.byteLength ?? encoded[first]!.byteLength;
  const entry: Entry = {
    body: kept,
    encoded,
    fast: small ? {} : { [first]: true },
    status: response.status,
    headers: [...headers.entries()],
    expires: now + ttlSeconds * 1000,
    size,
  };
  remove(key);
  while (entries.size && storedBytes + size > MAX_CACHE_BYTES) remove(entries.keys().next().value!);
  entries.set(key, entry);
  storedBytes += size;
  const out = cachedResponseFor(entry, acceptEncoding, { hit: false });
  const sent = new Headers(out.headers);
  sent.set('x-cache', 'MISS');
  return new Response(out.body as Uint8Array<ArrayBuffer>, { status: response.status, headers: sent });
}

/** Empties the cache (tests; after a catalogue import in the same process). */
export function clearPageCache(): void {
  entries.clear();
  storedBytes = 0;
}

/** Pages and stored bytes in this process's cache (tests, diagnostics). */
export function pageCacheStats(): { pages: number; bytes: number } {
  return { pages: entries.size, bytes: storedBytes };
}
