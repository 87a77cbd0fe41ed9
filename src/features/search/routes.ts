/**
 * The search routes' handlers (contracts in contract.ts; mounted by
 * src/pages/api/customer/search-products.ts and search.ts, and answered before Astro by the Node
 * listener, src/server/direct.ts: both depend on their query alone).
 *
 * Type-ahead sends the same short prefixes from every visitor, so the dropdown's answers are kept
 * in a small per-process cache: least recently used out past MAX_ENTRIES, keyed by the text, the
 * limit and the search catalogue's version (index-cache.ts), so a changed price or product shows
 * at once. One- and two-letter answers come from the database and have no version: they are
 * kept PAGE_CACHE_SECONDS (the catalogue pages' freshness), and 0 turns the cache off.
 */
import { implementPublic } from '../../lib/http/handler.ts';
import { getDb } from '../../lib/db/index.ts';
import { getConfig } from '../../lib/config.ts';
import { CATALOG_CACHE } from '../../lib/cache/cache-control.ts';
import { searchResultJson } from '../catalog/server/shapes.ts';
import { searchProducts } from './server.ts';
import { normalizeSearchText } from './rules.ts';
import { searchPageRoute, searchProductsRoute } from './contract.ts';
import { searchPage } from './server/results-page.ts';
import { getSearchCatalog } from './server/index-cache.ts';

/** Most answers the search cache keeps. */
const MAX_ENTRIES = 500;
/** Shortest text the search index answers (shorter ones are read from the database). */
const INDEXED_FROM = 3;
type Answer = { products: ReturnType<typeof searchResultJson>[] };
const cache = new Map<string, { data: Answer; expires: number }>();

export const searchProductsEndpoint = implementPublic(searchProductsRoute, async ({ query }) => {
  const ttl = getConfig().PAGE_CACHE_SECONDS;
  const db = await getDb();
  const text = normalizeSearchText(query.product);
  const version = text.length >= INDEXED_FROM ? (await getSearchCatalog(db)).version : 'db';
  const key = `${version}\u0000${query.limit}\u0000${text}`;
  const now = Date.now();
  const hit = ttl > 0 ? cache.get(key) : undefined;
  if (hit && hit.expires > now) {
    cache.delete(key);
    cache.set(key, hit);
    return { data: hit.data, headers: CATALOG_CACHE };
  }
  const products = await searchProducts(db, query.product, { limit: query.limit });
  const data: Answer = { products: products.map(searchResultJson) };
  if (ttl > 0) {
    cache.delete(key);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { data, expires: now + ttl * 1000 });
  }
  return { data, headers: CATALOG_CACHE };
});

/** GET /api/customer/search: one page of the /search page's results (mounted by src/pages/api/customer/search.ts). */
export const searchPageEndpoint = implementPublic(searchPageRoute, async ({ query }) => {
  const result = await searchPage(await getDb(), query);
  return {
    data: {
      query: result.q,
      corrected_query: result.correctedText,
      total: result.total,
      page: result.page,
      page_size: result.pageSize,
      total_pages: result.totalPages,
      products: result.products.map(searchResultJson),
      categories: result.categories.map((c) => ({ id: c.value, name: c.label, count: c.count })),
      brands: result.brands.map((b) => ({ name: b.label, count: b.count })),
      suggestions: result.suggestions,
    },
    headers: CATALOG_CACHE,
  };
});
