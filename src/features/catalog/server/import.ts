/**
 * Imports a product catalogue in the BigBasket CSV format, or the shop's own export; the file
 * is read and its rows validated by import-csv.ts (columns, money, skipped rows).
 *
 * - Categories and subcategories are created by name when missing (slug from the name).
 * - Products are upserted by SKU (the `sku` column, else `BB-{index}`: the `index` column is the
 *   feed's stable row key), so the same row always lands on the same product.
 * - The optional columns the file has (import-csv.ts OPTIONAL_COLUMNS) are written; a column the
 *   file lacks leaves that field as it is, so a BigBasket file never clears a photo or a GST rate.
 * - Stock is written only when the caller opts in (`updateStock`) and the file has a `stock`
 *   column; a change adds an `import` stock movement. New products otherwise get
 *   DEFAULT_IMPORT_STOCK units (with their `import` stock movement).
 * - Only rows whose written fields differ are updated, so a re-import changes nothing.
 * - Bad rows are skipped and reported with their spreadsheet row number (the header is row 1) and
 *   SKU; every other row is imported.
 * - The back office's upload (`publishRule`) also refuses, like a bad row, one that would put a
 *   packaged product on sale without a declaration it needs (declarations.ts); the command line
 *   and the bench import as they always have.
 *
 * Rows are written in large set-based batches (one jsonb parameter per batch), on PGlite and
 * PostgreSQL alike: on the command line in one transaction; from the back office (`batchRows`) a
 * batch per transaction with a yield to the event loop between them, so the shop keeps answering.
 * The tables are analysed afterwards.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { inArray, sql } from 'drizzle-orm';
import { recordAudit } from '#lib/db/audit.ts';
import type { Database, Transaction } from '#lib/db/index.ts';
import { products } from '#lib/db/schema.ts';
import type { StaffActor } from '#lib/http/staff-session.ts';
import { slugify } from '#lib/slug.ts';
import { type ImportReport, MAX_IMPORT_ERRORS } from '../admin-contract.ts';
import { DECLARATION_MESSAGES, publishGaps } from '../declarations.ts';
import { declarationsOf } from './admin-products.ts';
import { DECLARATION_COLUMNS } from './declaration-columns.ts';
import {
  ImportFileError,
  type ImportRow,
  type OptionalColumn,
  type ReadOptions,
  readRows,
  type SkippedRow,
} from './import-csv.ts';

/** Units in stock given to a product the first time it is imported. */
export const DEFAULT_IMPORT_STOCK = 100;
/** SKUs of added and of changed products an import's audit entry lists (the counts are whole). */
const AUDIT_SKUS = 1000;
/** Rows written per statement. */
const BATCH_SIZE = 5000;
/** The statistics target of the back office's ANALYZE (300 × this many rows sampled). */
const QUICK_STATISTICS_TARGET = 10;

/** What an import did to one valid row's product. */
export interface ImportedRow {
  /** The row's number as a spreadsheet shows the file (the header is row 1). */
  row: number;
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
  /** Rows written off sale for want of declarations (the back office's upload; declarations.ts). */
  held: SkippedRow[];
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

/** How an optional column (import-csv.ts OPTIONAL_COLUMNS) is written: its products column and value. */
interface OptionalWrite {
  /** The products column it sets. */
  target: string;
  /** Its type in the batch's jsonb record. */
  type: string;
  /** The column's new value on an existing product `p` from the record `r`. */
  update: string;
}

/** Every optional column but `slug` (always written: from the cell, else the name). */
const OPTIONAL_WRITES: Record<Exclude<OptionalColumn, 'slug'>, OptionalWrite> = {
  is_active: { target: 'is_active', type: 'boolean', update: 'COALESCE(r.is_active, p.is_active)' },
  archived: {
    target: 'archived_at',
    type: 'boolean',
    update: 'CASE WHEN r.archived IS NULL THEN p.archived_at WHEN r.archived THEN COALESCE(p.archived_at, now()) END',
  },
  tax_percent: { target: 'tax_percent', type: 'numeric(5,2)', update: 'COALESCE(r.tax_percent, p.tax_percent)' },
  hsn_code: { target: 'hsn_code', type: 'text', update: 'r.hsn_code' },
  description: { target: 'description', type: 'text', update: 'r.description' },
  additional_information: { target: 'additional_information', type: 'text', update: 'r.additional_information' },
  highlights: { target: 'highlights', type: 'jsonb', update: "COALESCE(r.highlights, '[]'::jsonb)" },
  images: { target: 'images', type: 'jsonb', update: "COALESCE(r.images, '[]'::jsonb)" },
  stock: { target: 'stock', type: 'int', update: 'COALESCE(r.stock, p.stock)' },
  sold_loose: { target: 'sold_loose', type: 'boolean', update: 'COALESCE(r.sold_loose, p.sold_loose)' },
  manufacturer: { target: 'manufacturer', type: 'text', update: 'r.manufacturer' },
  packer: { target: 'packer', type: 'text', update: 'r.packer' },
  importer: { target: 'importer', type: 'text', update: 'r.importer' },
  country_of_origin: { target: 'country_of_origin', type: 'text', update: 'r.country_of_origin' },
  shelf_life: { target: 'shelf_life', type: 'text', update: 'r.shelf_life' },
  consumer_care: { target: 'consumer_care', type: 'text', update: 'r.consumer_care' },
  fssai_licence: { target: 'fssai_licence', type: 'text', update: 'r.fssai_licence' },
  food_mark: { target: 'food_mark', type: 'text', update: 'r.food_mark' },
};

/** The fields every row writes, as `products` column = record field. */
const BASE_FIELDS = [
  'name',
  'slug',
  'category_id',
  'subcategory_id',
  'brand',
  'type',
  'rating',
  'weight',
  'weight_unit',
  'mrp_paise',
  'price_paise',
] as const;

/** The batch's jsonb record type: every field a row may carry. */
const RECORD_TYPE =
  sql.raw(`r(sku text, name text, slug text, category_id int, subcategory_id int, brand text, type text,
    rating numeric(2,1), weight numeric(10,3), weight_unit text, mrp_paise int, price_paise int,
    ${Object.entries(OPTIONAL_WRITES)
      .map(([field, w]) => `${field} ${w.type}`)
      .join(', ')})`);

/**
 * Writes a batch by SKU: updates the existing products whose written fields differ (the base
 * fields and the optional `columns` the file has; a stock change adds an `import` stock
 * movement), then inserts the new ones (missing optional fields at their defaults, stock from the
 * file when given, else DEFAULT_IMPORT_STOCK, with its `import` stock movement). Returns the SKUs
 * changed and added.
 */
async function upsertProducts(
  tx: Transaction,
  batch: ProductBatch,
  columns: readonly OptionalColumn[],
): Promise<{ changed: string[]; added: string[] }> {
  const json = JSON.stringify(batch);
  const writes = columns.filter((c) => c !== 'slug').map((c) => OPTIONAL_WRITES[c]);
  const targets = [...BASE_FIELDS, ...writes.map((w) => w.target)];
  const values = [...BASE_FIELDS.map((f) => `r.${f}`), ...writes.map((w) => w.update)];
  const set = sql.raw(targets.map((t, i) => `${t} = ${values[i]}`).join(', '));
  const current = sql.raw(`(${targets.map((t) => `p.${t}`).join(', ')})`);
  const next = sql.raw(`(${values.join(', ')})`);
  // `old` is the product as it was before this statement (found by SKU, on its index): a stock
  // change is the difference.
  const updatedSkus = rowsOf<{ skus: string[] | null }>(
    await tx.execute(sql`
      WITH r AS MATERIALIZED (
        SELECT * FROM jsonb_to_recordset(${json}::jsonb) AS ${RECORD_TYPE}
      ), old AS MATERIALIZED (
        SELECT products.id AS product_id, products.stock AS old_stock, r.* FROM r JOIN products ON products.sku = r.sku
      ), changed AS (
        UPDATE products AS p SET ${set}, updated_at = now()
        FROM old AS r
        WHERE p.id = r.product_id AND ${current} IS DISTINCT FROM ${next}
        RETURNING p.id, p.sku, p.stock - r.old_stock AS delta
      ), movements AS (
        INSERT INTO stock_movements (product_id, delta, reason)
        SELECT id, delta, 'import' FROM changed WHERE delta <> 0
      )
      SELECT array_agg(sku) AS skus FROM changed`),
  );
  const addedSkus = rowsOf<{ skus: string[] | null }>(
    await tx.execute(sql`
      WITH added AS (
        INSERT INTO products (sku, name, slug, category_id, subcategory_id, brand, type, rating, weight, weight_unit,
          mrp_paise, price_paise, is_active, archived_at, tax_percent, hsn_code, description, additional_information,
          highlights, images, stock, sold_loose, manufacturer, packer, importer, country_of_origin, shelf_life,
          consumer_care, fssai_licence, food_mark)
        SELECT r.sku, r.name, r.slug, r.category_id, r.subcategory_id, r.brand, r.type, r.rating, r.weight, r.weight_unit,
          r.mrp_paise, r.price_paise, COALESCE(r.is_active, true), CASE WHEN r.archived THEN now() END,
          COALESCE(r.tax_percent, 0), r.hsn_code, r.description, r.additional_information,
          COALESCE(r.highlights, '[]'::jsonb), COALESCE(r.images, '[]'::jsonb),
          COALESCE(r.stock, ${DEFAULT_IMPORT_STOCK}::int), COALESCE(r.sold_loose, false), r.manufacturer, r.packer,
          r.importer, r.country_of_origin, r.shelf_life, r.consumer_care, r.fssai_licence, r.food_mark
        FROM jsonb_to_recordset(${json}::jsonb) AS ${RECORD_TYPE}
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

/** How an import runs. */
export interface ImportOptions extends ReadOptions {
  onProgress?: ImportProgress;
  actor?: StaffActor;
  /**
   * Write the rows as they are read, this many to a transaction, yielding to the event loop
   * between them, so the server keeps answering while a large file is written and never holds
   * the whole file's rows (the back office's upload). Without it (the command line), the file is
   * read first and everything is written in one transaction.
   */
  batchRows?: number;
  /** The file's data rows, when known (the back office counts them first): progress's total. */
  total?: number;
  /**
   * Keep a packaged product without a declaration it needs off sale, as the product form does
   * (declarations.ts `publishGaps`; the back office's upload): see `applyPublishRule`. The
   * command line and the bench import without it.
   */
  publishRule?: boolean;
}

/** A valid row's number, SKU and name (when short), for the summary of a row held or refused. */
function who(row: ImportRow): Pick<SkippedRow, 'row' | 'sku' | 'name'> {
  return { row: row.row, sku: row.sku, ...(row.name.length <= 40 ? { name: row.name } : {}) };
}

/**
 * The publishing rule over a batch, each row's declarations as they would be saved (the file's
 * columns over the stored product, a new product's defaults) against the product as stored. A
 * row that would put a product on sale without its declarations (a new product, or one off
 * sale switched on) is written off sale and listed in `held`; a row that would open a new gap in
 * a product on sale is refused (`refused`), so the product stays as it was. Each names the first
 * missing declaration's column and every missing declaration.
 */
async function applyPublishRule(
  tx: Transaction,
  rows: ImportRow[],
  columns: readonly OptionalColumn[],
): Promise<{ kept: ImportRow[]; held: SkippedRow[]; refused: SkippedRow[] }> {
  const stored = await tx
    .select({
      sku: products.sku,
      isActive: products.isActive,
      archivedAt: products.archivedAt,
      ...DECLARATION_COLUMNS,
      weight: products.weight,
      weightUnit: products.weightUnit,
    })
    .from(products)
    .where(
      inArray(
        products.sku,
        rows.map((r) => r.sku),
      ),
    );
  const bySku = new Map(stored.map((p) => [p.sku, p]));
  const has = new Set<string>(columns);
  const kept: ImportRow[] = [];
  const held: SkippedRow[] = [];
  const refused: SkippedRow[] = [];
  for (const row of rows) {
    const p = bySku.get(row.sku);
    const before = p
      ? {
          ...declarationsOf({ ...p, weight: p.weight === null ? null : Number(p.weight) }),
          is_active: p.isActive && p.archivedAt === null,
        }
      : null;
    const text = <
      K extends
        | 'manufacturer'
        | 'packer'
        | 'importer'
        | 'country_of_origin'
        | 'shelf_life'
        | 'consumer_care'
        | 'fssai_licence',
    >(
      column: K,
    ): string | null => (has.has(column) ? (row[column] ?? null) : (before?.[column] ?? null));
    const archived = has.has('archived') && row.archived != null ? row.archived : p ? p.archivedAt !== null : false;
    const after = {
      manufacturer: text('manufacturer'),
      packer: text('packer'),
      importer: text('importer'),
      country_of_origin: text('country_of_origin'),
      shelf_life: text('shelf_life'),
      consumer_care: text('consumer_care'),
      fssai_licence: text('fssai_licence'),
      food_mark: has.has('food_mark') ? (row.food_mark ?? null) : (before?.food_mark ?? null),
      sold_loose: has.has('sold_loose') && row.sold_loose != null ? row.sold_loose : (before?.sold_loose ?? false),
      weight: row.weight,
      weight_unit: row.weight_unit,
      is_active: !archived && ((has.has('is_active') ? row.is_active : null) ?? p?.isActive ?? true),
    };
    const gaps = publishGaps(before, after);
    if (!gaps.length) kept.push(row);
    else if (before?.is_active)
      refused.push({ ...who(row), column: gaps[0], reason: DECLARATION_MESSAGES.refused(gaps) });
    else {
      kept.push({ ...row, is_active: false });
      held.push({ ...who(row), column: gaps[0], reason: DECLARATION_MESSAGES.heldOffSale(gaps, !p) });
    }
  }
  return { kept, held, refused };
}

/**
 * Imports a BigBasket-format CSV or the shop's export (text or stream) into the catalogue; see the
 * module comment. Throws ImportFileError when the file is refused as a whole (nothing written),
 * and an Error when the database refuses a write.
 */
export async function importCatalogCsv(
  db: Database,
  input: string | Readable,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const { batchRows } = options;
  return batchRows === undefined
    ? importAtOnce(db, input, options)
    : importInBatches(db, input, { ...options, batchRows });
}

/** What an import did so far: the SKUs added and changed, and its audit entry. */
function tally(columns: () => readonly OptionalColumn[]) {
  const added = new Set<string>();
  const changed = new Set<string>();
  return {
    added,
    changed,
    record(written: { changed: string[]; added: string[] }) {
      for (const sku of written.changed) changed.add(sku);
      for (const sku of written.added) added.add(sku);
    },
    auditEntry: (valid: number, refused: number) => ({
      action: 'catalog.import' as const,
      record: { type: 'catalog', id: 'import' },
      before: null,
      after: {
        added: added.size,
        changed: changed.size,
        unchanged: valid - added.size - changed.size,
        refused,
        ...(columns().includes('stock') ? { stock_from_file: true } : {}),
        added_skus: [...added].slice(0, AUDIT_SKUS),
        changed_skus: [...changed].slice(0, AUDIT_SKUS),
      },
    }),
  };
}

/** `rows` with their category and subcategory ids, as the upsert reads them. */
function withIds(
  rows: ImportRow[],
  categoryIds: Map<string, number>,
  subcategoryIds: Map<string, number>,
): ProductBatch {
  return rows.map(({ category, subcategory, ...r }) => {
    const categoryId = categoryIds.get(category)!;
    return {
      ...r,
      category_id: categoryId,
      subcategory_id: subcategoryIds.get(subcategoryKey(categoryId, subcategory))!,
    };
  });
}

/** The command line's import: the whole file read, then written in one transaction. */
async function importAtOnce(db: Database, input: string | Readable, options: ImportOptions): Promise<ImportResult> {
  const { rows, skipped, columns } = await readRows(input, options);
  skipped.sort((a, b) => a.row - b.row);
  const done = tally(() => columns);
  options.onProgress?.(0, rows.length);
  try {
    await db.transaction(async (tx) => {
      const categoryIds = await ensureCategories(tx, rows);
      const subcategoryIds = await ensureSubcategories(tx, rows, categoryIds);
      for (let start = 0; start < rows.length; start += BATCH_SIZE) {
        const batch = rows.slice(start, start + BATCH_SIZE);
        done.record(await upsertProducts(tx, withIds(batch, categoryIds, subcategoryIds), columns));
        options.onProgress?.(Math.min(start + BATCH_SIZE, rows.length), rows.length);
      }
      // An import by staff or on the command line: one entry with what it did, in the import's transaction.
      if (options.actor) await recordAudit(tx, options.actor, done.auditEntry(rows.length, skipped.length));
    });
  } catch (err) {
    throw new Error(`The database refused the import, nothing was written: ${databaseReason(err)}`, { cause: err });
  }
  // Fresh planner statistics, so listings and search pick their indexes on the new catalogue.
  if (done.added.size + done.changed.size > 0) await db.execute(sql`ANALYZE categories, subcategories, products`);
  return {
    inserted: done.added.size,
    updated: done.changed.size,
    unchanged: rows.length - done.added.size - done.changed.size,
    skipped,
    held: [],
    rows: rows.map((r) => ({
      row: r.row,
      sku: r.sku,
      name: r.name,
      outcome: done.added.has(r.sku) ? 'added' : done.changed.has(r.sku) ? 'changed' : 'unchanged',
    })),
  };
}

/**
 * The back office's import: rows written as they are read, `batchRows` to a transaction (with
 * the categories they name), yielding to the event loop between transactions. Answers no row by
 * row outcomes (`rows` is empty): the summary is the counts and the refused rows.
 */
async function importInBatches(
  db: Database,
  input: string | Readable,
  options: ImportOptions & { batchRows: number },
): Promise<ImportResult> {
  let columns: readonly OptionalColumn[] = [];
  const done = tally(() => columns);
  let written = 0;
  let handled = 0;
  let refused = 0;
  const undeclared: SkippedRow[] = [];
  const held: SkippedRow[] = [];
  let file: Awaited<ReturnType<typeof readRows>> | undefined;
  options.onProgress?.(0, options.total ?? 0);
  try {
    file = await readRows(input, {
      ...options,
      onBatch: async (rows, fileColumns) => {
        columns = fileColumns;
        await nextTurn();
        const kept = await db.transaction(async (tx) => {
          const checked = options.publishRule
            ? await applyPublishRule(tx, rows, columns)
            : { kept: rows, held: [], refused: [] };
          undeclared.push(...checked.refused);
          held.push(...checked.held);
          if (!checked.kept.length) return 0;
          const categoryIds = await ensureCategories(tx, checked.kept);
          const subcategoryIds = await ensureSubcategories(tx, checked.kept, categoryIds);
          done.record(await upsertProducts(tx, withIds(checked.kept, categoryIds, subcategoryIds), columns));
          return checked.kept.length;
        });
        written += kept;
        handled += rows.length;
        options.onProgress?.(handled, options.total ?? handled);
      },
    });
    refused = file.skipped.length + undeclared.length;
    // Every row of the file is done with, the refused ones too.
    options.onProgress?.(file.records, file.records);
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    throw new Error(
      `The database refused the import after ${written.toLocaleString('en-IN')} rows were written: ${databaseReason(err)}`,
      { cause: err },
    );
  } finally {
    // What was written is in the audit log, also when a later batch failed.
    if (options.actor && written > 0) await recordAudit(db, options.actor, done.auditEntry(written, refused));
  }
  // Fresh planner statistics from a smaller sample (3,000 rows), a table at a time: on PGlite,
  // where the database runs on the server's thread, a full ANALYZE of a large catalogue holds it
  // for hundreds of milliseconds.
  if (done.added.size + done.changed.size > 0)
    for (const table of ['categories', 'subcategories', 'products']) {
      await nextTurn();
      await db.transaction(async (tx) => {
        await tx.execute(sql`SET LOCAL default_statistics_target = ${sql.raw(String(QUICK_STATISTICS_TARGET))}`);
        await tx.execute(sql`ANALYZE ${sql.identifier(table)}`);
      });
    }
  const skipped = [...file.skipped, ...undeclared].sort((a, b) => a.row - b.row);
  return {
    inserted: done.added.size,
    updated: done.changed.size,
    unchanged: written - done.added.size - done.changed.size,
    skipped,
    held: held.sort((a, b) => a.row - b.row),
    rows: [],
  };
}

/** A file's bytes as a stream of 64 KB pieces, for the parser to read as if they arrived. */
export function csvPieces(bytes: Uint8Array): Readable {
  return Readable.from(
    (function* () {
      for (let at = 0; at < bytes.byteLength; at += PIECE_BYTES)
        yield Buffer.from(bytes.buffer, bytes.byteOffset + at, Math.min(PIECE_BYTES, bytes.byteLength - at));
    })(),
  );
}
const PIECE_BYTES = 64 * 1024;

/** Rows per transaction of the back office's import: each is written in about 10 ms of CPU on PGlite. */
export const IMPORT_BATCH_ROWS = 100;

/** A refused or held row as the summary lists it: its row, SKU and name when known, column and reason. */
function reportRow(s: SkippedRow): ImportReport['errors'][number] {
  return {
    row: s.row,
    ...(s.sku ? { sku: s.sku } : {}),
    ...(s.name ? { name: s.name } : {}),
    ...(s.column ? { column: s.column } : {}),
    message: s.reason,
  };
}

/** The back office's summary of an import: the counts and the first MAX_IMPORT_ERRORS refused rows. */
export function importSummary(result: ImportResult, stockUpdated: boolean): ImportReport {
  return {
    created: result.inserted,
    updated: result.updated,
    unchanged: result.unchanged,
    skipped: result.skipped.length,
    stock_updated: stockUpdated,
    errors: result.skipped.slice(0, MAX_IMPORT_ERRORS).map(reportRow),
    held_off_sale: result.held.length,
    held: result.held.slice(0, MAX_IMPORT_ERRORS).map(reportRow),
  };
}
