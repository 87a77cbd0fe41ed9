/**
 * GET /sitemap.xml: every indexable URL of the shop as one `<urlset>` while they fit one sitemap
 * file (SITEMAP_URLS_PER_FILE), and a `<sitemapindex>` naming /sitemap-1.xml, /sitemap-2.xml, …
 * once they do not (ADR 0163). robots.txt names this address either way.
 */
import type { APIRoute } from 'astro';
import { sitemapResponse } from './_views/sitemap.ts';

export const prerender = false;

export const GET: APIRoute = () => sitemapResponse(null);
