/**
 * GET /media/photos/{name}: an uploaded photo's WebP file (src/features/media). Names are content
 * hashes, so a file never changes: cached for a year, immutable. An unknown name is a 404.
 */
import type { APIRoute } from 'astro';
import { readPhotoFile } from '#features/media/index.ts';

export const GET: APIRoute = async ({ params }) => {
  const file = await readPhotoFile(params.name ?? '');
  if (!file)
    return new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  return new Response(file as Uint8Array<ArrayBuffer>, {
    headers: {
      'content-type': 'image/webp',
      'content-length': String(file.byteLength),
      'cache-control': 'public, max-age=31536000, immutable',
    },
  });
};
