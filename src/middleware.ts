/**
 * Runs around every server-rendered request:
 * - gives it a request id (`X-Request-Id`, reused from the client when well-formed) and logs it;
 * - refuses cross-origin unsafe requests (403) whatever their content type;
 * - turns anything thrown past a handler into the JSON envelope for /api, never a stack trace.
 */
import { defineMiddleware } from 'astro:middleware';
import { randomUUID } from 'node:crypto';
import { logger } from './lib/server/log.ts';
import { errorResponse, AppError, badRequest, disallowed } from './lib/server/http.ts';
import { bodyTooLargeMessage, declaredLength, dropBadParams, isCleanPath, parseEncoded } from './lib/server/edge-input.ts';
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

const TEXT_HEADERS = { 'content-type': 'text/plain; charset=utf-8' };

/**
 * Bad input at the edge (issue 11), before the cache, any page or handler; null lets the
 * request through. A path with control characters or malformed %-encoding: 400. A bad query
 * parameter: 400 naming it under /api; pages forgive it with a redirect to the same address
 * without it. A Content-Length over MAX_BODY_BYTES: 413 without reading the body (readBody
 * also counts chunked bodies).
 */
function refuseAtEdge(request: Request, url: URL): Response | null {
  const isApi = url.pathname.startsWith('/api/');
  if (!isCleanPath(url.pathname)) {
    const message = 'The address contains characters that are not allowed.';
    return isApi ? errorResponse(badRequest(message)) : new Response(message, { status: 400, headers: TEXT_HEADERS });
  }
  const query = parseEncoded(url.search.slice(1));
  if ('problem' in query) {
    if (isApi) return errorResponse(disallowed(query.problem.field));
    const kept = dropBadParams(url.search.slice(1));
    return new Response(null, { status: 302, headers: { location: url.pathname + (kept ? `?${kept}` : '') } });
  }
  const limit = getConfig().MAX_BODY_BYTES;
  if ((declaredLength(request.headers.get('content-length')) ?? 0) > limit) {
    const message = bodyTooLargeMessage(limit);
    return isApi
      ? errorResponse(new AppError('payload_too_large', message))
      : new Response(message, { status: 413, headers: TEXT_HEADERS });
  }
  return null;
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
  const refused = refuseAtEdge(request, url);
  const cacheKey = refused ? null : pageCacheKey(request, url);
  const cached = cacheKey ? readPageCache(cacheKey) : null;
  if (refused) {
    response = refused;
  } else if (cached) {
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
