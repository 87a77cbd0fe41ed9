/**
 * Product search over the sample catalogue on a fresh database of each kind:
 * every name containing the text is found whatever its case, typos are tolerated, and exact
 * and whole-word matches rank first (the ranking itself: tests/search/ranking.test.ts).
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogCsv } from '#features/catalog/server/import.ts';
import { catalogSnapshot } from '#features/catalog/server/snapshot.ts';
import {
  getSearchCatalog,
  getSearchIndex,
  invalidateSearchIndex,
  refreshSearchCatalog,
} from '#features/search/server/index-cache.ts';
import { searchProducts } from '#features/search/server.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sample = readFileSync(new URL('../fixtures/catalog-sample.csv', import.meta.url), 'utf8');

describe.each(testDatabaseKinds())('searchProducts on %s', (kind) => {
  let handle: DatabaseHandle;
  let all: { id: number; name: string }[];
  const names = async (text: string, limit = 50) =>
    (await searchProducts(handle.db, text, { limit })).map((p) => p.name);

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await importCatalogCsv(handle.db, sample);
    all = (
      (await handle.db.execute(sql`SELECT id, name FROM products`)) as unknown as {
        rows: { id: number; name: string }[];
      }
    ).rows;
  });
  afterAll(async () => {
    await handle?.close();
  });

  it("shows the catalogue snapshot's own product objects as its cards: one copy of the catalogue", async () => {
    // First, before any test changes a product (a changed one is a new object; the index keeps the
    // one it was built from).
    const [hit] = await searchProducts(handle.db, 'sona masoori');
    const snapshot = await catalogSnapshot(handle.db);
    expect(hit).toBe(snapshot.product(hit!.id));
    expect((await getSearchCatalog(handle.db)).index.product(hit!.id)).toBe(hit);
  });

  it.each(['t', 'MA', 'tea', 'Rice', 'ketchup', 'e - c'])(
    'finds every product whose name contains %j, case-insensitive, substring matches first',
    async (text) => {
      const expected = all
        .filter((p) => p.name.toLowerCase().includes(text.toLowerCase()))
        .map((p) => p.id)
        .sort((a, b) => a - b);
      expect(expected.length).toBeGreaterThan(0);
      const results = await searchProducts(handle.db, text, { limit: 50 });
      const firstIds = results
        .slice(0, expected.length)
        .map((p) => p.id)
        .sort((a, b) => a - b);
      expect(firstIds).toEqual(expected);
    },
  );

  it('returns cards with the category name, prices in paise and the placeholder image', async () => {
    const [hit] = await searchProducts(handle.db, 'sona masoori');
    expect(hit).toMatchObject({
      name: 'Sona Masoori Rice, Raw',
      categoryName: 'Foodgrains & Oil',
      pricePaise: 9550,
      mrpPaise: 11000,
      discountPercent: 13,
    });
    expect(hit!.image).toMatch(/placeholder|\.svg|\//);
  });

  it('answers one or two letters with the names starting with them first, in name order', async () => {
    for (const text of ['t', 'ch']) {
      const starting = all.filter((p) => p.name.toLowerCase().startsWith(text)).map((p) => p.name.toLowerCase());
      expect(starting.length).toBeGreaterThan(0);
      const results = (await names(text)).map((n) => n.toLowerCase());
      expect(results.slice(0, starting.length)).toEqual([...starting].sort());
    }
  });

  it('tolerates typos', async () => {
    expect(await names('tomatto')).toEqual(
      expect.arrayContaining(['Tomato - Local', 'Tomato Ketchup', 'Tomato - Hybrid 500 g']),
    );
    expect(await names('basmti rice')).toEqual(
      expect.arrayContaining(['Basmati Rice - Classic 1 kg', 'Brown Basmati Rice']),
    );
    expect(await names('choclate')).toContain('Chocolate Cookies');
    expect(await names('xylophone')).toEqual([]);
  });

  it('ranks the exact name first, then names that are the word itself ("Tomato - Local"), then other whole-word matches', async () => {
    expect(await names('mango')).toEqual(['Mango', 'Alphonso Mango', 'Alphonso Mango Pulp']);
    expect(await names('Tomato Ketchup')).toEqual(['Tomato Ketchup', 'Tomato Ketchup']);
    const tomato = await names('tomato');
    expect(tomato.slice(0, 2)).toEqual(['Tomato - Local', 'Tomato - Hybrid 500 g']);
    expect(tomato.slice(2, 5)).toEqual(expect.arrayContaining(['Tomato Ketchup', 'Cherry Tomatoes']));
    const ma = await names('ma');
    expect(ma.indexOf('Mango')).toBe(0);
    expect(ma.indexOf('Alphonso Mango')).toBeLessThan(ma.indexOf('Tomato - Local'));
  });

  it('treats LIKE wildcards as text and ignores surrounding and repeated spaces', async () => {
    expect(await names('%')).toEqual([]);
    expect(await names('_')).toEqual([]);
    expect(await names('  alphonso    mango  ')).toEqual(['Alphonso Mango', 'Alphonso Mango Pulp']);
    expect(await names('   ')).toEqual([]);
  });

  it('honours the limit and hides a product switched off from the next catalogue check on', async () => {
    expect(await names('t', 3)).toHaveLength(3);
    // Plain SQL, as an operator might: the database stamps updated_at itself (migration 0006).
    await handle.db.execute(sql`UPDATE products SET is_active = false WHERE name = 'Mango'`);
    await refreshSearchCatalog(handle.db);
    expect(await names('mango')).toEqual(['Alphonso Mango', 'Alphonso Mango Pulp']);
    await handle.db.execute(sql`UPDATE products SET is_active = true WHERE name = 'Mango'`);
    await refreshSearchCatalog(handle.db);
    expect(await names('mango')).toEqual(['Mango', 'Alphonso Mango', 'Alphonso Mango Pulp']);
  });

  it('shows a changed price and stock from the next catalogue check on, without rebuilding the index', async () => {
    const index = await getSearchIndex(handle.db);
    const [before] = await searchProducts(handle.db, 'sona masoori');
    await handle.db.execute(
      sql`UPDATE products SET price_paise = price_paise + 100, stock = 0 WHERE id = ${before!.id}`,
    );
    await refreshSearchCatalog(handle.db);
    const [after] = await searchProducts(handle.db, 'sona masoori');
    expect(after).toMatchObject({ id: before!.id, pricePaise: before!.pricePaise + 100, stock: 0 });
    expect(await getSearchIndex(handle.db)).toBe(index);
    await handle.db.execute(
      sql`UPDATE products SET price_paise = ${before!.pricePaise}, stock = ${before!.stock} WHERE id = ${before!.id}`,
    );
    await refreshSearchCatalog(handle.db);
    expect((await searchProducts(handle.db, 'sona masoori'))[0]).toEqual(before);
  });

  it('finds products under a renamed category after the next catalogue check', async () => {
    const [rice] = await searchProducts(handle.db, 'sona masoori');
    expect(await names('kuthari')).toEqual([]);
    await handle.db.execute(
      sql`UPDATE categories SET name = 'Kuthari & Oil', updated_at = now() WHERE id = ${rice!.categoryId}`,
    );
    await refreshSearchCatalog(handle.db);
    expect(await names('kuthari')).toContain('Sona Masoori Rice, Raw');
    expect((await searchProducts(handle.db, 'sona masoori'))[0]!.categoryName).toBe('Kuthari & Oil');
    await handle.db.execute(
      sql`UPDATE categories SET name = ${rice!.categoryName}, updated_at = now() WHERE id = ${rice!.categoryId}`,
    );
    await refreshSearchCatalog(handle.db);
    expect(await names('kuthari')).toEqual([]);
  });

  it('finds a renamed product after the next catalogue check', async () => {
    await handle.db.execute(sql`UPDATE products SET name = 'Kanthari Mulaku' WHERE name = 'Mango'`);
    await refreshSearchCatalog(handle.db);
    expect(await names('kanthari')).toEqual(['Kanthari Mulaku']);
    await handle.db.execute(sql`UPDATE products SET name = 'Mango' WHERE name = 'Kanthari Mulaku'`);
    await refreshSearchCatalog(handle.db);
    expect(await names('kanthari')).toEqual([]);
  });

  it('finds a renamed product under its new name once the index is rebuilt, and keeps its index until a check finds the change', async () => {
    const before = await getSearchIndex(handle.db);
    await handle.db.execute(sql`UPDATE products SET name = 'Kanthari Mulaku', updated_at = now() WHERE name = 'Mango'`);
    expect(await getSearchIndex(handle.db)).toBe(before);
    invalidateSearchIndex(handle.db);
    expect(await names('kanthari')).toEqual(['Kanthari Mulaku']);
    await handle.db.execute(sql`UPDATE products SET name = 'Mango', updated_at = now() WHERE name = 'Kanthari Mulaku'`);
    invalidateSearchIndex(handle.db);
    expect(await names('kanthari')).toEqual([]);
  });
});
