/**
 * GET /sitemap.xml: every indexable URL of the shop, generated per request so new
 * products appear without a rebuild: home, content pages, blog posts, /categories, each category's
 * subcategory browser, each subcategory listing and each product on sale (deactivated categories
 * and subcategories, and their products, are left out; so are active categories and subcategories
 * with no product on sale, which the storefront does not list either: ADR 0144). The XML is streamed in
 * chunks while one query per table reads only ids and update times, so a large catalogue never sits whole in memory.
 * Sitemaps hold at most 50,000 URLs; a larger catalogue needs a sitemap index.
 */

import { getCollection } from 'astro:content';
import type { APIRoute } from 'astro';
import { and, asc, eq, exists, sql } from 'drizzle-orm';
import { onSale } from '#features/catalog/index.ts';
import { categoryHref } from '#features/catalog/rules.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import { categories, products, subcategories } from '#lib/db/schema.ts';
import { logger } from '#lib/log.ts';

export const prerender = false;

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const day = (d: Date) => d.toISOString().slice(0, 10);

export const GET: APIRoute = async () => {
  const site = getConfig().SITE_URL.replace(/\/+$/, '');
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeXml(site + path)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>\n`;

  const db = await getDb();
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

  const head = [
    '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n',
    url('/'),
    url('/categories'),
    ...pages.map((p) => url(`/${p.id}`, p.data.updated)),
    url('/blog'),
    ...posts.map((p) => url(`/blog/${p.id}`, p.data.updated ?? p.data.published)),
    ...categoryRows.map((c) => url(categoryHref(c.id), c.updatedAt)),
    ...subcategoryRows.map((s) => url(`/categories/${s.categoryId}/subcategory/${s.id}`, s.updatedAt)),
  ].join('');

  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(head));
      try {
        const rows = await db
          .select({ id: products.id, updatedAt: products.updatedAt })
          .from(products)
          .where(onSale())
          .orderBy(asc(products.id));
        for (let i = 0; i < rows.length; i += 1000) {
          controller.enqueue(
            encoder.encode(
              rows
                .slice(i, i + 1000)
                .map((p) => url(`/product/${p.id}`, p.updatedAt))
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

  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600, stale-while-revalidate=86400',
    },
  });
};
