/**
 * The search results page's data (/search?q= and GET /api/customer/search): the
 * ranked matches (engine.ts) narrowed by category and brand, in relevance order or by price,
 * one page of cards, the category and brand filters with their counts, and, when nothing
 * matches: for a term the shop's vocabulary knows ("bhindi"), what it is and the category that
 * stocks its kind (synonyms.ts), never an unrelated spelling; else the catalogue words nearest to
 * what was typed. All from the kept catalogue (index-cache.ts), no database read; only the page
 * shown is put in order.
 */

import type { Sort } from '#features/catalog/rules.ts';
import type { Database } from '#lib/db/index.ts';
import { normalizeSearchText, SEARCH_PAGE_SIZE } from '../rules.ts';
import { cardsInOrder, type SearchResult } from '../server.ts';
import { getSearchCatalog, type SearchCatalog } from './index-cache.ts';
import type { Ranking } from './ranking.ts';
import { vocabularyGroup } from './synonyms.ts';

/** What the page asks for: the text, optional category id and brand, sort, 1-based page. */
export interface SearchPageQuery {
  q: string;
  category?: number;
  brand?: string;
  sort?: Sort;
  page?: number;
}

/** One filter choice with the number of matches it keeps. */
export interface Facet<K> {
  value: K;
  label: string;
  count: number;
}

/** One page of search results (see the module comment). */
export interface SearchPage {
  /** The normalised text searched. */
  q: string;
  /** The text with typos corrected ("tomato" for "tomoto"), or null. */
  correctedText: string | null;
  products: SearchResult[];
  total: number;
  page: number;
  pageSize: number;
  totalPages: number;
  categories: Facet<number>[];
  brands: Facet<string>[];
  /** Search words to try instead, when nothing matched at all and the text is not a known term. */
  suggestions: string[];
  /** When nothing matched a term the vocabulary knows: its name and a category of its kind, or null. */
  unstocked: Unstocked | null;
}

/** A known term the shop does not stock: "okra" for "bhindi", with the first of its categories the shop has. */
export interface Unstocked {
  name: string;
  category: { id: number; name: string } | null;
}

/** What a text that matched nothing is, when the vocabulary knows it (see the module comment). */
function unstockedTerm(catalog: SearchCatalog, q: string): Unstocked | null {
  const group = vocabularyGroup(q);
  if (!group) return null;
  const wanted = group.categories.map((c) => c.toLowerCase());
  let best: { id: number; name: string; rank: number } | null = null;
  for (const p of catalog.snapshot.products()) {
    const rank = wanted.indexOf(p.categoryName.toLowerCase());
    if (rank >= 0 && (!best || rank < best.rank)) best = { id: p.categoryId, name: p.categoryName, rank };
    if (best?.rank === 0) break;
  }
  return { name: group.name, category: best && { id: best.id, name: best.name } };
}

/**
 * Filter choices over the matches `among` (match numbers), most matches first, then by label;
 * equal ones in the order their best match ranks (what counting the ranked list in order gives).
 */
function facets<K>(
  ranking: Ranking,
  among: number[],
  key: (i: number) => K | null,
  label: (k: K) => string,
): Facet<K>[] {
  const found = new Map<K, { count: number; first: number }>();
  for (const i of among) {
    const k = key(i);
    if (k === null) continue;
    const seen = found.get(k);
    if (!seen) found.set(k, { count: 1, first: i });
    else {
      seen.count += 1;
      if (ranking.compare(i, seen.first) < 0) seen.first = i;
    }
  }
  return [...found]
    .map(([value, { count, first }]) => ({ value, label: label(value), count, first }))
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label) || ranking.compare(a.first, b.first))
    .map(({ value, label: text, count }) => ({ value, label: text, count }));
}

/**
 * One page of results for `query`. Filters that match nothing give an empty page (the facets
 * still list what the text matched); a page past the end gives no products with the true total.
 */
export async function searchPage(db: Database, query: SearchPageQuery): Promise<SearchPage> {
  const q = normalizeSearchText(query.q);
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const pageSize = SEARCH_PAGE_SIZE;
  const catalog = await getSearchCatalog(db);
  // One or two characters are too short for words: the names the dropdown lists (short-text.ts).
  const ranking = q.length >= 3 ? catalog.index.rank(q) : catalog.index.shortTextRanking(q);
  const all = Array.from({ length: ranking.size }, (_, i) => i);
  const categoryOf = (i: number) => ranking.product(i).categoryId;
  const categoryNames = new Map(all.map((i) => [categoryOf(i), ranking.product(i).categoryName]));
  const categories = facets(ranking, all, categoryOf, (id) => categoryNames.get(id)!);
  // Brands are compared in any case ("MAGGI" and "Maggi" are one brand, shown as its best match spells it).
  const brandOf = (i: number) => ranking.product(i).brand?.toLowerCase() || null;
  const brandLabels = new Map<string, { label: string; first: number }>();
  for (const i of all) {
    const key = brandOf(i);
    if (!key) continue;
    const seen = brandLabels.get(key);
    if (!seen || ranking.compare(i, seen.first) < 0)
      brandLabels.set(key, { label: ranking.product(i).brand!, first: i });
  }
  const inCategory = query.category ? all.filter((i) => categoryOf(i) === query.category) : all;
  const brands = facets(ranking, inCategory, brandOf, (b) => brandLabels.get(b)!.label).map((f) => ({
    ...f,
    value: f.label,
  }));
  const brand = query.brand?.trim().toLowerCase();
  const kept = brand ? inCategory.filter((i) => brandOf(i) === brand) : inCategory;
  const total = kept.length;
  const offset = (page - 1) * pageSize;
  let cards: SearchResult[];
  if (!query.sort) {
    const keep = new Uint8Array(ranking.size);
    for (const i of kept) keep[i] = 1;
    cards = cardsInOrder(
      catalog,
      ranking
        .top(offset + pageSize, (i) => keep[i] === 1)
        .slice(offset)
        .map((i) => ranking.product(i).id),
    );
  } else {
    // By the cards' current prices (the catalogue snapshot's, index-cache.ts), then id.
    const direction = query.sort === 'asc' ? 1 : -1;
    const priced = cardsInOrder(
      catalog,
      kept.map((i) => ranking.product(i).id),
    );
    priced.sort((a, b) => direction * (a.pricePaise - b.pricePaise) || a.id - b.id);
    cards = priced.slice(offset, offset + pageSize);
  }
  const unstocked = ranking.size === 0 && q ? unstockedTerm(catalog, q) : null;
  return {
    q,
    correctedText: ranking.correctedText,
    products: cards,
    total,
    page,
    pageSize,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    categories,
    brands,
    suggestions: unstocked || ranking.size > 0 || !q ? [] : catalog.index.suggestions(q),
    unstocked,
  };
}
