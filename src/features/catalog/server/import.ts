/**
 * Imports a product catalogue in the BigBasket CSV format (issue 2 "Catalogue import"):
 * `index, product, category, sub_category, brand, sale_price, market_price, type, rating`,
 * prices in rupees.
 *
 * - Categories and subcategories are created by name when missing (slug from the name).
 * - Products are upserted by SKU `BB-{index}`: the `index` column is the feed's stable row key,
 *   so the same row always lands on the same product, whatever its name or position.
 * - MRP from `market_price`, offer price from `sale_price` (both to integer paise); brand and
 *   type trimmed (empty → null); rating kept when it is a number 0–5; pack weight and unit
 *   parsed from the name when it plainly ends with one ("… 500 g", "… (1 kg)"), else null.
 * - New products get DEFAULT_IMPORT_STOCK units (with an `import` stock movement); stock,
 *   images, description and tax of existing products are never overwritten.
 * - Only rows whose imported fields differ are updated, so a re-import changes nothing.
 * - Bad rows (empty name or category, a price that is not a non-negative number, a sale price
 *   above the market price, a missing or repeated index, a wrong column count) are skipped and
 *   reported with their CSV line number; every other row is imported.
 *
 * Everything is written in one transaction, in large set-based batches (one jsonb parameter
 * per batch), on PGlite and PostgreSQL alike; the tables are analysed afterwards.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { hasDisallowedChars } from '../../../lib/http/edge-input.ts';
import type { Database } from '../../../lib/db/index.ts';
import { slugify } from '../../../lib/slug.ts';

/** Units in stock given to a product the first time it is imported. */
export const DEFAULT_IMPORT_STOCK = 100;
/** Rows written per statement. */
const BATCH_SIZE = 5000;
/** The columns the file must have (any order; extra columns are ignored). */
export const IMPORT_COLUMNS = ['index', 'product', 'category', 'sub_category', 'brand', 'sale_price', 'market_price', 'type', 'rating'] as const;

/** A skipped row: its (first) line in the file, the column at fault when one is, and why. */
export interface SkippedRow {
  line: number;
  column?: string;
  reason: string;
}

/** What an import did. `unchanged` rows already matched the file. */
export interface ImportResult {
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRow[];
}

/** Progress callback: rows written so far out of the valid rows. */
export type ImportProgress = (done: number, total: number) => void;

/** One valid row, ready to write. Field names match the jsonb record of the SQL below. */
interface ImportRow {
  sku: string;
  name: string;
  slug: string;
  category: string;
  subcategory: string;
  brand: string | null;
  type: string | null;
  rating: number | null;
  weight: number | null;
  weight_unit: string | null;
  mrp_paise: number;
  price_paise: number;
}

const UNIT_ALIASES: Record<string, string> = {
  g: 'g', gm: 'g', gms: 'g', gram: 'g', grams: 'g', kg: 'kg', kgs: 'kg', mg: 'mg',
  ml: 'ml', l: 'l', ltr: 'l', litre: 'l', liter: 'l', pc: 'pcs', pcs: 'pcs', pieces: 'pcs',
};
const PACK_SIZE = /(?:^|[\s,(])(\d{1,5}(?:\.\d{1,3})?)\s*(g|gm|gms|grams?|kgs?|mg|ml|l|ltr|lit(?:re|er)|pcs?|pieces)\)?$/i;

/**
 * The pack size a product name ends with, or nulls when it does not plainly end with one.
 * Combo names ("… 500 g + … 1 kg") and ranges ("12-17 Kg") are not a single pack size.
 * @example parsePackSize('Basmati Rice 5 Kg') // { weight: 5, unit: 'kg' }
 */
export function parsePackSize(name: string): { weight: number | null; unit: string | null } {
  if (name.includes('+')) return { weight: null, unit: null };
  const m = PACK_SIZE.exec(name.trim());
  if (!m) return { weight: null, unit: null };
  const weight = Number(m[1]);
  if (!(weight > 0)) return { weight: null, unit: null };
  return { weight, unit: UNIT_ALIASES[m[2]!.toLowerCase()] ?? null };
}

const MONEY = /^\d{1,7}(?:\.\d{1,2})?$/;

/** Rupees text to paise, or null when it is not a plain non-negative amount. */
function toPaise(text: string): number | null {
  const t = text.trim();
  if (!MONEY.test(t)) return null;
  return Math.round(Number(t) * 100);
}

const clean = (v: string | undefined) => (v ?? '').trim().replace(/\s+/g, ' ');

/** Longest product name kept, in characters. */
export const MAX_PRODUCT_NAME = 200;
/** Longest category, sub_category, brand or type, in characters. */
export const MAX_LABEL = 100;

/** A cell value quoted in a reason, cut to 40 characters. */
const quote = (v: unknown) => {
  const t = String(v ?? '').trim();
  return `"${t.length > 40 ? `${t.slice(0, 40)}…` : t}"`;
};

const NOT_ALLOWED = 'contains characters that are not allowed (a control character, NUL or bytes that are not valid UTF-8)';
/** Text the database can store and people can read: no control characters, lone surrogates or U+FFFD. */
const cellText = z.string().refine((s) => !hasDisallowedChars(s) && !s.includes('\uFFFD'), NOT_ALLOWED);
const label = (emptyReason: string, max: number) =>
  cellText.transform(clean).pipe(z.string().min(1, emptyReason).max(max, `longer than ${max} characters`));
const optionalLabel = (max: number) => cellText.transform(clean).pipe(z.string().max(max, `longer than ${max} characters`));
const price = (column: string) =>
  cellText.transform((t) => t.trim()).pipe(z.string().regex(MONEY, { error: (iss) => `bad ${column} ${quote(iss.input)}` }));

/**
 * One CSV record's cells, column by column (issue 11: a bad cell skips its row with the
 * column and reason, never the whole import). Rating is lenient: anything but a number 0–5
 * is kept as no rating.
 */
export const importRowSchema = z.object({
  index: cellText.transform(clean).pipe(z.string().min(1, 'empty index').regex(/^\d{1,12}$/, { error: (iss) => `bad index ${quote(iss.input)}` })),
  product: label('empty product name', MAX_PRODUCT_NAME),
  category: label('empty category', MAX_LABEL),
  sub_category: label('empty sub_category', MAX_LABEL),
  brand: optionalLabel(MAX_LABEL),
  sale_price: price('sale_price'),
  market_price: price('market_price'),
  type: optionalLabel(MAX_LABEL),
  rating: z.string(),
});

/** A row problem: the column it is in and why. */
type RowProblem = { column?: string; reason: string };

/** Validates one record; returns the row or the column and reason it is skipped. */
function toRow(get: (column: (typeof IMPORT_COLUMNS)[number]) => string): ImportRow | RowProblem {
  const parsed = importRowSchema.safeParse(Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, get(c)])));
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const column = String(issue.path[0] ?? '');
    return { column, reason: issue.message === NOT_ALLOWED ? `${column} ${NOT_ALLOWED}` : issue.message };
  }
  const cells = parsed.data;
  const salePaise = toPaise(cells.sale_price)!;
  const mrp = toPaise(cells.market_price)!;
  if (salePaise > mrp) return { column: 'sale_price', reason: `sale_price ${cells.sale_price} is above market_price ${cells.market_price}` };
  const ratingText = cells.rating.trim();
  const rating = /^\d(?:\.\d+)?$/.test(ratingText) && Number(ratingText) <= 5 ? Math.round(Number(ratingText) * 10) / 10 : null;
  const name = cells.product;
  const { weight, unit } = parsePackSize(name);
  return {
    sku: `BB-${Number(cells.index)}`,
    name,
    slug: slugify(name),
    category: cells.category,
    subcategory: cells.sub_category,
    brand: cells.brand || null,
    type: cells.type || null,
    rating,
    weight,
    weight_unit: unit,
    mrp_paise: mrp,
    price_paise: salePaise,
  };
}

/** Reads and validates the CSV; returns the valid rows in file order and the skipped ones. */
async function readRows(input: string | Readable): Promise<{ rows: ImportRow[]; skipped: SkippedRow[] }> {
  const source = typeof input === 'string' ? Readable.from([input]) : input;
  const parser = source.pipe(
    parse({ bom: true, info: true, relax_column_count: true, skip_empty_lines: true, relax_quotes: true }),
  );
  const rows: ImportRow[] = [];
  const skipped: SkippedRow[] = [];
  const firstLineOfSku = new Map<string, number>();
  let header: Map<string, number> | undefined;
  let lineDrift = 0;
  for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
    // csv-parse counts a CRLF inside a quoted field as two lines; undo that to report the
    // physical line the record starts on.
    const fields = record.join('\u0000');
    lineDrift += fields.match(/\r\n/g)?.length ?? 0;
    const line = info.lines - lineDrift - (fields.match(/\r\n|\n/g)?.length ?? 0);
    if (!header) {
      header = new Map(record.map((name, i) => [name.trim().toLowerCase(), i]));
      const missing = IMPORT_COLUMNS.filter((c) => !header!.has(c));
      if (missing.length) throw new Error(`The CSV header lacks the column(s) ${missing.join(', ')}; expected ${IMPORT_COLUMNS.join(', ')}.`);
      continue;
    }
    if (record.length !== header.size) {
      skipped.push({ line, reason: `${record.length} columns instead of ${header.size}` });
      continue;
    }
    const row = toRow((column) => record[header!.get(column)!] ?? '');
    if ('reason' in row) {
      skipped.push({ line, ...row });
      continue;
    }
    const first = firstLineOfSku.get(row.sku);
    if (first !== undefined) {
      skipped.push({ line, column: 'index', reason: `repeated index ${row.sku.slice(3)} (first on line ${first})` });
      continue;
    }
    firstLineOfSku.set(row.sku, line);
    rows.push(row);
  }
  if (!header) throw new Error('The CSV file is empty: expected a header line and rows.');
  return { rows, skipped };
}

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

/**
 * Imports a BigBasket-format CSV (text or stream) into the catalogue; see the module comment.
 * Throws (and writes nothing) when the header lacks a column or the database refuses a write.
 */
export async function importCatalogCsv(
  db: Database,
  input: string | Readable,
  options: { onProgress?: ImportProgress } = {},
): Promise<ImportResult> {
  const { rows, skipped } = await readRows(input);
  skipped.sort((a, b) => a.line - b.line);
  let inserted = 0;
  let updated = 0;
  options.onProgress?.(0, rows.length);

  try {
    await db.transaction(async (tx) => {
      // Categories, by name.
      const categoryIds = new Map<string, number>();
      const existingCategories = rowsOf<{ id: number; name: string; slug: string }>(
        await tx.execute(sql`SELECT id, name, slug FROM categories`),
      );
      for (const c of existingCategories) categoryIds.set(c.name, c.id);
      const takenSlugs = new Set(existingCategories.map((c) => c.slug));
      const newCategories = [...new Set(rows.map((r) => r.category))].filter((name) => !categoryIds.has(name));
      if (newCategories.length) {
        const nextOrder = existingCategories.length;
        const values = newCategories.map((name, i) => ({ name, slug: uniqueSlug(name, takenSlugs), sort_order: nextOrder + i }));
        const created = rowsOf<{ id: number; name: string }>(
          await tx.execute(sql`
            INSERT INTO categories (name, slug, sort_order)
            SELECT name, slug, sort_order FROM jsonb_to_recordset(${JSON.stringify(values)}::jsonb) AS r(name text, slug text, sort_order int)
            RETURNING id, name`),
        );
        for (const c of created) categoryIds.set(c.name, c.id);
      }

      // Subcategories, by (category, name).
      const subKey = (categoryId: number, name: string) => `${categoryId}\u0000${name}`;
      const subcategoryIds = new Map<string, number>();
      const existingSubs = rowsOf<{ id: number; category_id: number; name: string }>(
        await tx.execute(sql`SELECT id, category_id, name FROM subcategories`),
      );
      for (const s of existingSubs) subcategoryIds.set(subKey(s.category_id, s.name), s.id);
      const subCount = new Map<number, number>();
      for (const s of existingSubs) subCount.set(s.category_id, (subCount.get(s.category_id) ?? 0) + 1);
      const newSubs: { category_id: number; name: string; slug: string; sort_order: number }[] = [];
      for (const r of rows) {
        const categoryId = categoryIds.get(r.category)!;
        const key = subKey(categoryId, r.subcategory);
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
        for (const s of created) subcategoryIds.set(subKey(s.category_id, s.name), s.id);
      }

      // Products, by SKU: update the rows that differ, then insert the new ones.
      for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        const batch = rows.slice(start, start + BATCH_SIZE).map(({ category, subcategory, ...r }) => {
          const categoryId = categoryIds.get(category)!;
          return { ...r, category_id: categoryId, subcategory_id: subcategoryIds.get(subKey(categoryId, subcategory))! };
        });
        const json = JSON.stringify(batch);
        const recordType = sql.raw(`r(sku text, name text, slug text, category_id int, subcategory_id int, brand text, type text,
          rating numeric(2,1), weight numeric(10,3), weight_unit text, mrp_paise int, price_paise int)`);
        const changed = rowsOf<{ n: number }>(
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
              RETURNING p.id
            )
            SELECT count(*)::int AS n FROM changed`),
        );
        updated += changed[0]?.n ?? 0;
        const added = rowsOf<{ n: number }>(
          await tx.execute(sql`
            WITH added AS (
              INSERT INTO products (sku, name, slug, category_id, subcategory_id, brand, type, rating, weight, weight_unit, mrp_paise, price_paise, stock)
              SELECT r.sku, r.name, r.slug, r.category_id, r.subcategory_id, r.brand, r.type, r.rating, r.weight, r.weight_unit, r.mrp_paise, r.price_paise, ${DEFAULT_IMPORT_STOCK}::int
              FROM jsonb_to_recordset(${json}::jsonb) AS ${recordType}
              ON CONFLICT (sku) DO NOTHING
              RETURNING id, stock
            ), movements AS (
              INSERT INTO stock_movements (product_id, delta, reason)
              SELECT id, stock, 'import' FROM added WHERE stock > 0
            )
            SELECT count(*)::int AS n FROM added`),
        );
        inserted += added[0]?.n ?? 0;
        options.onProgress?.(Math.min(start + BATCH_SIZE, rows.length), rows.length);
      }
    });
  } catch (err) {
    throw new Error(`The database refused the import, nothing was written: ${databaseReason(err)}`, { cause: err });
  }

  // Fresh planner statistics, so listings and search pick their indexes on the new catalogue.
  if (inserted + updated > 0) await db.execute(sql`ANALYZE categories, subcategories, products`);
  return { inserted, updated, unchanged: rows.length - inserted - updated, skipped };
}
