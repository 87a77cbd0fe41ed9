/** GET /readyz: the database is reachable and every committed migration is applied (for readiness probes). */
import type { APIRoute } from 'astro';
import { readiness } from '../lib/server/readiness.ts';

export const GET: APIRoute = async () => {
  const result = await readiness();
  return new Response(JSON.stringify(result), {
    status: result.status === 'ready' ? 200 : 503,
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
};
