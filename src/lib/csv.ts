/**
 * The one CSV writer every export uses (csv-stringify: RFC 4180 quoting, CRLF lines, a header
 * row), and the importers' reading of a cell it wrote.
 *
 * A spreadsheet runs a cell that begins with `=`, `+`, `-` or `@` (and, after a tab or a carriage
 * return, whatever follows) as a formula, so a product name like `-1+HYPERLINK("http://…")` would
 * reach the owner as a live link. Every text cell beginning with one of those characters is
 * written with a leading apostrophe, which spreadsheets show as text and hide; numbers are written
 * as numbers (`-1` stays `-1`), booleans as `true` / `false`, null and undefined as an empty cell.
 *
 * Every file begins with a UTF-8 byte-order mark (U+FEFF, the bytes EF BB BF): Excel on Windows reads a CSV without
 * one in the machine's legacy code page and garbles Malayalam text and the ₹ sign. Every importer
 * strips it (csv-parse's `bom` option), so an export comes back unchanged.
 */
import { stringify } from 'csv-stringify/sync';

/** What a cell may hold. */
export type CsvValue = string | number | boolean | null | undefined;

/** The characters that make a spreadsheet read a text cell as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;
/** An apostrophe this writer put before one of them. */
const NEUTRALISED = /^'[=+\-@\t\r]/;

/**
 * A text cell as the CSV holds it: with a leading apostrophe when it begins with a formula character.
 * @example neutraliseCell('=1+1') // "'=1+1"
 * @example neutraliseCell("'Bhindi") // "'Bhindi" (no formula character follows: unchanged)
 */
export function neutraliseCell(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A text cell as an importer reads it: the apostrophe `neutraliseCell` added is taken off, and only
 * that one (an apostrophe followed by anything else is the text's own).
 * @example readCsvCell("'=x") // "=x"
 * @example readCsvCell("'Bhindi") // "'Bhindi"
 */
export function readCsvCell(text: string): string {
  return NEUTRALISED.test(text) ? text.slice(1) : text;
}

/**
 * A CSV file: the byte-order mark, the header, then one line per row, every line ending in CRLF.
 * Text cells are neutralised (see the module comment); a cell holding a comma, quote or line break
 * is quoted.
 */
export function toCsv(columns: readonly string[], rows: readonly (readonly CsvValue[])[]): string {
  return stringify(rows as CsvValue[][], {
    bom: true,
    header: true,
    columns: columns as string[],
    record_delimiter: 'windows',
    // csv-stringify quotes only the record delimiter itself; a lone CR or LF is quoted too.
    quoted_match: /[\r\n]/,
    cast: { string: neutraliseCell, boolean: (value) => String(value) },
  });
}
