/**
 * Server-side product search for the dropdown and the API (GET /api/customer/search-products).
 *
 * Three or more characters go to the in-memory search index (server/engine.ts: whole words,
 * synonyms, typo corrections against catalogue words, category and brand matches, then names
 * merely containing the text). One or two characters have no words to match: names starting
 * with them come first in name order, then names with a word starting with them, then other
 * names containing them (server/short-text.ts). Either way the cards are the catalogue
 * snapshot's products the index was built from (server/index-cache.ts): no database read.
 */

import type { ProductSummary } from '#features/catalog/rules.ts';
import type { Database } from '#lib/db/index.ts';
import { normalizeSearchText, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from './rules.ts';
import { getSearchCatalog, type SearchCatalog } from './server/index-cache.ts';

export { normalizeSearchText, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT } from './rules.ts';

/** A search hit: a product card plus its category's name (from the index: the catalogue snapshot's product itself). */
export type SearchResult = ProductSummary & { categoryName: string };

/** The current cards of `ids`, in that order (products switched off since the index was built are skipped). */
export function cardsInOrder(catalog: SearchCatalog, ids: number[]): SearchResult[] {
  const out: SearchResult[] = [];
  for (const id of ids) {
    const card = catalog.card(id);
    if (card) out.push(card);
  }
  return out;
}

/**
 * Ranked products matching `text` (see the module comment). Empty or whitespace-only text
 * returns no results (the API answers 400 before calling). `limit` is clamped to 1–50.
 */
export async function searchProducts(
  db: Database,
  text: string,
  options: { limit?: number } = {},
): Promise<SearchResult[]> {
  const q = normalizeSearchText(text);
  if (!q) return [];
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_DEFAULT_LIMIT), 1), SEARCH_MAX_LIMIT);
  const catalog = await getSearchCatalog(db);
  // A few spare ids cover products switched off since the index was built.
  const ids = q.length >= 3 ? catalog.index.topIds(q, limit + 5) : catalog.index.shortTextIds(q, limit + 5);
  return cardsInOrder(catalog, ids).slice(0, limit);
}
