/**
 * The search's product rows (issue 13): one read gives both what the index needs (names,
 * category, subcategory, type, brand) and the card a result shows (prices, stock, image), so the
 * search answers from memory instead of reading its cards from the database on every request.
 * index-cache.ts keeps them fresh.
 */
import { eq, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../lib/db/index.ts';
import { categories, products, subcategories } from '../../../lib/db/schema.ts';
import type { ProductSummary } from '../../catalog/rules.ts';
import { summaryColumns, toSummary } from '../../catalog/server/catalog.ts';
import type { IndexedProduct } from './engine.ts';

/** A search hit: a product card plus its category's name. */
export type SearchResult = ProductSummary & { categoryName: string };

const rowColumns = {
  ...summaryColumns,
  categoryName: categories.name,
  subcategoryName: subcategories.name,
  type: products.type,
  isActive: products.isActive,
};

/** A product as the search reads it: whether it is on sale, its indexed text and its card. */
export interface SearchRow {
  id: number;
  isActive: boolean;
  indexed: IndexedProduct;
  card: SearchResult;
}

/** The product rows matching `where` (with their category and subcategory names). */
export async function readSearchRows(db: Database, where: SQL): Promise<SearchRow[]> {
  const rows = await db
    .select(rowColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId))
    .where(where);
  return rows.map((row) => {
    const card: SearchResult = { ...toSummary(row), categoryName: row.categoryName };
    const indexed: IndexedProduct = {
      id: row.id,
      name: row.name,
      categoryId: row.categoryId,
      categoryName: row.categoryName,
      subcategoryName: row.subcategoryName,
      type: row.type,
      brand: card.brand,
    };
    return { id: row.id, isActive: row.isActive, indexed, card };
  });
}

/** Every active product. */
export const readActiveRows = (db: Database) => readSearchRows(db, eq(products.isActive, true));

/**
 * Products changed (by `updated_at`, an index range of products_updated_at_idx) after `since`
 * (a database timestamp) less `overlapSeconds`, active or not. The overlap reads again what a
 * transaction stamped before `since` but committed after it was read.
 */
export const readChangedRows = (db: Database, since: string, overlapSeconds: number) =>
  readSearchRows(db, sql`${products.updatedAt} > ${since}::timestamptz - make_interval(secs => ${overlapSeconds}::int)`);

/** Whether two products index the same text (else the index must be rebuilt). */
export function sameIndexedText(a: IndexedProduct, b: IndexedProduct): boolean {
  return a.name === b.name && a.categoryId === b.categoryId && a.categoryName === b.categoryName && a.subcategoryName === b.subcategoryName && a.type === b.type && a.brand === b.brand;
}

/** Whether two cards show the same (every field is a string, number or null). */
export function sameCard(a: SearchResult, b: SearchResult): boolean {
  for (const key of Object.keys(a) as (keyof SearchResult)[]) if (a[key] !== b[key]) return false;
  return true;
}
