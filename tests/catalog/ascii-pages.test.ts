/**
 * Catalogue pages are sent in ASCII: prices (₹), the templates' symbols and the catalogue's
 * texts arrive as character references, which a browser shows as the characters themselves.
 * A page holding one character outside Latin-1 is built by V8 as a two-byte string, which costs
 * a fifth of its render (#lib/ascii-html.ts). The demo shop's product names are ASCII; its
 * descriptions are not all (2–3 days, sautéed), and they go through the same references.
 */
import { decodeHTML } from 'entities';
import { describe, expect, inject, it } from 'vitest';

const NON_ASCII = /[\u0080-\uffff]/;

describe.each(inject('servers'))('catalogue pages on $kind', ({ baseUrl }) => {
  /** The page as sent when the client takes no content coding. */
  const page = async (path: string) => {
    const res = await fetch(`${baseUrl}${path}`, { headers: { accept: 'text/html', 'accept-encoding': 'identity' } });
    expect(res.status, path).toBe(200);
    return new TextDecoder().decode(await res.arrayBuffer());
  };
  const linksOf = (html: string, pattern: RegExp) => [...new Set([...html.matchAll(pattern)].map((m) => m[0]))];
  /** Where a page is not ASCII: each character with what comes before it. */
  const outsideAscii = (html: string) =>
    [...html.matchAll(/.{0,40}[\u0080-\u{10ffff}]/gsu)].map((m) => m[0]).slice(0, 5);

  it('sends every product page, listing and search result in ASCII, with ₹ and − as references', async () => {
    const home = await page('/');
    const categories = linksOf(home, /\/category\/\d+\/subcategories/g);
    expect(categories.length).toBeGreaterThan(2);
    const listings = categories.flatMap((path) => [path, `${path}?sort=desc`, `${path}?page=2`]);
    const products = new Set<string>();
    for (const path of listings) {
      const html = await page(path);
      expect(outsideAscii(html), path).toEqual([]);
      for (const link of linksOf(html, /\/product\/\d+/g)) products.add(link);
    }
    const first = await page(categories[0]!);
    for (const path of linksOf(first, /\/categories\/\d+\/subcategory\/\d+/g)) {
      expect(outsideAscii(await page(path)), path).toEqual([]);
    }
    expect(products.size).toBeGreaterThan(20);
    for (const path of products) expect(outsideAscii(await page(path)), path).toEqual([]);
    for (const path of ['/search?q=mango', '/search?q=manog', '/search?q=banana&sort=asc']) {
      expect(outsideAscii(await page(path)), path).toEqual([]);
    }
  });

  it('shows the same text a browser would read from the characters themselves', async () => {
    const listing = await page('/category/1/subcategories');
    const product = /\/product\/\d+/.exec(listing)![0];
    const html = await page(product);
    expect(NON_ASCII.test(html)).toBe(false);
    const text = decodeHTML(html);
    expect(text).toMatch(/Price: <\/span>₹\d[\d,]*\.\d\d/);
    expect(text).toContain('>−</button>');
    expect(text).toContain('© ');
    const description = /<meta name="description" content="([^"]*)"/.exec(html)![1]!;
    expect(decodeHTML(description)).toMatch(/ for ₹\d/);
  });
});
