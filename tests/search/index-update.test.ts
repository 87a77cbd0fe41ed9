/**
 * An edit never stalls serving: on a fresh database of each kind with a synthetic catalogue of
 * 1,500 products, the search index is built in slices of at most BUILD_SLICE products (one turn
 * of the event loop each), an edit updates one document of the index in place, and a mass change
 * builds a new index in slices while searches answer from the old one. Structural properties only:
 * how long a slice takes is the bench's business (npm run bench, search phase).
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCatalogCsv } from '#features/catalog/server/import.ts';
import { refreshCatalogSnapshot } from '#features/catalog/server/snapshot.ts';
import {
  BUILD_SLICE,
  EDIT_LIMIT,
  getSearchCatalog,
  type IndexUpdate,
  onIndexUpdate,
  refreshSearchCatalog,
} from '#features/search/server/index-cache.ts';
import { searchProducts } from '#features/search/server.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const PRODUCTS = 1_500;
const csv = [
  'index,product,category,sub_category,brand,sale_price,market_price,type,rating',
  ...Array.from(
    { length: PRODUCTS },
    (_, i) =>
      `${i + 1},Pickle Jar ${i + 1},Gourmet & World Food,Pickles & Chutney,Brand ${i % 40},${50 + (i % 90)},150,Mango Pickle,4`,
  ),
].join('\n');

describe.each(testDatabaseKinds())('search index updates on %s', (kind) => {
  let handle: DatabaseHandle;
  const updates: IndexUpdate[] = [];
  let stop: () => void;

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await importCatalogCsv(handle.db, csv);
    stop = onIndexUpdate((u) => updates.push(u));
  }, 120_000);
  afterAll(async () => {
    stop?.();
    await handle?.close();
  });

  it('builds the first index in slices of at most BUILD_SLICE products', async () => {
    await getSearchCatalog(handle.db);
    const build = updates.find((u) => u.kind === 'build');
    expect(build?.documents).toBe(PRODUCTS);
    expect(build!.slices.length).toBeGreaterThanOrEqual(Math.ceil(PRODUCTS / BUILD_SLICE));
    expect(Math.max(...build!.slices)).toBeLessThanOrEqual(BUILD_SLICE);
    expect(build!.slices.reduce((a, b) => a + b, 0)).toBe(PRODUCTS);
  });

  it('applies an edit as one document of the same index, found on the next search', async () => {
    const index = (await getSearchCatalog(handle.db)).index;
    updates.length = 0;
    await handle.db.execute(sql`UPDATE products SET name = 'Kanthari Mulaku Pickle' WHERE name = 'Pickle Jar 7'`);
    await refreshSearchCatalog(handle.db);
    expect(updates).toHaveLength(1);
    expect(updates[0]).toMatchObject({ kind: 'edit', documents: 1, slices: [1] });
    expect((await getSearchCatalog(handle.db)).index).toBe(index);
    expect((await searchProducts(handle.db, 'kanthari')).map((p) => p.name)).toEqual(['Kanthari Mulaku Pickle']);
  });

  it('builds a new index in slices after a mass change while searches answer from the old one', async () => {
    updates.length = 0;
    const renamed = EDIT_LIMIT + 300;
    await handle.db.execute(
      sql`UPDATE products SET name = replace(name, 'Pickle Jar', 'Zorba Jar') WHERE id IN (SELECT id FROM products WHERE name LIKE 'Pickle Jar %' ORDER BY id LIMIT ${renamed})`,
    );
    await refreshCatalogSnapshot(handle.db);
    // The old index answers at once (its cards are the snapshot's current products), the new one is still being built.
    const during = await searchProducts(handle.db, 'jar', { limit: 5 });
    expect(during).toHaveLength(5);
    expect(updates.filter((u) => u.kind === 'build')).toEqual([]);
    expect(await searchProducts(handle.db, 'zorba')).toEqual([]);
    await refreshSearchCatalog(handle.db);
    const build = updates.find((u) => u.kind === 'build');
    expect(Math.max(...build!.slices)).toBeLessThanOrEqual(BUILD_SLICE);
    expect(updates.every((u) => Math.max(...u.slices) <= Math.max(BUILD_SLICE, EDIT_LIMIT))).toBe(true);
    expect((await searchProducts(handle.db, 'zorba', { limit: 50 })).length).toBe(50);
  });
});
