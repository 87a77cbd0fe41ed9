/**
 * GET /api/customer/search, the search results page's data, over HTTP against each
 * running server with the demo shop: Hindi and Malayalam words and typos find the products, one
 * or two letters list what the dropdown lists,
 * category and brand filters narrow with counts, price sorts and pages are consistent, HEAD
 * answers, and bad input is a 400 with a message (the dropdown's search-products too, for a
 * parameter given twice; the /search page takes the first).
 */
import { describe, expect, inject, it } from 'vitest';

type Card = { id: number; name: string; offer_price: number; category_id: number; brand: string | null };
type Page = {
  query: string;
  corrected_query: string | null;
  total: number;
  page: number;
  page_size: number;
  total_pages: number;
  products: Card[];
  categories: { id: number; name: string; count: number }[];
  brands: { name: string; count: number }[];
  suggestions: string[];
  unstocked: { name: string; category: { id: number; name: string; url: string } | null } | null;
};

describe.each(inject('servers'))('search page API on $kind', ({ baseUrl }) => {
  const get = async (path: string, init?: RequestInit) => {
    const res = await fetch(`${baseUrl}${path}`, init);
    return {
      status: res.status,
      body:
        init?.method === 'HEAD' ? null : ((await res.json()) as { success: boolean; message?: string; data?: Page }),
    };
  };
  const search = async (query: string) => {
    const { status, body } = await get(`/api/customer/search?${query}`);
    expect(status, query).toBe(200);
    return body!.data!;
  };

  it('finds products by Hindi and Malayalam words and corrects typos against the catalogue', async () => {
    expect((await search('q=aloo')).products[0]!.name).toBe('Potato');
    expect((await search('q=thakkali')).products.slice(0, 3).map((p) => p.name)).toContain('Tomato');
    expect((await search('q=kappa')).products[0]!.name).toMatch(/Tapioca/);
    const typo = await search('q=tomoto');
    expect(typo.corrected_query).toBe('tomato');
    expect(typo.products[0]!.name).toMatch(/^Tomato/);
    expect((await search('q=banan')).products[0]!.name).toMatch(/Banana/);
  });

  it('offers category and brand filters with counts that add up, and applies them', async () => {
    const all = await search('q=banana');
    expect(all.categories.reduce((n, c) => n + c.count, 0)).toBe(all.total);
    const fruit = all.categories.find((c) => c.name === 'Fresh Fruits')!;
    const inFruit = await search(`q=banana&category=${fruit.id}`);
    expect(inFruit.total).toBe(fruit.count);
    expect(inFruit.products.every((p) => p.category_id === fruit.id)).toBe(true);
    const brand = all.brands[0]!;
    const byBrand = await search(`q=banana&brand=${encodeURIComponent(brand.name.toUpperCase())}`);
    expect(byBrand.total).toBe(brand.count);
    expect(byBrand.products.every((p) => p.brand === brand.name)).toBe(true);
    expect((await search('q=banana&brand=No+Such+Brand')).total).toBe(0);
  });

  it('sorts by price and pages without losing or repeating a product', async () => {
    const first = await search('q=fruits&sort=asc');
    expect(first.total).toBeGreaterThan(first.page_size);
    expect(first.total_pages).toBe(Math.ceil(first.total / first.page_size));
    const second = await search('q=fruits&sort=asc&page=2');
    const prices = [...first.products, ...second.products].map((p) => p.offer_price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const ids = [...first.products, ...second.products].map((p) => p.id);
    expect(new Set(ids).size).toBe(Math.min(first.total, 2 * first.page_size));
    const desc = await search('q=fruits&sort=desc');
    expect(desc.products[0]!.offer_price).toBeGreaterThanOrEqual(desc.products.at(-1)!.offer_price);
    expect((await search('q=fruits&page=99')).products).toEqual([]);
  });

  it('lists for one or two letters the products the dropdown starts with, every one of them', async () => {
    const dropdown = await get('/api/customer/search-products?product=m&limit=20');
    const listed = (dropdown.body as unknown as { data: { products: { name: string }[] } }).data.products;
    expect(listed.length).toBe(20);
    // Other files on the shared server may add products: the rule is asserted, not the names.
    const page = await search('q=m');
    expect(page.total).toBeGreaterThanOrEqual(listed.length);
    expect(page.products.length).toBe(page.page_size);
    expect(page.products[0]!.name.toLowerCase()).toMatch(/^m/);
    for (const p of page.products) expect(p.name.toLowerCase()).toContain('m');
    expect(page.suggestions).toEqual([]);
  });

  it('suggests the nearest catalogue words when nothing matches', async () => {
    const nothing = await search('q=jakfroot');
    expect(nothing).toMatchObject({ total: 0, products: [], categories: [] });
    expect(nothing.suggestions).toContain('jackfruit');
    expect(nothing.unstocked).toBeNull();
    const gibberish = await search('q=xqzvw');
    expect(gibberish).toMatchObject({ total: 0, products: [] });
    // Junk gets no "did you mean" of words it merely shares letters with ("qwerty": sweets, cherry).
    for (const junk of ['qwerty', 'asdf', 'sdfgsdfg'])
      expect(await search(`q=${junk}`), junk).toMatchObject({ total: 0, suggestions: [] });
    // Two neighbouring letters swapped are one edit: corrected at once, like a dropped letter.
    const swapped = await search('q=mnago');
    expect(swapped).toMatchObject({ corrected_query: 'mango', suggestions: [] });
    expect(swapped.total).toBeGreaterThan(0);
    // One letter is too little to guess a word from: no "did you mean".
    // (Other files on the shared server may add products: only the suggestions are asserted.)
    for (const letter of ['a', 'x']) expect((await search(`q=${letter}`)).suggestions, letter).toEqual([]);
  });

  it('says what a known word means and offers its category when the shop does not stock it', async () => {
    const okra = await search('q=bhindi');
    expect(okra).toMatchObject({ total: 0, products: [], suggestions: [] });
    expect(okra.unstocked).toMatchObject({ name: 'okra', category: { name: 'Fresh Vegetables' } });
    expect(okra.unstocked!.category!.url).toBe(`/category/${okra.unstocked!.category!.id}/subcategories`);
    expect((await fetch(`${baseUrl}${okra.unstocked!.category!.url}`)).status).toBe(200);
    // Wheat flour: no category of its kind in the demo shop, and still no unrelated suggestion.
    const atta = await search('q=atta');
    expect(atta).toMatchObject({ total: 0, suggestions: [], unstocked: { name: 'wheat flour', category: null } });
  });

  it("answers 400 naming the parameter when the dropdown's search text is given twice", async () => {
    const res = await fetch(`${baseUrl}/api/customer/search-products?product=aloo&product=onion`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, message: 'product must be given only once.' });
  });

  it('shows the results page for the first text when q is given twice, as pages forgive a bad URL', async () => {
    const res = await fetch(`${baseUrl}/search?q=aloo&q=onion`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>Search results for “aloo”');
    expect(html).toContain('Potato');
    expect(html).not.toContain('Search results for “onion”');
  });

  it('answers HEAD and is public and cacheable', async () => {
    const res = await fetch(`${baseUrl}/api/customer/search?q=aloo`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toMatch(/public/);
  });

  it.each([
    ['', 'Please enter a product name to search.'],
    ['q=', 'Please enter a product name to search.'],
    ['q=%20%20', 'Please enter a product name to search.'],
    ['q=aloo&category=x', 'category must be a positive whole number.'],
    ['q=aloo&category=0', 'category must be a positive whole number.'],
    ['q=aloo&sort=cheap', 'sort must be asc or desc.'],
    ['q=aloo&page=-1', 'page must be a positive whole number.'],
    [`q=${'a'.repeat(501)}`, 'q must be at most 500 characters.'],
    ['q=aloo&q=onion', 'q must be given only once.'],
    ['q=aloo&page=1&page=2', 'page must be given only once.'],
  ])('answers 400 with a message for %j', async (query, message) => {
    const { status, body } = await get(`/api/customer/search?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false });
    expect(body!.message).toContain(message);
  });
});
