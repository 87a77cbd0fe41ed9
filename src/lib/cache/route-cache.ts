/**
 * The shop's provider for Astro's route cache (`cache.provider` in astro.config.mjs): a page that
 * calls `Astro.cache.set({ maxAge, tags })` is kept in this process's memory (src/lib/cache/page-store.ts:
 * in the bytes the middleware sent, bounded by PAGE_CACHE_MB, least recently used out first) and served from it until
 * it expires or one of its tags is invalidated (`invalidateCachedPages`, or `context.cache.invalidate`).
 *
 * - Only anonymous GETs are answered from the cache or stored: a request carrying a session (cookie
 *   or Authorization header) always renders, and its page says `Cache-Control: private, no-cache`.
 * - Only a server process caches (src/lib/server-process.ts). `astro build` runs the provider
 *   around every page it prerenders, whose request has no headers (Astro warns when they are
 *   read): there it only renders.
 * - What a CDN sees on a cached page: `Cache-Control: public, max-age=0, s-maxage=1` (CATALOG_CACHE):
 *   a shared cache may reuse it for a second, the same freshness this cache keeps.
 * - Before serving a hit, the freshness guard a feature registered (`guardCacheHits`) runs: the
 *   catalogue's checks the database for changes (at most twice a second) and invalidates the
 *   pages they touch, so a hit never shows a change older than that check.
 * - A hit is answered by the Node listener in front of Astro (src/server/listener.ts), through the
 *   lookup this module publishes (`lookupCachedAnswer`, cached-answers.ts): a cached page costs
 *   no web Request, no routing and no Response object, about a quarter of the CPU of a hit
 *   answered inside Astro (docs/adr/0156-cache-hits-before-astro.md). Astro runs the provider
 *   around the middleware with the same lookup, for a page stored between the two (and for
 *   Astro's own tests of the provider); a miss goes through the middleware and is stored as it
 *   encoded it. A hit gets its own `X-Request-Id` here.
 * - Each lookup counts as a hit or a miss (src/lib/metrics.ts); a hit is timed into the request
 *   histogram under the route its page was rendered for (the middleware times a miss).
 * The page's `maxAge` and tags reach `onRequest` through Astro's `CDN-Cache-Control` and
 * `Cache-Tag` headers, which Astro removes before the answer leaves.
 */
import type { CacheOptions, CacheProvider, InvalidateOptions } from 'astro';
import { getConfig } from '../config.ts';
import { requestId } from '../http/request-id.ts';
import { carriesSession, headersCarrySession } from '../http/session-cookie.ts';
import { logger } from '../log.ts';
import { countCacheLookup, observeHttpRequest } from '../metrics.ts';
import { isServerProcess } from '../server-process.ts';
import { CATALOG_CACHE, PRIVATE_PAGE } from './cache-control.ts';
import { type CachedAnswer, type CacheLookupRequest, publishCachedAnswers } from './cached-answers.ts';
import { PageStore } from './page-store.ts';

let store: PageStore | undefined;
let guard: (() => Promise<void>) | undefined;

/** This process's page store (created on first use with PAGE_CACHE_MB). */
function pageStore(): PageStore {
  store ??= new PageStore(getConfig().PAGE_CACHE_MB * 1024 * 1024);
  return store;
}

/** Sets the check awaited before any hit is served (one per process; the catalogue's snapshot check). */
export function guardCacheHits(check: () => Promise<void>): void {
  guard = check;
}

/** Removes the cached pages carrying any of `tags` from this process's cache. */
export function invalidateCachedPages(tags: Iterable<string>): void {
  store?.invalidateTags(tags);
}

/** The request's route pattern, as the middleware noted it (see `noteRoute`). */
const ROUTE = Symbol.for('farmfresh.route-pattern');

/** Notes the route pattern Astro matched for `request`, so a later hit on its page is timed under it (the middleware). */
export function noteRoute(request: Request, routePattern: string): void {
  (request as Request & { [ROUTE]?: string })[ROUTE] = routePattern;
}

function routeOf(request: Request): string | undefined {
  return (request as Request & { [ROUTE]?: string })[ROUTE];
}

/** Most cache keys whose route is remembered: about as many as pages the cache holds, and bounded. */
const ROUTES_KEPT = 10_000;
/** Cache key → route pattern of its page, oldest first. */
const routes = new Map<string, string>();

function rememberRoute(key: string, route: string): void {
  routes.delete(key);
  routes.set(key, route);
  if (routes.size > ROUTES_KEPT) routes.delete(routes.keys().next().value!);
}

/** Whether this request may be answered from, or stored in, the shared cache. */
function anonymousRead(request: Request): boolean {
  return request.method === 'GET' && !carriesSession(request);
}

/** The max-age (s) in a CDN-Cache-Control value, or 0. */
function maxAgeOf(value: string | null): number {
  const match = value ? /(?:^|,)\s*max-age=(\d+)/i.exec(value) : null;
  return match ? Number(match[1]) : 0;
}

/** The cache key of a request target (`req.url`): its path and query as Astro's URL has them. */
function keyOf(target: string): string | null {
  try {
    const url = new URL(target, 'http://localhost');
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

/**
 * The answer to `request` from the cache (cached-answers.ts): null at once for a request that
 * is not an anonymous GET (`anonymousRead`'s rule) or has no fresh page stored; else the
 * freshness guard runs first, and the promise gives null when it removed the page.
 */
export function lookupCachedAnswer(request: CacheLookupRequest): Promise<CachedAnswer | null> | null {
  if (request.method !== 'GET' || headersCarrySession(request.header)) return null;
  if (!store || getConfig().PAGE_CACHE_SECONDS <= 0) return null;
  const key = keyOf(request.url);
  if (key === null || !store.get(key)) return null;
  return answerFromStore(store, key, request);
}

async function answerFromStore(s: PageStore, key: string, request: CacheLookupRequest): Promise<CachedAnswer | null> {
  if (guard) {
    try {
      await guard();
    } catch (err) {
      logger.warn({ err }, 'route cache: freshness check failed; the cached page answers');
    }
  }
  const page = s.get(key);
  if (!page) return null;
  countCacheLookup('hit');
  const { body, headers } = s.respond(key, page, request.header('accept-encoding') ?? null);
  headers.set('x-cache', 'HIT');
  headers.set('x-request-id', requestId(request.header('x-request-id')));
  return { status: page.status, headers: [...headers], body, route: routes.get(key) ?? '(cached)' };
}

publishCachedAnswers(lookupCachedAnswer);

/** The provider factory Astro loads from `cache.provider.entrypoint` (no options). */
export default function routeCacheProvider(): CacheProvider {
  return {
    name: 'farmfresh-route-cache',

    setHeaders(options: CacheOptions, request: Request): Headers {
      const headers = new Headers();
      if (carriesSession(request)) {
        headers.set('cache-control', PRIVATE_PAGE['cache-control']);
        return headers;
      }
      headers.set('cache-control', CATALOG_CACHE['cache-control']);
      if (options.maxAge !== undefined) headers.set('cdn-cache-control', `max-age=${options.maxAge}`);
      if (options.tags?.length) headers.set('cache-tag', options.tags.join(','));
      return headers;
    },

    async onRequest({ request, url }, next) {
      if (!isServerProcess() || !anonymousRead(request) || getConfig().PAGE_CACHE_SECONDS <= 0) return next();
      const key = url.pathname + url.search;
      const started = performance.now();
      const hit = await lookupCachedAnswer({
        method: request.method,
        url: key,
        header: (name) => request.headers.get(name) ?? undefined,
      });
      if (hit) {
        observeHttpRequest(request.method, hit.route, hit.status, (performance.now() - started) / 1000);
        return new Response(hit.body as Uint8Array<ArrayBuffer>, { status: hit.status, headers: hit.headers });
      }
      countCacheLookup('miss');
      const s = pageStore();
      const generation = s.generation;
      const response = await next();
      const maxAgeSeconds = Math.min(
        maxAgeOf(response.headers.get('cdn-cache-control')),
        getConfig().PAGE_CACHE_SECONDS,
      );
      if (maxAgeSeconds <= 0) return response;
      const tags = (response.headers.get('cache-tag') ?? '').split(',').filter(Boolean);
      const route = routeOf(request);
      if (route) rememberRoute(key, route);
      return s.put(key, response, { maxAgeSeconds, tags, generation });
    },

    async invalidate(options: InvalidateOptions): Promise<void> {
      if (options.tags !== undefined)
        invalidateCachedPages(typeof options.tags === 'string' ? [options.tags] : options.tags);
      if (options.path !== undefined) store?.invalidatePath(options.path);
    },
  };
}
