/**
 * Catalogue import on a fresh database of each kind: counts,
 * skipped lines with their reasons, cleaned fields, and re-imports that change nothing.
 */
import { createReadStream, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getProduct } from '#features/catalog/server/catalog.ts';
import { DEFAULT_IMPORT_STOCK, importCatalogCsv } from '#features/catalog/server/import.ts';
import { MAX_LABEL, MAX_PRODUCT_NAME, parsePackSize } from '#features/catalog/server/import-csv.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sample = readFileSync(new URL('../fixtures/catalog-sample.csv', import.meta.url), 'utf8');
/** Rows with a NUL, a bell, invalid UTF-8, an over-long name and brand, an odd price. */
const badRowsFile = new URL('../fixtures/catalog-bad-rows.csv', import.meta.url);

type Row = Record<string, unknown>;
const rows = async (handle: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await handle.db.execute(query)) as unknown as { rows: Row[] }).rows;
const productBySku = async (handle: DatabaseHandle, sku: string) =>
  (
    await rows(
      handle,
      sql`SELECT id, name, brand, type, rating::float8 AS rating, weight::float8 AS weight, weight_unit, mrp_paise, price_paise, stock, images, updated_at FROM products WHERE sku = ${sku}`,
    )
  )[0];

describe('parsePackSize', () => {
  it('reads a pack size the name ends with', () => {
    expect(parsePackSize('Basmati Rice - Classic 1 kg')).toEqual({ weight: 1, unit: 'kg' });
    expect(parsePackSize('Green Tea - Classic (100 g)')).toEqual({ weight: 100, unit: 'g' });
    expect(parsePackSize('Sunflower Oil 1 L')).toEqual({ weight: 1, unit: 'l' });
    expect(parsePackSize('Garlic Oil - Vegetarian Capsule 500 mg')).toEqual({ weight: 500, unit: 'mg' });
    expect(parsePackSize('Cookies 200gm')).toEqual({ weight: 200, unit: 'g' });
  });
  it('leaves names without one plain pack size alone', () => {
    expect(parsePackSize('Tomato - Local')).toEqual({ weight: null, unit: null });
    expect(parsePackSize('Instant Coffee 200 g + Coffee Mug 1 pc')).toEqual({ weight: null, unit: null });
    expect(parsePackSize('Wonder Diaper Pants - Xtra Large, 12-17 Kg')).toEqual({ weight: null, unit: null });
    expect(parsePackSize('Shade 4.5')).toEqual({ weight: null, unit: null });
  });
});

describe.each(testDatabaseKinds())('importCatalogCsv on %s', (kind) => {
  let handle: DatabaseHandle;
  let first: Awaited<ReturnType<typeof importCatalogCsv>>;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    first = await importCatalogCsv(handle.db, sample);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('imports every good row and reports each bad one by spreadsheet row (a cell with a line break is one row), SKU and name', () => {
    expect(first.skipped).toEqual([
      { row: 8, sku: 'BB-7', column: 'product', reason: 'empty product name' },
      { row: 9, sku: 'BB-8', name: 'Green Tea - Tulsi', column: 'sale_price', reason: 'bad sale_price "abc"' },
      { row: 10, sku: 'BB-9', name: 'Masala Tea', column: 'sale_price', reason: 'bad sale_price "-5"' },
      {
        row: 11,
        sku: 'BB-10',
        name: 'Filter Coffee Powder',
        column: 'sale_price',
        reason: 'sale_price 300 is above market_price 250',
      },
      { row: 18, sku: 'BB-17', name: 'Onion', reason: '4 columns instead of 9' },
      {
        row: 21,
        sku: 'BB-4',
        name: 'Basmati Rice - Repeated Index',
        column: 'index',
        reason: 'repeated index 4 (first on row 5)',
      },
      { row: 25, sku: 'BB-23', name: 'Toor Dal', column: 'market_price', reason: 'bad market_price "1,200"' },
      { row: 29, sku: 'BB-27', column: 'product', reason: 'empty product name' },
    ]);
    expect(first).toMatchObject({ inserted: 22, updated: 0, unchanged: 0 });
  });

  it('creates the categories and subcategories by name, once', async () => {
    const cats = await rows(handle, sql`SELECT name FROM categories ORDER BY sort_order`);
    expect(cats.map((c) => c.name)).toEqual([
      'Fruits & Vegetables',
      'Foodgrains & Oil',
      'Snacks & Branded Foods',
      'Beverages',
      'Bakery Cakes & Dairy',
      'Eggs Meat & Fish',
    ]);
    const subs = await rows(
      handle,
      sql`SELECT s.name FROM subcategories s JOIN categories c ON c.id = s.category_id WHERE c.name = 'Snacks & Branded Foods' ORDER BY s.sort_order`,
    );
    expect(subs.map((s) => s.name)).toEqual(['Spreads, Sauces, Ketchup', 'Ready To Cook & Eat']);
  });

  it('maps prices to paise, trims brands, keeps type and rating, parses the pack size', async () => {
    expect(await productBySku(handle, 'BB-1')).toMatchObject({
      name: 'Tomato - Hybrid 500 g',
      brand: 'Fresho',
      type: 'Tomato',
      rating: 4.2,
      weight: 500,
      weight_unit: 'g',
      mrp_paise: 5000,
      price_paise: 4000,
      stock: DEFAULT_IMPORT_STOCK,
      images: [],
    });
    expect(await productBySku(handle, 'BB-6')).toMatchObject({
      name: 'Sona Masoori Rice, Raw',
      price_paise: 9550,
      mrp_paise: 11000,
      weight: null,
    });
    expect(await productBySku(handle, 'BB-16')).toMatchObject({ name: 'Peanut Butter Creamy' });
    expect(await productBySku(handle, 'BB-19')).toMatchObject({ brand: 'Tata Tea', rating: null });
    expect(await productBySku(handle, 'BB-22')).toMatchObject({ brand: null });
    expect(await productBySku(handle, 'BB-25')).toMatchObject({ rating: null });
    expect(await productBySku(handle, 'BB-20')).toMatchObject({ weight: null, weight_unit: null });
    expect(await productBySku(handle, 'BB-7')).toBeUndefined();
    const both = await rows(handle, sql`SELECT brand FROM products WHERE name = 'Tomato Ketchup' ORDER BY brand`);
    expect(both.map((r) => r.brand)).toEqual(['Kissan', 'Maggi']);
  });

  it('gives the shop a readable product page for an imported row', async () => {
    const { id } = (await productBySku(handle, 'BB-4'))!;
    const product = await getProduct(handle.db, Number(id));
    expect(product).toMatchObject({
      name: 'Basmati Rice - Classic 1 kg',
      pricePaise: 21000,
      mrpPaise: 25000,
      discountPercent: 16,
      weight: 1,
      weightUnit: 'kg',
      brand: 'India Gate',
      category: { name: 'Foodgrains & Oil' },
      subcategory: { name: 'Rice & Rice Products' },
    });
  });

  it('changes nothing when the same file is imported again', async () => {
    const before = await rows(handle, sql`SELECT sku, updated_at, stock FROM products ORDER BY sku`);
    const cats = await rows(handle, sql`SELECT count(*)::int AS n FROM categories`);
    const again = await importCatalogCsv(handle.db, Readable.from([sample]));
    expect(again).toMatchObject({ inserted: 0, updated: 0, unchanged: 22 });
    expect(again.skipped).toHaveLength(8);
    expect(await rows(handle, sql`SELECT sku, updated_at, stock FROM products ORDER BY sku`)).toEqual(before);
    expect(await rows(handle, sql`SELECT count(*)::int AS n FROM categories`)).toEqual(cats);
  });

  it('updates only the rows that changed and never overwrites stock', async () => {
    await handle.db.execute(sql`UPDATE products SET stock = 7 WHERE sku = 'BB-2'`);
    const untouched = await productBySku(handle, 'BB-3');
    const changed = sample
      .replace(
        '2,Tomato - Local,Fruits & Vegetables,Fresh Vegetables,Fresho,32,32',
        '2,Tomato - Local,Fruits & Vegetables,Fresh Vegetables,Fresho,30,32',
      )
      .concat('30,Banana - Robusta,Fruits & Vegetables,Fresh Fruits,Fresho,45,50,Banana,4.1\n');
    const result = await importCatalogCsv(handle.db, changed);
    expect(result).toMatchObject({ inserted: 1, updated: 1, unchanged: 21 });
    expect(await productBySku(handle, 'BB-2')).toMatchObject({ price_paise: 3000, mrp_paise: 3200, stock: 7 });
    expect(await productBySku(handle, 'BB-3')).toEqual(untouched);
    expect(await productBySku(handle, 'BB-30')).toMatchObject({
      name: 'Banana - Robusta',
      stock: DEFAULT_IMPORT_STOCK,
    });
  });

  it('skips rows with control characters, invalid UTF-8 or over-long names by row and column, and imports the rest', async () => {
    const notAllowed =
      'contains characters that are not allowed (a control character, NUL or bytes that are not valid UTF-8)';
    const result = await importCatalogCsv(handle.db, createReadStream(badRowsFile));
    expect(result.skipped).toEqual([
      { row: 3, sku: 'BB-102', column: 'product', reason: `product ${notAllowed}` },
      { row: 4, sku: 'BB-103', name: 'Cabbage', column: 'category', reason: `category ${notAllowed}` },
      { row: 5, sku: 'BB-104', column: 'product', reason: `longer than ${MAX_PRODUCT_NAME} characters` },
      { row: 6, sku: 'BB-105', name: 'Spinach', column: 'brand', reason: `longer than ${MAX_LABEL} characters` },
      { row: 7, sku: 'BB-106', name: 'Okra', column: 'type', reason: `type ${notAllowed}` },
      { row: 8, sku: 'BB-107', name: 'Radish', column: 'sale_price', reason: 'bad sale_price "12e3"' },
      { row: 10, name: 'Ginger', column: 'index', reason: `index ${notAllowed}` },
    ]);
    expect(result).toMatchObject({ inserted: 3, updated: 0 });
    expect(await productBySku(handle, 'BB-101')).toMatchObject({ name: 'Carrot - Orange 500 g', price_paise: 3000 });
    expect(await productBySku(handle, 'BB-109')).toMatchObject({ name: 'Green Chilli', rating: null });
    expect(await productBySku(handle, 'BB-102')).toBeUndefined();
  });

  it('reports a database refusal without the SQL statement', async () => {
    // A failing write as drizzle reports it: the SQL in the message, the driver's reason as cause.
    const broken = {
      ...handle.db,
      transaction: () =>
        Promise.reject(
          Object.assign(new Error('Failed query: INSERT INTO products (sku) VALUES ($1)\nparams: x'), {
            cause: new Error('invalid byte sequence for encoding "UTF8": 0x00'),
          }),
        ),
    };
    const error = await importCatalogCsv(broken as never, sample).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe(
      'The database refused the import, nothing was written: invalid byte sequence for encoding "UTF8": 0x00',
    );
    expect((error as Error).message).not.toMatch(/INSERT|SELECT|Failed query/);
  });

  it('refuses a file without the expected columns and writes nothing', async () => {
    const count = await rows(handle, sql`SELECT count(*)::int AS n FROM products`);
    await expect(importCatalogCsv(handle.db, 'id,name,price\n1,Tomato,40\n')).rejects.toThrow(/lacks the column/);
    expect(await rows(handle, sql`SELECT count(*)::int AS n FROM products`)).toEqual(count);
  });
});
