/**
 * The catalogue snapshot's reads (snapshot.ts): product rows as cards need them (no descriptions:
 * those are read by key, product-details.ts), a signature of what a product row does not show,
 * the stamps of all active products, and the category names. Stamps are `updated_at` in whole
 * microseconds since the epoch (the column's full precision: two updates within one millisecond
 * still differ).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { banners, categories, homeRails, products, subcategories } from '#lib/db/schema.ts';
import { summaryColumns } from './catalog.ts';

const stampSql = sql`(extract(epoch from ${products.updatedAt}) * 1000000)::int8`;

/** On sale: the product active and not archived, its category and subcategory active (catalog.ts `onSale`). */
const onSaleSql = sql<boolean>`(${products.isActive} AND ${products.archivedAt} IS NULL AND ${categories.isActive} AND ${subcategories.isActive})`;

const columns = {
  ...summaryColumns,
  type: products.type,
  isActive: onSaleSql,
  stamp: sql<string>`${stampSql}::text`,
};

/** A product row as the snapshot reads it: its card's columns and type, whether it is on sale, its stamp (µs, as text). */
export type SnapshotRow = Awaited<ReturnType<typeof readRows>>[number];

/**
 * Every row on sale (the product, its category and subcategory active), or, with `ids`, those
 * products' rows, on sale or not (`isActive` says which).
 */
export function readRows(db: Database, ids?: number[]) {
  const query = db
    .select(columns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(subcategories, eq(subcategories.id, products.subcategoryId));
  return ids ? query.where(inArray(products.id, ids)) : query.where(onSaleSql);
}

/** What a check compares besides the product rows the change feed names. */
export interface CatalogState {
  /**
   * Highest product id and count of products (a new product moves the first, a deleted one the
   * second); count and latest change of categories, subcategories, banners and home rails (what
   * the pages show besides product rows: navigation, banners, rails).
   */
  signature: string;
}

function parseStamps(text: string | null | undefined): Map<number, number> {
  const out = new Map<number, number>();
  for (const pair of text?.split(',') ?? []) {
    const at = pair.indexOf('=');
    out.set(Number(pair.slice(0, at)), Number(pair.slice(at + 1)));
  }
  return out;
}

/** One statement: the signature. */
export async function readState(db: Database): Promise<CatalogState> {
  const result = (await db.execute(sql`SELECT
      (SELECT coalesce(max(id), 0) || ':' || count(*) FROM ${products}) || '|' ||
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM ${categories}) || '|' ||
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM ${subcategories}) || '|' ||
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM ${banners}) || '|' ||
      (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM ${homeRails}) AS signature`)) as unknown as {
    rows: { signature: string }[];
  };
  return { signature: String(result.rows[0]!.signature) };
}

/**
 * Id → stamp (µs) of every product on sale (the periodic full check, and the check after the
 * signature moved: deleted and missed rows, products of a category deactivated or reactivated).
 */
export async function readActiveStamps(db: Database): Promise<Map<number, number>> {
  const result = (await db.execute(
    sql`SELECT string_agg(${products.id} || '=' || ${stampSql}, ',') AS stamps FROM ${products}
      JOIN ${categories} ON ${categories.id} = ${products.categoryId}
      JOIN ${subcategories} ON ${subcategories.id} = ${products.subcategoryId}
      WHERE ${onSaleSql}`,
  )) as unknown as {
    rows: { stamps: string | null }[];
  };
  return parseStamps(result.rows[0]?.stamps);
}

/** Names of categories and of subcategories by id. */
export interface CategoryNames {
  categories: Map<number, string>;
  subcategories: Map<number, string>;
}

/** Every category's and subcategory's name. */
export async function readNames(db: Database): Promise<CategoryNames> {
  const [c, s] = await Promise.all([
    db.select({ id: categories.id, name: categories.name }).from(categories),
    db.select({ id: subcategories.id, name: subcategories.name }).from(subcategories),
  ]);
  return { categories: new Map(c.map((r) => [r.id, r.name])), subcategories: new Map(s.map((r) => [r.id, r.name])) };
}
