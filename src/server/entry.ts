/**
 * The server entry point, built to dist/server/entry.mjs in place of @astrojs/node's own (see
 * astro.config.mjs), which it wraps: the same exports (`handler`, `startServer`, `options`), but
 * `handler` is Astro's standalone handler (static files, prerendered and server-rendered routes)
 * behind src/server/listener.ts, so security headers and compression are identical under
 * `npm start`, `astro preview` and `node dist/server/entry.mjs`.
 *
 * Run directly it listens on HOST:PORT (src/lib/config.ts; default localhost:4321), over HTTPS when
 * SERVER_CERT_PATH and SERVER_KEY_PATH name a certificate and key, as the adapter's server does.
 */
import { AUTOSTART } from './no-autostart.ts';
import './wiring.ts';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { handler as astroHandler, options } from '@astrojs/node/server.js';
import { fileURLToPath } from 'node:url';
import { createListener } from './listener.ts';
import { createPrecompressedHandler } from './precompressed.ts';
import { createDirectHandler } from './direct.ts';
import { staticPathTest } from './static-paths.ts';
import { searchPageEndpoint, searchProductsEndpoint } from '#features/search/index.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { getSearchCatalog } from '#features/search/index.ts';

export { options };

/**
 * Astro behind the shared listener (headers, compression, page cache), with the build's
 * precompressed static files (this file is dist/server/entry.mjs: dist/client and
 * dist/_headers.json sit beside its folder) and the search API answered directly.
 */
export const handler = createListener(astroHandler as (req: http.IncomingMessage, res: http.ServerResponse) => void, {
  precompressed: createPrecompressedHandler(
    fileURLToPath(new URL('../client/', import.meta.url)),
    fileURLToPath(new URL('../_headers.json', import.meta.url)),
  ),
  direct: createDirectHandler([searchProductsEndpoint, searchPageEndpoint]),
  mayBeStaticFile: staticPathTest(fileURLToPath(new URL('../client/', import.meta.url))),
});

/**
 * Prepares, in the background, what the first requests would otherwise wait for: the database
 * (opened, migrated, seeded when empty) and the search catalogue (its index and cards: about a
 * second of CPU for 20,000 products, which the first search used to pay). Called once the server
 * listens; a failure is logged and left to the first request to meet again.
 */
export function warmUp(): void {
  getDb()
    .then((db) => getSearchCatalog(db))
    .catch((err: unknown) => logger.warn({ err }, 'warm-up failed; the first requests will try again'));
}

/** Starts an HTTP(S) server with `handler` on HOST:PORT; resolves once it listens. */
export function startServer(): { server: http.Server | https.Server; done: Promise<void> } {
  const { HOST: host, PORT: port, SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = getConfig();
  const server =
    cert && key
      ? https.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, handler)
      : http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  const done = new Promise<void>((resolve, reject) => {
    server.once('close', () => resolve());
    server.once('error', reject);
  });
  server.listen(port, host, () => {
    // The adapter's own switch (not shop configuration): tests silence the start-up line.
    if (process.env.ASTRO_NODE_LOGGING !== 'disabled')
      console.log(`Server listening on ${cert && key ? 'https' : 'http'}://${host}:${port}`);
    warmUp();
  });
  return { server, done };
}

if (AUTOSTART) {
  const { server, done } = startServer();
  done.catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
