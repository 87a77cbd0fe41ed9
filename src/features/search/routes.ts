/**
 * The search routes' handlers (contracts in contract.ts; the dropdown's is mounted by
 * src/pages/api/customer/search-products.ts).
 *
 * Type-ahead sends the same short prefixes from every visitor, so answers are kept in a small
 * per-process cache for PAGE_CACHE_SECONDS (the catalogue pages' freshness; 0 turns it off),
 * bounded to 500 entries (the oldest goes first).
 */
import { implement } from '../../lib/http/handler.ts';
import { getDb } from '../../lib/db/index.ts';
import { getConfig } from '../../lib/config.ts';
import { CATALOG_CACHE } from '../../lib/cache/cache-control.ts';
import { searchResultJson } from '../catalog/server/shapes.ts';
import { searchProducts } from './server.ts';
import { normalizeSearchText } from './rules.ts';
import { searchPageRoute, searchProductsRoute } from './contract.ts';
import { searchPage } from './server/results-page.ts';

/** Most answers the search cache keeps. */
const MAX_ENTRIES = 500;
type Answer = { products: ReturnType<typeof searchResultJson>[] };
const cache = new Map<string, { data: Answer; expires: number }>();

export const searchProductsEndpoint = implement(searchProductsRoute, async ({ query }) => {
  const key = `${query.limit}\u0000${normalizeSearchText(query.product)}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return { data: hit.data, headers: CATALOG_CACHE };
  const products = await searchProducts(await getDb(), query.product, { limit: query.limit });
  const data: Answer = { products: products.map(searchResultJson) };
  const ttl = getConfig().PAGE_CACHE_SECONDS;
  if (ttl > 0) {
    cache.delete(key);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { data, expires: now + ttl * 1000 });
  }
  return { data, headers: CATALOG_CACHE };
});

/** GET /api/customer/search: one page of the /search page's results (mounted by src/pages/api/customer/search.ts). */
export const searchPageEndpoint = implement(searchPageRoute, async ({ query }) => {
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
