/**
 * The sitemap answers of /sitemap.xml and /sitemap-N.xml, generated per request so new products
 * appear without a rebuild. The shop's indexable URLs, in one fixed order: home, /categories,
 * content pages, /blog and its posts, each category's subcategory browser, each subcategory
 * listing, then each product on sale by id (deactivated categories and subcategories, and their
 * products, are left out; so are active categories and subcategories with no product on sale,
 * which the storefront does not list either: ADR 0144).
 *
 * A sitemap file holds at most 50,000 URLs (sitemaps.org), so the list is cut into parts of
 * SITEMAP_URLS_PER_FILE URLs: /sitemap-1.xml holds the first, /sitemap-2.xml the next, and so on.
 * /sitemap.xml is the whole list as one `<urlset>` while it fits one part, and a `<sitemapindex>`
 * naming the parts once it does not (ADR 0163); a part past the last answers 404. A part's XML is
 * streamed in chunks while one query per table reads only ids and update times, and its products
 * by LIMIT/OFFSET, so a request holds at most one part's rows.
 */

import { getCollection } from 'astro:content';
import { and, asc, count, eq, exists, sql } from 'drizzle-orm';
import { onSale } from '#features/catalog/index.ts';
import { categoryHref } from '#features/catalog/rules.ts';
import { getConfig } from '#lib/config.ts';
import { type Database, getDb } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import { logger } from '#lib/log.ts';

const XMLNS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const HEADERS = {
  'content-type': 'application/xml; charset=utf-8',
  'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
};

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const day = (d: Date) => d.toISOString().slice(0, 10);

/** The shop's public address without a trailing slash. */
const siteUrl = () => getConfig().SITE_URL.replace(/\/+$/, '');

/** One `<url>` entry for `path` on the shop's address. */
function urlEntry(site: string, path: string, lastmod?: Date): string {
  return `<url><loc>${escapeXml(site + path)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>\n`;
}

/** The `<url>` entries before the products: pages, posts, categories and subcategories (a few hundred at most). */
async function leadingEntries(db: Database, site: string): Promise<string[]> {
  const [pages, posts, categoryRows, subcategoryRows] = await Promise.all([
    getCollection('pages'),
    getCollection('blog', ({ data }) => !data.draft),
    db
      .select({ id: categories.id, updatedAt: categories.updatedAt })
      .from(categories)
      .where(
        and(
          eq(categories.isActive, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(products)
              .where(and(onSale(), eq(products.categoryId, categories.id))),
          ),
        ),
      )
      .orderBy(asc(categories.id)),
    db
      .select({ id: subcategories.id, categoryId: subcategories.categoryId, updatedAt: subcategories.updatedAt })
      .from(subcategories)
      .innerJoin(categories, eq(categories.id, subcategories.categoryId))
      .where(
        and(
          eq(subcategories.isActive, true),
          eq(categories.isActive, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(products)
              .where(and(onSale(), eq(products.subcategoryId, subcategories.id))),
          ),
        ),
      )
      .orderBy(asc(subcategories.categoryId), asc(subcategories.id)),
  ]);
  return [
    urlEntry(site, '/'),
    urlEntry(site, '/categories'),
    ...pages.map((p) => urlEntry(site, `/${p.id}`, p.data.updated)),
    urlEntry(site, '/blog'),
    ...posts.map((p) => urlEntry(site, `/blog/${p.id}`, p.data.updated ?? p.data.published)),
    ...categoryRows.map((c) => urlEntry(site, categoryHref(c.id), c.updatedAt)),
    ...subcategoryRows.map((s) => urlEntry(site, `/categories/${s.categoryId}/subcategory/${s.id}`, s.updatedAt)),
  ];
}

/**
 * The `<urlset>` of URLs `from` (inclusive) to `to` (exclusive) of the list: the leading entries
 * that fall in it, then the products by id from the matching offset, streamed 1,000 at a time.
 */
function urlsetResponse(db: Database, site: string, leading: string[], from: number, to: number): Response {
  const encoder = new TextEncoder();
  const offset = Math.max(0, from - leading.length);
  const limit = to - Math.max(from, leading.length);
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(
        encoder.encode(
          `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${XMLNS}">\n${leading.slice(from, to).join('')}`,
        ),
      );
      try {
        const rows =
          limit > 0
            ? await db
                .select({ id: products.id, updatedAt: products.updatedAt })
                .from(products)
                .where(onSale())
                .orderBy(asc(products.id))
                .limit(limit)
                .offset(offset)
            : [];
        for (let i = 0; i < rows.length; i += 1000) {
          controller.enqueue(
            encoder.encode(
              rows
                .slice(i, i + 1000)
                .map((p) => urlEntry(site, `/product/${p.id}`, p.updatedAt))
                .join(''),
            ),
          );
        }
        controller.enqueue(encoder.encode('</urlset>\n'));
        controller.close();
      } catch (error) {
        logger.error({ err: error }, 'sitemap: product query failed');
        controller.error(error);
      }
    },
  });
  return new Response(body, { headers: HEADERS });
}

/** The `<sitemapindex>` naming /sitemap-1.xml … /sitemap-`parts`.xml. */
function indexResponse(site: string, parts: number): Response {
  const entries = Array.from(
    { length: parts },
    (_, i) => `<sitemap><loc>${escapeXml(`${site}/sitemap-${i + 1}.xml`)}</loc></sitemap>\n`,
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${XMLNS}">\n${entries.join('')}</sitemapindex>\n`;
  return new Response(xml, { headers: HEADERS });
}

/** The 404 of a sitemap part that does not exist. */
export const sitemapNotFound = (): Response =>
  new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });

/**
 * The answer for /sitemap.xml (`part` null) or /sitemap-`part`.xml: the whole list, the index of
 * parts, one part, or 404 for a part past the last (the first part always exists, so a crawler
 * holding an index from before the catalogue shrank still finds it).
 */
export async function sitemapResponse(part: number | null): Promise<Response> {
  const site = siteUrl();
  const perFile = getConfig().SITEMAP_URLS_PER_FILE;
  const db = await getDb();
  const [leading, [{ n: productCount }]] = await Promise.all([
    leadingEntries(db, site),
    db.select({ n: count() }).from(products).where(onSale()),
  ]);
  const total = leading.length + productCount;
  const parts = Math.max(1, Math.ceil(total / perFile));
  if (part === null) {
    return parts === 1 ? urlsetResponse(db, site, leading, 0, total) : indexResponse(site, parts);
  }
  if (part < 1 || part > parts) {
    return sitemapNotFound();
  }
  return urlsetResponse(db, site, leading, (part - 1) * perFile, Math.min(total, part * perFile));
}
