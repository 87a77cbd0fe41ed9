/**
 * The dropdown's answer (GET /api/customer/search-products) on a fresh database of each
 * kind: built from each card's JSON checked once and kept, it is byte for byte what checking and
 * serialising every answer gives, and a changed price shows at the next catalogue check though
 * answers and card texts are kept.
 */
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchResultJson } from '#features/catalog/server/catalog-json.ts';
import { importCatalogCsv } from '#features/catalog/server/import.ts';
import { searchProductsRoute } from '#features/search/contract.ts';
import { searchProductsEndpoint } from '#features/search/routes.ts';
import { refreshSearchCatalog } from '#features/search/server/index-cache.ts';
import { searchProducts } from '#features/search/server.ts';
import { type DatabaseHandle, setDatabaseHandleForTests } from '#lib/db/index.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sample = readFileSync(new URL('../fixtures/catalog-sample.csv', import.meta.url), 'utf8');

describe.each(testDatabaseKinds())('search-products answer on %s', (kind) => {
  let handle: DatabaseHandle;
  const answer = (product: string, limit = 20) =>
    searchProductsEndpoint.answer(new URLSearchParams({ product, limit: String(limit) }));
  /** The envelope as checking and serialising the whole answer makes it. */
  const checked = async (product: string, limit = 20) =>
    JSON.stringify({
      success: true,
      data: searchProductsRoute.response.parse({
        products: (await searchProducts(handle.db, product, { limit })).map(searchResultJson),
      }),
    });

  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await importCatalogCsv(handle.db, sample);
    setDatabaseHandleForTests(handle);
  });
  afterAll(async () => {
    setDatabaseHandleForTests(undefined);
    await handle?.close();
  });

  it('is what checking every card of every answer gives, byte for byte, twice over', async () => {
    for (const q of ['tomato', 'rice', 'tomatto', 'alphonso mango', 'xylophone']) {
      for (const limit of [1, 3, 20]) {
        for (let round = 0; round < 2; round++) {
          const got = await answer(q, limit);
          expect(got.status).toBe(200);
          expect(got.body, `${q} ${limit}`).toBe(await checked(q, limit));
        }
      }
    }
    expect(JSON.parse((await answer('tomato')).body).data.products.length).toBeGreaterThan(1);
  });

  it('shows a changed price from the next catalogue check on', async () => {
    const before = JSON.parse((await answer('sona masoori')).body).data.products[0];
    await handle.db.execute(sql`UPDATE products SET price_paise = price_paise + 100 WHERE id = ${before.id}`);
    await refreshSearchCatalog(handle.db);
    const after = JSON.parse((await answer('sona masoori')).body).data.products[0];
    expect(after.id).toBe(before.id);
    expect(after.offer_price).toBeCloseTo(before.offer_price + 1, 2);
    expect((await answer('sona masoori')).body).toBe(await checked('sona masoori'));
  });
});
