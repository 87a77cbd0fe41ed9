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
  stamp: sql<string>`${products.updatedAt}::text`,
};

/** A product as the search reads it: whether it is on sale, its indexed text and its card. */
export interface SearchRow {
  id: number;
  isActive: boolean;
  /** Its `updated_at` as the database prints it (full precision). */
  stamp: string;
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
    return { id: row.id, isActive: row.isActive, stamp: row.stamp, indexed, card };
  });
}

/** Every active product. */
export const readActiveRows = (db: Database) => readSearchRows(db, eq(products.isActive, true));

/** These products' rows, active or not. */
export const readRowsById = (db: Database, ids: number[]) => readSearchRows(db, sql`${products.id} = ANY(${`{${ids.join(',')}}`}::int[])`);

/**
 * Id → `updated_at` of the products changed after `since` (a database timestamp) less
 * `overlapSeconds`: a range of the products_updated_at_idx index, as one string (20,000 rows of
 * a mass change take ~50 ms so, ~180 ms as rows).
 */
export async function readChangedStamps(db: Database, since: string, overlapSeconds: number): Promise<Map<number, string>> {
  const result = (await db.execute(sql`SELECT string_agg(id || '=' || updated_at::text, ',') AS stamps FROM products
    WHERE updated_at > ${since}::timestamptz - make_interval(secs => ${overlapSeconds}::int)`)) as unknown as { rows: { stamps: string | null }[] };
  const out = new Map<number, string>();
  for (const pair of result.rows[0]?.stamps?.split(',') ?? []) {
    const at = pair.indexOf('=');
    out.set(Number(pair.slice(0, at)), pair.slice(at + 1));
  }
  return out;
}

/** Whether two products index the same text (else the index must be rebuilt). */
export function sameIndexedText(a: IndexedProduct, b: IndexedProduct): boolean {
  return a.name === b.name && a.categoryId === b.categoryId && a.categoryName === b.categoryName && a.subcategoryName === b.subcategoryName && a.type === b.type && a.brand === b.brand;
}

/** Whether two cards show the same (every field is a string, number or null). */
export function sameCard(a: SearchResult, b: SearchResult): boolean {
  for (const key of Object.keys(a) as (keyof SearchResult)[]) if (a[key] !== b[key]) return false;
  return true;
}
