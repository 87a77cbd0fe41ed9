/**
 * GET /sitemap-N.xml: part N (from 1) of the shop's URLs as a `<urlset>`, the files the sitemap
 * index at /sitemap.xml names for a large catalogue (ADR 0163). A part past the last, or a name
 * that is not a plain number, answers 404.
 */
import type { APIRoute } from 'astro';
import { sitemapNotFound, sitemapResponse } from './_views/sitemap.ts';

export const prerender = false;

export const GET: APIRoute = ({ params }) =>
  /^[1-9]\d{0,8}$/.test(params.part ?? '') ? sitemapResponse(Number(params.part)) : sitemapNotFound();
