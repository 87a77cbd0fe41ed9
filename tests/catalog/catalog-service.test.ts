/** Catalogue service on a fresh database of each kind, seeded with the demo shop. */

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getCategory,
  getProduct,
  listProducts,
  listSubcategories,
  relatedProducts,
} from '#features/catalog/server/catalog.ts';
import { listBanners, listCategories } from '#features/catalog/server/navigation.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { products } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

describe.each(testDatabaseKinds())('catalogue service on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
  });
  afterAll(async () => handle?.close());

  it('lists categories with ids 1 and 3 (home promo tiles) and resolved images', async () => {
    const categories = await listCategories(handle.db);
    expect(categories.map((c) => c.id)).toEqual(expect.arrayContaining([1]));
    expect(await getCategory(handle.db, 1)).not.toBeNull();
    expect(categories.every((c) => c.image.startsWith('/'))).toBe(true);
    expect(await getCategory(handle.db, 999999)).toBeNull();
  });

  it('sorts by offer price both ways with stable paging', async () => {
    const asc = await listProducts(handle.db, { sort: 'asc', pageSize: 100 });
    const prices = asc.products.map((p) => p.pricePaise);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await listProducts(handle.db, { sort: 'desc', pageSize: 100 });
    const dprices = desc.products.map((p) => p.pricePaise);
    expect(dprices).toEqual([...dprices].sort((a, b) => b - a));
    expect(asc.total).toBe(desc.total);
  });

  it('pages without overlap and reports the total', async () => {
    const all = await listProducts(handle.db, { pageSize: 100 });
    const first = await listProducts(handle.db, { page: 1, pageSize: 1 });
    expect(first.total).toBe(all.total);
    expect(first.totalPages).toBe(all.total);
    const past = await listProducts(handle.db, { page: all.total + 5, pageSize: 1 });
    expect(past.products).toEqual([]);
  });

  it('filters by category and subcategory', async () => {
    const subs = await listSubcategories(handle.db, 1);
    expect(subs.length).toBeGreaterThan(0);
    const page = await listProducts(handle.db, { categoryId: 1, subcategoryId: subs[0]!.id, pageSize: 100 });
    expect(page.products.every((p) => p.subcategoryId === subs[0]!.id && p.categoryId === 1)).toBe(true);
  });

  it('returns details with category names and related products of the same category', async () => {
    const product = await getProduct(handle.db, 1);
    expect(product?.category.id).toBe(1);
    expect(product?.images.length).toBeGreaterThan(0);
    const related = await relatedProducts(handle.db, product!);
    expect(related.every((p) => p.categoryId === product!.categoryId && p.id !== product!.id)).toBe(true);
    expect(await getProduct(handle.db, 999999)).toBeNull();
  });

  it('orders related products: same subcategory first, in stock before out of stock, then by id', async () => {
    const product = (await getProduct(handle.db, 1))!;
    // One product of the same subcategory out of stock, so every tier has something.
    const sameSub = (
      await listProducts(handle.db, { subcategoryId: product.subcategoryId, pageSize: 100 })
    ).products.filter((p) => p.id !== product.id);
    await handle.db.update(products).set({ stock: 0 }).where(eq(products.id, sameSub[0]!.id));
    const all = (await listProducts(handle.db, { categoryId: product.categoryId, pageSize: 100 })).products.filter(
      (p) => p.id !== product.id,
    );
    const rank = (p: { subcategoryId: number; stock: number }) =>
      (p.subcategoryId === product.subcategoryId ? 0 : 2) + (p.stock > 0 ? 0 : 1);
    const expected = [...all].sort((a, b) => rank(a) - rank(b) || a.id - b.id).map((p) => p.id);
    for (const limit of [1, 3, 8, 100]) {
      expect((await relatedProducts(handle.db, product, limit)).map((p) => p.id)).toEqual(expected.slice(0, limit));
    }
  });

  it('lists banners with the call-to-action link defaulting to /shop', async () => {
    const banners = await listBanners(handle.db);
    expect(banners.length).toBeGreaterThan(0);
    for (const b of banners) expect(b.ctaLink).toMatch(/^\//);
  });
});
