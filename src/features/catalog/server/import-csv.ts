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
 * - The shop's export writes the other fields too, each an optional column (OPTIONAL_COLUMNS):
 *   slug, is_active, archived, tax_percent, hsn_code, description, additional_information,
 *   highlights and images (one per line of the cell), and the declarations (sold_loose,
 *   manufacturer, packer, importer, country_of_origin, shelf_life, consumer_care, fssai_licence
 *   of 14 digits, food_mark veg / non_veg / not_food; declarations.ts). A column the file lacks leaves the field
 *   as it is; see `OptionalColumn` for what an empty cell means. A GST rate must be one of the
 *   product form's slabs and an HSN code 4, 6 or 8 digits, refused with the form's messages
 *   (admin-rules.ts), so a file brings in nothing the form would refuse. `stock` is read only
 *   when the caller opts in (`updateStock`), so a file never changes stock by accident.
 * - A cell the shop's CSV writer kept from running as a formula (a leading `'` before `=`, `+`,
 *   `-`, `@`, a tab or a carriage return) is read without that apostrophe (src/lib/csv.ts).
 * - Bad rows (empty name or category, a price that is not a number above 0, a sale price
 *   above the market price, a missing or repeated index, a wrong column count) are skipped and
 *   reported with their spreadsheet row number (the header is row 1) and SKU; every other row is
 *   kept, in file order.
 * - A licence or HSN code a spreadsheet turned into a number in E-notation ("2.13190E+13": Excel
 *   does so to 14 digits) is refused with a message saying to format the column as text: the
 *   digits it dropped cannot be recovered.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { CsvError, parse } from 'csv-parse';
import { z } from 'zod';
import { readCsvCell } from '#lib/csv.ts';
import { hasDisallowedChars } from '#lib/http/edge-input.ts';
import { slugify } from '#lib/slug.ts';
import {
  ADMIN_PRODUCT_MESSAGES,
  GST_SLABS,
  HSN_PATTERN,
  imagePath,
  MAX_STOCK,
  MIN_PRICE_PAISE,
  PACK_UNITS,
} from '../admin-rules.ts';
import {
  DECLARATION_FIELD_NAMES,
  DECLARATION_MESSAGES,
  type FoodMark,
  FSSAI_PATTERN,
  normaliseFssai,
} from '../declarations.ts';

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

/**
 * The optional columns the importer writes when the file has them. An empty cell clears a
 * field that may be empty (hsn_code, description, additional_information, highlights, images,
 * the declarations' texts and food_mark) and keeps the product's value of one that may not
 * (is_active, archived, tax_percent, sold_loose, stock; a new product then gets true, not
 * archived, 0 %, not loose and DEFAULT_IMPORT_STOCK).
 */
export const OPTIONAL_COLUMNS = [
  'slug',
  'is_active',
  'archived',
  'tax_percent',
  'hsn_code',
  'description',
  'additional_information',
  'highlights',
  'images',
  ...DECLARATION_FIELD_NAMES,
  'stock',
] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

/**
 * Why a whole file is refused (nothing is written): a missing column, no header, too many rows,
 * or not text at all (a photo or a spreadsheet's own file chosen by mistake).
 */
export class ImportFileError extends Error {
  readonly kind: 'bad_header' | 'empty' | 'too_many_rows' | 'not_text';

  constructor(kind: ImportFileError['kind'], message: string) {
    super(message);
    this.name = 'ImportFileError';
    this.kind = kind;
  }
}

/** How readRows reads a file. */
export interface ReadOptions {
  /** Most data rows taken; a file with more is refused (ImportFileError `too_many_rows`). */
  maxRows?: number;
  /** Read the `stock` column (else it is ignored, whatever it holds). */
  updateStock?: boolean;
}

/** How readRows hands its rows on. */
interface ReadHandling {
  /** Check the header and count the data rows only (no row is validated or kept). */
  countOnly?: boolean;
  /**
   * Hand the valid rows on in batches of `batchRows` as they are read, instead of keeping them
   * all (readRows then returns no rows): the caller writes each before the next is read.
   */
  onBatch?: (rows: ImportRow[], columns: readonly OptionalColumn[]) => Promise<void>;
  batchRows?: number;
}

/** Rows parsed between two yields to the event loop. */
const ROWS_PER_TURN = 250;
/** Characters handed to the parser at a time. */
const CHUNK_CHARS = 64 * 1024;

/**
 * A skipped row: its row number as a spreadsheet shows the file (the header is row 1, a cell's
 * line breaks do not count), its SKU and name when the row has them, the column at fault when one
 * is, and why.
 */
export interface SkippedRow {
  row: number;
  sku?: string;
  name?: string;
  column?: string;
  reason: string;
}

/** One valid row, ready to write. Field names match the jsonb record of the SQL below. */
export interface ImportRow {
  /** The row's number as a spreadsheet shows the file (the header is row 1). */
  row: number;
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
  /** The optional columns' values; absent when the file lacks the column (see OPTIONAL_COLUMNS). */
  tax_percent?: number | null;
  hsn_code?: string | null;
  description?: string | null;
  additional_information?: string | null;
  highlights?: string[];
  images?: string[];
  is_active?: boolean | null;
  archived?: boolean | null;
  stock?: number | null;
  sold_loose?: boolean | null;
  manufacturer?: string | null;
  packer?: string | null;
  importer?: string | null;
  country_of_origin?: string | null;
  shelf_life?: string | null;
  consumer_care?: string | null;
  fssai_licence?: string | null;
  food_mark?: FoodMark | null;
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
type OptionalCell = (column: 'sku' | 'weight' | 'weight_unit' | OptionalColumn) => string | undefined;

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

/** Longest description or additional information, in characters (the product form's limit). */
const MAX_LONG_TEXT = 5000;
/** Longest highlight, and most highlights and images a product has (the product form's limits). */
const MAX_HIGHLIGHT = 200;
const MAX_HIGHLIGHTS = 20;
const MAX_IMAGES = 10;

const TRUE_WORDS = new Set(['true', 'yes', '1']);
const FALSE_WORDS = new Set(['false', 'no', '0']);

/** A yes/no cell: true, false, or null when empty (keep); a problem for anything else. */
function flagCell(column: string, text: string): boolean | null | RowProblem {
  const t = text.trim().toLowerCase();
  if (!t) return null;
  if (TRUE_WORDS.has(t)) return true;
  if (FALSE_WORDS.has(t)) return false;
  return { column, reason: `bad ${column} ${quote(text)} (true or false)` };
}

/** Multi-line text: CRLF read as LF, trimmed; null when empty. */
function longTextCell(column: string, text: string): string | null | RowProblem {
  if (hasDisallowedChars(text) || text.includes('\uFFFD')) return { column, reason: `${column} ${NOT_ALLOWED}` };
  const t = text.replace(/\r\n?/g, '\n').trim();
  if (t.length > MAX_LONG_TEXT) return { column, reason: `${column} longer than ${MAX_LONG_TEXT} characters` };
  return t || null;
}

/**
 * The optional columns' values of one record (OPTIONAL_COLUMNS), for the columns the file has;
 * `stock` only when `updateStock`. Returns the fields or the first problem.
 */
function optionalFields(
  optional: OptionalCell,
  updateStock: boolean,
): Partial<Pick<ImportRow, OptionalColumn & keyof ImportRow>> | RowProblem {
  const out: Partial<ImportRow> = {};
  const cell = (column: OptionalColumn) => optional(column);
  for (const column of ['is_active', 'archived', 'sold_loose'] as const) {
    const text = cell(column);
    if (text === undefined) continue;
    const flag = flagCell(column, text);
    if (flag !== null && typeof flag === 'object') return flag;
    out[column] = flag;
  }
  // The product form's rules and messages (admin-rules.ts): a GST slab, an HSN code of 4, 6 or 8 digits.
  const tax = cell('tax_percent')?.trim();
  if (tax !== undefined) {
    if (tax && !(/^\d{1,2}(?:\.\d{1,2})?$/.test(tax) && (GST_SLABS as readonly number[]).includes(Number(tax))))
      return { column: 'tax_percent', reason: `bad tax_percent ${quote(tax)}: ${ADMIN_PRODUCT_MESSAGES.gst}` };
    out.tax_percent = tax ? Number(tax) : null;
  }
  const hsn = cell('hsn_code')?.trim();
  if (hsn !== undefined) {
    if (hsn && SPREADSHEET_NUMBER.test(hsn))
      return { column: 'hsn_code', reason: spreadsheetNumberReason('hsn_code', hsn) };
    if (hsn && !HSN_PATTERN.test(hsn))
      return {
        column: 'hsn_code',
        reason: `bad hsn_code ${quote(hsn)}: ${ADMIN_PRODUCT_MESSAGES.hsn}${/^\d{3}$|^\d{5}$|^\d{7}$/.test(hsn) ? SPREADSHEET_ZERO : ''}`,
      };
    out.hsn_code = hsn || null;
  }
  for (const column of ['description', 'additional_information'] as const) {
    const text = cell(column);
    if (text === undefined) continue;
    const value = longTextCell(column, text);
    if (value !== null && typeof value === 'object') return value;
    out[column] = value;
  }
  const declared = declarationCells(cell);
  if ('reason' in declared) return declared as RowProblem;
  Object.assign(out, declared);
  const highlights = cell('highlights');
  if (highlights !== undefined) {
    if (hasDisallowedChars(highlights)) return { column: 'highlights', reason: `highlights ${NOT_ALLOWED}` };
    const list = highlights
      .split(/\r\n|\r|\n/)
      .map(clean)
      .filter(Boolean);
    if (list.length > MAX_HIGHLIGHTS) return { column: 'highlights', reason: `more than ${MAX_HIGHLIGHTS} highlights` };
    const long = list.find((h) => h.length > MAX_HIGHLIGHT);
    if (long)
      return { column: 'highlights', reason: `highlight ${quote(long)} longer than ${MAX_HIGHLIGHT} characters` };
    out.highlights = list;
  }
  const images = cell('images');
  if (images !== undefined) {
    const list = images.split(/\s+/).filter(Boolean);
    if (list.length > MAX_IMAGES) return { column: 'images', reason: `more than ${MAX_IMAGES} images` };
    const bad = list.find((image) => !imagePath.safeParse(image).success);
    if (bad !== undefined) return { column: 'images', reason: `bad image ${quote(bad)} (an http(s) URL or a path)` };
    out.images = list;
  }
  const stock = updateStock ? cell('stock')?.trim() : undefined;
  if (stock !== undefined) {
    if (stock && !(/^\d{1,7}$/.test(stock) && Number(stock) <= MAX_STOCK))
      return { column: 'stock', reason: `bad stock ${quote(stock)} (a whole number from 0 to ${MAX_STOCK})` };
    out.stock = stock ? Number(stock) : null;
  }
  return out;
}

/** Longest declaration text per column, in characters (the product form's limits). */
const DECLARATION_TEXT = {
  manufacturer: 500,
  packer: 500,
  importer: 500,
  country_of_origin: 60,
  shelf_life: 200,
  consumer_care: 300,
} as const;

/** A food_mark cell as people write it: "veg", "non-veg", "Non Veg", "not a food"… */
const FOOD_MARK_WORDS: Record<string, FoodMark> = {
  veg: 'veg',
  vegetarian: 'veg',
  non_veg: 'non_veg',
  nonveg: 'non_veg',
  non_vegetarian: 'non_veg',
  not_food: 'not_food',
  not_a_food: 'not_food',
};

/** The declaration cells the file has (text, FSSAI licence, food mark), or the first problem. */
function declarationCells(cell: (column: OptionalColumn) => string | undefined): Partial<ImportRow> | RowProblem {
  const out: Partial<ImportRow> = {};
  for (const [column, max] of Object.entries(DECLARATION_TEXT) as [keyof typeof DECLARATION_TEXT, number][]) {
    const text = cell(column);
    if (text === undefined) continue;
    if (hasDisallowedChars(text) || text.includes('\uFFFD')) return { column, reason: `${column} ${NOT_ALLOWED}` };
    const value = text.replace(/\r\n?/g, '\n').trim();
    if (value.length > max) return { column, reason: `${column} longer than ${max} characters` };
    out[column] = value || null;
  }
  const typed = cell('fssai_licence');
  const fssai = typed === undefined ? undefined : normaliseFssai(typed);
  if (fssai !== undefined) {
    if (fssai && SPREADSHEET_NUMBER.test(fssai))
      return { column: 'fssai_licence', reason: spreadsheetNumberReason('fssai_licence', fssai) };
    if (fssai && !FSSAI_PATTERN.test(fssai))
      return {
        column: 'fssai_licence',
        reason: `bad fssai_licence ${quote(typed!.trim())}: ${DECLARATION_MESSAGES.fssai}`,
      };
    out.fssai_licence = fssai || null;
  }
  const mark = cell('food_mark')?.trim();
  if (mark !== undefined) {
    const named = FOOD_MARK_WORDS[mark.toLowerCase().replace(/[\s-]+/g, '_')];
    if (mark && !named)
      return { column: 'food_mark', reason: `bad food_mark ${quote(mark)} (veg, non_veg or not_food)` };
    out.food_mark = named ?? null;
  }
  return out;
}

/** A slug cell: lower-case letters and digits joined by dashes, up to 200; empty: from the name. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Validates one record; returns the row or the column and reason it is skipped. */
function toRow(
  get: (column: (typeof IMPORT_COLUMNS)[number]) => string,
  optional: OptionalCell,
  updateStock: boolean,
): Omit<ImportRow, 'row'> | RowProblem {
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
  // The product form's lowest price (admin-rules.ts).
  if (salePaise < MIN_PRICE_PAISE || mrp < MIN_PRICE_PAISE) {
    const column = salePaise < MIN_PRICE_PAISE ? 'sale_price' : 'market_price';
    return { column, reason: `${column} is 0: a product needs a price above 0` };
  }
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
  const slugText = optional('slug')?.trim() ?? '';
  if (slugText && !(SLUG.test(slugText) && slugText.length <= MAX_PRODUCT_NAME))
    return { column: 'slug', reason: `bad slug ${quote(slugText)} (lower-case letters and digits joined by dashes)` };
  const extra = optionalFields(optional, updateStock);
  if ('reason' in extra) return extra as RowProblem;
  return {
    sku: sku.data || `BB-${Number(cells.index)}`,
    name,
    slug: slugText || slugify(name),
    category: cells.category,
    subcategory: cells.sub_category,
    brand: cells.brand || null,
    type: cells.type || null,
    rating,
    weight,
    weight_unit: unit,
    mrp_paise: mrp,
    price_paise: salePaise,
    ...extra,
  };
}

/** Names longer than this are left out of a skipped row's report (its SKU names it). */
const SHORT_NAME = 40;

/**
 * A record's SKU (its `sku` cell, else `BB-{index}`) and name when short, so the summary names
 * the product a refused row is for; cells too long or with control characters are left out.
 */
function identity(record: string[], header: Map<string, number>): { sku?: string; name?: string } {
  const cell = (column: string) => {
    const at = header.get(column);
    const text = at === undefined ? '' : (record[at]?.trim() ?? '');
    return text.length <= SHORT_NAME && !hasDisallowedChars(text) ? text : '';
  };
  const index = cell('index');
  const sku = cell('sku') || (/^\d+$/.test(index) ? `BB-${Number(index)}` : '');
  const name = cell('product');
  return { ...(sku ? { sku } : {}), ...(name ? { name } : {}) };
}

/**
 * A cell a spreadsheet wrote as a number in E-notation ("2.13190E+13", "1.0063E+7"): it turned
 * the column's digits into a number and dropped some of them.
 */
const SPREADSHEET_NUMBER = /^\d+(?:\.\d+)?e[+-]?\d+$/i;

/** Added to the HSN message when a code is a digit short: a spreadsheet drops leading zeros. */
const SPREADSHEET_ZERO =
  ' (a spreadsheet drops leading zeros: format the hsn_code column as text and type the code again)';

/** Why such a cell is refused, naming the column to format as text. */
function spreadsheetNumberReason(column: string, text: string): string {
  return `${column} ${quote(text)} was changed to a number by a spreadsheet, and digits were lost: format the ${column} column as text, type the number again and save the file as CSV`;
}

/** `text` in pieces of CHUNK_CHARS, so the parser never holds the event loop for a whole file. */
function* chunks(text: string): Generator<string> {
  for (let at = 0; at < text.length; at += CHUNK_CHARS) yield text.slice(at, at + CHUNK_CHARS);
}

/** What the importer says of a file that is not text (ImportFileError `not_text`). */
export const NOT_CSV_MESSAGE = 'This file is not a CSV: export the products from a spreadsheet as CSV (UTF-8).';

/** Bytes (or characters) at the start of a file looked at to tell a binary file from text. */
const SNIFF_LENGTH = 4096;

/** A NUL, or the replacement character decoding puts for bytes that are not UTF-8. */
const NOT_TEXT = /[\0\uFFFD]/;

/**
 * The source's pieces unchanged; `seen.binary` says whether the file's first SNIFF_LENGTH bytes
 * hold a NUL or bytes that are not UTF-8, as a JPEG, a PDF or an .xlsx chosen instead of the CSV
 * do. A CSV with a stray bad byte in a row keeps its good header: that row alone is refused.
 */
async function* sniffed(
  source: AsyncIterable<Buffer | string> | Iterable<string>,
  seen: { binary: boolean },
): AsyncGenerator<Buffer | string> {
  let first = true;
  for await (const piece of source) {
    if (first && piece.length > 0) {
      first = false;
      const head =
        typeof piece === 'string'
          ? piece.slice(0, SNIFF_LENGTH)
          : // `stream` holds back a character the cut splits, so it does not read as invalid.
            new TextDecoder().decode(piece.subarray(0, SNIFF_LENGTH), { stream: true });
      seen.binary = NOT_TEXT.test(head);
    }
    yield piece;
  }
}

/**
 * Reads and validates the CSV; returns the valid rows in file order (or hands them to
 * `options.onBatch`), the skipped ones, the optional columns the file has and how many data rows
 * it holds. Throws ImportFileError for a file that is not text (see `sniffed`), a header that
 * lacks a column, an empty file, or more data rows than `options.maxRows`.
 */
export async function readRows(
  input: string | Readable,
  options: ReadOptions & ReadHandling = {},
): Promise<{ rows: ImportRow[]; skipped: SkippedRow[]; columns: OptionalColumn[]; records: number }> {
  const seen = { binary: false };
  const source = Readable.from(sniffed(typeof input === 'string' ? chunks(input) : input, seen));
  const parser = parse({ bom: true, info: true, relax_column_count: true, relax_quotes: true });
  // A spreadsheet shows a blank line as an empty row: it is skipped but counted.
  let sheetRow = 0;
  // A failing source (a body past its cap, a client gone) fails the read with its own error.
  source.on('error', (err) => parser.destroy(err));
  source.pipe(parser);
  const rows: ImportRow[] = [];
  const skipped: SkippedRow[] = [];
  const firstRowOfSku = new Map<string, number>();
  let header: Map<string, number> | undefined;
  let columns: OptionalColumn[] = [];
  let records = 0;
  try {
    for await (const { record: raw } of parser as AsyncIterable<{ record: string[] }>) {
      sheetRow++;
      if (raw.length === 1 && raw[0] === '') continue;
      const record = raw.map(readCsvCell);
      if (!header) {
        header = new Map(record.map((name, i) => [name.trim().toLowerCase(), i]));
        const missing = IMPORT_COLUMNS.filter((c) => !header!.has(c));
        // Binary bytes in the header, or a wrong header in a file that starts with binary bytes.
        if (raw.some((cell) => NOT_TEXT.test(cell)) || (missing.length && seen.binary))
          throw new ImportFileError('not_text', NOT_CSV_MESSAGE);
        if (missing.length)
          throw new ImportFileError(
            'bad_header',
            `The CSV header lacks the column(s) ${missing.join(', ')}; expected ${IMPORT_COLUMNS.join(', ')}.`,
          );
        columns = OPTIONAL_COLUMNS.filter((c) => header!.has(c) && (c !== 'stock' || options.updateStock));
        continue;
      }
      records++;
      // The row a spreadsheet shows, however many lines the cells before it hold.
      const row = sheetRow;
      if (options.maxRows !== undefined && records > options.maxRows)
        throw new ImportFileError(
          'too_many_rows',
          `The file has more than ${options.maxRows.toLocaleString('en-IN')} rows; split it, or import it with npm run catalog:import.`,
        );
      if (records % ROWS_PER_TURN === 0) await nextTurn();
      if (options.countOnly) continue;
      if (record.length !== header.size) {
        skipped.push({
          row,
          ...identity(record, header),
          reason: `${record.length} columns instead of ${header.size}`,
        });
        continue;
      }
      const skuAt = header.get('sku');
      const parsed = toRow(
        (column) => record[header!.get(column)!] ?? '',
        (column) => {
          const at = header!.get(column);
          return at === undefined ? undefined : (record[at] ?? '');
        },
        options.updateStock === true,
      );
      if ('reason' in parsed) {
        skipped.push({ row, ...identity(record, header), ...parsed });
        continue;
      }
      const valid: ImportRow = { row, ...parsed };
      const first = firstRowOfSku.get(valid.sku);
      if (first !== undefined) {
        const who = { row, ...identity(record, header) };
        skipped.push(
          valid.sku.startsWith('BB-') && !(skuAt !== undefined && record[skuAt]?.trim())
            ? { ...who, column: 'index', reason: `repeated index ${valid.sku.slice(3)} (first on row ${first})` }
            : { ...who, column: 'sku', reason: `repeated sku ${valid.sku} (first on row ${first})` },
        );
        continue;
      }
      firstRowOfSku.set(valid.sku, row);
      rows.push(valid);
      if (options.onBatch && rows.length >= (options.batchRows ?? ROWS_PER_TURN))
        await options.onBatch(rows.splice(0), columns);
    }
    if (options.onBatch && rows.length) await options.onBatch(rows.splice(0), columns);
  } catch (err) {
    // Binary bytes the parser could not read as CSV before any header: not a CSV at all.
    if (err instanceof CsvError && !header && seen.binary) throw new ImportFileError('not_text', NOT_CSV_MESSAGE);
    throw err;
  } finally {
    // A refused file stops the parser and its source; the rest of the input is not read.
    parser.destroy();
    source.destroy();
  }
  if (!header) throw new ImportFileError('empty', 'The CSV file is empty: expected a header line and rows.');
  return { rows, skipped, columns, records };
}
