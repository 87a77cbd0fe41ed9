/**
 * The back office's products on a fresh database of each kind: the listing's filters and
 * search matching (an exact SKU first), edits checked and recorded (audit entry with before and
 * after, stock ledger), what the storefront's pages read after an edit, the CSV export (audited)
 * and its way back through the importer with a row-by-row report.
 */

import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ADMIN_PRODUCTS_PAGE_SIZE,
  listingSummary,
  looksLikeSku,
  productPatchSchema,
  productsViewFrom,
  productsViewSearch,
  typedPrice,
} from '#features/catalog/admin-rules.ts';
import { updateAdminProduct } from '#features/catalog/server/admin-product-update.ts';
import { getAdminProduct, listAdminProducts } from '#features/catalog/server/admin-products.ts';
import { importCatalogCsv } from '#features/catalog/server/import.ts';
import { EXPORT_COLUMNS, exportProductsAsStaff, exportProductsCsv } from '#features/catalog/server/product-export.ts';
import { catalogSnapshot, DELTA_INTERVAL_MS } from '#features/catalog/server/snapshot.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { products, stockMovements } from '#lib/db/schema.ts';
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('product patch schema', () => {
  const error = (input: unknown) => {
    const r = productPatchSchema.safeParse(input);
    return r.success ? null : r.error.issues[0]!.message;
  };
  it('takes whole paise above 0, whole stock from 0, and a price at or below the MRP', () => {
    expect(productPatchSchema.parse({ price_paise: 4500, mrp_paise: 5000, stock: 0, is_active: false })).toEqual({
      price_paise: 4500,
      mrp_paise: 5000,
      stock: 0,
      is_active: false,
    });
    expect(error({ price_paise: -1 })).toBe('The price must be more than ₹0.');
    expect(error({ price_paise: 0 })).toBe('The price must be more than ₹0.');
    expect(error({ mrp_paise: 0 })).toBe('The MRP must be more than ₹0.');
    expect(error({ price_paise: 10.5 })).toBe('The price must be whole paise.');
    expect(error({ stock: 1.5 })).toBe('The stock must be a whole number.');
    expect(error({ stock: -3 })).toBe('The stock cannot be negative.');
    expect(error({ price_paise: '45' })).toBe('The price must be a number of paise.');
    expect(error({ price_paise: 6000, mrp_paise: 5000 })).toBe('The price cannot be above the MRP.');
    expect(error({})).toBe('Nothing to change: send at least one field.');
    expect(error({ sku: 'X' })).not.toBeNull();
    expect(error({ images: ['../etc/passwd'] })).toMatch(/http\(s\) URL or a path/);
    expect(error({ images: ['javascript:alert(1)'] })).toMatch(/http\(s\) URL or a path/);
    expect(productPatchSchema.parse({ images: ['products/tomato.webp', 'https://cdn.example.in/a.jpg'] })).toBeTruthy();
    expect(error({ weight_unit: 'bags' })).toMatch(/The unit must be one of/);
    expect(error({ tax_percent: 41 })).toBe('Choose a GST rate: 0, 0.25, 3, 5, 12, 18, 28, 40 %.');
  });
});

describe('a price typed in the back office (the product list row and the product form)', () => {
  it('reads rupees as staff type them', () => {
    expect(typedPrice('The price', '45', '45.50')).toEqual({ paise: 4500 });
    expect(typedPrice('The price', ' ₹1,200.5 ', '45.50')).toEqual({ paise: 120_050 });
    expect(typedPrice('The price', '10,00,000', '45.50')).toEqual({ paise: 100_000_000 });
  });

  it('says a price over the maximum is too large, naming the maximum, as the server does', () => {
    const tooLarge = 'The price can be at most ₹10,00,000.';
    for (const typed of ['999999999', '1000000.01', '99,99,999', '123456789012345678901234567890'])
      expect(typedPrice('The price', typed, '45.50'), typed).toEqual({ error: tooLarge });
    expect(productPatchSchema.safeParse({ price_paise: 99_999_999_900 }).error?.issues[0]?.message).toBe(tooLarge);
    expect(typedPrice('The MRP', '999999999', '50.00')).toEqual({ error: 'The MRP can be at most ₹10,00,000.' });
  });

  it("says what else is wrong in the server's words", () => {
    expect(typedPrice('The price', '0', '45.50')).toEqual({ error: 'The price must be more than ₹0.' });
    for (const typed of ['', 'abc', '45.505', '-5', '1e9'])
      expect(typedPrice('The price', typed, '45.50'), typed).toEqual({
        error: 'The price must be an amount in rupees, e.g. 45.50.',
      });
  });
});

describe("the product listing's search text and count", () => {
  it('reads one token with a letter, a digit and a separator as a SKU, words as words', () => {
    expect(looksLikeSku('FF-FRU-0011')).toBe(true);
    expect(looksLikeSku(' ff-fru-01 ')).toBe(true);
    expect(looksLikeSku('tomato')).toBe(false);
    expect(looksLikeSku('FF-FRU')).toBe(false);
    expect(looksLikeSku('Tomato 1 kg')).toBe(false);
  });

  it('counts the matches, never the page size, and says which of them a page shows', () => {
    expect(listingSummary({ total: 1, pageSize: 50 }, { q: '', page: 1 })).toBe('1 product');
    expect(listingSummary({ total: 157, pageSize: 50 }, { q: '', page: 4 })).toBe('157 products, showing 151–157');
    expect(listingSummary({ total: 120, pageSize: 50 }, { q: 'dal', page: 2 })).toBe(
      '120 products match "dal", showing 51–100',
    );
    expect(listingSummary({ total: 1, pageSize: 50 }, { q: 'FF-FRU-001', page: 1 })).toBe(
      '1 product matches "FF-FRU-001"',
    );
    expect(listingSummary({ total: 0, pageSize: 50 }, { q: ' kale ', page: 1 })).toBe('No products found for "kale".');
    expect(listingSummary({ total: 0, pageSize: 50 }, { q: '', page: 1 })).toBe('No products.');
  });
});

describe("the product listing's address", () => {
  const view = (search: string) => productsViewFrom(new URLSearchParams(search));

  it('reads the search, filter, stock threshold and page the address names', () => {
    expect(view('q=mango')).toEqual({ q: 'mango', filter: 'all', stockAtMost: 5, page: 1 });
    expect(view('q=+dal+&filter=low_stock&stock_at_most=3&page=2')).toEqual({
      q: 'dal',
      filter: 'low_stock',
      stockAtMost: 3,
      page: 2,
    });
    expect(view('filter=missing_declarations').filter).toBe('missing_declarations');
  });

  it('leaves what it cannot read at its default, and cuts a search to the longest the API takes', () => {
    expect(view('filter=nope&stock_at_most=-1&page=0')).toEqual({ q: '', filter: 'all', stockAtMost: 5, page: 1 });
    expect(view('stock_at_most=&page=abc')).toMatchObject({ stockAtMost: 5, page: 1 });
    expect(view('page=10001').page).toBe(1);
    expect(view(`q=${'a'.repeat(150)}`).q).toHaveLength(100);
  });

  it('writes only what is not a default, the threshold only with its filter, and reads back the same view', () => {
    const all = { q: '', filter: 'all', stockAtMost: 5, page: 1 } as const;
    expect(productsViewSearch(all)).toBe('');
    expect(productsViewSearch({ ...all, q: ' mango ' })).toBe('?q=mango');
    expect(productsViewSearch({ ...all, stockAtMost: 9, page: 3 })).toBe('?page=3');
    const low = { q: 'dal & rice', filter: 'low_stock', stockAtMost: 0, page: 2 } as const;
    expect(productsViewSearch(low)).toBe('?q=dal+%26+rice&filter=low_stock&stock_at_most=0&page=2');
    expect(view(productsViewSearch(low).slice(1))).toEqual(low);
  });
});

describe.each(testDatabaseKinds())('back-office products on %s', (kind) => {
  let handle: DatabaseHandle;
  const audit = auditReader(() => handle.db);
  const actor = TEST_ACTOR;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
  });
  afterAll(async () => handle?.close());
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await handle.db.execute(query)) as unknown as { rows: T[] }).rows;

  it('filters out of stock, inactive and low stock, and matches search hits, names and SKUs', async () => {
    const db = handle.db;
    await db.update(products).set({ stock: 0 }).where(eq(products.id, 1));
    await db.update(products).set({ isActive: false }).where(eq(products.id, 2));
    await db.update(products).set({ stock: 3 }).where(eq(products.id, 3));
    const ids = async (q: Parameters<typeof listAdminProducts>[1]) =>
      (await listAdminProducts(db, q)).products.map((p) => p.id);
    expect(await ids({ filter: 'out_of_stock' })).toContain(1);
    expect(await ids({ filter: 'out_of_stock' })).not.toContain(3);
    expect(await ids({ filter: 'inactive' })).toEqual([2]);
    const low = await listAdminProducts(db, { filter: 'low_stock', stockAtMost: 3 });
    expect(low.products.map((p) => p.id)).toEqual(expect.arrayContaining([1, 3]));
    expect(low.products.every((p) => p.stock <= 3)).toBe(true);
    // The search engine's hits come first, in its order; a name match (an inactive product too) follows.
    const inactive = (await getAdminProduct(db, 2))!;
    const word = inactive.name.split(' ')[0]!;
    const found = await ids({ text: word, rankedIds: [5, 4] });
    expect(found.slice(0, 2)).toEqual([5, 4]);
    expect(found).toContain(2);
    expect(await ids({ text: inactive.sku.toLowerCase() })).toEqual([2]);
    expect((await listAdminProducts(db, {})).total).toBeGreaterThan(10);
  });

  it('puts the product whose SKU is the search text (trimmed, any case) first, the others in their order', async () => {
    const db = handle.db;
    const ids = async (q: Parameters<typeof listAdminProducts>[1]) =>
      (await listAdminProducts(db, q)).products.map((p) => p.id);
    // A SKU the search engine ranks third comes before its first two hits.
    const target = (await getAdminProduct(db, 12))!;
    expect(await ids({ text: `  ${target.sku.toLowerCase()} `, rankedIds: [5, 4, 12, 3] })).toEqual([12, 5, 4, 3]);
    expect(await ids({ text: target.sku.toUpperCase(), rankedIds: [5, 4, 12, 3] })).toEqual([12, 5, 4, 3]);

    // A SKU that is also a word of other products' names: it first, then the hits and name matches as before.
    const named = (await getAdminProduct(db, 5))!;
    const word = named.name.split(' ')[0]!;
    const other = (await listAdminProducts(db, {})).products.find(
      (p) => !p.name.toLowerCase().includes(word.toLowerCase()) && p.id !== 5,
    )!;
    const query = { text: word.toLowerCase(), rankedIds: [5, 4] };
    const before = await ids(query);
    expect(before).not.toContain(other.id);
    await db.update(products).set({ sku: word.toUpperCase() }).where(eq(products.id, other.id));
    try {
      expect(await ids({ ...query, text: ` ${word} ` })).toEqual(
        [other.id, ...before].slice(0, ADMIN_PRODUCTS_PAGE_SIZE),
      );
    } finally {
      await db.update(products).set({ sku: other.sku }).where(eq(products.id, other.id));
    }
    // A text that is only part of a SKU puts nothing first.
    expect((await ids({ text: target.sku.slice(0, -1), rankedIds: [5, 4, 12, 3] })).slice(0, 4)).toEqual([5, 4, 12, 3]);
  });

  it('answers a SKU that does not exist with no products, and part of a SKU with the SKUs holding it', async () => {
    const db = handle.db;
    const missing = await listAdminProducts(db, { text: 'FF-FRU-0011' });
    expect(missing).toMatchObject({ products: [], total: 0 });
    expect(listingSummary(missing, { q: 'FF-FRU-0011', page: 1 })).toBe('No products found for "FF-FRU-0011".');

    const family = await listAdminProducts(db, { text: 'ff-fru-01' });
    expect(family.products.map((p) => p.sku).sort()).toEqual(Array.from({ length: 10 }, (_, i) => `FF-FRU-01${i}`));
    expect(listingSummary(family, { q: 'ff-fru-01', page: 1 })).toBe('10 products match "ff-fru-01"');
    // A word is not SKU-shaped: it matches a SKU only whole, so "fru" finds no SKU holding it.
    expect(
      (await listAdminProducts(db, { text: 'fru' })).products.every((p) => p.name.toLowerCase().includes('fru')),
    ).toBe(true);
  });

  it('changes price and stock, writes the stock ledger and an audit entry with before and after', async () => {
    const db = handle.db;
    const before = (await getAdminProduct(db, 6))!;
    await audit.mark();
    const after = await updateAdminProduct(
      db,
      6,
      { price_paise: before.mrpPaise - 100, stock: before.stock + 7 },
      actor,
    );
    expect(after.pricePaise).toBe(before.mrpPaise - 100);
    expect(after.stock).toBe(before.stock + 7);
    expect(await audit.entries()).toEqual([
      {
        action: 'product.update',
        entity: 'product',
        entityId: '6',
        before: { price_paise: before.pricePaise, stock: before.stock },
        after: { price_paise: before.mrpPaise - 100, stock: before.stock + 7 },
      },
    ]);
    const moves = await db.select().from(stockMovements).where(eq(stockMovements.productId, 6));
    expect(moves.at(-1)).toMatchObject({ delta: 7, reason: 'adjust' });
    // The same values again change nothing and record nothing.
    await audit.mark();
    await updateAdminProduct(db, 6, { stock: before.stock + 7 }, actor);
    expect(await audit.entries()).toEqual([]);
  });

  it('refuses a price above the MRP, a subcategory outside the category and an unknown product', async () => {
    const db = handle.db;
    const p = (await getAdminProduct(db, 7))!;
    await expect(updateAdminProduct(db, 7, { price_paise: p.mrpPaise + 1 }, actor)).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'The price cannot be above the MRP.',
    });
    await expect(updateAdminProduct(db, 7, { mrp_paise: p.pricePaise - 1 }, actor)).rejects.toMatchObject({
      code: 'unprocessable',
      errors: { mrp_paise: 'The price cannot be above the MRP.' },
    });
    const otherSub = (
      await rows<{ id: number }>(sql`SELECT id FROM subcategories WHERE category_id <> ${p.categoryId} LIMIT 1`)
    )[0]!.id;
    await expect(updateAdminProduct(db, 7, { subcategory_id: otherSub }, actor)).rejects.toMatchObject({
      code: 'unprocessable',
      message: 'The subcategory is not in the chosen category.',
    });
    await expect(updateAdminProduct(db, 999_999, { stock: 1 }, actor)).rejects.toMatchObject({ code: 'not_found' });
    expect((await getAdminProduct(db, 7))!.pricePaise).toBe(p.pricePaise);
  });

  it('shows an edit in the storefront snapshot within a second, and takes a deactivated product off it', async () => {
    const db = handle.db;
    await catalogSnapshot(db);
    const p = (await getAdminProduct(db, 8))!;
    await updateAdminProduct(db, 8, { price_paise: p.pricePaise - 1, stock: 42 }, actor);
    await sleep(DELTA_INTERVAL_MS + 10);
    const seen = (await catalogSnapshot(db)).product(8)!;
    expect(seen.pricePaise).toBe(p.pricePaise - 1);
    expect(seen.stock).toBe(42);
    await updateAdminProduct(db, 8, { is_active: false }, actor);
    await sleep(DELTA_INTERVAL_MS + 10);
    await catalogSnapshot(db);
    await sleep(60);
    expect((await catalogSnapshot(db)).product(8)).toBeNull();
    await updateAdminProduct(db, 8, { is_active: true }, actor);
  });

  it('takes an exported catalogue back unchanged, pack sizes included, and refuses a bad pack size', async () => {
    const db = handle.db;
    const before = await db.select().from(products).orderBy(products.id);
    const csv = await exportProductsCsv(db);
    const result = await importCatalogCsv(db, csv);
    expect(result.rows.filter((r) => r.outcome !== 'unchanged')).toEqual([]);
    expect(result.skipped).toEqual([]);
    const after = await db.select().from(products).orderBy(products.id);
    expect(after.map((p) => [p.sku, p.weight, p.weightUnit])).toEqual(
      before.map((p) => [p.sku, p.weight, p.weightUnit]),
    );
    expect(before.some((p) => p.weightUnit === 'bunch')).toBe(true);

    const [header, first] = parse(csv, { bom: true }) as string[][];
    const weightAt = header!.indexOf('weight');
    const badWeight = [...first!];
    badWeight[weightAt] = 'heavy';
    const badUnit = [...first!];
    badUnit[weightAt + 1] = 'sacks';
    badUnit[0] = 'OTHER-SKU';
    const refused = await importCatalogCsv(db, stringify([header!, badWeight, badUnit], { quoted_match: /[\r\n]/ }));
    // Rows as a spreadsheet shows them: the first row's cells may hold line breaks, the second is row 3.
    expect(refused.skipped).toEqual([
      expect.objectContaining({ row: 2, sku: first![0], column: 'weight', reason: 'bad weight "heavy"' }),
      expect.objectContaining({ row: 3, sku: 'OTHER-SKU', column: 'weight_unit', reason: 'bad weight_unit "sacks"' }),
    ]);
  });

  it('exports every product as CSV that the importer takes back, with a row-by-row report', async () => {
    const db = handle.db;
    const csv = await exportProductsCsv(db);
    const [header, ...records] = parse(csv, { bom: true }) as string[][];
    expect(header).toEqual([...EXPORT_COLUMNS]);
    const total = (await rows<{ n: number }>(sql`SELECT count(*)::int AS n FROM products`))[0]!.n;
    expect(records).toHaveLength(total);
    // Change one price in the file, add a row, break a row.
    const p = (await getAdminProduct(db, 9))!;
    const priceAt = header!.indexOf('sale_price');
    const edited = records.map((record) =>
      record[0] === p.sku ? record.with(priceAt, ((p.pricePaise - 100) / 100).toFixed(2)) : record,
    );
    const typed = (sku: string, name: string, sale: string) =>
      header!.map(
        (column) =>
          ({
            sku,
            product: name,
            category: 'Fruits',
            sub_category: 'Exotic',
            sale_price: sale,
            market_price: '150.00',
          })[column as 'sku'] ?? '',
      );
    const file = stringify(
      [header!, ...edited, typed('NEW-1', 'Fresh Jackfruit 1 kg', '120.00'), typed('NEW-2', 'Bad Mango', '200.00')],
      { record_delimiter: 'windows', quoted_match: /[\r\n]/ },
    );
    const result = await importCatalogCsv(db, file, { actor });
    // The header is row 1, so the export's records end on row total + 1; the new rows follow.
    expect(result.skipped).toEqual([
      {
        row: total + 3,
        sku: 'NEW-2',
        name: 'Bad Mango',
        column: 'sale_price',
        reason: 'sale_price 200.00 is above market_price 150.00',
      },
    ]);
    expect(result.rows.find((r) => r.sku === 'NEW-1')).toEqual({
      row: total + 2,
      sku: 'NEW-1',
      name: 'Fresh Jackfruit 1 kg',
      outcome: 'added',
    });
    expect(result.rows.find((r) => r.sku === p.sku)?.outcome).toBe('changed');
    expect(result.inserted).toBe(1);
    expect((await getAdminProduct(db, 9))!.pricePaise).toBe(p.pricePaise - 100);
    expect((await audit.entries()).at(-1)).toMatchObject({
      action: 'catalog.import',
      after: { added: 1, refused: 1, added_skus: ['NEW-1'] },
    });
  });

  it('audits a staff export with how many products it held', async () => {
    await audit.mark();
    const csv = await exportProductsAsStaff(handle.db, actor);
    const lines = csv.trim().split('\r\n').length - 1;
    expect(await audit.entries()).toEqual([
      { action: 'product.exported', entity: null, entityId: null, before: null, after: { products: lines } },
    ]);
  });
});
