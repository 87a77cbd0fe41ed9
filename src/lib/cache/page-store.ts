/**
 * The pages the route cache keeps (src/lib/cache/route-cache.ts): bodies stored compressed,
 * bounded in bytes, least recently used out first, each page under a key (path and query), an
 * expiry and the tags of what it shows, so a change removes exactly the pages that show it.
 *
 * Compressed once per entry and coding: a page arrives as the middleware sent it to its first
 * client (encoded whole at the fast setting for that client's Accept-Encoding,
 * src/lib/http/dynamic-encoding.ts) and is kept in that coding. A client that takes another
 * coding gets it made once from the stored one and kept; the UPGRADE_AT_HIT-th hit has the
 * fast-encoded coding encoded again at the full setting, which pays on a page asked for again
 * and again. That upgrade runs in libuv's thread pool (about 1.5 ms of brotli for an 80 KiB page
 * that the serving thread does not wait for): the hits meanwhile get the fast bytes, and the
 * better ones replace them only if the page is still the one stored. A client that takes no
 * coding gets a stored body decoded. Bodies under 1 KiB are kept plain.
 *
 * Invalidation bumps a generation: a page rendered while an invalidation ran may show what was
 * just invalidated, so `put` stores it only when the generation is the one its render started in.
 */
import { promisify } from 'node:util';
import { brotliDecompress, brotliDecompressSync, gunzip, gunzipSync } from 'node:zlib';
import { encodeBody, encodeBodyLater, pickEncoding, type CodingLevels, type Encoding } from '../http/content-coding.ts';
import { COMPRESS_FROM_BYTES } from '../http/dynamic-encoding.ts';

/** Brotli quality and gzip level of stored pages once upgraded (and of codings made for a hit). */
const FULL: CodingLevels = { br: 5, gzip: 6 };
/** The hit that encodes a fast-encoded page again at the FULL setting. */
export const UPGRADE_AT_HIT = 4;
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
  /** The plain body, kept only for bodies under COMPRESS_FROM_BYTES (else null: see `encoded`). */
  plain: Uint8Array | null;
  /** The body per content coding (empty for a plain one). */
  encoded: Partial<Record<Encoding, Uint8Array>>;
  /** Codings kept at the fast setting they arrived in (false once upgraded or while being upgraded). */
  fast: Partial<Record<Encoding, boolean>>;
  hits: number;
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

const brotliDecompressLater = promisify<Uint8Array, Buffer>(brotliDecompress);
const gunzipLater = promisify<Uint8Array, Buffer>(gunzip);

function plainBody(page: StoredPage): Uint8Array {
  if (page.plain) return page.plain;
  return page.encoded.br ? brotliDecompressSync(page.encoded.br) : gunzipSync(page.encoded.gzip!);
}

/** The plain body, decoded in the thread pool. */
async function plainBodyLater(page: StoredPage): Promise<Uint8Array> {
  if (page.plain) return page.plain;
  return page.encoded.br ? brotliDecompressLater(page.encoded.br) : gunzipLater(page.encoded.gzip!);
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
      fast: {},
      hits: 0,
      status: response.status,
      headers: [...headers].filter(([name]) => !NOT_STORED.has(name)),
      tags: [...new Set(options.tags)],
      expires: (options.now ?? Date.now()) + options.maxAgeSeconds * 1000,
      size: 0,
    };
    if (coding === 'br' || coding === 'gzip') {
      page.encoded[coding] = body;
      page.fast[coding] = true;
    } else if (body.byteLength < COMPRESS_FROM_BYTES) page.plain = body;
    // A client that takes no coding: kept gzipped (a few times smaller), decoded for each such client.
    else page.encoded.gzip = encodeBody(body, 'gzip', FULL);
    page.size = (page.plain ?? page.encoded.br ?? page.encoded.gzip!).byteLength;
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
   * prefers (made once and kept when missing, upgraded at the UPGRADE_AT_HIT-th hit) with
   * Content-Encoding, or plain; Vary and Content-Length always.
   */
  respond(key: string, page: StoredPage, acceptEncoding: string | null): { body: Uint8Array; headers: Headers } {
    const coding = page.plain ? null : pickEncoding(acceptEncoding);
    let body: Uint8Array;
    if (coding) {
      page.hits++;
      let encoded = page.encoded[coding];
      if (!encoded) {
        // A coding this page has not been sent in: made now, as this client waits for it.
        encoded = encodeBody(plainBody(page), coding, FULL);
        this.#replaceBody(key, page, coding, encoded);
      } else if (page.fast[coding] && page.hits >= UPGRADE_AT_HIT) {
        page.fast[coding] = false;
        void this.#upgradeLater(key, page, coding, encoded);
      }
      body = encoded;
    } else body = plainBody(page);
    const headers = new Headers(page.headers);
    headers.set('vary', 'Accept-Encoding');
    headers.set('content-length', String(body.byteLength));
    if (coding) headers.set('content-encoding', coding);
    return { body, headers };
  }

  /**
   * Encodes `page` in `coding` at the full setting in the thread pool and stores that instead of
   * `fast`, unless the page left the store or changed meanwhile. A failed encode keeps the fast
   * bytes (it is not tried again).
   */
  async #upgradeLater(key: string, page: StoredPage, coding: Encoding, fast: Uint8Array): Promise<void> {
    try {
      const better = await encodeBodyLater(await plainBodyLater(page), coding, FULL);
      if (this.#entries.get(key) === page && page.encoded[coding] === fast)
        this.#replaceBody(key, page, coding, better);
    } catch {
      // The fast bytes stay; they are a correct answer.
    }
  }

  /** Stores `body` as `page`'s body in `coding`, counting the bytes it adds, and evicts to the bound. */
  #replaceBody(key: string, page: StoredPage, coding: Encoding, body: Uint8Array): void {
    const before = page.encoded[coding]?.byteLength ?? 0;
    page.encoded[coding] = body;
    page.fast[coding] = false;
    page.size += body.byteLength - before;
    this.#bytes += body.byteLength - before;
    this.#evict(key);
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
