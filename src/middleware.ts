/**
 * Runs around every server-rendered request:
 * - gives it a request id (`X-Request-Id`, reused from the client when well-formed) and logs it;
 * - refuses cross-origin unsafe requests (403) whatever their content type;
 * - turns anything thrown past a handler into the JSON envelope for /api, never a stack trace.
 */
import { defineMiddleware } from 'astro:middleware';
import { randomUUID } from 'node:crypto';
import { logger } from './lib/server/log.ts';
import { errorResponse, AppError } from './lib/server/http.ts';
import { pageCacheKey, readPageCache, writePageCache } from './lib/server/page-cache.ts';
import { getConfig } from './lib/server/config.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const REQ_ID = /^[A-Za-z0-9._-]{6,64}$/;

/** True when an unsafe request comes from this site (Origin, else Referer, must match Host). */
function isSameOrigin(request: Request, url: URL): boolean {
  const origin = request.headers.get('origin') ?? request.headers.get('referer');
  // Non-browser API clients (curl, mobile apps with Bearer tokens) send no Origin: they carry
  // no ambient cookie credentials a forged page could abuse, so they are allowed.
  if (!origin) return !request.headers.get('cookie') || request.headers.has('authorization');
  try {
    const from = new URL(origin);
    const host = request.headers.get('x-forwarded-host') ?? request.headers.get('host') ?? url.host;
    return from.host === host;
  } catch {
    return false;
  }
}

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages run this at build time, where there is no real request to inspect.
  if (context.isPrerendered) return next();
  const started = performance.now();
  const incoming = context.request.headers.get('x-request-id');
  const reqId = incoming && REQ_ID.test(incoming) ? incoming : randomUUID();
  (context.locals as App.Locals).reqId = reqId;
  const { request, url } = context;

  let response: Response;
  const cacheKey = pageCacheKey(request, url);
  const cached = cacheKey ? readPageCache(cacheKey) : null;
  if (cached) {
    response = cached;
  } else if (UNSAFE.has(request.method) && !isSameOrigin(request, url)) {
    response = errorResponse(new AppError('forbidden', 'Cross-origin requests are not allowed.'));
  } else {
    try {
      response = await next();
      if (cacheKey) response = await writePageCache(cacheKey, response, getConfig().PAGE_CACHE_SECONDS);
    } catch (err) {
      response = url.pathname.startsWith('/api/')
        ? errorResponse(err, reqId)
        : (logger.error({ err, reqId }, 'page error'), new Response('Something went wrong.', { status: 500 }));
    }
  }

  try {
    response.headers.set('x-request-id', reqId);
  } catch {
    // Some responses (e.g. redirects from Response.redirect) have immutable headers.
    response = new Response(response.body, response);
    response.headers.set('x-request-id', reqId);
  }
  const ms = Math.round((performance.now() - started) * 10) / 10;
  if (response.status >= 500) logger.error({ reqId, method: request.method, path: url.pathname, status: response.status, ms }, 'request');
  else logger.debug({ reqId, method: request.method, path: url.pathname, status: response.status, ms }, 'request');
  return response;
});
