/**
 * GET /api/customer/search-products?product={text}&limit= → data.products, ranked (spec 000 §7,
 * issue 2 "Search"): substring matches first, then typo-tolerant near misses. `limit` defaults
 * to 20, at most 50. Empty text or a bad limit: 400 with a message.
 *
 * Type-ahead sends the same short prefixes from every visitor, so answers are kept in a small
 * per-process cache for PAGE_CACHE_SECONDS (the catalogue pages' freshness; 0 turns it off),
 * bounded to 500 entries.
 */
import { api, badRequest, ok } from '../../../lib/http/envelope.ts';
import { getDb } from '../../../lib/db/index.ts';
import { normalizeSearchText, searchProducts, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from '../../../features/search/server.ts';
import { searchResultJson } from '../../../features/catalog/server/shapes.ts';
import { CATALOG_CACHE } from '../../../lib/cache/cache-control.ts';
import { getConfig } from '../../../lib/config.ts';

const MAX_ENTRIES = 500;
const cache = new Map<string, { body: unknown; expires: number }>();

export const GET = api(async ({ url }) => {
  const text = url.searchParams.get('product') ?? '';
  if (!normalizeSearchText(text)) throw badRequest('Please enter a product name to search.');
  const limitParam = url.searchParams.get('limit')?.trim();
  let limit = SEARCH_DEFAULT_LIMIT;
  if (limitParam) {
    if (!/^\d{1,3}$/.test(limitParam) || Number(limitParam) < 1 || Number(limitParam) > SEARCH_MAX_LIMIT) {
      throw badRequest(`limit must be a whole number from 1 to ${SEARCH_MAX_LIMIT}.`);
    }
    limit = Number(limitParam);
  }
  const key = `${limit}\u0000${normalizeSearchText(text)}`;
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && hit.expires > now) return ok(hit.body, { headers: CATALOG_CACHE });
  const products = await searchProducts(await getDb(), text, { limit });
  const body = { products: products.map(searchResultJson) };
  const ttl = getConfig().PAGE_CACHE_SECONDS;
  if (ttl > 0) {
    cache.delete(key);
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
    cache.set(key, { body, expires: now + ttl * 1000 });
  }
  return ok(body, { headers: CATALOG_CACHE });
});
