/**
 * A server process's warm-up: before it counts as ready it asks its own /readyz, through a
 * private listener on loopback (plain HTTP, a port of its own that a cluster never shares), until
 * the database is open (migrated, seeded when empty) and the catalogue snapshot and search index
 * are built, so the first visitor waits for none of them; then it marks itself warmed up
 * (src/lib/server-process.ts) and /readyz answers 200. Each cluster worker warms up itself this
 * way, not whichever worker the shared port hands a request to.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from '#lib/log.ts';
import { markWarmedUp } from '#lib/server-process.ts';
import type { NodeHandler } from './listener.ts';

/** How long the server asks its own /readyz before leaving readiness to the probes (ms). */
const WARM_UP_MS = 120_000;
/** Pause between two of those requests (ms). */
const WARM_UP_PAUSE_MS = 500;

interface ReadyzBody {
  database?: string;
  search?: string;
}

/** GET `url`: its status and JSON body (status 0 when nothing answers). */
function getJson(url: string): Promise<{ status: number; body: ReadyzBody }> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, timeout: 10_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as ReadyzBody });
        } catch {
          resolve({ status: res.statusCode ?? 0, body: {} });
        }
      });
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve({ status: 0, body: {} }));
  });
}

/**
 * Warms this process up through `handler` (see the module comment). It stops early when the
 * database is down (readiness probes and the first visitors meet it again once it is back; the
 * process then counts as warmed up, so /readyz follows the database alone) and after WARM_UP_MS.
 */
export async function warmUp(handler: NodeHandler): Promise<void> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve) => server.listen({ port: 0, host: '127.0.0.1', exclusive: true }, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}/readyz`;
  const started = Date.now();
  const deadline = started + WARM_UP_MS;
  try {
    while (Date.now() < deadline) {
      const { body } = await getJson(url);
      // `search` is checked only once the database is ready and current.
      if (body.search === 'ready') {
        logger.info({ ms: Date.now() - started }, 'warmed up: /readyz answers 200');
        return;
      }
      if (body.database === 'down') {
        logger.warn('warm-up stopped: the database is unavailable; /readyz says when the server is ready');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, WARM_UP_PAUSE_MS).unref());
    }
    logger.warn(`not ready after ${WARM_UP_MS / 1000} s of warming up; /readyz answers 503 until it is`);
  } finally {
    markWarmedUp();
    server.close();
    server.closeAllConnections();
  }
}
