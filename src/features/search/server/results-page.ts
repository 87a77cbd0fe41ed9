/**
 * The search results page's data (issue 14, /search?q= and GET /api/customer/search): the
 * ranked matches (engine.ts) narrowed by category and brand, in relevance order or by price,
 * one page of cards, the category and brand filters with their counts, and, when nothing
 * matches, the catalogue words nearest to what was typed.
 */
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../lib/db/index.ts';
import { products } from '../../../lib/db/schema.ts';
import type { Sort } from '../../catalog/rules.ts';
import { cardsInOrder, type SearchResult } from '../server.ts';
import { normalizeSearchText, SEARCH_PAGE_SIZE } from '../rules.ts';
import { getSearchIndex } from './index-cache.ts';


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
  /** Search words to try instead, when nothing matched at all. */
  suggestions: string[];
}

function countBy<K>(items: K[], label: (k: K) => string): Facet<K>[] {
  const counts = new Map<K, number>();
  for (const k of items) counts.set(k, (counts.get(k) ?? 0) + 1);
  return [...counts].map(([value, count]) => ({ value, label: label(value), count })).sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
}

/**
 * One page of results for `query`. Filters that match nothing give an empty page (the facets
 * still list what the text matched); a page past the end gives no products with the true total.
 */
export async function searchPage(db: Database, query: SearchPageQuery): Promise<SearchPage> {
  const q = normalizeSearchText(query.q);
  const page = Math.max(1, Math.trunc(query.page ?? 1));
  const pageSize = SEARCH_PAGE_SIZE;
  const index = await getSearchIndex(db);
  const { ids, correctedText } = q ? index.search(q) : { ids: [], correctedText: null };
  const matched = ids.flatMap((id) => {
    const p = index.product(id);
    return p ? [p] : [];
  });
  const categoryNames = new Map(matched.map((p) => [p.categoryId, p.categoryName]));
  const categories = countBy(matched.map((p) => p.categoryId), (id) => categoryNames.get(id)!);
  // Brands are compared in any case ("MAGGI" and "Maggi" are one brand, shown as first seen).
  const brandOf = (p: { brand: string | null }) => p.brand?.toLowerCase() ?? '';
  const brandLabels = new Map<string, string>();
  for (const p of matched) if (p.brand && !brandLabels.has(p.brand.toLowerCase())) brandLabels.set(p.brand.toLowerCase(), p.brand);
  const inCategory = query.category ? matched.filter((p) => p.categoryId === query.category) : matched;
  const brands = countBy(inCategory.map(brandOf).filter(Boolean), (b) => brandLabels.get(b)!).map((f) => ({ ...f, value: f.label }));
  const brand = query.brand?.trim().toLowerCase();
  const kept = brand ? inCategory.filter((p) => brandOf(p) === brand) : inCategory;
  const total = kept.length;
  const offset = (page - 1) * pageSize;
  let cards: SearchResult[];
  if (!query.sort || total === 0) {
    cards = await cardsInOrder(db, kept.slice(offset, offset + pageSize).map((p) => p.id));
  } else {
    // Prices change without a rebuild of the index: sort by the database's prices.
    const order = query.sort === 'asc' ? asc(products.pricePaise) : desc(products.pricePaise);
    const rows = await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.isActive, true), sql`${products.id} = ANY(${`{${kept.map((p) => p.id).join(',')}}`}::int[])`))
      .orderBy(order, asc(products.id))
      .limit(pageSize)
      .offset(offset);
    cards = await cardsInOrder(db, rows.map((r) => r.id));
  }
  return {
    q,
    correctedText,
    products: cards,
    total,
    page,
    pageSize,
    totalPages: Math.max(1, Math.ceil(total / pageSize)),
    categories,
    brands,
    suggestions: matched.length === 0 && q ? index.suggestions(q) : [],
  };
}
