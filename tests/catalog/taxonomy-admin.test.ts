/**
 * The back office's categories, subcategories, home banners and home rails on PGlite and
 * PostgreSQL: what the forms take (links, images, shop-time dates), changes audited, and what the
 * storefront's next read after a second shows — navigation, listings, product pages, search, the
 * home page's banners (only those showing now) and rails (chosen, deals, new, bestsellers).
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listCategoryTree } from '#features/catalog/server/admin-products.ts';
import { createBanner, listAdminBanners, updateBanner } from '#features/catalog/server/banner-admin.ts';
import { getProduct, listProducts } from '#features/catalog/server/catalog.ts';
import { loadHomeFeed, PROMO_TILE_CATEGORY_IDS, promoTiles } from '#features/catalog/server/home-page.ts';
import { createRail, listAdminRails, loadHomeRails, updateRail } from '#features/catalog/server/home-rails.ts';
import {
  cachedTree,
  listActiveRails,
  listBanners,
  listCategories,
  listListedCategories,
  listListedSubcategories,
  secondsToNextBannerChange,
} from '#features/catalog/server/navigation.ts';
import { catalogSnapshot, DELTA_INTERVAL_MS } from '#features/catalog/server/snapshot.ts';
import {
  createCategory,
  createSubcategory,
  deleteCategory,
  deleteSubcategory,
  listAdminCategories,
  moveCategory,
  moveSubcategory,
  updateCategory,
  updateSubcategory,
} from '#features/catalog/server/taxonomy-admin.ts';
import {
  bannerNewSchema,
  isBannerLink,
  isImageValue,
  isoToShopLocal,
  linkedTaxon,
  railNewSchema,
  shopLocalToIso,
  taxonNewSchema,
  taxonPatchSchema,
} from '#features/catalog/taxonomy-rules.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { refreshSearchCatalog } from '#features/search/server/index-cache.ts';
import { searchProducts } from '#features/search/server.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { banners, customers, homeRails, orderItems, orders, products } from '#lib/db/schema.ts';
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The longest a change may take to reach the next read: one check interval, and a little more. */
const oneCheckLater = () => sleep(DELTA_INTERVAL_MS + 100);
const firstError = (
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  input: unknown,
) => {
  const r = schema.safeParse(input);
  return r.success ? null : r.error!.issues[0]!.message;
};

describe('taxonomy rules', () => {
  it('reads which category or subcategory a banner link opens', () => {
    expect(linkedTaxon('/category/4/subcategories')).toEqual({ categoryId: 4, subcategoryId: null });
    expect(linkedTaxon('/category/4')).toEqual({ categoryId: 4, subcategoryId: null });
    expect(linkedTaxon('/categories/4/subcategory/12#top')).toEqual({ categoryId: 4, subcategoryId: 12 });
    expect(linkedTaxon('/subcategory/9?sort=asc')).toEqual({ categoryId: null, subcategoryId: 9 });
    for (const other of ['/shop', '/category', '/categoryx/4', '/product/4', 'https://example.com/category/4'])
      expect(linkedTaxon(other), other).toBeNull();
  });

  it('takes a site path or an https address as a banner link and refuses the rest', () => {
    for (const ok of ['/shop', '/shop/fruits?sort=asc', '/category/3/subcategories', 'https://example.com/offer'])
      expect(isBannerLink(ok), ok).toBe(true);
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>x</script>',
      'http://example.com',
      '//evil.example',
      '/\\evil.example',
      '/\tjavascript:x',
      'shop',
      'https://',
    ])
      expect(isBannerLink(bad), bad).toBe(false);
    expect(firstError(bannerNewSchema, { image: 'emoji/1f96d.svg', cta_link: 'javascript:alert(1)' })).toMatch(
      /path on this site/,
    );
  });

  it('takes an uploaded or media image value, a site path or an https address, never a script', () => {
    for (const ok of ['emoji/1f345.svg', 'media/ab12cd34.webp', '/images/banner.webp', 'https://cdn.example/a.jpg'])
      expect(isImageValue(ok), ok).toBe(true);
    for (const bad of ['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil/a.png', '../etc/passwd', 'a b.png'])
      expect(isImageValue(bad), bad).toBe(false);
    expect(firstError(taxonNewSchema, { name: '  ' })).toBe('Please enter a name.');
    expect(taxonNewSchema.parse({ name: ' Fruits ', image: '' })).toEqual({ name: 'Fruits', image: null });
    expect(firstError(taxonPatchSchema, {})).toBe('Nothing to change.');
  });

  it('reads and writes banner dates in shop time (Asia/Kolkata) and wants the end after the start', () => {
    expect(shopLocalToIso('2026-12-01T09:00')).toBe('2026-12-01T09:00:00+05:30');
    expect(shopLocalToIso('')).toBeNull();
    expect(isoToShopLocal('2026-12-01T03:30:00.000Z')).toBe('2026-12-01T09:00');
    expect(isoToShopLocal(null)).toBe('');
    expect(
      firstError(bannerNewSchema, {
        image: 'emoji/1f96d.svg',
        starts_at: '2026-12-02T09:00:00+05:30',
        ends_at: '2026-12-01T09:00:00+05:30',
      }),
    ).toBe('The end must be after the start.');
  });

  it('wants products for a rail of chosen products, and a known rule', () => {
    expect(firstError(railNewSchema, { title: 'Picks', rule: 'chosen' })).toMatch(/Pick at least one product/);
    expect(firstError(railNewSchema, { title: 'Picks', rule: 'cheapest' })).toMatch(/The rule must be one of/);
    expect(firstError(railNewSchema, { title: 'Picks', rule: 'chosen', product_ids: [3, 3] })).toMatch(/only once/);
    expect(railNewSchema.parse({ title: 'Deals', rule: 'deals' })).toMatchObject({
      product_limit: 10,
      is_active: true,
    });
  });
});

describe.each(testDatabaseKinds())('back-office taxonomy on %s', (kind) => {
  let handle: DatabaseHandle;
  const audit = auditReader(() => handle.db);
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    await catalogSnapshot(handle.db);
  });
  afterAll(async () => handle?.close());

  it('adds a category with a subcategory, audited, and the navigation shows them a second later', async () => {
    await audit.mark();
    const tree = await createCategory(handle.db, { name: 'Millets', image: 'emoji/1f33e.svg' }, TEST_ACTOR);
    const millets = tree.find((c) => c.name === 'Millets')!;
    expect(millets).toMatchObject({
      slug: 'millets',
      isActive: true,
      productCount: 0,
      onSaleCount: 0,
      subcategories: [],
    });
    expect(tree.at(-1)!.id).toBe(millets.id);
    const withSub = await createSubcategory(handle.db, millets.id, { name: 'Ragi', image: null }, TEST_ACTOR);
    const ragi = withSub.find((c) => c.id === millets.id)!.subcategories[0]!;
    expect(ragi).toMatchObject({ name: 'Ragi', slug: 'ragi' });
    expect((await audit.entries()).map((e) => [e.action, e.entity])).toEqual([
      ['category.create', 'category'],
      ['subcategory.create', 'subcategory'],
    ]);

    await oneCheckLater();
    expect((await listCategories(handle.db)).map((c) => c.name)).toContain('Millets');
    expect((await cachedTree.subcategories(handle.db, millets.id)).map((s) => s.name)).toEqual(['Ragi']);
  });

  it('lists a category and subcategory only while they hold a product on sale; the empty category page still answers', async () => {
    const millets = (await listAdminCategories(handle.db)).find((c) => c.name === 'Millets')!;
    const ragi = millets.subcategories.find((s) => s.name === 'Ragi')!;
    const listed = async () => ({
      category: (await listListedCategories(handle.db)).some((c) => c.id === millets.id),
      subcategory: (await listListedSubcategories(handle.db, millets.id)).some((s) => s.id === ragi.id),
      page: (await cachedTree.category(handle.db, millets.id)) !== null,
    });
    expect(await listed()).toEqual({ category: false, subcategory: false, page: true });

    const [moved] = await handle.db
      .select({ id: products.id, categoryId: products.categoryId, subcategoryId: products.subcategoryId })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    await handle.db
      .update(products)
      .set({ categoryId: millets.id, subcategoryId: ragi.id })
      .where(eq(products.id, moved!.id));
    await oneCheckLater();
    expect(await listed()).toEqual({ category: true, subcategory: true, page: true });

    // Its only product taken off sale: unlisted again a second later (the signature does not move).
    await handle.db.update(products).set({ isActive: false }).where(eq(products.id, moved!.id));
    await oneCheckLater();
    expect(await listed()).toEqual({ category: false, subcategory: false, page: true });

    await handle.db
      .update(products)
      .set({ isActive: true, categoryId: moved!.categoryId, subcategoryId: moved!.subcategoryId })
      .where(eq(products.id, moved!.id));
    await oneCheckLater();
  });

  it('refuses a name another category has (any case) and keeps the slug on a rename', async () => {
    const first = (await listAdminCategories(handle.db))[0]!;
    await expect(
      createCategory(handle.db, { name: first.name.toUpperCase(), image: null }, TEST_ACTOR),
    ).rejects.toMatchObject({
      code: 'conflict',
    });
    const millets = (await listAdminCategories(handle.db)).find((c) => c.name === 'Millets')!;
    const renamed = await updateCategory(handle.db, millets.id, { name: 'Millets & Grains' }, TEST_ACTOR);
    expect(renamed.find((c) => c.id === millets.id)).toMatchObject({ name: 'Millets & Grains', slug: 'millets' });
    await oneCheckLater();
    expect((await cachedTree.category(handle.db, millets.id))?.name).toBe('Millets & Grains');
  });

  it('moves categories and subcategories up and down, and refuses past either end', async () => {
    const before = (await listAdminCategories(handle.db)).map((c) => c.id);
    const last = before.at(-1)!;
    const after = (await moveCategory(handle.db, last, { direction: 'up' }, TEST_ACTOR)).map((c) => c.id);
    expect(after).toEqual([...before.slice(0, -2), last, before.at(-2)]);
    await expect(moveCategory(handle.db, after[0]!, { direction: 'up' }, TEST_ACTOR)).rejects.toMatchObject({
      code: 'conflict',
    });
    await oneCheckLater();
    expect((await listCategories(handle.db)).map((c) => c.id)).toEqual(after);

    const millets = after.find((id) => id === last)!;
    await createSubcategory(handle.db, millets, { name: 'Foxtail', image: null }, TEST_ACTOR);
    const tree = await listAdminCategories(handle.db);
    const [ragi, foxtail] = tree.find((c) => c.id === millets)!.subcategories;
    const moved = await moveSubcategory(handle.db, foxtail!.id, { direction: 'up' }, TEST_ACTOR);
    expect(moved.find((c) => c.id === millets)!.subcategories.map((s) => s.name)).toEqual(['Foxtail', 'Ragi']);
    expect(ragi!.name).toBe('Ragi');
  });

  it('hides a deactivated category and its products from navigation, listings, product pages and search, and brings them back', async () => {
    const [product] = await handle.db
      .select({ id: products.id, name: products.name, categoryId: products.categoryId })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const { id, name, categoryId } = product!;
    const shown = async () => ({
      nav: (await listCategories(handle.db)).some((c) => c.id === categoryId),
      tree: (await cachedTree.category(handle.db, categoryId)) !== null,
      snapshot: (await catalogSnapshot(handle.db)).product(id) !== null,
      listing: (await catalogSnapshot(handle.db)).listProducts({ categoryId }).total > 0,
      api: (await listProducts(handle.db, { categoryId })).total > 0,
      page: (await getProduct(handle.db, id)) !== null,
      search: (await searchProducts(handle.db, name, { limit: 20 })).some((p) => p.id === id),
    });
    expect(await shown()).toEqual({
      nav: true,
      tree: true,
      snapshot: true,
      listing: true,
      api: true,
      page: true,
      search: true,
    });

    // The back office counts the products on sale that deactivating would hide, to ask first.
    const [{ n: onSaleThere }] = (
      await handle.db.execute(
        sql`SELECT count(*)::int AS n FROM products WHERE category_id = ${categoryId} AND is_active AND archived_at IS NULL`,
      )
    ).rows as [{ n: number }];
    expect(onSaleThere).toBeGreaterThan(0);
    const counted = (await listAdminCategories(handle.db)).find((c) => c.id === categoryId)!;
    expect(counted.onSaleCount).toBe(onSaleThere);
    expect(counted.subcategories.reduce((n, s) => n + s.onSaleCount, 0)).toBe(onSaleThere);

    await audit.mark();
    const after = await updateCategory(handle.db, categoryId, { is_active: false }, TEST_ACTOR);
    expect((await audit.entries()).map((e) => e.action)).toEqual(['category.deactivate']);
    // Hidden, none of them is on sale any more; they are still filed under it.
    expect(after.find((c) => c.id === categoryId)).toMatchObject({
      onSaleCount: 0,
      productCount: counted.productCount,
    });
    await oneCheckLater();
    // The search answers from the index it has while it rebuilds in the background: wait for that.
    await refreshSearchCatalog(handle.db);
    expect(await shown()).toEqual({
      nav: false,
      tree: false,
      snapshot: false,
      listing: false,
      api: false,
      page: false,
      search: false,
    });
    // Kept for old orders: the row is still there.
    expect((await handle.db.select().from(products).where(eq(products.id, id))).length).toBe(1);

    await updateCategory(handle.db, categoryId, { is_active: true }, TEST_ACTOR);
    await oneCheckLater();
    await refreshSearchCatalog(handle.db);
    expect(await shown()).toEqual({
      nav: true,
      tree: true,
      snapshot: true,
      listing: true,
      api: true,
      page: true,
      search: true,
    });
  });

  it('hides a deactivated subcategory and its products, and shows them again', async () => {
    const [product] = await handle.db
      .select({ id: products.id, subcategoryId: products.subcategoryId })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    await updateSubcategory(handle.db, product!.subcategoryId, { is_active: false }, TEST_ACTOR);
    await oneCheckLater();
    expect((await catalogSnapshot(handle.db)).product(product!.id)).toBeNull();
    expect(await cachedTree.subcategory(handle.db, product!.subcategoryId)).toBeNull();
    expect(await getProduct(handle.db, product!.id)).toBeNull();
    await updateSubcategory(handle.db, product!.subcategoryId, { is_active: true }, TEST_ACTOR);
    await oneCheckLater();
    expect((await catalogSnapshot(handle.db)).product(product!.id)).not.toBeNull();
  });

  it("gives the product form's pickers every category and subcategory, deactivated ones marked", async () => {
    const [product] = await handle.db
      .select({ categoryId: products.categoryId, subcategoryId: products.subcategoryId })
      .from(products)
      .where(eq(products.isActive, true))
      .limit(1);
    const picked = async () => {
      const category = (await listCategoryTree(handle.db)).find((c) => c.id === product!.categoryId)!;
      const sub = category.subcategories.find((s) => s.id === product!.subcategoryId)!;
      return { category: category.active, subcategory: sub.active };
    };
    expect(await picked()).toEqual({ category: true, subcategory: true });
    await updateCategory(handle.db, product!.categoryId, { is_active: false }, TEST_ACTOR);
    await updateSubcategory(handle.db, product!.subcategoryId, { is_active: false }, TEST_ACTOR);
    try {
      expect(await picked()).toEqual({ category: false, subcategory: false });
    } finally {
      await updateCategory(handle.db, product!.categoryId, { is_active: true }, TEST_ACTOR);
      await updateSubcategory(handle.db, product!.subcategoryId, { is_active: true }, TEST_ACTOR);
    }
    expect(await picked()).toEqual({ category: true, subcategory: true });
  });

  it('deletes only an empty subcategory or category', async () => {
    const [product] = await handle.db
      .select({ categoryId: products.categoryId, subcategoryId: products.subcategoryId })
      .from(products)
      .limit(1);
    await expect(deleteCategory(handle.db, product!.categoryId, TEST_ACTOR)).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(deleteSubcategory(handle.db, product!.subcategoryId, TEST_ACTOR)).rejects.toMatchObject({
      code: 'conflict',
    });
    const tree = await createCategory(handle.db, { name: 'Empty shelf', image: null }, TEST_ACTOR);
    const empty = tree.find((c) => c.name === 'Empty shelf')!;
    const withSub = await createSubcategory(handle.db, empty.id, { name: 'Nothing', image: null }, TEST_ACTOR);
    await expect(deleteCategory(handle.db, empty.id, TEST_ACTOR)).rejects.toMatchObject({ code: 'conflict' });
    await deleteSubcategory(handle.db, withSub.find((c) => c.id === empty.id)!.subcategories[0]!.id, TEST_ACTOR);
    const after = await deleteCategory(handle.db, empty.id, TEST_ACTOR);
    expect(after.some((c) => c.id === empty.id)).toBe(false);
  });

  it('shows only the banners active now, and a change to one a second later', async () => {
    await handle.db.delete(banners);
    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    await audit.mark();
    await createBanner(
      handle.db,
      bannerNewSchema.parse({ title: 'Always', image: 'emoji/1f96d.svg', cta_link: '/shop' }),
      TEST_ACTOR,
    );
    await createBanner(
      handle.db,
      bannerNewSchema.parse({ title: 'Later', image: 'emoji/1f96d.svg', starts_at: iso(3_600_000) }),
      TEST_ACTOR,
    );
    await createBanner(
      handle.db,
      bannerNewSchema.parse({
        title: 'Over',
        image: 'emoji/1f96d.svg',
        starts_at: iso(-7_200_000),
        ends_at: iso(-3_600_000),
      }),
      TEST_ACTOR,
    );
    const admin = await createBanner(
      handle.db,
      bannerNewSchema.parse({ title: 'Off', image: 'emoji/1f96d.svg', is_active: false }),
      TEST_ACTOR,
    );
    expect(admin.map((b) => [b.title, b.state])).toEqual([
      ['Always', 'showing'],
      ['Later', 'scheduled'],
      ['Over', 'ended'],
      ['Off', 'off'],
    ]);
    expect((await audit.entries()).map((e) => e.action)).toEqual(Array(4).fill('banner.create'));

    await oneCheckLater();
    expect((await listBanners(handle.db)).map((b) => b.title)).toEqual(['Always']);
    // The page showing them is cached no longer than until "Later" starts.
    const seconds = await secondsToNextBannerChange(handle.db);
    expect(seconds).toBeGreaterThan(3_500);
    expect(seconds).toBeLessThanOrEqual(3_600);
    expect((await loadHomeFeed(handle.db)).bannerChange).toBe(seconds);

    const later = admin.find((b) => b.title === 'Later')!;
    await updateBanner(handle.db, later.id, { starts_at: null, title: 'Now on' }, TEST_ACTOR);
    await oneCheckLater();
    expect((await listBanners(handle.db)).map((b) => b.title)).toEqual(['Always', 'Now on']);
    await expect(
      updateBanner(handle.db, later.id, { starts_at: iso(7_200_000), ends_at: iso(3_600_000) }, TEST_ACTOR),
    ).rejects.toMatchObject({ code: 'unprocessable' });
    expect((await listAdminBanners(handle.db)).length).toBe(4);
  });

  it('resolves rails: chosen in order, deals by saving, new by id, bestsellers by units sold lately', async () => {
    await handle.db.delete(homeRails);
    const snapshot = await catalogSnapshot(handle.db);
    const onSale = snapshot.products().filter((p) => p.stock > 0);
    const [a, b, c] = onSale;
    await audit.mark();
    const rails = await createRail(
      handle.db,
      railNewSchema.parse({ title: 'Our picks', rule: 'chosen', product_ids: [c!.id, a!.id, b!.id], product_limit: 2 }),
      TEST_ACTOR,
    );
    expect(rails[0]!.products.map((p) => p.id)).toEqual([c!.id, a!.id, b!.id]);
    await createRail(handle.db, railNewSchema.parse({ title: 'Deals', rule: 'deals', product_limit: 3 }), TEST_ACTOR);
    await createRail(handle.db, railNewSchema.parse({ title: 'New', rule: 'new', product_limit: 3 }), TEST_ACTOR);
    await createRail(
      handle.db,
      railNewSchema.parse({ title: 'Best', rule: 'bestsellers', product_limit: 2 }),
      TEST_ACTOR,
    );
    expect((await audit.entries()).map((e) => e.action)).toEqual(Array(4).fill('rail.create'));
    await expect(
      createRail(handle.db, railNewSchema.parse({ title: 'X', rule: 'chosen', product_ids: [999_999] }), TEST_ACTOR),
    ).rejects.toMatchObject({ code: 'unprocessable' });

    // Units sold: b most, then a; an old order and a cancelled one do not count.
    const [customer] = await handle.db.insert(customers).values({ name: 'Asha', phone: '+919800000077' }).returning();
    const order = async (productId: number, qty: number, status: 'placed' | 'cancelled', daysAgo: number) => {
      const [o] = await handle.db
        .insert(orders)
        .values({
          customerId: customer!.id,
          paymentMode: 'Cash',
          subtotalPaise: 100,
          paidAmountPaise: 100,
          status,
          createdAt: new Date(Date.now() - daysAgo * 86_400_000),
        })
        .returning();
      await handle.db.insert(orderItems).values({
        orderId: o!.id,
        productId,
        productName: 'x',
        qty,
        unitPricePaise: 100,
        mrpPaise: 100,
        totalAmountPaise: 100 * qty,
      });
    };
    await order(b!.id, 5, 'placed', 1);
    await order(a!.id, 2, 'placed', 2);
    await order(c!.id, 50, 'placed', 40);
    await order(c!.id, 50, 'cancelled', 1);

    await oneCheckLater();
    const home = await loadHomeRails(handle.db, await listActiveRails(handle.db), await catalogSnapshot(handle.db));
    const byTitle = Object.fromEntries(home.map((r) => [r.title, r.products.map((p) => p.id)]));
    expect(byTitle['Our picks']).toEqual([c!.id, a!.id]);
    const saving = (p: { mrpPaise: number; pricePaise: number }) => p.mrpPaise - p.pricePaise;
    const deals = onSale
      .filter((p) => saving(p) > 0)
      .sort((x, y) => saving(y) - saving(x) || y.id - x.id)
      .slice(0, 3)
      .map((p) => p.id);
    expect(byTitle.Deals).toEqual(deals);
    expect(byTitle.New).toEqual(
      [...onSale]
        .sort((x, y) => y.id - x.id)
        .slice(0, 3)
        .map((p) => p.id),
    );
    expect(byTitle.Best).toEqual([b!.id, a!.id]);

    // The home page shows the rails instead of its first products; switched off, it shows them again.
    const withRails = await loadHomeFeed(handle.db);
    expect(withRails.rails.map((r) => r.title)).toEqual(['Our picks', 'Deals', 'New', 'Best']);
    expect(withRails.products).toEqual([]);
    for (const rail of await listAdminRails(handle.db))
      await updateRail(handle.db, rail.id, { is_active: false }, TEST_ACTOR);
    await oneCheckLater();
    const without = await loadHomeFeed(handle.db);
    expect(without.rails).toEqual([]);
    expect(without.products.length).toBeGreaterThan(0);
  });

  it('drops a chosen product whose category is deactivated from its rail', async () => {
    const snapshot = await catalogSnapshot(handle.db);
    const [p, q] = snapshot.products().filter((x, _i, all) => x.categoryId !== all[0]!.categoryId || x === all[0]);
    await handle.db.delete(homeRails);
    await createRail(
      handle.db,
      railNewSchema.parse({ title: 'Two', rule: 'chosen', product_ids: [p!.id, q!.id] }),
      TEST_ACTOR,
    );
    await updateCategory(handle.db, p!.categoryId, { is_active: false }, TEST_ACTOR);
    await oneCheckLater();
    const rails = await loadHomeRails(handle.db, await listActiveRails(handle.db), await catalogSnapshot(handle.db));
    expect(rails[0]!.products.map((x) => x.id)).toEqual([q!.id]);
    await updateCategory(handle.db, p!.categoryId, { is_active: true }, TEST_ACTOR);
    await handle.db.execute(sql`SELECT 1`);
  });

  it('leaves off the home page the promo tile and banners that open a hidden category or subcategory, and brings them back', async () => {
    await handle.db.delete(banners);
    const [fruit] = (await listAdminCategories(handle.db)).filter((c) => c.id === PROMO_TILE_CATEGORY_IDS[0]);
    const sub = fruit!.subcategories[0]!;
    for (const [title, link] of [
      ['Fruit week', `/category/${fruit!.id}/subcategories`],
      ['Apples', `/subcategory/${sub.id}?sort=asc`],
      ['Everything', '/shop'],
    ])
      await createBanner(
        handle.db,
        bannerNewSchema.parse({ title, image: 'emoji/1f96d.svg', cta_link: link }),
        TEST_ACTOR,
      );
    const home = async () => ({
      tiles: promoTiles(await listCategories(handle.db)).map((c) => c.id),
      banners: (await loadHomeFeed(handle.db)).banners.map((b) => b.title),
      staff: Object.fromEntries((await listAdminBanners(handle.db)).map((b) => [b.title, b.state])),
    });
    const all = {
      tiles: [...PROMO_TILE_CATEGORY_IDS],
      banners: ['Fruit week', 'Apples', 'Everything'],
      staff: { 'Fruit week': 'showing', Apples: 'showing', Everything: 'showing' },
    };
    expect(await home()).toEqual(all);

    await updateCategory(handle.db, fruit!.id, { is_active: false }, TEST_ACTOR);
    await oneCheckLater();
    expect(await home()).toEqual({
      tiles: PROMO_TILE_CATEGORY_IDS.filter((id) => id !== fruit!.id),
      banners: ['Everything'],
      staff: { 'Fruit week': 'link-hidden', Apples: 'link-hidden', Everything: 'showing' },
    });

    await updateCategory(handle.db, fruit!.id, { is_active: true }, TEST_ACTOR);
    await oneCheckLater();
    expect(await home()).toEqual(all);

    // A hidden subcategory takes only the banner that opens it.
    await updateSubcategory(handle.db, sub.id, { is_active: false }, TEST_ACTOR);
    await oneCheckLater();
    expect(await home()).toMatchObject({ tiles: all.tiles, banners: ['Fruit week', 'Everything'] });
    await updateSubcategory(handle.db, sub.id, { is_active: true }, TEST_ACTOR);
    await oneCheckLater();
    expect(await home()).toEqual(all);
  });
});
