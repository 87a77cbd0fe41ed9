/**
 * The one server entry, built to dist/server/entry.mjs (astro.config.mjs names it as the Node
 * adapter's server entry). It is what `npm start` (scripts/start.ts), `node dist/server/entry.mjs`,
 * `astro preview` and the tests all run.
 *
 * It exports `handler`: the Node adapter in middleware mode (Astro's pages and endpoints) behind
 * the shared listener (src/server/listener.ts: security headers, the edge gate, compression;
 * Astro's route cache keeps anonymous catalogue pages) with the build's static files
 * (src/server/static-files.ts; this file is dist/server/entry.mjs, so dist/client and
 * dist/_headers.json sit beside its folder).
 * `astro preview` imports it and serves `handler` itself.
 *
 * Run as the main script it listens on HOST:PORT (src/lib/config.ts; default localhost:4321),
 * over HTTPS when SERVER_CERT_PATH and SERVER_KEY_PATH name a certificate and key. On PostgreSQL
 * it runs WEB_CONCURRENCY `node:cluster` workers (default: one per CPU) sharing the port: the
 * primary only forks, replaces a worker that dies unasked, and passes signals on; every worker
 * migrates and seeds under an advisory lock (src/lib/db) and shares nothing else. On PGlite one
 * process owns the data folder: it takes the folder's lock before listening, so a second server
 * on it exits at once with a clear message. A delivery zones file (DELIVERY_ZONES_FILE) that is
 * not valid stops it before it listens, with every problem listed; so does an invalid configuration
 * (src/server/check-config.ts), such as a demo-only setting in production without DEMO_MODE.
 * With PAYMENT_GATEWAY=simulator the process that starts first (the primary) also runs the local
 * payment simulator (src/features/payments/simulator) on 127.0.0.1:PAYMENT_SIMULATOR_PORT.
 */
import './check-config.ts';
import './wiring.ts';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { fileURLToPath } from 'node:url';
import { handler as astroHandler } from '@astrojs/node/server.js';
import { createListener, type NodeHandler } from './listener.ts';
import { createPrecompressedHandler } from './precompressed.ts';
import { createStaticFiles } from './static-files.ts';
import { getConfig } from '#lib/config.ts';
import { getDb } from '#lib/db/index.ts';
import { DataDirLockedError, lockDataDir } from '#lib/db/data-dir-lock.ts';
import { logger } from '#lib/log.ts';
import { DeliveryConfigError, deliveryConfig } from '#features/delivery/index.ts';
import { getSearchCatalog } from '#features/search/index.ts';
import { logSmsStartupWarning } from '#features/auth/index.ts';
import { startConfiguredSimulator } from '#features/payments/index.ts';

const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
const headersFile = fileURLToPath(new URL('../_headers.json', import.meta.url));

/** Astro behind the shared listener, with the build's static files (see the module comment). */
export const handler = createListener(astroHandler as NodeHandler, {
  precompressed: createPrecompressedHandler(clientDir, headersFile),
  staticFiles: createStaticFiles(clientDir, headersFile),
});

/**
 * Prepares, in the background, what the first requests would otherwise wait for: the database
 * (opened, migrated, seeded when empty) and the search catalogue (its index and cards). Called
 * once the server listens; a failure is logged and left to the first request to meet again.
 */
function warmUp(): void {
  getDb()
    .then((db) => getSearchCatalog(db))
    .catch((err: unknown) => logger.warn({ err }, 'warm-up failed; the first requests will try again'));
}

/** The adapter's own switch (not shop configuration): tests silence the start-up line. */
const quiet = () => process.env.ASTRO_NODE_LOGGING === 'disabled';

/** The address the server listens on, as people type it. */
function address(): string {
  const { HOST, PORT, SERVER_CERT_PATH, SERVER_KEY_PATH } = getConfig();
  return `${SERVER_CERT_PATH && SERVER_KEY_PATH ? 'https' : 'http'}://${HOST}:${PORT}`;
}

/** An HTTP server, or HTTPS with the configured certificate and key, serving `handler`. */
function createServer(): http.Server | https.Server {
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = getConfig();
  const server =
    cert && key
      ? https.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, handler)
      : http.createServer(handler);
  // Longer than the usual proxy's idle timeout, so the proxy closes idle connections first.
  server.keepAliveTimeout = 65_000;
  return server;
}

/** Serves `handler` in this process (a cluster worker, or the only process). */
function runServer(): void {
  const config = getConfig();
  if (!config.DATABASE_URL) {
    try {
      lockDataDir(config.PGLITE_DATA_DIR);
    } catch (err) {
      if (!(err instanceof DataDirLockedError)) throw err;
      console.error(err.message);
      process.exit(1);
    }
  }
  const server = createServer();
  server.once('error', (err) => {
    console.error(err);
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    if (!quiet() && cluster.isPrimary) console.log(`Server listening on ${address()}`);
    warmUp();
    // No SMS sender outside demo mode: browsing works, OTP sign-in answers 503; said once.
    if (cluster.isPrimary || cluster.worker?.id === 1) {
      try {
        logSmsStartupWarning();
      } catch {
        /* a bad configuration is reported by the first request, with the variable named */
      }
    }
  });
  const stop = () => server.close(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/** Forks `count` workers, replaces any that dies unasked, and stops them all on a signal. */
function runPrimary(count: number): void {
  let stopping = false;
  let listening = 0;
  const fork = () =>
    cluster.fork().on('listening', () => {
      if (++listening === count && !quiet()) console.log(`Server listening on ${address()} (${count} workers)`);
    });
  for (let i = 0; i < count; i++) fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      const alive = Object.values(cluster.workers ?? {}).filter((w) => w && w !== worker && !w.isDead());
      if (alive.length === 0) process.exit(0);
      return;
    }
    console.error(`Worker ${worker.process.pid} exited (${signal ?? code}); starting another.`);
    fork();
  });
  const stop = () => {
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
    for (const worker of alive) worker!.process.kill('SIGTERM');
    if (alive.length === 0) process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

/**
 * Starts the server: checks the delivery zones, starts the payment simulator with
 * PAYMENT_GATEWAY=simulator (once: in the primary, or the only process; a taken port stops
 * start-up), then one process or a cluster (see the module comment).
 */
async function start(): Promise<void> {
  try {
    deliveryConfig();
  } catch (err) {
    if (!(err instanceof DeliveryConfigError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  if (cluster.isPrimary) {
    try {
      await startConfiguredSimulator();
    } catch (err) {
      console.error(`FarmFresh cannot start. ${(err as Error).message}`);
      process.exit(1);
    }
  }
  const workers = getConfig().WEB_CONCURRENCY;
  if (cluster.isPrimary && workers > 1) runPrimary(workers);
  else runServer();
}

/** True when this module is the script Node was started with (not imported, as `astro preview` does). */
function isMainScript(): boolean {
  if (!process.argv[1]) return false;
  try {
    return fs.realpathSync(process.argv[1]) === fs.realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

// ASTRO_NODE_AUTOSTART=disabled is the adapter's documented way to import the entry without a server.
if (isMainScript() && process.env.ASTRO_NODE_AUTOSTART !== 'disabled') void start();
