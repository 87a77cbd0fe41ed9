/**
 * The pages' in-memory catalogue snapshot: the same answers as the database's reads,
 * and changes made by anyone (raw SQL included) reach it within a check.
 */

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductPage, ProductSummary } from '#features/catalog/rules.ts';
import { getProduct, listProducts, relatedProducts } from '#features/catalog/server/catalog.ts';
import { readProductDetails } from '#features/catalog/server/product-details.ts';
import {
  CatalogSnapshot,
  catalogSnapshot,
  DELTA_INTERVAL_MS,
  DIRTY_INTERVAL_MS,
  dropCatalogSnapshot,
  markCatalogChanged,
  refreshCatalogSnapshot,
} from '#features/catalog/server/snapshot.ts';
import { readNames, readRows } from '#features/catalog/server/snapshot-reads.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A listing with only the summary fields cards show (the snapshot's products carry their details too). */
function summaries(page: ProductPage): ProductPage {
  const detailKeys = new Set([
    'sku',
    'images',
    'description',
    'additionalInformation',
    'highlights',
    'type',
    'rating',
    'manufacturer',
    'packer',
    'importer',
    'countryOfOrigin',
    'shelfLife',
    'consumerCare',
    'fssaiLicence',
    'foodMark',
    'soldLoose',
    'categoryName',
    'subcategoryName',
  ]);
  const summary = (p: ProductSummary) =>
    Object.fromEntries(Object.entries(p).filter(([key]) => !detailKeys.has(key))) as unknown as ProductSummary;
  return { ...page, products: page.products.map(summary) };
}

describe.each(testDatabaseKinds())('catalogue snapshot on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    // One product out of stock, so related products have every tier.
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, 2));
  });
  afterAll(async () => handle?.close());

  /** The snapshot after this process's next check (the way a page sees it after a change). */
  async function fresh() {
    markCatalogChanged(handle.db);
    await sleep(DIRTY_INTERVAL_MS + 5);
    return catalogSnapshot(handle.db);
  }

  it('lists the same pages as the database for every filter, sort and page', async () => {
    const snapshot = await catalogSnapshot(handle.db);
    const probe = (await listProducts(handle.db, { pageSize: 100 })).products[0]!;
    const filters = [
      {},
      { categoryId: probe.categoryId },
      { categoryId: probe.categoryId, subcategoryId: probe.subcategoryId },
      { subcategoryId: probe.subcategoryId },
      { categoryId: 999 },
    ];
    for (const filter of filters) {
      for (const sort of [undefined, 'asc', 'desc'] as const) {
        for (const page of [1, 2, 50]) {
          const query = { ...filter, sort, page, pageSize: 7 };
          expect(summaries(snapshot.listProducts(query)), JSON.stringify(query)).toEqual(
            await listProducts(handle.db, query),
          );
        }
      }
    }
  });

  /** Product `id`'s details through the snapshot's cache, read from this test's database. */
  const details = (snapshot: CatalogSnapshot, id: number) =>
    snapshot.details(id, (key) => readProductDetails(handle.db, key));

  it('gives the same product details and related products as the database', async () => {
    const snapshot = await catalogSnapshot(handle.db);
    for (const id of [1, 3, 10, 40]) {
      const fromDb = (await getProduct(handle.db, id))!;
      const { category, subcategory, ...fields } = fromDb;
      const { categoryName, subcategoryName, ...card } = snapshot.product(id)!;
      expect({ ...card, ...(await details(snapshot, id)) }).toEqual(fields);
      expect({ categoryName, subcategoryName }).toEqual({
        categoryName: category.name,
        subcategoryName: subcategory.name,
      });
      // The card keeps no description: that is read by key.
      expect(snapshot.product(id)).not.toHaveProperty('description');
      expect(category.id).toBe(fromDb.categoryId);
      for (const limit of [1, 4, 10, 100]) {
        expect(snapshot.related(fromDb, limit).map((p) => p.id)).toEqual(
          (await relatedProducts(handle.db, fromDb, limit)).map((p) => p.id),
        );
      }
    }
    expect(snapshot.product(999999)).toBeNull();
    expect(await details(snapshot, 999999)).toBeNull();
  });

  it('shows a description changed with raw SQL at the next check, though its details were cached', async () => {
    const id = 9;
    const before = (await details(await catalogSnapshot(handle.db), id))!.description;
    const description = `${before ?? ''} Now from the Ollur farm.`;
    await handle.db.execute(sql`UPDATE products SET description = ${description} WHERE id = ${id}`);
    // The next read after the check interval (no hint from this process) starts a check and waits for it.
    await sleep(DELTA_INTERVAL_MS + 50);
    expect((await details(await catalogSnapshot(handle.db), id))!.description).toBe(description);
  });

  it("keeps at most its capacity of products' details, the most recently read", async () => {
    const snapshot = new CatalogSnapshot(await readNames(handle.db), await readRows(handle.db), {
      detailsCapacity: 5,
    });
    const reads: number[] = [];
    const read = (id: number) => {
      reads.push(id);
      return readProductDetails(handle.db, id);
    };
    const ids = snapshot
      .products()
      .slice(0, 12)
      .map((p) => p.id);
    for (const id of ids) expect((await snapshot.details(id, read))?.sku).toBeTruthy();
    expect(snapshot.detailsCached).toBe(5);
    // The last five read come from the cache; the first one is read again.
    reads.length = 0;
    for (const id of ids.slice(-5)) await snapshot.details(id, read);
    expect(reads).toEqual([]);
    await snapshot.details(ids[0]!, read);
    expect(reads).toEqual([ids[0]]);
    expect(snapshot.detailsCached).toBe(5);
  });

  it('stamps updated_at on every product update, raw SQL included', async () => {
    const before = (await handle.db.select({ at: products.updatedAt }).from(products).where(eq(products.id, 5)))[0]!.at;
    await sleep(5);
    await handle.db.execute(sql`UPDATE products SET stock = stock + 1 WHERE id = 5`);
    const after = (await handle.db.select({ at: products.updatedAt }).from(products).where(eq(products.id, 5)))[0]!.at;
    expect(after.getTime()).toBeGreaterThan(before.getTime());
  });

  it('sees stock, price, switched-off and new products written with raw SQL after a check', async () => {
    await catalogSnapshot(handle.db);
    await handle.db.execute(sql`UPDATE products SET stock = 0 WHERE id = 1`);
    await handle.db.execute(sql`UPDATE products SET price_paise = 1, mrp_paise = 1 WHERE id = 3`);
    await handle.db.execute(sql`UPDATE products SET is_active = false WHERE id = 4`);
    const [added] = await handle.db
      .insert(products)
      .values({
        sku: 'SNAP-1',
        name: 'Snapshot Jackfruit',
        slug: 'snapshot-jackfruit',
        categoryId: 1,
        subcategoryId: (await getProduct(handle.db, 1))!.subcategoryId,
        mrpPaise: 9900,
        pricePaise: 9900,
        stock: 3,
      })
      .returning({ id: products.id });
    const snapshot = await fresh();
    expect(snapshot.product(1)?.stock).toBe(0);
    expect(snapshot.listProducts({ sort: 'asc', pageSize: 1 }).products[0]?.id).toBe(3);
    expect(snapshot.product(4)).toBeNull();
    expect(snapshot.listProducts({ pageSize: 100 }).products.some((p) => p.id === 4)).toBe(false);
    expect(snapshot.product(added!.id)?.name).toBe('Snapshot Jackfruit');
    expect(summaries(snapshot.listProducts({ pageSize: 100 }))).toEqual(
      await listProducts(handle.db, { pageSize: 100 }),
    );
  });

  it('keeps every list and related list equal to the database after changes in one category and a move to another', async () => {
    const all = (await listProducts(handle.db, { pageSize: 100 })).products;
    const a = all[0]!;
    const b = all.find((p) => p.categoryId !== a.categoryId)!;
    /** Every filter and sort's first page, and the related products of a few products, from both. */
    const compare = async (snapshot: CatalogSnapshot) => {
      const current = (await listProducts(handle.db, { pageSize: 100 })).products;
      for (const filter of [
        {},
        { categoryId: a.categoryId },
        { categoryId: b.categoryId },
        { categoryId: a.categoryId, subcategoryId: a.subcategoryId },
        { categoryId: b.categoryId, subcategoryId: b.subcategoryId },
        { subcategoryId: b.subcategoryId },
      ])
        for (const sort of [undefined, 'asc', 'desc'] as const) {
          const query = { ...filter, sort, pageSize: 100 };
          expect(summaries(snapshot.listProducts(query)), JSON.stringify(query)).toEqual(
            await listProducts(handle.db, query),
          );
        }
      for (const product of current.filter((p) => [a.categoryId, b.categoryId].includes(p.categoryId)).slice(0, 12))
        expect(snapshot.related(product, 10).map((p) => p.id)).toEqual(
          (await relatedProducts(handle.db, product, 10)).map((p) => p.id),
        );
    };
    await compare(await catalogSnapshot(handle.db));
    // In a's category: a price that reorders, a sell-out that moves it down the related order.
    await handle.db.execute(sql`UPDATE products SET price_paise = 2, mrp_paise = 2 WHERE id = ${a.id}`);
    await handle.db.execute(
      sql`UPDATE products SET stock = 0 WHERE id = ${all.find((p) => p.categoryId === a.categoryId && p.id !== a.id)!.id}`,
    );
    await compare(await fresh());
    // a moves into b's subcategory: gone from its old lists and related products, in the new ones.
    await handle.db.execute(
      sql`UPDATE products SET category_id = ${b.categoryId}, subcategory_id = ${b.subcategoryId} WHERE id = ${a.id}`,
    );
    await compare(await fresh());
  });

  it('re-checks on its own once the interval has passed, without being told', async () => {
    await catalogSnapshot(handle.db);
    await handle.db.execute(sql`UPDATE products SET stock = 42 WHERE id = 6`);
    await sleep(DELTA_INTERVAL_MS + 10);
    expect((await catalogSnapshot(handle.db)).product(6)?.stock).toBe(42);
  });

  it('sees a renamed category or subcategory in its products, replacing them', async () => {
    const before = (await catalogSnapshot(handle.db)).product(7)!;
    const version = (await catalogSnapshot(handle.db)).version;
    // As the shop's own code writes it (Drizzle stamps the category's updated_at).
    await handle.db.update(categories).set({ name: 'Renamed Category' }).where(eq(categories.id, before.categoryId));
    await handle.db
      .update(subcategories)
      .set({ name: 'Renamed Subcategory' })
      .where(eq(subcategories.id, before.subcategoryId));
    const snapshot = await refreshCatalogSnapshot(handle.db);
    const after = snapshot.product(7)!;
    expect(after).toMatchObject({
      id: 7,
      categoryName: 'Renamed Category',
      subcategoryName: 'Renamed Subcategory',
      stock: before.stock,
    });
    expect(after).not.toBe(before);
    expect(snapshot.changedSince(version)).toContain(7);
  });

  it('drops a deleted product at the next check: the count of products or the highest id moves', async () => {
    const snapshot = await catalogSnapshot(handle.db);
    const [victim] = await handle.db
      .insert(products)
      .values({
        sku: 'SNAP-2',
        name: 'Snapshot Guava',
        slug: 'snapshot-guava',
        categoryId: 1,
        subcategoryId: snapshot.product(1)!.subcategoryId,
        mrpPaise: 100,
        pricePaise: 100,
        stock: 1,
      })
      .returning({ id: products.id });
    await refreshCatalogSnapshot(handle.db);
    expect(snapshot.product(victim!.id)?.name).toBe('Snapshot Guava');
    // A delete leaves no stamp behind, but the count of products moves: the next check looks at every product.
    await handle.db.execute(sql`DELETE FROM products WHERE id = 8`);
    await refreshCatalogSnapshot(handle.db);
    expect(snapshot.product(8)).toBeNull();
    // Deleting the newest product moves the highest id: the next check looks at every product.
    await handle.db.execute(sql`DELETE FROM products WHERE id = ${victim!.id}`);
    await refreshCatalogSnapshot(handle.db);
    expect(snapshot.product(victim!.id)).toBeNull();
    expect(summaries(snapshot.listProducts({ pageSize: 100 }))).toEqual(
      await listProducts(handle.db, { pageSize: 100 }),
    );
  });

  it('loads again from scratch when dropped', async () => {
    dropCatalogSnapshot(handle.db);
    const snapshot = await catalogSnapshot(handle.db);
    expect(snapshot.size).toBe((await listProducts(handle.db, { pageSize: 1 })).total);
  });
});
