/** GET /api/openapi.json: the OpenAPI 3.1 description, from the handlers' own zod schemas. */
import type { APIRoute } from 'astro';
import { openApiDocument } from '../../lib/server/openapi.ts';
import { getConfig } from '../../lib/config.ts';

export const GET: APIRoute = () =>
  new Response(JSON.stringify(openApiDocument(getConfig().SITE_URL)), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
