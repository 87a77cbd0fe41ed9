/**
 * Public GET routes the Node listener answers itself, before Astro (issue 13: the search API
 * within ~1 ms of CPU per request). Going through Astro costs ~0.7 ms of CPU per request on its
 * own: a static-file look-up on disk, two web `Request`s built from Node's, the router, the
 * middleware, and a web stream read back into Node's response; a search now costs ~0.1 ms.
 *
 * A route qualifies when its answer depends on its query string alone (`implementPublic`,
 * src/lib/http/handler.ts: auth none, no path parameters, no body): the same `answer` runs here
 * and in its Astro endpoint (which `astro dev` and every other method still reach), so status,
 * body and headers are the same either way. What the middleware does for an /api request is done
 * here too: the edge checks ran in the listener already (`refuseEarly`), then a request id
 * (X-Request-Id), the clean-up timer, a log line, and errors as the envelope. Other methods go
 * to Astro (405 with Allow).
 *
 * Answers of 1 KiB or more are compressed here, cheaply and whole (`encodeDynamic`,
 * src/lib/http/dynamic-encoding.ts): on a 13 KB search answer brotli takes ~0.05 ms for ~1.7 KB,
 * where the `compression` package's quality 4 stream took ~0.15 ms (opening it included).
 */
import type http from 'node:http';
import { performance } from 'node:perf_hooks';
import type { PublicRoute } from '#lib/http/handler.ts';
import type { Answer } from '#lib/http/envelope.ts';
import { requestId } from '#lib/http/request-id.ts';
import { pickEncoding } from '#lib/http/content-coding.ts';
import { COMPRESS_FROM_BYTES, encodeDynamic } from '#lib/http/dynamic-encoding.ts';
import { getDb } from '#lib/db/index.ts';
import { scheduleMaintenance } from '#lib/db/maintenance.ts';
import { logger } from '#lib/log.ts';

function send(req: http.IncomingMessage, res: http.ServerResponse, answer: Answer, reqId: string): void {
  res.statusCode = answer.status;
  for (const [name, value] of Object.entries(answer.headers)) res.setHeader(name, value);
  res.setHeader('x-request-id', reqId);
  res.setHeader('vary', 'Accept-Encoding');
  let body: Uint8Array = Buffer.from(answer.body);
  const coding =
    req.method === 'GET' && body.byteLength >= COMPRESS_FROM_BYTES
      ? pickEncoding(req.headers['accept-encoding'])
      : null;
  if (coding) {
    body = encodeDynamic(body, coding);
    res.setHeader('content-encoding', coding);
  }
  res.setHeader('content-length', body.byteLength);
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * A request handler for `routes` (by exact path): answers GET and HEAD for them and returns true;
 * returns false, touching nothing, for anything else.
 */
export function createDirectHandler(
  routes: PublicRoute[],
): (req: http.IncomingMessage, res: http.ServerResponse) => boolean {
  const byPath = new Map<string, PublicRoute>(routes.map((route) => [route.contract.path, route]));
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const path = q === -1 ? url : url.slice(0, q);
    const route = byPath.get(path);
    if (!route) return false;
    scheduleMaintenance(getDb); // once per process, as the middleware does
    const started = performance.now();
    const reqId = requestId(req.headers['x-request-id']);
    route
      .answer(new URLSearchParams(q === -1 ? '' : url.slice(q + 1)), reqId)
      .then((answer) => {
        send(req, res, answer, reqId);
        const line = {
          reqId,
          method: req.method,
          path,
          status: answer.status,
          ms: Math.round((performance.now() - started) * 10) / 10,
        };
        if (answer.status === 503) logger.warn(line, 'request');
        else if (answer.status >= 500) logger.error(line, 'request');
        else logger.debug(line, 'request');
      })
      .catch((err: unknown) => {
        logger.error({ err, reqId, path }, 'direct answer failed');
        if (!res.headersSent) {
          res.statusCode = 500;
          res.end();
        } else res.destroy();
      });
    return true;
  };
}
