/**
 * GET /robots.txt: crawlers may read the whole shop except the API, the back office and the
 * customer-only pages; the sitemap address comes from SITE_URL.
 */
import type { APIRoute } from 'astro';
import { getConfig } from '#lib/config.ts';

export const prerender = false;

/** Paths that are private to a customer or not pages at all. */
const DISALLOW = ['/api/', '/cart', '/checkout', '/my-account', '/wishlist', '/admin'];

export const GET: APIRoute = () => {
  const site = getConfig().SITE_URL.replace(/\/+$/, '');
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOW.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${site}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, {
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=3600' },
  });
};
