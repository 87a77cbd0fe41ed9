/**
 * The server entry, bundled to dist/server/entry.mjs at the end of `astro build`
 * (src/server/entry-build.ts). `npm start` (scripts/start.ts), `node dist/server/entry.mjs`,
 * Playwright and the tests run it. Astro's pages and endpoints are the Node adapter's `handler`
 * in middleware mode, which the build writes beside this file (dist/server/astro-handler.mjs,
 * Astro's `build.serverEntry`) and which this file loads at run time. Around it, this file keeps
 * what the adapter has no door for (docs/architecture.md):
 * - HTTPS from files: SERVER_CERT_PATH and SERVER_KEY_PATH name a certificate and key;
 * - the cluster: on PostgreSQL, WEB_CONCURRENCY `node:cluster` workers (default: one per CPU)
 *   share the port; the primary only forks, replaces a worker that dies unasked, passes
 *   signals on and, with DATABASE_DIRECT_URL, holds the one LISTEN connection whose catalogue
 *   change notifications it relays to the workers (src/lib/db/change-notifications.ts; a single
 *   process listens itself) (it never loads Astro); every worker migrates and seeds under an advisory lock
 *   (src/lib/db), or with MIGRATE_ON_START=false checks that the schema is current, and shares
 *   nothing else;
 * - the listener (src/server/listener.ts): X-Forwarded-* believed only from TRUSTED_PROXIES,
 *   security headers and HSTS on every answer, a declared body over the limit refused before it
 *   is read;
 * - the build's files (src/server/client-files.ts: sirv over dist/client, with each prerendered
 *   page's Content-Security-Policy from dist/_headers.json);
 * - the process's life: it checks the configuration (src/server/check-config.ts), the delivery
 *   zones (DELIVERY_ZONES_FILE), the SMS templates (SMS_TEMPLATES_FILE: valid, with the sign-in
 *   code's template) and, with DB_SESSION_SETTINGS=role, the web role's timeouts (one
 *   short-lived connection) before it listens, each problem listed; on PGlite it takes the
 *   data folder's lock first, so a second server on the folder exits at once with a clear
 *   message; with PAYMENT_GATEWAY=simulator the primary (or the only process) runs the local
 *   payment simulator on 127.0.0.1:PAYMENT_SIMULATOR_PORT; once it listens it asks its own
 *   /readyz until it is ready (src/pages/readyz.ts opens the database and builds the search
 *   catalogue); it declares itself a server process (src/lib/server-process.ts), so Astro's copy
 *   of the kernel starts the background jobs (src/lib/jobs) with that warm-up; SIGTERM or SIGINT
 *   closes the server, stops the jobs (runs under way get JOB_STOP_MS to end) and ends the process.
 *
 * This bundle holds its own copy of the kernel and feature modules it imports, apart from the
 * copy inside Astro's bundle: so it holds nothing a page reads and opens the database only for
 * the role check above, closing it again — it warms the server up through HTTP, as any client
 * would. The PGlite folder lock is
 * re-entrant across the two copies (src/lib/db/data-dir-lock.ts).
 */
import './check-config.ts';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { DeliveryConfigError, deliveryConfig } from '#features/delivery/index.ts';
import { startConfiguredSimulator } from '#features/payments/index.ts';
import { logSmsStartupWarning, smsStartupCheck } from '#features/sms/index.ts';
import { getConfig } from '#lib/config.ts';
import {
  emitCatalogNotification,
  listenForCatalogChanges,
  receiveRelayedNotifications,
  relayToWorkers,
} from '#lib/db/change-notifications.ts';
import { DataDirLockedError, lockDataDir } from '#lib/db/data-dir-lock.ts';
import { databaseRoleProblem } from '#lib/db/index.ts';
import { logger } from '#lib/log.ts';
import { logSellerStartupWarning } from '#lib/seller.ts';
import { declareServerProcess, stopServerProcess } from '#lib/server-process.ts';
import { ASTRO_HANDLER_FILE } from './build-files.ts';
import { createClientFiles } from './client-files.ts';
import { createListener, type NodeHandler } from './listener.ts';

/** How long the server asks its own /readyz before leaving readiness to the probes (ms). */
const WARM_UP_MS = 120_000;
/** Pause between two of those requests (ms). */
const WARM_UP_PAUSE_MS = 500;

/** How long background jobs under way get to finish when the server stops (ms). */
const JOB_STOP_MS = 10_000;

/** The adapter's own switch (not shop configuration): tests silence the start-up line. */
const quiet = () => process.env.ASTRO_NODE_LOGGING === 'disabled';

/** Whether the server serves HTTPS itself. */
const httpsConfigured = () => {
  const { SERVER_CERT_PATH, SERVER_KEY_PATH } = getConfig();
  return Boolean(SERVER_CERT_PATH && SERVER_KEY_PATH);
};

/** The address the server listens on, as people type it. */
function address(): string {
  const { HOST, PORT } = getConfig();
  return `${httpsConfigured() ? 'https' : 'http'}://${HOST}:${PORT}`;
}

/** Astro's pages and endpoints: the Node adapter's handler, built beside this file. */
async function loadAstroHandler(): Promise<NodeHandler> {
  const url = new URL(`./${ASTRO_HANDLER_FILE}`, import.meta.url).href;
  const astro = (await import(/* @vite-ignore */ url)) as { handler: NodeHandler };
  return astro.handler;
}

/** The listener around Astro's handler, with the build's files (dist/client beside this file's folder). */
function createHandler(astroHandler: NodeHandler): NodeHandler {
  const clientDir = fileURLToPath(new URL('../client/', import.meta.url));
  const headersFile = fileURLToPath(new URL('../_headers.json', import.meta.url));
  return createListener(astroHandler, { clientFiles: createClientFiles(clientDir, headersFile) });
}

/** An HTTP server, or HTTPS with the configured certificate and key, serving `handler`. */
function createServer(handler: NodeHandler): http.Server | https.Server {
  const { SERVER_CERT_PATH: cert, SERVER_KEY_PATH: key } = getConfig();
  const server =
    cert && key
      ? https.createServer({ cert: fs.readFileSync(cert), key: fs.readFileSync(key) }, handler)
      : http.createServer(handler);
  // Longer than the usual proxy's idle timeout, so the proxy closes idle connections first.
  server.keepAliveTimeout = 65_000;
  return server;
}

/**
 * GET `url`: its status and JSON body (status 0 when nothing answers). Over HTTPS the
 * certificate is not checked: the server asks itself, and may well use a self-signed one.
 */
function getJson(url: string): Promise<{ status: number; body: { database?: string } }> {
  return new Promise((resolve) => {
    const get = url.startsWith('https:') ? https.get : http.get;
    const req = get(url, { rejectUnauthorized: false, agent: false, timeout: 10_000 }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => {
        try {
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { database?: string } });
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
 * Asks the server's own /readyz until it answers 200, so the database is open (migrated, seeded
 * when empty) and the search catalogue built before the first visitor waits for them. It stops
 * when the database is down (readiness probes and the first visitors meet it again once it is
 * back) and after WARM_UP_MS. In a cluster the request may reach any worker: each worker asks
 * once it listens.
 */
async function warmUp(server: http.Server | https.Server): Promise<void> {
  const { address: host, family, port } = server.address() as AddressInfo;
  const loopback = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  const url = `${httpsConfigured() ? 'https' : 'http'}://${family === 'IPv6' ? `[${loopback}]` : loopback}:${port}/readyz`;
  const deadline = Date.now() + WARM_UP_MS;
  while (Date.now() < deadline) {
    const { status, body } = await getJson(url);
    if (status === 200) return;
    if (body.database === 'down') {
      logger.warn('warm-up stopped: the database is unavailable; /readyz says when the server is ready');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, WARM_UP_PAUSE_MS).unref());
  }
  logger.warn(`not ready after ${WARM_UP_MS / 1000} s of warming up; /readyz answers 503 until it is`);
}

/** Why the server could not listen, for people: the usual causes named, anything else as Node says it. */
function listenProblem(err: NodeJS.ErrnoException): string {
  const { HOST, PORT } = getConfig();
  if (err.code === 'EADDRINUSE')
    return `Port ${PORT} on ${HOST} is already in use: stop what uses it, or set PORT to another port.`;
  if (err.code === 'EACCES') return `Port ${PORT} needs privileges this user lacks: set PORT to 1024 or above.`;
  if (err.code === 'EADDRNOTAVAIL' || err.code === 'ENOTFOUND')
    return `HOST ${HOST} is not an address of this machine: set HOST to one of its addresses, or 0.0.0.0 for all.`;
  return err.message;
}

/** Serves Astro behind the listener in this process (a cluster worker, or the only process). */
async function runServer(): Promise<void> {
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
  declareServerProcess();
  // Catalogue change notifications: relayed by the primary, or (one process) LISTENed here.
  if (cluster.isWorker) receiveRelayedNotifications();
  else if (config.DATABASE_DIRECT_URL) listenForCatalogChanges(config.DATABASE_DIRECT_URL, emitCatalogNotification);
  const server = createServer(createHandler(await loadAstroHandler()));
  server.once('error', (err: NodeJS.ErrnoException) => {
    console.error(`FarmFresh cannot start. ${listenProblem(err)}`);
    process.exit(1);
  });
  server.listen(config.PORT, config.HOST, () => {
    if (!quiet() && cluster.isPrimary) console.log(`Server listening on ${address()}`);
    void warmUp(server);
    // No SMS sender outside demo mode (browsing works, OTP sign-in answers 503), the http sender
    // without DLT settings, messages off for want of a template: said once.
    if (cluster.isPrimary || cluster.worker?.id === 1) {
      try {
        logSmsStartupWarning();
      } catch {
        /* a bad configuration is reported by the first request, with the variable named */
      }
      // The seller's details every page shows: settings still at the demo's values, an expired licence.
      logSellerStartupWarning();
    }
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    const closed = new Promise((resolve) => server.close(resolve));
    void Promise.all([closed, stopServerProcess(JOB_STOP_MS)]).then(() => process.exit(0));
  };
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
  // One LISTEN connection for the whole server: each catalogue change notification goes to every worker.
  const directUrl = getConfig().DATABASE_DIRECT_URL;
  if (directUrl)
    listenForCatalogChanges(directUrl, (payload) => relayToWorkers(Object.values(cluster.workers ?? {}), payload));
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
 * Starts the server: checks the delivery zones and the SMS templates, starts the payment simulator with
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
  const sms = smsStartupCheck();
  if (sms.errors.length) {
    console.error(`FarmFresh cannot start. ${sms.errors.join('\n')}`);
    process.exit(1);
  }
  if (cluster.isPrimary) {
    // Behind a pooler (DB_SESSION_SETTINGS=role) the web role must carry the timeouts: refuse
    // to start without them, saying what to run.
    const roleProblem = await databaseRoleProblem();
    if (roleProblem) {
      console.error(`FarmFresh cannot start. ${roleProblem}`);
      process.exit(1);
    }
    try {
      await startConfiguredSimulator();
    } catch (err) {
      console.error(`FarmFresh cannot start. ${(err as Error).message}`);
      process.exit(1);
    }
  }
  const workers = getConfig().WEB_CONCURRENCY;
  if (cluster.isPrimary && workers > 1) runPrimary(workers);
  else await runServer();
}

await start();
