/**
 * Imports a product catalogue in the BigBasket CSV format; the file
 * is read and its rows validated by import-csv.ts (columns, money, skipped rows).
 *
 * - Categories and subcategories are created by name when missing (slug from the name).
 * - Products are upserted by SKU `BB-{index}`: the `index` column is the feed's stable row key,
 *   so the same row always lands on the same product, whatever its name or position.
 * - New products get DEFAULT_IMPORT_STOCK units (with an `import` stock movement); stock,
 *   images, description and tax of existing products are never overwritten.
 * - Only rows whose imported fields differ are updated, so a re-import changes nothing.
 * - Bad rows are skipped and reported with their CSV line number; every other row is imported.
 *
 * Everything is written in one transaction, in large set-based batches (one jsonb parameter
 * per batch), on PGlite and PostgreSQL alike; the tables are analysed afterwards.
 */
import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { slugify } from '#lib/slug.ts';
import { type ImportRow, readRows, type SkippedRow } from './import-csv.ts';

/** Units in stock given to a product the first time it is imported. */
export const DEFAULT_IMPORT_STOCK = 100;
/** SKUs of added and of changed products an import's audit entry lists (the counts are whole). */
const AUDIT_SKUS = 1000;
/** Rows written per statement. */
const BATCH_SIZE = 5000;

/** What an import did to one valid row's product. */
export interface ImportedRow {
  line: number;
  sku: string;
  name: string;
  outcome: 'added' | 'changed' | 'unchanged';
}

/** What an import did. `unchanged` rows already matched the file; `rows` says it row by row, in file order. */
export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRow[];
  rows: ImportedRow[];
}

/** Progress callback: rows written so far out of the valid rows. */
export type ImportProgress = (done: number, total: number) => void;

/**
 * The database's own reason for a failed statement, without the statement: drizzle wraps
 * driver errors as "Failed query: <SQL> params: …" with the driver's error as `cause`.
 */
export function databaseReason(err: unknown): string {
  let e: unknown = err;
  while (e instanceof Error && e.cause instanceof Error) e = e.cause;
  const message = e instanceof Error ? e.message : String(e);
  return message.startsWith('Failed query:') ? 'a statement failed' : message.split('\n')[0]!;
}

type Rows<T> = { rows: T[] };
const rowsOf = <T>(result: unknown) => (result as Rows<T>).rows;

/** A slug not in `taken` (adds -2, -3… when needed); records it as taken. */
function uniqueSlug(name: string, taken: Set<string>): string {
  const base = slugify(name);
  let slug = base;
  for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

/** The key of a subcategory in its category. */
const subcategoryKey = (categoryId: number, name: string) => `${categoryId}\u0000${name}`;

/** Every category the rows name, by name: the existing ones and those created now. */
async function ensureCategories(tx: Transaction, rows: ImportRow[]): Promise<Map<string, number>> {
  const categoryIds = new Map<string, number>();
  const existingCategories = rowsOf<{ id: number; name: string; slug: string }>(
    await tx.execute(sql`SELECT id, name, slug FROM categories`),
  );
  for (const c of existingCategories) categoryIds.set(c.name, c.id);
  const takenSlugs = new Set(existingCategories.map((c) => c.slug));
  const newCategories = [...new Set(rows.map((r) => r.category))].filter((name) => !categoryIds.has(name));
  if (newCategories.length) {
    const nextOrder = existingCategories.length;
    const values = newCategories.map((name, i) => ({
      name,
      slug: uniqueSlug(name, takenSlugs),
      sort_order: nextOrder + i,
    }));
    const created = rowsOf<{ id: number; name: string }>(
      await tx.execute(sql`
        INSERT INTO categories (name, slug, sort_order)
        SELECT name, slug, sort_order FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(name text, slug text, sort_order int)
        RETURNING id, name`),
    );
    for (const c of created) categoryIds.set(c.name, c.id);
  }
  return categoryIds;
}

/** Every subcategory the rows name, by `subcategoryKey`: the existing ones and those created now. */
async function ensureSubcategories(
  tx: Transaction,
  rows: ImportRow[],
  categoryIds: Map<string, number>,
): Promise<Map<string, number>> {
  const subcategoryIds = new Map<string, number>();
  const existingSubs = rowsOf<{ id: number; category_id: number; name: string }>(
    await tx.execute(sql`SELECT id, category_id, name FROM subcategories`),
  );
  for (const s of existingSubs) subcategoryIds.set(subcategoryKey(s.category_id, s.name), s.id);
  const subCount = new Map<number, number>();
  for (const s of existingSubs) subCount.set(s.category_id, (subCount.get(s.category_id) ?? 0) + 1);
  const newSubs: { category_id: number; name: string; slug: string; sort_order: number }[] = [];
  for (const r of rows) {
    const categoryId = categoryIds.get(r.category)!;
    const key = subcategoryKey(categoryId, r.subcategory);
    if (subcategoryIds.has(key)) continue;
    subcategoryIds.set(key, 0);
    const order = subCount.get(categoryId) ?? 0;
    subCount.set(categoryId, order + 1);
    newSubs.push({ category_id: categoryId, name: r.subcategory, slug: slugify(r.subcategory), sort_order: order });
  }
  if (newSubs.length) {
    const created = rowsOf<{ id: number; category_id: number; name: string }>(
      await tx.execute(sql`
        INSERT INTO subcategories (category_id, name, slug, sort_order)
        SELECT category_id, name, slug, sort_order
        FROM jsonb_to_recordset(${JSON.stringify(newSubs)}::jsonb) AS r(category_id int, name text, slug text, sort_order int)
        RETURNING id, category_id, name`),
    );
    for (const s of created) subcategoryIds.set(subcategoryKey(s.category_id, s.name), s.id);
  }
  return subcategoryIds;
}

/** A batch of products with their category ids, as the upsert reads it. */
type ProductBatch = (Omit<ImportRow, 'category' | 'subcategory'> & { category_id: number; subcategory_id: number })[];

/**
 * Writes a batch by SKU: updates the existing products whose imported fields differ, then
 * inserts the new ones (with DEFAULT_IMPORT_STOCK units and their `import` stock movement).
 * Returns the SKUs changed and added.
 */
async function upsertProducts(tx: Transaction, batch: ProductBatch): Promise<{ changed: string[]; added: string[] }> {
  const json = JSON.stringify(batch);
  const recordType =
    sql.raw(`r(sku text, name text, slug text, category_id int, subcategory_id int, brand text, type text,
    rating numeric(2,1), weight numeric(10,3), weight_unit text, mrp_paise int, price_paise int)`);
  const updatedSkus = rowsOf<{ skus: string[] | null }>(
    await tx.execute(sql`
      WITH changed AS (
        UPDATE products AS p SET
          name = r.name, slug = r.slug, category_id = r.category_id, subcategory_id = r.subcategory_id,
          brand = r.brand, type = r.type, rating = r.rating, weight = r.weight, weight_unit = r.weight_unit,
          mrp_paise = r.mrp_paise, price_paise = r.price_paise, updated_at = now()
        FROM jsonb_to_recordset(${json}::jsonb) AS ${recordType}
        WHERE p.sku = r.sku
          AND (p.name, p.slug, p.category_id, p.subcategory_id, p.brand, p.type, p.rating, p.weight, p.weight_unit, p.mrp_paise, p.price_paise)
            IS DISTINCT FROM
              (r.name, r.slug, r.category_id, r.subcategory_id, r.brand, r.type, r.rating, r.weight, r.weight_unit, r.mrp_paise, r.price_paise)
        RETURNING p.sku
      )
      SELECT array_agg(sku) AS skus FROM changed`),
  );
  const addedSkus = rowsOf<{ skus: string[] | null }>(
    await tx.execute(sql`
      WITH added AS (
        INSERT INTO products (sku, name, slug, category_id, subcategory_id, brand, type, rating, weight, weight_unit, mrp_paise, price_paise, stock)
        SELECT r.sku, r.name, r.slug, r.category_id, r.subcategory_id, r.brand, r.type, r.rating, r.weight, r.weight_unit, r.mrp_paise, r.price_paise, ${DEFAULT_IMPORT_STOCK}::int
        FROM jsonb_to_recordset(${json}::jsonb) AS ${recordType}
        ON CONFLICT (sku) DO NOTHING
        RETURNING id, sku, stock
      ), movements AS (
        INSERT INTO stock_movements (product_id, delta, reason)
        SELECT id, stock, 'import' FROM added WHERE stock > 0
      )
      SELECT array_agg(sku) AS skus FROM added`),
  );
  return { changed: updatedSkus[0]?.skus ?? [], added: addedSkus[0]?.skus ?? [] };
}

/**
 * Imports a BigBasket-format CSV (text or stream) into the catalogue; see the module comment.
 * Throws (and writes nothing) when the header lacks a column or the database refuses a write.
 */
export async function importCatalogCsv(
  db: Database,
  input: string | Readable,
  options: { onProgress?: ImportProgress; actor?: StaffActor } = {},
): Promise<ImportResult> {
  const { rows, skipped } = await readRows(input);
  skipped.sort((a, b) => a.line - b.line);
  const added = new Set<string>();
  const changed = new Set<string>();
  options.onProgress?.(0, rows.length);

  try {
    await db.transaction(async (tx) => {
      const categoryIds = await ensureCategories(tx, rows);
      const subcategoryIds = await ensureSubcategories(tx, rows, categoryIds);
      // Products, by SKU: update the rows that differ, then insert the new ones.
      for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        const batch = rows.slice(start, start + BATCH_SIZE).map(({ category, subcategory, ...r }) => {
          const categoryId = categoryIds.get(category)!;
          return {
            ...r,
            category_id: categoryId,
            subcategory_id: subcategoryIds.get(subcategoryKey(categoryId, subcategory))!,
          };
        });
        const written = await upsertProducts(tx, batch);
        for (const sku of written.changed) changed.add(sku);
        for (const sku of written.added) added.add(sku);
        options.onProgress?.(Math.min(start + BATCH_SIZE, rows.length), rows.length);
      }
      // An import by staff or on the command line: one entry with what it did, in the import's transaction.
      if (options.actor)
        await recordAudit(tx, options.actor, {
          action: 'catalog.import',
          record: { type: 'catalog', id: 'import' },
          before: null,
          after: {
            added: added.size,
            changed: changed.size,
            unchanged: rows.length - added.size - changed.size,
            refused: skipped.length,
            added_skus: [...added].slice(0, AUDIT_SKUS),
            changed_skus: [...changed].slice(0, AUDIT_SKUS),
          },
        });
    });
  } catch (err) {
    throw new Error(`The database refused the import, nothing was written: ${databaseReason(err)}`, { cause: err });
  }

  // Fresh planner statistics, so listings and search pick their indexes on the new catalogue.
  if (added.size + changed.size > 0) await db.execute(sql`ANALYZE categories, subcategories, products`);
  return {
    inserted: added.size,
    updated: changed.size,
    unchanged: rows.length - added.size - changed.size,
    skipped,
    rows: rows.map((r) => ({
      line: r.line,
      sku: r.sku,
      name: r.name,
      outcome: added.has(r.sku) ? 'added' : changed.has(r.sku) ? 'changed' : 'unchanged',
    })),
  };
}
