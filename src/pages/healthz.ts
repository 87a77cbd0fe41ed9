/** GET /healthz: the process is up (no dependency checks; for liveness probes). */
import type { APIRoute } from 'astro';

export const GET: APIRoute = () =>
  new Response(JSON.stringify({ status: 'ok' }), {
    headers: { 'content-type': 'application/json', 'cache-control': 'no-store' },
  });
