/**
 * Server-side product search for the dropdown and the API (issue 2 "Search", spec 000 §2 search
 * dropdown, §7 search-products; ranking reworked in issue 14).
 *
 * Three or more characters go to the in-memory search index (server/engine.ts: whole words,
 * synonyms, typo corrections against catalogue words, category and brand matches, then names
 * merely containing the text), and the cards are the catalogue snapshot's products it was
 * built from (server/index-cache.ts): no database read. One or two characters have no words to match: names starting
 * with them come first in name order from the btree prefix index (products_name_prefix_idx),
 * then names with a word starting with them, then other names containing them (a scan, done
 * only when the word starts do not fill the page), read from the database.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../lib/db/index.ts';
import { categories, products } from '../../lib/db/schema.ts';
import type { ProductSummary } from '../catalog/rules.ts';
import { summaryColumns, toSummary } from '../catalog/server/catalog.ts';
import { normalizeSearchText, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from './rules.ts';
import { getSearchCatalog, type SearchCatalog } from './server/index-cache.ts';

export { normalizeSearchText, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT } from './rules.ts';

/** A search hit: a product card plus its category's name (from the index: the catalogue snapshot's product itself). */
export type SearchResult = ProductSummary & { categoryName: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const selectCards = (db: Database) =>
  db.select({ ...summaryColumns, categoryName: categories.name }).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
type CardRow = Awaited<ReturnType<ReturnType<typeof selectCards>['execute']>>[number];
const toResult = (row: CardRow): SearchResult => ({ ...toSummary(row), categoryName: row.categoryName });

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
export async function searchProducts(db: Database, text: string, options: { limit?: number } = {}): Promise<SearchResult[]> {
  const q = normalizeSearchText(text);
  if (!q) return [];
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_DEFAULT_LIMIT), 1), SEARCH_MAX_LIMIT);
  if (q.length >= 3) {
    const catalog = await getSearchCatalog(db);
    // A few spare ids cover products switched off since the index was built.
    return cardsInOrder(catalog, catalog.index.topIds(q, limit + 5)).slice(0, limit);
  }
  const name = sql`lower(${products.name})`;
  const like = escapeLike(q);
  const active = eq(products.isActive, true);
  const prefix = sql`${name} LIKE ${`${like}%`}`;
  const wordStart = sql`${name} LIKE ${`% ${like}%`}`;
  const starts = await selectCards(db).where(and(active, prefix)).orderBy(name, asc(products.id)).limit(limit);
  if (starts.length === limit) return starts.map(toResult);
  const words = await selectCards(db)
    .where(and(active, wordStart, sql`NOT (${prefix})`))
    .orderBy(sql`length(${products.name})`, asc(products.id))
    .limit(limit - starts.length);
  const found = [...starts, ...words];
  if (found.length === limit) return found.map(toResult);
  const inside = await selectCards(db)
    .where(and(active, sql`${name} LIKE ${`%${like}%`}`, sql`NOT (${prefix} OR ${wordStart})`))
    .orderBy(sql`length(${products.name})`, asc(products.id))
    .limit(limit - found.length);
  return [...found, ...inside].map(toResult);
}
