/**
 * GET /api/customer/search-products?product={text}&limit= → data.products, ranked (spec 000 §7,
 * issue 2 "Search"): substring matches first, then typo-tolerant near misses. `limit` defaults
 * to 20, at most 50. Empty text or a bad limit: 400 with a message.
 */
import { api, badRequest, ok } from '../../../lib/server/http.ts';
import { getDb } from '../../../lib/server/db/index.ts';
import { normalizeSearchText, searchProducts, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from '../../../lib/server/services/search.ts';
import { searchResultJson } from '../../../lib/server/api-shapes.ts';
import { CATALOG_CACHE } from '../../../lib/server/cache-control.ts';

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
  const products = await searchProducts(await getDb(), text, { limit });
  return ok({ products: products.map(searchResultJson) }, { headers: CATALOG_CACHE });
});
