/**
 * Server-side product search (issue 2 "Search", spec 000 §2 search dropdown, §7
 * search-products): every active product whose name contains the text, case-insensitive, plus
 * near misses for typos ("tomatoe", "basmti rice"), ranked.
 *
 * Ranking: exact name, then names starting with the text, then names with a word starting with
 * it, then any other substring match, then trigram near misses by word similarity; ties go to
 * the shorter name, then the lower id.
 *
 * Index use: with 3 or more characters both the `%text%` LIKE and the `<%` word-similarity
 * operator are answered from the GIN trigram index on lower(name) (products_name_trgm_idx);
 * the `<%` operator uses a word_similarity_threshold of 0.5 (set per transaction), high enough
 * to keep the candidate set small; near misses are only looked for when the substring matches
 * do not fill the page. One or two characters have no trigram of their own: names and words
 * starting with them still come from the index (its word-start trigrams), and the other
 * substrings from a scan only when those do not fill the page; no near misses there. Names
 * starting with one or two letters come first in name order from the btree prefix index
 * (products_name_prefix_idx), which answers them in well under a millisecond.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Database, Transaction } from '../../lib/db/index.ts';
import { categories, products } from '../../lib/db/schema.ts';
import type { ProductSummary } from '../catalog/rules.ts';
import { summaryColumns, toSummary } from '../catalog/server/catalog.ts';
import { normalizeSearchText, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from './rules.ts';

export { normalizeSearchText, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LENGTH, SEARCH_MAX_LIMIT } from './rules.ts';

/** A search hit: a product card plus its category's name. */
export type SearchResult = ProductSummary & { categoryName: string };

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** pg_trgm word similarity a near miss needs ("choclate" vs "chocolate cookies" scores 0.58). */
const FUZZY_THRESHOLD = 0.5;

/**
 * Ranked products matching `text` (see the module comment). Empty or whitespace-only text
 * returns no results (the API answers 400 before calling). `limit` is clamped to 1–50.
 */
export async function searchProducts(db: Database, text: string, options: { limit?: number } = {}): Promise<SearchResult[]> {
  const q = normalizeSearchText(text);
  if (!q) return [];
  const limit = Math.min(Math.max(Math.trunc(options.limit ?? SEARCH_DEFAULT_LIMIT), 1), SEARCH_MAX_LIMIT);
  const name = sql`lower(${products.name})`;
  const like = escapeLike(q);
  const contains = sql`${name} LIKE ${`%${like}%`}`;
  const select = (executor: Database | Transaction = db) =>
    executor.select({ ...summaryColumns, categoryName: categories.name }).from(products).innerJoin(categories, eq(categories.id, products.categoryId));
  const rank = sql`CASE
    WHEN ${name} = ${q} THEN 0
    WHEN ${name} LIKE ${`${like}%`} THEN 1
    WHEN ${name} LIKE ${`% ${like}%`} THEN 2
    ELSE 3 END`;
  const toResult = (row: Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number]) => ({
    ...toSummary(row),
    categoryName: row.categoryName,
  });

  const byRank = [rank, sql`length(${products.name})`, asc(products.id)];
  const active = eq(products.isActive, true);

  // The planner underrates trigram rechecks and may choose a sequential scan that evaluates
  // every row; keep these queries on the trigram index, for this transaction only.
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`SELECT set_config('enable_seqscan', 'off', true), set_config('pg_trgm.word_similarity_threshold', ${String(FUZZY_THRESHOLD)}, true)`,
    );
    if (q.length >= 3) {
      const found = await select(tx).where(and(active, contains)).orderBy(...byRank).limit(limit);
      if (found.length === limit) return found.map(toResult);
      const similar = await select(tx)
        .where(and(active, sql`${q} <% ${name}`, sql`NOT (${contains})`))
        .orderBy(sql`word_similarity(${q}, ${name}) DESC`, sql`length(${products.name})`, asc(products.id))
        .limit(limit - found.length);
      return [...found, ...similar].map(toResult);
    }
    // One or two characters: names or words starting with the text come from the index; other
    // substrings need a scan, done only when the word starts do not fill the page.
    // One or two letters: names starting with them, in name order, straight from the btree
    // prefix index (products_name_prefix_idx); then words starting with them; then the rest.
    const prefix = sql`${name} LIKE ${`${like}%`}`;
    const starts = await select(tx).where(and(active, prefix)).orderBy(name, asc(products.id)).limit(limit);
    if (starts.length === limit) return starts.map(toResult);
    const wordStart = sql`(${prefix} OR ${name} LIKE ${`% ${like}%`})`;
    const words = await select(tx)
      .where(and(active, sql`${name} LIKE ${`% ${like}%`}`, sql`NOT (${prefix})`))
      .orderBy(sql`length(${products.name})`, asc(products.id))
      .limit(limit - starts.length);
    const found = [...starts, ...words];
    if (found.length === limit) return found.map(toResult);
    await tx.execute(sql`SELECT set_config('enable_seqscan', 'on', true)`);
    const inside = await select(tx)
      .where(and(active, contains, sql`NOT ${wordStart}`))
      .orderBy(sql`length(${products.name})`, asc(products.id))
      .limit(limit - found.length);
    return [...found, ...inside].map(toResult);
  });
}
