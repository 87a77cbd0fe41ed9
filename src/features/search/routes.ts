/**
 * The search routes' handlers (contracts in contract.ts; mounted by
 * src/pages/api/customer/search-products.ts and search.ts; both depend on their query alone).
 *
 * Type-ahead sends the same short prefixes from every visitor, so the dropdown's results are kept
 * in a small per-process cache: least recently used out past MAX_ENTRIES, keyed by the text, the
 * limit and the search catalogue's version (index-cache.ts), so a changed price or product shows
 * at once. It keeps the cards themselves (the catalogue's own objects, not copies: ~200 bytes an
 * entry), at most PAGE_CACHE_SECONDS (as long as a cached page); 0 turns the cache off.
 *
 * A card from the search catalogue is checked against the contract's search result and turned
 * into JSON once, and that text kept (MAX_CARD_TEXTS, least recently used out; a changed product
 * has a new card object): an answer of 20 cards is then their texts joined, rather than checking and
 * serialising 20 cards of ~30 fields, with their garbage, on every request.
 */

import { searchResultJson } from '#features/catalog/index.ts';
import { categoryHref } from '#features/catalog/rules.ts';
import { CATALOG_CACHE } from '#lib/cache/cache-control.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import { JsonText } from '#lib/http/envelope.ts';
import { implementPublic } from '#lib/http/handler.ts';
import { searchPageRoute, searchProductsRoute, searchResultSchema } from './contract.ts';
import { normalizeSearchText } from './rules.ts';
import { getSearchCatalog } from './server/index-cache.ts';
import { searchPage } from './server/results-page.ts';
import { type SearchResult, searchProducts } from './server.ts';

/** Most answers the search cache keeps. */
const MAX_ENTRIES = 500;
/** Most cards whose checked JSON is kept (~650 bytes each). */
const MAX_CARD_TEXTS = 5_000;
const cache = new Map<string, { cards: SearchResult[]; expires: number }>();
const cardTexts = new Map<SearchResult, string>();

/** A kept card as the contract's search result in JSON, checked once (see the module comment). */
function cardText(card: SearchResult): string {
  let text = cardTexts.get(card);
  if (text === undefined) {
    text = JSON.stringify(searchResultSchema.parse(searchResultJson(card)));
    if (cardTexts.size >= MAX_CARD_TEXTS) cardTexts.delete(cardTexts.keys().next().value!);
  } else cardTexts.delete(card);
  cardTexts.set(card, text);
  return text;
}

export const searchProductsEndpoint = implementPublic(searchProductsRoute, async ({ query }) => {
  const ttl = getConfig().PAGE_CACHE_SECONDS;
  const db = await getDb();
  const text = normalizeSearchText(query.product);
  const { version } = await getSearchCatalog(db);
  const key = `${version}\u0000${query.limit}\u0000${text}`;
  const now = Date.now();
  const hit = ttl > 0 ? cache.get(key) : undefined;
  let cards: SearchResult[];
  if (hit && hit.expires > now) {
    cache.delete(key);
    cache.set(key, hit);
    cards = hit.cards;
  } else {
    cards = await searchProducts(db, query.product, { limit: query.limit });
    if (ttl > 0) {
      cache.delete(key);
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(key, { cards, expires: now + ttl * 1000 });
    }
  }
  return { data: new JsonText(`{"products":[${cards.map(cardText).join(',')}]}`), headers: CATALOG_CACHE };
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
      unstocked: result.unstocked && {
        name: result.unstocked.name,
        category: result.unstocked.category && {
          id: result.unstocked.category.id,
          name: result.unstocked.category.name,
          url: categoryHref(result.unstocked.category.id),
        },
      },
    },
    headers: CATALOG_CACHE,
  };
});
