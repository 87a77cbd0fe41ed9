/**
 * A catalogue larger than one sitemap file: /sitemap.xml answers a sitemap index naming
 * /sitemap-1.xml, /sitemap-2.xml, …, each a `<urlset>` of at most SITEMAP_URLS_PER_FILE URLs,
 * together listing every URL of the shop exactly once, and a part past the last answers 404. The
 * servers here (PGlite, and PostgreSQL when TEST_DATABASE_URL is set) cut their list every 25 URLs
 * so the demo shop needs several parts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKinds } from '../helpers/database.ts';
import { type RunningServer, startServerOn } from '../helpers/server.ts';

const PER_FILE = 25;
const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const XMLNS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);

describe.each(testDatabaseKinds())('sitemap index of a catalogue larger than one file (%s)', (kind) => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServerOn(kind, {
      SITEMAP_URLS_PER_FILE: String(PER_FILE),
      SITE_URL: 'https://shop.example.in',
    });
  });
  afterAll(() => server?.stop());

  it('names its parts in /sitemap.xml and lists every URL of the shop once across them', async () => {
    const res = await fetch(`${server.baseUrl}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    expect(res.headers.get('cache-control')).toMatch(/public, max-age=3600/);
    const index = await res.text();
    expect(index.startsWith(`${XML_HEAD}<sitemapindex ${XMLNS}>\n`)).toBe(true);
    expect(index.trimEnd().endsWith('</sitemapindex>')).toBe(true);
    expect(index).not.toContain('<url>');
    const parts = locsOf(index);
    expect(parts.length).toBeGreaterThan(2);
    expect(parts).toEqual(parts.map((_, i) => `https://shop.example.in/sitemap-${i + 1}.xml`));

    const urls: string[] = [];
    for (const [i, part] of parts.entries()) {
      const answer = await fetch(`${server.baseUrl}${new URL(part).pathname}`);
      expect(answer.status, part).toBe(200);
      expect(answer.headers.get('content-type'), part).toMatch(/application\/xml/);
      const xml = await answer.text();
      expect(xml.startsWith(`${XML_HEAD}<urlset ${XMLNS}>\n`), part).toBe(true);
      expect(xml.trimEnd().endsWith('</urlset>'), part).toBe(true);
      const locs = locsOf(xml);
      if (i < parts.length - 1) expect(locs.length, part).toBe(PER_FILE);
      else expect(locs.length, part).toBeGreaterThan(0);
      expect(locs.length, part).toBeLessThanOrEqual(PER_FILE);
      urls.push(...locs);
    }

    expect(new Set(urls).size).toBe(urls.length);
    expect(urls.every((u) => u.startsWith('https://shop.example.in/'))).toBe(true);
    const paths = urls.map((u) => new URL(u).pathname);
    for (const path of ['/', '/categories', '/about', '/faq', '/blog', '/shipping', '/category/1/subcategories'])
      expect(paths).toContain(path);
    expect(paths.some((p) => p.startsWith('/blog/'))).toBe(true);
    const all = (await (await fetch(`${server.baseUrl}/api/customer/products/0?pageSize=1`)).json()) as {
      data: { total?: number; pagination?: { total: number } };
    };
    const total = all.data.total ?? all.data.pagination?.total;
    expect(total).toBeGreaterThan(PER_FILE);
    expect(paths.filter((p) => /^\/product\/\d+$/.test(p)).length).toBe(total);
  });

  it('answers 404 for a part past the last and for names that are not a part number', async () => {
    const parts = locsOf(await (await fetch(`${server.baseUrl}/sitemap.xml`)).text()).length;
    for (const name of [`sitemap-${parts + 1}`, 'sitemap-0', 'sitemap-01', 'sitemap-x', 'sitemap-1.5']) {
      const res = await fetch(`${server.baseUrl}/${name}.xml`);
      expect(res.status, name).toBe(404);
    }
  });

  it('keeps robots.txt naming /sitemap.xml, the index', async () => {
    const robots = await (await fetch(`${server.baseUrl}/robots.txt`)).text();
    expect(robots).toMatch(/^Sitemap: https:\/\/shop\.example\.in\/sitemap\.xml$/m);
  });
});
