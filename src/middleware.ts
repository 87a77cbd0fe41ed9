/**
 * Runs around every server-rendered request (bad addresses and oversized bodies never get here:
 * the listener's edge gate, src/lib/http/edge-gate.ts, refuses them first):
 * - starts this server process's background jobs once (src/lib/jobs; registered by the wiring):
 *   the server's own warm-up request, right after it listens, is the first to pass here;
 * - gives it a request id (`X-Request-Id`, reused from the client when well-formed) and logs it;
 * - times it into the request duration histogram by its route pattern (src/lib/metrics.ts);
 * - refuses unsafe requests without proof of coming from this site (403, src/lib/http/request-origin.ts);
 * - answers a method an /api route or a probe (/healthz, /readyz) does not handle with 405 and
 *   `Allow` (src/lib/http/allowed-methods.ts), and an /api address no route serves with the JSON
 *   envelope's 404 (not the HTML page);
 * - turns anything thrown past a handler into the JSON envelope for /api, never a stack trace;
 * - sends the standard reason phrase of every status (`HTTP/1.1 404 Not Found`): a page that sets
 *   `Astro.response.status` keeps the "OK" Astro started its response with;
 * - compresses every answer whole and cheaply (src/lib/http/dynamic-encoding.ts), so no answer
 *   goes through a per-request brotli stream; Astro's route cache, which runs around this
 *   middleware (src/lib/cache/route-cache.ts), keeps a cached page as encoded here.
 */
import '#server/wiring.ts';
import { defineMiddleware } from 'astro:middleware';
import { STATUS_CODES } from 'node:http';
import { noteRoute } from '#lib/cache/route-cache.ts';
import { getDb } from '#lib/db/index.ts';
import { assertDatabaseAvailable } from '#lib/db/readiness.ts';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
  logUnavailable,
} from '#lib/db/unavailable.ts';
import { methodNotAllowed } from '#lib/http/allowed-methods.ts';
import { encodeResponse } from '#lib/http/dynamic-encoding.ts';
import { AppError, errorResponse, notFound } from '#lib/http/envelope.ts';
import { requestId } from '#lib/http/request-id.ts';
import { isSameOriginRequest } from '#lib/http/request-origin.ts';
import { startJobs } from '#lib/jobs/index.ts';
import { logger } from '#lib/log.ts';
import { observeHttpRequest } from '#lib/metrics.ts';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A small self-contained 503 page (the shop's layout itself reads the database) with a link to try again. */
function unavailablePage(): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Back in a moment</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>Back in a moment</h1><p>${DATABASE_UNAVAILABLE_MESSAGE}</p><p><a href="">Try again</a></p></body></html>`;
  return new Response(html, {
    status: 503,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'retry-after': String(DATABASE_RETRY_AFTER_SECONDS),
      'cache-control': 'no-store',
    },
  });
}

/** A page that failed: 503 while the database is down (logged at warn), else 500 (logged at error). */
function pageErrorResponse(err: unknown, reqId: string): Response {
  if (isDatabaseUnavailable(err)) {
    logUnavailable('page: database unavailable', err, { reqId });
    return unavailablePage();
  }
  logger.error({ err, reqId }, 'page error');
  return new Response('Something went wrong.', { status: 500 });
}

/**
 * `response` with the standard reason phrase of its status (node:http STATUS_CODES) when it carries
 * another one, e.g. the "OK" of a page that set `Astro.response.status = 404`; an empty one is
 * left to Node, which fills in the standard phrase itself.
 */
function withReasonPhrase(response: Response): Response {
  const reason = STATUS_CODES[response.status] ?? '';
  if (!response.statusText || response.statusText === reason) return response;
  return new Response(response.body, { status: response.status, statusText: reason, headers: response.headers });
}

/** The 404 message for an /api address that no route serves. */
const UNKNOWN_API_MESSAGE = 'There is no API endpoint at this address.';

/** Whether `url` is under /api but Astro matched no route for it (it would render the HTML 404 page). */
function isUnknownApiAddress(url: URL, routePattern: string | undefined): boolean {
  return (url.pathname === '/api' || url.pathname.startsWith('/api/')) && !routePattern?.startsWith('/api');
}

export const onRequest = defineMiddleware(async (context, next) => {
  // Prerendered pages run this at build time, where there is no real request to inspect.
  if (context.isPrerendered) return next();
  startJobs(getDb); // once, in a server process only (never in tools or tests)
  const started = performance.now();
  const reqId = requestId(context.request.headers.get('x-request-id'));
  (context.locals as App.Locals).reqId = reqId;
  const { request, url } = context;

  let response: Response;
  const refused = UNSAFE.has(request.method) && !isSameOriginRequest(request, url);
  const notAllowed = refused ? null : await methodNotAllowed(request, context.routePattern);
  if (refused) {
    response = errorResponse(new AppError('forbidden', 'Cross-origin requests are not allowed.'));
  } else if (notAllowed) {
    response = notAllowed;
  } else if (isUnknownApiAddress(url, context.routePattern)) {
    response = errorResponse(notFound(UNKNOWN_API_MESSAGE));
  } else {
    const page = !/^\/(api|media)\//.test(url.pathname) && url.pathname !== '/healthz' && url.pathname !== '/readyz';
    try {
      if (page) await assertDatabaseAvailable(); // a database outage answers the 503 page, not a broken one
      response = await next();
      if (page && response.status === 500)
        response = await assertDatabaseAvailable({ fresh: true }).then(() => response, unavailablePage);
    } catch (err) {
      response = url.pathname.startsWith('/api/') ? errorResponse(err, reqId) : pageErrorResponse(err, reqId);
    }
  }

  try {
    response.headers.set('x-request-id', reqId);
  } catch {
    // Some responses (e.g. redirects from Response.redirect) have immutable headers.
    response = new Response(response.body, response);
    response.headers.set('x-request-id', reqId);
  }
  response = withReasonPhrase(response);
  if (!import.meta.env.DEV) response = await encodeResponse(response, request.headers.get('accept-encoding'));
  const ms = Math.round((performance.now() - started) * 10) / 10;
  // Timed by the route pattern Astro matched (bounded, unlike addresses); noted for the route cache's hits.
  const route = context.routePattern || '(unmatched)';
  noteRoute(request, route);
  // Probes (/healthz, /readyz) stay out of the request series: a load balancer's probes would
  // swamp the rates, and /readyz's 503s while a process warms up or drains would trip 5xx alerts
  // on every deploy. Whether a process is ready is the probes' own answer.
  const probe = url.pathname === '/healthz' || url.pathname === '/readyz';
  if (!probe) observeHttpRequest(request.method, route, response.status, ms / 1000);
  // One line per request at info: the path without its query string (a search or a callback's
  // query may carry personal data), the route it matched, the status and the time taken (ms).
  // 503s (database down, sign-in without an SMS gateway) are expected states, logged as warnings;
  // a probe's answer (/healthz, /readyz: 200 or 503) is at debug: the readiness check logs
  // why it is not ready, once a reason, and probes every few seconds would drown the requests.
  const line = {
    reqId,
    method: request.method,
    path: url.pathname,
    route: context.routePattern,
    status: response.status,
    ms,
  };
  if (response.status >= 500 && response.status !== 503) logger.error(line, 'request');
  else if (probe) logger.debug(line, 'request');
  else if (response.status === 503) logger.warn(line, 'request');
  else logger.info(line, 'request');
  return response;
});
