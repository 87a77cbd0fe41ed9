/** GET /api/openapi.json: the OpenAPI 3.1 document, generated from every route's declaration. */
import type { APIRoute } from 'astro';
import { allContracts } from '#features/contracts.ts';
import { getConfig } from '#lib/config.ts';
import { openApiDocument } from '#lib/http/openapi.ts';

const INFO = {
  title: 'FarmFresh API',
  version: '1.0.0',
  description:
    'The storefront API: every call of the storefront and its back office. Envelope { success, message?, data } with data as declared per route; failures { success: false, message, errors? } with 400, 401, 403, 404, 405, 409, 413, 422, 429 or 503. Money in rupees with 2 decimals. Bodies may be JSON, form-urlencoded or multipart (at most 64 KB). Browsers use the HttpOnly session cookie; API clients send X-Token-Transport: bearer to POST /api/otp-login to get data.token, then Authorization: Bearer.',
};

let cached: string | undefined;

export const GET: APIRoute = () => {
  cached ??= JSON.stringify(openApiDocument(allContracts, getConfig().SITE_URL, INFO));
  return new Response(cached, {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'public, max-age=300' },
  });
};
