/**
 * Reads and validates a catalogue CSV in the BigBasket format:
 * `index, product, category, sub_category, brand, sale_price, market_price, type, rating`,
 * prices in rupees; import.ts writes the valid rows.
 *
 * - MRP from `market_price`, offer price from `sale_price` (both to integer paise); brand and
 *   type trimmed (empty → null); rating kept when it is a number 0–5; pack weight and unit
 *   from the optional `weight` and `weight_unit` columns when the file has them (the shop's
 *   export writes them, so an exported file comes back unchanged; both empty: the name's),
 *   else parsed from the name when it plainly ends with one ("… 500 g", "… (1 kg)"), else null.
 * - An optional `sku` column names the product a row is for (the shop's export writes it); a row
 *   with a SKU needs no `index`, one without takes the SKU `BB-{index}`.
 * - Bad rows (empty name or category, a price that is not a non-negative number, a sale price
 *   above the market price, a missing or repeated index, a wrong column count) are skipped and
 *   reported with their CSV line number; every other row is kept, in file order.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { z } from 'zod';
import { hasDisallowedChars } from '#lib/http/edge-input.ts';
import { slugify } from '#lib/slug.ts';
import { PACK_UNITS } from '../admin-rules.ts';

/** The columns the file must have (any order; extra columns are ignored). */
export const IMPORT_COLUMNS = [
  'index',
  'product',
  'category',
  'sub_category',
  'brand',
  'sale_price',
  'market_price',
  'type',
  'rating',
] as const;

/** A skipped row: its (first) line in the file, the column at fault when one is, and why. */
export interface SkippedRow {
  line: number;
  column?: string;
  reason: string;
}

/** One valid row, ready to write. Field names match the jsonb record of the SQL below. */
export interface ImportRow {
  /** The row's (first) line in the file. */
  line: number;
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
  g: 'g',
  gm: 'g',
  gms: 'g',
  gram: 'g',
  grams: 'g',
  kg: 'kg',
  kgs: 'kg',
  mg: 'mg',
  ml: 'ml',
  l: 'l',
  ltr: 'l',
  litre: 'l',
  liter: 'l',
  pc: 'pcs',
  pcs: 'pcs',
  pieces: 'pcs',
};
const PACK_SIZE =
  /(?:^|[\s,(])(\d{1,5}(?:\.\d{1,3})?)\s*(g|gm|gms|grams?|kgs?|mg|ml|l|ltr|lit(?:re|er)|pcs?|pieces)\)?$/i;

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

const NOT_ALLOWED =
  'contains characters that are not allowed (a control character, NUL or bytes that are not valid UTF-8)';
/** Text the database can store and people can read: no control characters, lone surrogates or U+FFFD. */
const cellText = z.string().refine((s) => !hasDisallowedChars(s) && !s.includes('\uFFFD'), {
  error: NOT_ALLOWED,
  params: { notAllowed: true },
});
const label = (emptyReason: string, max: number) =>
  cellText.transform(clean).pipe(z.string().min(1, emptyReason).max(max, `longer than ${max} characters`));
const optionalLabel = (max: number) =>
  cellText.transform(clean).pipe(z.string().max(max, `longer than ${max} characters`));
const price = (column: string) =>
  cellText
    .transform((t) => t.trim())
    .pipe(z.string().regex(MONEY, { error: (iss) => `bad ${column} ${quote(iss.input)}` }));

/**
 * One CSV record's cells, column by column (a bad cell skips its row with the
 * column and reason, never the whole import). Rating is lenient: anything but a number 0–5
 * is kept as no rating.
 */
export const importRowSchema = z.object({
  index: cellText.transform(clean).pipe(
    z
      .string()
      .min(1, 'empty index')
      .regex(/^\d{1,12}$/, { error: (iss) => `bad index ${quote(iss.input)}` }),
  ),
  product: label('empty product name', MAX_PRODUCT_NAME),
  category: label('empty category', MAX_LABEL),
  sub_category: label('empty sub_category', MAX_LABEL),
  brand: optionalLabel(MAX_LABEL),
  sale_price: price('sale_price'),
  market_price: price('market_price'),
  type: optionalLabel(MAX_LABEL),
  rating: z.string(),
});

/** An optional SKU cell: letters, digits, dots, dashes and underscores, up to 64. */
const skuCell = cellText
  .transform(clean)
  .pipe(z.string().regex(/^(?:[A-Za-z0-9][\w.-]{0,63})?$/, { error: (iss) => `bad sku ${quote(iss.input)}` }));

/** A row problem: the column it is in and why. */
type RowProblem = { column?: string; reason: string };

/** The optional columns a row may have: `undefined` when the file has no such column. */
type OptionalCell = (column: 'sku' | 'weight' | 'weight_unit') => string | undefined;

/**
 * The pack size a row gives in its own `weight` and `weight_unit` cells (both empty: the name's,
 * as for a file without the columns, so a row typed into an export needs none); a
 * weight is a positive number with up to 5 digits and 3 decimals, a unit one of the shop's
 * (PACK_UNITS) or another name for one of them ("gms", "ltr").
 */
function packSizeCells(
  name: string,
  weightText: string,
  unitText: string,
): { weight: number | null; unit: string | null } | RowProblem {
  const w = weightText.trim();
  const u = unitText.trim();
  if (!w && !u) return parsePackSize(name);
  if (!/^\d{1,5}(?:\.\d{1,3})?$/.test(w) || !(Number(w) > 0))
    return { column: 'weight', reason: `bad weight ${quote(weightText)}` };
  const named = u.toLowerCase();
  const unit = (PACK_UNITS as readonly string[]).includes(named) ? named : UNIT_ALIASES[named];
  if (!unit) return { column: 'weight_unit', reason: `bad weight_unit ${quote(unitText)}` };
  return { weight: Number(w), unit };
}

/** Validates one record; returns the row or the column and reason it is skipped. */
function toRow(
  get: (column: (typeof IMPORT_COLUMNS)[number]) => string,
  optional: OptionalCell,
): Omit<ImportRow, 'line'> | RowProblem {
  const sku = skuCell.safeParse(optional('sku') ?? '');
  if (!sku.success) return { column: 'sku', reason: sku.error.issues[0]!.message };
  const cells0 = Object.fromEntries(IMPORT_COLUMNS.map((c) => [c, get(c)]));
  // A row with a SKU needs no index (a placeholder passes the index's check).
  if (sku.data && !cells0.index?.trim()) cells0.index = '0';
  const parsed = importRowSchema.safeParse(cells0);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const column = String(issue.path[0] ?? '');
    const notAllowed = issue.code === 'custom' && issue.params?.notAllowed === true;
    return { column, reason: notAllowed ? `${column} ${NOT_ALLOWED}` : issue.message };
  }
  const cells = parsed.data;
  const salePaise = toPaise(cells.sale_price)!;
  const mrp = toPaise(cells.market_price)!;
  if (salePaise > mrp)
    return {
      column: 'sale_price',
      reason: `sale_price ${cells.sale_price} is above market_price ${cells.market_price}`,
    };
  const ratingText = cells.rating.trim();
  const rating =
    /^\d(?:\.\d+)?$/.test(ratingText) && Number(ratingText) <= 5 ? Math.round(Number(ratingText) * 10) / 10 : null;
  const name = cells.product;
  const weightText = optional('weight');
  const unitText = optional('weight_unit');
  const pack =
    weightText === undefined || unitText === undefined
      ? parsePackSize(name)
      : packSizeCells(name, weightText, unitText);
  if ('reason' in pack) return pack;
  const { weight, unit } = pack;
  return {
    sku: sku.data || `BB-${Number(cells.index)}`,
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
export async function readRows(input: string | Readable): Promise<{ rows: ImportRow[]; skipped: SkippedRow[] }> {
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
      if (missing.length)
        throw new Error(
          `The CSV header lacks the column(s) ${missing.join(', ')}; expected ${IMPORT_COLUMNS.join(', ')}.`,
        );
      continue;
    }
    if (record.length !== header.size) {
      skipped.push({ line, reason: `${record.length} columns instead of ${header.size}` });
      continue;
    }
    const skuAt = header.get('sku');
    const parsed = toRow(
      (column) => record[header!.get(column)!] ?? '',
      (column) => {
        const at = header!.get(column);
        return at === undefined ? undefined : (record[at] ?? '');
      },
    );
    if ('reason' in parsed) {
      skipped.push({ line, ...parsed });
      continue;
    }
    const row: ImportRow = { line, ...parsed };
    const first = firstLineOfSku.get(row.sku);
    if (first !== undefined) {
      skipped.push(
        row.sku.startsWith('BB-') && !(skuAt !== undefined && record[skuAt]?.trim())
          ? { line, column: 'index', reason: `repeated index ${row.sku.slice(3)} (first on line ${first})` }
          : { line, column: 'sku', reason: `repeated sku ${row.sku} (first on line ${first})` },
      );
      continue;
    }
    firstLineOfSku.set(row.sku, line);
    rows.push(row);
  }
  if (!header) throw new Error('The CSV file is empty: expected a header line and rows.');
  return { rows, skipped };
}
