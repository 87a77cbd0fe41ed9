/**
 * Every route of the storefront's route table (docs/storefront-rules.md#routes) answers 200 with
 * its heading, unknown routes answer a helpful 404, and the SEO endpoints (sitemap.xml, robots.txt)
 * and per-page head tags are what search engines need.
 */
import { describe, expect, inject, it } from 'vitest';
import { CONTENT_PAGES, firstHeading, pageText, type RouteCase, routeTable } from '../helpers/route-table.ts';

for (const { kind, baseUrl } of inject('servers')) {
  const table: RouteCase[] = await routeTable(baseUrl);
  describe(`routes (${kind})`, () => {
    it.each(table)('$path answers 200 with its heading', async ({ path, heading }) => {
      const res = await fetch(`${baseUrl}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/text\/html/);
      const h1 = firstHeading(await res.text());
      expect(h1).not.toBeNull();
      expect(h1).not.toBe('Page not found');
      if (typeof heading === 'string') expect(h1).toBe(heading);
      else expect(h1).toMatch(heading);
    });

    it('/company and /about are the same page with /about as the canonical URL', async () => {
      const [company, about] = await Promise.all(
        ['/company', '/about'].map(async (p) => (await fetch(`${baseUrl}${p}`)).text()),
      );
      const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical(company)).toMatch(/\/about$/);
      expect(canonical(company)).toBe(canonical(about));
      expect(firstHeading(company)).toBe(firstHeading(about));
    });

    it('content pages show the policy facts and the configured contact details', async () => {
      const html = async (p: string) => (await fetch(`${baseUrl}${p}`)).text();
      const text = async (p: string) => pageText(await html(p));
      const shipping = await text('/shipping');
      expect(shipping).toContain('₹499');
      expect(shipping).toContain('₹40');
      // The prerendered pages state the zones the build was made with: the demo shop's.
      expect(shipping).toContain('8–10 AM, 10 AM–12 PM, 12–2 PM, 4–6 PM, 6–8 PM and 8–10 PM');
      expect(shipping).toContain('Order before 5 PM');
      const returns = await text('/product-returns');
      expect(returns).toContain('within 24 hours of delivery');
      expect(returns).toContain('5–7 working days');
      expect(await text('/terms-and-conditions')).toContain('Effective date: December 6, 2026');
      expect(await text('/privacy-policy')).toContain('Last updated: May 21, 2025');
      const contact = await html('/contact-us');
      expect(contact).toMatch(/<a href="mailto:[^"]+@[^"]+">/);
      expect(contact).toMatch(/<a href="tel:\+?\d+">/);
      expect(pageText(contact)).not.toMatch(/\{(email|phone|address)\}/);
    });

    it('every content page has its own title, meta description, canonical URL and social tags', async () => {
      const seen = new Set<string>();
      for (const path of Object.keys(CONTENT_PAGES).filter((p) => p !== '/company')) {
        const html = await (await fetch(`${baseUrl}${path}`)).text();
        const title = /<title>([^<]+)<\/title>/.exec(html)?.[1];
        expect(title, path).toBeTruthy();
        expect(seen.has(title!), `${path} repeats the title ${title}`).toBe(false);
        seen.add(title!);
        expect(html, path).toMatch(/<meta name="description" content="[^"]{50,}"/);
        expect(html, path).toMatch(new RegExp(`<link rel="canonical" href="https?://[^"]+${path}"`));
        expect(html, path).toMatch(/<meta property="og:image" content="https?:\/\//);
        expect(html, path).toMatch(/<meta name="twitter:card"/);
        expect(html, path).toContain('"@type":"BreadcrumbList"');
      }
    });

    it('the blog lists at least 3 posts and each one opens', async () => {
      const html = await (await fetch(`${baseUrl}/blog`)).text();
      const links = [...new Set([...html.matchAll(/href="(\/blog\/[a-z0-9-]+)"/g)].map((m) => m[1]))];
      expect(links.length).toBeGreaterThanOrEqual(3);
      for (const link of links) {
        const res = await fetch(`${baseUrl}${link}`);
        expect(res.status, link).toBe(200);
        expect(await res.text(), link).toContain('"@type":"BlogPosting"');
      }
    });

    it('an unknown route answers 404 with "Page not found", categories and a way home', async () => {
      const res = await fetch(`${baseUrl}/no-such-page-${Date.now()}`);
      expect(res.status).toBe(404);
      const html = await res.text();
      expect(firstHeading(html)).toBe('Page not found');
      expect(html).toMatch(/href="\/category\/\d+\/subcategories"/);
      expect(html).toMatch(/<a href="\/"[^>]*>Back to home<\/a>/);
      expect(html).toContain('<meta name="robots" content="noindex"');
    });

    it('an unknown /api address answers the JSON envelope 404, not the HTML page, whatever the method', async () => {
      for (const [method, p] of [
        ['GET', '/api/nope'],
        ['GET', '/api'],
        ['POST', '/api/customer/no-such-endpoint'],
      ] as const) {
        const res = await fetch(`${baseUrl}${p}`, {
          method,
          headers: { origin: baseUrl, 'content-type': 'application/json' },
          body: method === 'POST' ? '{}' : undefined,
        });
        expect(res.status, `${method} ${p}`).toBe(404);
        expect(res.headers.get('content-type'), `${method} ${p}`).toMatch(/application\/json/);
        expect(await res.json()).toEqual({ success: false, message: 'There is no API endpoint at this address.' });
      }
    });

    it('robots.txt allows crawling, keeps private paths out and names the sitemap', async () => {
      const res = await fetch(`${baseUrl}/robots.txt`);
      expect(res.status).toBe(200);
      const text = await res.text();
      expect(text).toMatch(/^User-agent: \*$/m);
      for (const path of ['/api/', '/cart', '/checkout', '/my-account', '/wishlist'])
        expect(text).toContain(`Disallow: ${path}\n`);
      expect(text).toMatch(/^Sitemap: https?:\/\/\S+\/sitemap\.xml$/m);
    });

    it('sitemap.xml lists static pages, blog posts, categories, subcategories and every product', async () => {
      const res = await fetch(`${baseUrl}/sitemap.xml`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/application\/xml/);
      const xml = await res.text();
      expect(xml).toMatch(
        /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
      );
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
      const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
      expect(new Set(locs).size).toBe(locs.length);
      for (const path of ['/', '/categories', '/about', '/faq', '/blog', '/shipping']) expect(locs).toContain(path);
      expect(locs).not.toContain('/company');
      expect(locs.some((p) => p.startsWith('/blog/'))).toBe(true);
      expect(locs).toContain('/category/1/subcategories');

      const cats = (await (await fetch(`${baseUrl}/api/customer/product-categories`)).json()) as {
        data: { categories: { id: number }[] };
      };
      for (const c of cats.data.categories) expect(locs).toContain(`/category/${c.id}/subcategories`);
      const subs = (await (await fetch(`${baseUrl}/api/customer/product-subcategories/1`)).json()) as {
        data: { subcategories: { id: number }[] };
      };
      for (const s of subs.data.subcategories) expect(locs).toContain(`/categories/1/subcategory/${s.id}`);
      const all = (await (await fetch(`${baseUrl}/api/customer/products/0?pageSize=1`)).json()) as {
        data: { total?: number; pagination?: { total: number } };
      };
      const productLocs = locs.filter((p) => /^\/product\/\d+$/.test(p));
      const total = all.data.total ?? all.data.pagination?.total;
      expect(total).toBeGreaterThan(0);
      expect(productLocs.length).toBe(total);
    });

    it('a shop within one sitemap file has /sitemap-1.xml as its one part and no second', async () => {
      const first = await fetch(`${baseUrl}/sitemap-1.xml`);
      expect(first.status).toBe(200);
      expect(await first.text()).toMatch(/<urlset [^>]+>\n<url><loc>[^<]+\/<\/loc><\/url>/);
      expect((await fetch(`${baseUrl}/sitemap-2.xml`)).status).toBe(404);
    });
  });
}
