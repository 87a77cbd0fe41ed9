/**
 * The pages the route cache keeps (src/lib/cache/route-cache.ts): bodies bounded in bytes, least
 * recently used out first, each page under a key (path and query), an expiry and the tags of what
 * it shows, so a change removes exactly the pages that show it.
 *
 * A page is kept in the bytes the middleware sent its first client (src/lib/http/dynamic-encoding.ts,
 * the one compression of answers made at run time): brotli or gzip as that client took, or plain.
 * A client that takes another coding gets it made once by the same encoder (`encodeDynamic`, the
 * same settings) and kept; a client that takes no coding gets the plain body, decoded from a
 * stored coding when the page has no plain one. A body under 1 KiB goes out plain, as the
 * middleware sends it. No hit costs more than sending stored bytes once each coding is made.
 *
 * Invalidation bumps a generation: a page rendered while an invalidation ran may show what was
 * just invalidated, so `put` stores it only when the generation is the one its render started in.
 */
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { type Encoding, pickEncoding } from '../http/content-coding.ts';
import { COMPRESS_FROM_BYTES, encodeDynamic } from '../http/dynamic-encoding.ts';

/** Largest page body kept (512 KiB, as sent). */
const MAX_BODY_BYTES = 512 * 1024;
/** Response headers not stored: sent per request, or set again for each answer. */
const NOT_STORED = new Set([
  'content-length',
  'content-encoding',
  'vary',
  'x-request-id',
  'set-cookie',
  'x-cache',
  'cdn-cache-control',
  'cache-tag',
]);

/** A stored page. */
export interface StoredPage {
  /** The plain body, when it was sent plain (else null: see `encoded`). */
  plain: Uint8Array | null;
  /** The body per content coding (empty for a plain one). */
  encoded: Partial<Record<Encoding, Uint8Array>>;
  status: number;
  headers: [string, string][];
  tags: string[];
  /** When it leaves the cache (ms since the epoch). */
  expires: number;
  /** Bytes of its bodies. */
  size: number;
}

/** How a response is stored: its lifetime, its tags, and the generation its render started in. */
export interface PutOptions {
  maxAgeSeconds: number;
  tags: string[];
  generation: number;
  /** The clock (ms since the epoch; tests). */
  now?: number;
}

function plainBody(page: StoredPage): Uint8Array {
  if (page.plain) return page.plain;
  return page.encoded.br ? brotliDecompressSync(page.encoded.br) : gunzipSync(page.encoded.gzip!);
}

/** A byte-bounded LRU of pages with a tag index. */
export class PageStore {
  readonly maxBytes: number;
  /** In least-recently-used order (a hit moves its entry to the end). */
  readonly #entries = new Map<string, StoredPage>();
  readonly #keysByTag = new Map<string, Set<string>>();
  #bytes = 0;
  #generation = 0;

  constructor(maxBytes: number) {
    this.maxBytes = maxBytes;
  }

  /** Moves on with every invalidation (see the module comment). */
  get generation(): number {
    return this.#generation;
  }

  /** Pages and bytes held. */
  stats(): { pages: number; bytes: number } {
    return { pages: this.#entries.size, bytes: this.#bytes };
  }

  /** The unexpired page under `key`, marked as just used; null when there is none. */
  get(key: string, now = Date.now()): StoredPage | null {
    const page = this.#entries.get(key);
    if (!page) return null;
    if (page.expires <= now) {
      this.#remove(key);
      return null;
    }
    this.#entries.delete(key);
    this.#entries.set(key, page);
    return page;
  }

  /**
   * Stores a 200 HTML `response` (as the middleware encoded it) under `key` and returns the
   * response to send in its place (`X-Cache: MISS`); returns `response` itself when it is not
   * stored: another status or type, a Set-Cookie, an unknown coding, an invalidation since its
   * render started, or a body over 512 KiB.
   */
  async put(key: string, response: Response, options: PutOptions): Promise<Response> {
    const coding = response.headers.get('content-encoding');
    if (
      options.maxAgeSeconds <= 0 ||
      options.generation !== this.#generation ||
      response.status !== 200 ||
      !response.body ||
      !(response.headers.get('content-type') ?? '').includes('text/html') ||
      response.headers.has('set-cookie') ||
      (coding !== null && coding !== 'br' && coding !== 'gzip')
    )
      return response;
    const body = new Uint8Array(await response.arrayBuffer());
    const headers = new Headers(response.headers);
    const sent = () => {
      headers.set('x-cache', 'MISS');
      return new Response(body, { status: response.status, statusText: response.statusText, headers });
    };
    if (body.byteLength > MAX_BODY_BYTES || options.generation !== this.#generation) return sent();
    const page: StoredPage = {
      plain: null,
      encoded: {},
      status: response.status,
      headers: [...headers].filter(([name]) => !NOT_STORED.has(name)),
      tags: [...new Set(options.tags)],
      expires: (options.now ?? Date.now()) + options.maxAgeSeconds * 1000,
      size: 0,
    };
    if (coding === 'br' || coding === 'gzip') page.encoded[coding] = body;
    else page.plain = body;
    page.size = body.byteLength;
    this.#remove(key);
    this.#entries.set(key, page);
    for (const tag of page.tags) {
      const keys = this.#keysByTag.get(tag) ?? new Set<string>();
      this.#keysByTag.set(tag, keys.add(key));
    }
    this.#bytes += page.size;
    this.#evict(key);
    return sent();
  }

  /**
   * The stored page as it goes out to a client with `acceptEncoding`: the body in the coding it
   * prefers (made once and kept when missing) with Content-Encoding, or plain (a client that takes
   * no coding, a body under 1 KiB); Vary and Content-Length always.
   */
  respond(key: string, page: StoredPage, acceptEncoding: string | null): { body: Uint8Array; headers: Headers } {
    const small = page.plain !== null && page.plain.byteLength < COMPRESS_FROM_BYTES;
    const coding = small ? null : pickEncoding(acceptEncoding);
    let body: Uint8Array;
    if (coding) {
      let encoded = page.encoded[coding];
      if (!encoded) {
        // A coding this page has not been sent in: made now, as this client waits for it, and kept.
        encoded = encodeDynamic(plainBody(page), coding);
        page.encoded[coding] = encoded;
        page.size += encoded.byteLength;
        this.#bytes += encoded.byteLength;
        this.#evict(key);
      }
      body = encoded;
    } else body = plainBody(page);
    const headers = new Headers(page.headers);
    headers.set('vary', 'Accept-Encoding');
    headers.set('content-length', String(body.byteLength));
    if (coding) headers.set('content-encoding', coding);
    return { body, headers };
  }

  /** Removes every page carrying one of `tags`. */
  invalidateTags(tags: Iterable<string>): void {
    this.#generation++;
    for (const tag of tags) {
      const keys = this.#keysByTag.get(tag);
      if (keys) for (const key of [...keys]) this.#remove(key);
    }
  }

  /** Removes the pages of `path` (any query). */
  invalidatePath(path: string): void {
    this.#generation++;
    for (const key of [...this.#entries.keys()]) if (key === path || key.startsWith(`${path}?`)) this.#remove(key);
  }

  /** Removes every page. */
  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#keysByTag.clear();
    this.#bytes = 0;
  }

  /** Drops the least recently used pages other than `keep` while over the bound. */
  #evict(keep: string): void {
    for (const key of this.#entries.keys()) {
      if (this.#bytes <= this.maxBytes) return;
      if (key !== keep) this.#remove(key);
    }
    if (this.#bytes > this.maxBytes) this.#remove(keep);
  }

  #remove(key: string): void {
    const page = this.#entries.get(key);
    if (!page) return;
    this.#entries.delete(key);
    this.#bytes -= page.size;
    for (const tag of page.tags) {
      const keys = this.#keysByTag.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.#keysByTag.delete(tag);
    }
  }
}
