/**
 * The bridge between the route cache, inside Astro's bundle (route-cache.ts), and the Node
 * listener in front of Astro (src/server/listener.ts), which is bundled apart with its own copy
 * of the kernel: the route cache publishes its lookup on `globalThis` under a registered symbol
 * (as src/lib/metrics.ts keeps its state), and the listener answers a cached page with it before
 * the request reaches Astro.
 */

/** What the listener knows of a request when it asks (Node's header values, lower-case names). */
export interface CacheLookupRequest {
  method: string;
  /** The request target as received (`req.url`). */
  url: string;
  header(name: string): string | undefined;
}

/** A cached page's answer: status, headers (names lower-case) and the body as sent. */
export interface CachedAnswer {
  status: number;
  headers: [string, string][];
  body: Uint8Array;
  /** The route pattern its page was rendered for, for the request histogram. */
  route: string;
}

/**
 * Answers `request` from the cache: null at once when no fresh page is stored for it (or it may
 * not be answered from the cache), else a promise of the answer (null when the freshness check
 * on the way removed the page).
 */
export type CachedAnswerLookup = (request: CacheLookupRequest) => Promise<CachedAnswer | null> | null;

const KEY = Symbol.for('farmfresh.cached-answers');

/** Publishes this process's lookup (the route cache, once it loads). */
export function publishCachedAnswers(lookup: CachedAnswerLookup): void {
  (globalThis as { [KEY]?: CachedAnswerLookup })[KEY] = lookup;
}

/** This process's lookup, or undefined before the route cache loads (or where it never does). */
export function cachedAnswers(): CachedAnswerLookup | undefined {
  return (globalThis as { [KEY]?: CachedAnswerLookup })[KEY];
}
