/**
 * The wishlist page's data (src/pages/wishlist.astro, `listWishlistPage`): only the session's
 * customer's saved products, another customer's never; inactive and out-of-stock products stay,
 * marked, at today's price. Over HTTP against each running server: the page a session gets (valid
 * HTML), the login for a visitor, and a Cache-Control that keeps it out of shared caches.
 */
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { FileSystemConfigLoader, HtmlValidate } from 'html-validate';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { listWishlistPage } from '#features/catalog/index.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { customers, products, wishlistItems } from '#lib/db/schema.ts';
import { ApiClient, randomPhone } from '../helpers/api.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

describe.each(testDatabaseKinds())('wishlist page data on %s', (kind) => {
  let handle: DatabaseHandle;
  let productIds: number[];
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    const rows = await handle.db.select({ id: products.id }).from(products).orderBy(products.id).limit(4);
    productIds = rows.map((r) => r.id);
  });
  afterAll(async () => handle?.close());

  const newCustomer = async () => {
    const [c] = await handle.db.insert(customers).values({ name: 'Asha', phone: randomPhone() }).returning();
    return c!.id;
  };

  it("lists the customer's saved products and never another customer's", async () => {
    const [a, b, c] = [await newCustomer(), await newCustomer(), await newCustomer()];
    const [p1, p2, p3] = productIds as [number, number, number];
    await handle.db.insert(wishlistItems).values([
      { customerId: a, productId: p1, createdAt: new Date('2026-01-01T10:00:00Z') },
      { customerId: a, productId: p2, createdAt: new Date('2026-01-02T10:00:00Z') },
      { customerId: b, productId: p3 },
      { customerId: b, productId: p1 },
    ]);
    expect((await listWishlistPage(handle.db, a)).map((p) => p.id)).toEqual([p2, p1]);
    expect((await listWishlistPage(handle.db, b)).map((p) => p.id).sort()).toEqual([p1, p3].sort());
    expect(await listWishlistPage(handle.db, c)).toEqual([]);
  });

  it('keeps inactive and out-of-stock products, marked, at the current price', async () => {
    const customer = await newCustomer();
    const [, , inactive, soldOut] = productIds as [number, number, number, number];
    await handle.db.insert(wishlistItems).values([
      { customerId: customer, productId: inactive },
      { customerId: customer, productId: soldOut },
    ]);
    await handle.db.update(products).set({ isActive: false }).where(eq(products.id, inactive));
    await handle.db.update(products).set({ stock: 0, pricePaise: 12345 }).where(eq(products.id, soldOut));
    try {
      const byId = new Map((await listWishlistPage(handle.db, customer)).map((p) => [p.id, p]));
      expect(byId.get(inactive)).toMatchObject({ available: false });
      expect(byId.get(soldOut)).toMatchObject({ available: true, stock: 0, pricePaise: 12345 });
    } finally {
      await handle.db
        .update(products)
        .set({ isActive: true, stock: 10 })
        .where(inArray(products.id, [inactive, soldOut]));
    }
  });
});

describe.each(inject('servers'))('the /wishlist page on $kind', ({ baseUrl }) => {
  /** Product ids on a page's wishlist cards, in order. */
  const itemsOf = (page: string) => [...page.matchAll(/data-wishlist-item="(\d+)"/g)].map((m) => Number(m[1]));

  it("shows the session's customer's products only, never cached", async () => {
    const home = await (await fetch(`${baseUrl}/api/customer/home`)).json();
    const [p1, p2, p3] = (home.data.products as { id: number }[]).map((p) => p.id);
    const asha = new ApiClient(baseUrl);
    const ravi = new ApiClient(baseUrl);
    await asha.signUp();
    await ravi.signUp();
    for (const id of [p1, p2]) expect((await asha.put('/api/wishlists', { json: { productId: id } })).status).toBe(201);
    expect((await ravi.put('/api/wishlists', { json: { productId: p3 } })).status).toBe(201);

    const ashas = await asha.get<string>('/wishlist');
    expect(ashas.status).toBe(200);
    expect(ashas.headers.get('cache-control')).toBe('no-store');
    expect(itemsOf(ashas.body)).toEqual([p2, p1]);
    expect(ashas.body).toContain('2 saved products');
    // Valid HTML by the project's rules (Astro's island style in <body> aside, as for every route).
    const html = ashas.body.replace(
      /<style>astro-island,astro-slot(,astro-static-slot)?\{display:contents\}<\/style>/g,
      '',
    );
    const report = await new HtmlValidate(new FileSystemConfigLoader()).validateString(
      html,
      path.resolve('routes', 'wishlist.html'),
    );
    expect(report.results.flatMap((r) => r.messages).filter((m) => m.severity === 2)).toEqual([]);

    const ravis = await ravi.get<string>('/wishlist');
    expect(itemsOf(ravis.body)).toEqual([p3]);
    expect(ravis.body).toContain('1 saved product');
  });

  it('sends a visitor to the login, back to /wishlist afterwards', async () => {
    const res = await new ApiClient(baseUrl).get('/wishlist');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?next=%2Fwishlist');
  });
});
