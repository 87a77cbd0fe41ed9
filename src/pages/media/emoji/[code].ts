/**
 * GET /media/emoji/{codepoint}.svg: Twemoji artwork (CC-BY 4.0, from @twemoji/svg) used as the
 * demo shop's product, category and subcategory images. Immutable; cached for a year.
 */
import type { APIRoute } from 'astro';
import { readTwemoji } from '#features/catalog/index.ts';

export const GET: APIRoute = async ({ params }) => {
  const svg = await readTwemoji(params.code ?? '');
  if (!svg) return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  return new Response(svg, {
    headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=31536000, immutable' },
  });
};
