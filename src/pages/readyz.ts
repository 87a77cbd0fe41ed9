/**
 * GET /readyz: the database is reachable and every committed migration is applied (for readiness
 * probes); answers within 2.5 s, 503 with Retry-After when not ready.
 */
import type { APIRoute } from 'astro';
import { readiness } from '#lib/db/readiness.ts';
import { DATABASE_RETRY_AFTER_SECONDS } from '#lib/db/unavailable.ts';

export const GET: APIRoute = async () => {
  const result = await readiness();
  return new Response(JSON.stringify(result), {
    status: result.status === 'ready' ? 200 : 503,
    headers: {
      'content-type': 'application/json',
      'cache-control': 'no-store',
      ...(result.status === 'ready' ? {} : { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) }),
    },
  });
};
