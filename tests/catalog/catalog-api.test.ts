/**
 * The catalogue API (its catalogue and search routes) over HTTP against
 * each running server with the demo shop: envelopes, paging and sorting, details with related
 * products, home, search with typos, and errors that are 400/404 with a message, never 500.
 * The demo catalogue grows, so products are found through the API rather than named here.
 */
import { describe, expect, inject, it } from 'vitest';
import {
  categoryProductsRoute,
  homeRoute,
  listCategoriesRoute,
  productDetailsRoute,
  subcategoryProductsRoute,
} from '#features/catalog/contract.ts';
import { searchProductsRoute } from '#features/search/contract.ts';

type Envelope = { success: boolean; message?: string; data?: any };
type Product = {
  id: number;
  name: string;
  offer_price: number;
  price: number;
  category_id: number;
  subcategory_id: number;
};

describe.each(inject('servers'))('catalogue API on $kind', ({ baseUrl }) => {
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${baseUrl}${path}`, init);
    expect(res.headers.get('content-type')).toMatch(/application\/json/);
    return { status: res.status, body: (await res.json()) as Envelope };
  };
  const okData = async (path: string) => {
    const { status, body } = await get(path);
    expect(status, path).toBe(200);
    expect(body.success).toBe(true);
    return body.data;
  };
  const failure = async (path: string, status: number) => {
    const res = await get(path);
    expect(res.status, path).toBe(status);
    expect(res.body.success).toBe(false);
    expect(res.body.message, path).toEqual(expect.any(String));
    expect(res.body.message!.length).toBeGreaterThan(3);
  };
  /** A product with a name of at least two words, from the biggest category's listing. */
  const someProduct = async (): Promise<Product> => {
    const { products } = await okData('/api/customer/product-subcategories/1?pageSize=100');
    return (products as Product[]).find((p) => p.name.length >= 6) ?? products[0];
  };

  it('lists the categories, ids 1 and 3 among them', async () => {
    const { categories } = await okData('/api/customer/product-categories');
    expect(categories.length).toBeGreaterThanOrEqual(2);
    expect(categories.map((c: { id: number }) => c.id)).toEqual(expect.arrayContaining([1, 3]));
    for (const c of categories)
      expect(c).toMatchObject({ id: expect.any(Number), title: expect.any(String), image: expect.any(String) });
  });

  it('pages and sorts the subcategory browser consistently', async () => {
    const asc = await okData('/api/customer/product-subcategories/1?sort=asc&page=1&pageSize=5');
    expect(asc.category.id).toBe(1);
    expect(asc.subcategories.length).toBeGreaterThan(0);
    expect(asc.totalPages).toBe(Math.max(1, Math.ceil(asc.total / 5)));
    const all = await okData(`/api/customer/product-subcategories/1?sort=asc&pageSize=100`);
    expect(all.products).toHaveLength(Math.min(all.total, 100));
    const prices = all.products.map((p: Product) => p.offer_price);
    expect(prices).toEqual([...prices].sort((a: number, b: number) => a - b));
    const desc = await okData(`/api/customer/product-subcategories/1?sort=desc&pageSize=100`);
    const dprices = desc.products.map((p: Product) => p.offer_price);
    expect(dprices).toEqual([...dprices].sort((a: number, b: number) => b - a));
    expect(desc.total).toBe(all.total);
    expect(asc.products.map((p: Product) => p.id)).toEqual(all.products.slice(0, 5).map((p: Product) => p.id));
    if (asc.total > 5) {
      const page2 = await okData('/api/customer/product-subcategories/1?sort=asc&page=2&pageSize=5');
      expect(page2.page).toBe(2);
      expect(page2.products.map((p: Product) => p.id)).toEqual(all.products.slice(5, 10).map((p: Product) => p.id));
      const firstIds = new Set(asc.products.map((p: Product) => p.id));
      expect(page2.products.some((p: Product) => firstIds.has(p.id))).toBe(false);
    }
    const sub = asc.subcategories[0].id;
    const filtered = await okData(
      `/api/customer/product-subcategories/1?subcategory=${sub}&pageSize=100&_=${Date.now()}`,
    );
    expect(filtered.products.every((p: Product) => p.subcategory_id === sub)).toBe(true);
    expect(filtered.total).toBeLessThanOrEqual(all.total);
  });

  it('answers bad ids and parameters with 400 or 404 and a message', async () => {
    await failure('/api/customer/product-subcategories/abc', 400);
    await failure('/api/customer/product-subcategories/0', 400);
    await failure('/api/customer/product-subcategories/999999', 404);
    await failure('/api/customer/product-subcategories/1?sort=sideways', 400);
    await failure('/api/customer/product-subcategories/1?page=-2', 400);
    await failure('/api/customer/product-subcategories/1?pageSize=100000', 400);
    await failure('/api/customer/product-subcategories/1?subcategory=999999', 404);
    await failure('/api/customer/product-details/abc', 400);
    await failure('/api/customer/product-details/99999999', 404);
    await failure('/api/customer/products/x', 400);
    await failure('/api/customer/products/999999', 404);
    await failure('/api/customer/search-products?product=tomato&limit=0', 400);
    await failure('/api/customer/search-products?product=tomato&limit=51', 400);
    await failure('/api/customer/search-products?product=tomato&limit=ten', 400);
  });

  it('gives product details with related products from the same category', async () => {
    const product = await someProduct();
    const data = await okData(`/api/customer/product-details/${product.id}`);
    expect(data.product).toMatchObject({ id: product.id, name: product.name, category_id: product.category_id });
    expect(data.product.images.length).toBeGreaterThan(0);
    expect(Array.isArray(data.related_products)).toBe(true);
    for (const r of data.related_products) {
      expect(r.id).not.toBe(product.id);
      expect(r.category_id).toBe(product.category_id);
    }
  });

  it('serves the home feed: banners and at most 10 products', async () => {
    const data = await okData('/api/customer/home');
    expect(data.banners.length).toBeGreaterThan(0);
    for (const b of data.banners)
      expect(b).toMatchObject({ id: expect.any(Number), image: expect.any(String), ctaLink: expect.any(String) });
    expect(data.products.length).toBeGreaterThan(0);
    expect(data.products.length).toBeLessThanOrEqual(10);
  });

  it('searches by a substring of a name, any case, and by a typo', async () => {
    const product = await someProduct();
    const word =
      product.name
        .split(/[^A-Za-z]+/)
        .filter((w) => w.length >= 5)
        .sort((a, b) => b.length - a.length)[0] ?? product.name;
    const middle = word.slice(1, -1).toUpperCase();
    const bySubstring = await okData(`/api/customer/search-products?product=${encodeURIComponent(middle)}&limit=50`);
    const matches = bySubstring.products as (Product & {
      product_id: number;
      product_name: string;
      category_name: string;
    })[];
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]!.product_name.toLowerCase()).toContain(middle.toLowerCase());
    const listing = await okData(`/api/customer/product-subcategories/1?pageSize=100`);
    const expected = (listing.products as Product[]).filter((p) => p.name.toLowerCase().includes(middle.toLowerCase()));
    if (matches.length < 50)
      expect(matches.map((p) => p.id)).toEqual(expect.arrayContaining(expected.map((p) => p.id)));
    expect(matches[0]).toMatchObject({ product_id: matches[0]!.id, category_name: expect.any(String) });

    // A typo: one letter of the longest word doubled.
    const typo = word.slice(0, 3) + word[3] + word.slice(3);
    const byTypo = await okData(`/api/customer/search-products?product=${encodeURIComponent(typo)}&limit=50`);
    expect(byTypo.products.some((p: Product) => p.name.toLowerCase().includes(word.toLowerCase()))).toBe(true);
  });

  it('caps results at 20 by default and at the given limit', async () => {
    const data = await okData('/api/customer/search-products?product=a');
    expect(data.products.length).toBeLessThanOrEqual(20);
    const two = await okData('/api/customer/search-products?product=a&limit=2');
    expect(two.products.length).toBeLessThanOrEqual(2);
  });

  it('refuses an empty search with 400 and a message', async () => {
    await failure('/api/customer/search-products?product=', 400);
    await failure('/api/customer/search-products?product=%20%20%20', 400);
    await failure('/api/customer/search-products', 400);
  });

  it('answers what each route declares (the contracts islands and the OpenAPI document are typed by)', async () => {
    const product = await someProduct();
    const checks = [
      [homeRoute, '/api/customer/home'],
      [listCategoriesRoute, '/api/customer/product-categories'],
      [categoryProductsRoute, '/api/customer/product-subcategories/1?pageSize=3'],
      [subcategoryProductsRoute, '/api/customer/products/0?pageSize=3'],
      [subcategoryProductsRoute, `/api/customer/products/${product.subcategory_id}?pageSize=3`],
      [productDetailsRoute, `/api/customer/product-details/${product.id}`],
      [searchProductsRoute, '/api/customer/search-products?product=mango'],
    ] as const;
    for (const [route, path] of checks) {
      const data = await okData(path);
      const parsed = route.response.safeParse(data);
      expect(parsed.error?.issues ?? [], path).toEqual([]);
    }
  });

  it('names the field of a bad id or parameter', async () => {
    for (const [path, field, message] of [
      ['/api/customer/product-subcategories/abc', 'id', 'Invalid category id.'],
      ['/api/customer/product-details/0', 'id', 'Invalid product id.'],
      ['/api/customer/products/x', 'id', 'Invalid subcategory id.'],
      ['/api/customer/products/0?category=x', 'category', 'Invalid category id.'],
      ['/api/customer/product-subcategories/1?page=0', 'page', 'page must be a positive whole number.'],
      ['/api/customer/search-products?product=tomato&limit=ten', 'limit', 'limit must be a whole number from 1 to 50.'],
      ['/api/customer/search-products', 'product', 'Please enter a product name to search.'],
    ]) {
      const { status, body } = await get(path);
      expect(status, path).toBe(400);
      expect(body, path).toMatchObject({ success: false, message, errors: { [field]: message } });
    }
  });

  it('answers HEAD like GET, without a body, and another method with 405 and Allow', async () => {
    const head = await fetch(`${baseUrl}/api/customer/home`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const del = await fetch(`${baseUrl}/api/customer/search-products?product=a`, {
      method: 'DELETE',
      headers: { origin: baseUrl },
    });
    expect(del.status).toBe(405);
    expect(del.headers.get('allow')).toBe('GET, HEAD');
  });

  it('refuses a cross-origin POST with 403', async () => {
    const res = await fetch(`${baseUrl}/api/customer/search-products?product=tomato`, {
      method: 'POST',
      headers: { origin: 'https://evil.example', 'content-type': 'text/plain' },
      body: 'x',
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as Envelope).success).toBe(false);
  });
});
