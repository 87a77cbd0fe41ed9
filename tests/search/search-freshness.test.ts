/**
 * The search follows the back office within a second, like the pages: on a fresh database of
 * each kind, a product added or a price changed through the back office's server functions is
 * found, or shows its new price, on the very next search once a second has passed, with no
 * search in between to set off the catalogue's check.
 */

import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminProduct } from '#features/catalog/server/admin-product-lifecycle.ts';
import { updateAdminProduct } from '#features/catalog/server/admin-product-update.ts';
import { importCatalogCsv } from '#features/catalog/server/import.ts';
import { refreshSearchCatalog } from '#features/search/server/index-cache.ts';
import { searchProducts } from '#features/search/server.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sample = readFileSync(new URL('../fixtures/catalog-sample.csv', import.meta.url), 'utf8');
const aSecond = () => new Promise((resolve) => setTimeout(resolve, 1_000));

describe.each(testDatabaseKinds())('search after a back-office change on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await importCatalogCsv(handle.db, sample);
  });
  afterAll(async () => {
    await handle?.close();
  });

  it('finds a product added in the back office on the next search a second later', async () => {
    expect(await searchProducts(handle.db, 'kanthari')).toEqual([]);
    const [placement] = (
      (await handle.db.execute(
        sql`SELECT category_id, subcategory_id FROM products ORDER BY id LIMIT 1`,
      )) as unknown as {
        rows: { category_id: number; subcategory_id: number }[];
      }
    ).rows;
    const added = await createAdminProduct(
      handle.db,
      {
        sku: 'KANTHARI-100',
        name: 'Kanthari Mulaku',
        category_id: placement!.category_id,
        subcategory_id: placement!.subcategory_id,
        price_paise: 4500,
        mrp_paise: 5000,
        stock: 12,
        is_active: true,
        // Bird's-eye chillies weighed at packing: loose produce.
        sold_loose: true,
      },
      TEST_ACTOR,
    );
    await aSecond();
    const hits = await searchProducts(handle.db, 'kanthari');
    expect(hits.map((p) => [p.id, p.name, p.pricePaise])).toEqual([[added.id, 'Kanthari Mulaku', 4500]]);
  });

  it('shows a price changed in the back office on the next search a second later', async () => {
    // Settles the check the search above started, so the change below is the next check's to find.
    await refreshSearchCatalog(handle.db);
    const [before] = await searchProducts(handle.db, 'sona masoori');
    const price = before!.pricePaise - 150;
    await updateAdminProduct(handle.db, before!.id, { price_paise: price }, TEST_ACTOR);
    await aSecond();
    const [after] = await searchProducts(handle.db, 'sona masoori');
    expect(after).toMatchObject({ id: before!.id, pricePaise: price });
  });
});
