/**
 * The server entry, bundled to dist/server/entry.mjs at the end of `astro build`
 * (src/server/entry-build.ts). `npm start` (scripts/start.ts), `node dist/server/entry.mjs`,
 * Playwright and the tests run it. Astro's pages and endpoints are the Node adapter's `handler`
 * in middleware mode, which the build writes beside this file (dist/server/astro-handler.mjs,
 * Astro's `build.serverEntry`) and which this file loads at run time. Around it, this file keeps
 * what the adapter has no door for (docs/architecture.md):
 * - HTTPS from files: SERVER_CERT_PATH and SERVER_KEY_PATH name a certificate and key;
 * - the cluster: on PostgreSQL, WEB_CONCURRENCY `node:cluster` workers (default: one per CPU)
 *   share the port; the primary only forks, replaces a worker that dies unasked (after a wait
 *   that doubles, 1 s up to 30 s, while workers die soon after starting:
 *   src/server/restart-backoff.ts), serves the workers' metrics added up, passes signals on and,
 *   with DATABASE_DIRECT_URL, holds the one LISTEN connection whose catalogue change
 *   notifications it relays to the workers (src/lib/db/change-notifications.ts; a single process
 *   listens itself) (it never loads Astro); every worker migrates and seeds under an advisory
 *   lock (src/lib/db), or with MIGRATE_ON_START=false checks that the schema is current, and
 *   shares nothing else;
 * - metrics: Prometheus series on METRICS_HOST:METRICS_PORT (src/server/metrics-server.ts), from
 *   the primary in a cluster, else from the only process;
 * - the listener (src/server/listener.ts): X-Forwarded-* believed only from TRUSTED_PROXIES,
 *   security headers and HSTS on every answer, a declared body over the limit refused before it
 *   is read;
 * - the build's files (src/server/client-files.ts: sirv over dist/client, with each prerendered
 *   page's Content-Security-Policy from dist/_headers.json);
 * - the process's life: it marks its build folder as in use until it exits
 *   (src/server/build-in-use.ts), so `npm start` does not build into it meanwhile; it checks the configuration (src/server/check-config.ts), the delivery
 *   zones (DELIVERY_ZONES_FILE), the SMS templates (SMS_TEMPLATES_FILE: valid, with the sign-in
 *   code's template) and, with DB_SESSION_SETTINGS=role, the web role's timeouts (one
 *   short-lived connection) before it listens, each problem listed; on PGlite it takes the
 *   data folder's lock first, so a second server on the folder exits at once with a clear
 *   message; with PAYMENT_GATEWAY=simulator the primary (or the only process) runs the local
 *   payment simulator on 127.0.0.1:PAYMENT_SIMULATOR_PORT; it warms up (src/server/warm-up.ts:
 *   its own /readyz through a private loopback listener until the database is open and the
 *   search catalogue built; /readyz answers 503 until then) — the only process after it listens,
 *   a cluster worker before it takes its share of the port; it declares itself a server process
 *   (src/lib/server-process.ts), so Astro's copy of the kernel starts the background jobs
 *   (src/lib/jobs) with that warm-up; SIGTERM or SIGINT drains it (src/server/drain.ts: /readyz
 *   503 for SHUTDOWN_DRAIN_SECONDS while it serves on, then the port closes, in-flight requests
 *   finish, the jobs stop, the database closes, exit 0; exit 1 if that takes 30 s).
 *
 * This bundle holds its own copy of the kernel and feature modules it imports, apart from the
 * copy inside Astro's bundle: so it holds nothing a page reads and opens the database only for
 * the role check above, closing it again — it warms the server up through HTTP, as any client
 * would; the state both copies need (server-process.ts, metrics.ts) lives on `globalThis`. The PGlite folder lock is
 * re-entrant across the two copies (src/lib/db/data-dir-lock.ts).
 */
import './check-config.ts';
import cluster from 'node:cluster';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
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
import {
  collectProcessMetrics,
  declareGatewayMetrics,
  declareSmsGatewayMetrics,
  serveMetricsToPrimary,
} from '#lib/metrics.ts';
import { logSellerStartupWarning } from '#lib/seller.ts';
import { declareServerProcess, expectWarmUp, onServerClose } from '#lib/server-process.ts';
import { ASTRO_HANDLER_FILE } from './build-files.ts';
import { markBuildInUse } from './build-in-use.ts';
import { createClientFiles } from './client-files.ts';
import { armHardStop, drainOnSignals } from './drain.ts';
import { createListener, type NodeHandler } from './listener.ts';
import { startMetricsServer } from './metrics-server.ts';
import { RestartBackoff } from './restart-backoff.ts';
import { StopSignals } from './stop-signals.ts';
import { warmUp } from './warm-up.ts';

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

/**
 * Serves Astro behind the listener in this process (a cluster worker, or the only process). The
 * only process listens at once (/healthz answers, /readyz says 503 until warm) and warms up; a
 * worker warms up first and then takes its share of the port, so the cluster never hands a
 * visitor to a cold worker.
 */
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
  else if (config.DATABASE_DIRECT_URL) {
    const listener = listenForCatalogChanges(config.DATABASE_DIRECT_URL, emitCatalogNotification);
    onServerClose(() => listener.close());
  }
  expectWarmUp();
  collectProcessMetrics();
  // The gateways' error counters exist at 0 from the start, under `none` when there is no gateway.
  declareGatewayMetrics(config.PAYMENT_GATEWAY ?? 'none');
  declareSmsGatewayMetrics(config.SMS_SENDER ?? 'none');
  if (cluster.isWorker) serveMetricsToPrimary();
  const handler = createHandler(await loadAstroHandler());
  const server = createServer(handler);
  server.once('error', (err: NodeJS.ErrnoException) => {
    console.error(`FarmFresh cannot start. ${listenProblem(err)}`);
    process.exit(1);
  });
  const warming = cluster.isWorker ? warmUp(handler) : undefined;
  await warming;
  server.listen(config.PORT, config.HOST, () => {
    if (!quiet() && cluster.isPrimary) console.log(`Server listening on ${address()}`);
    if (!warming) void warmUp(handler);
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
  const metrics = cluster.isPrimary ? startMetricsServer({ cluster: false }) : undefined;
  drainOnSignals(server, {
    drainSeconds: config.SHUTDOWN_DRAIN_SECONDS,
    jobStopMs: JOB_STOP_MS,
    alsoClose: metrics?.close,
  });
}

/**
 * Forks `count` workers, replaces any that dies unasked after a wait that grows while workers die
 * soon after starting (src/server/restart-backoff.ts), serves their metrics added up, and on a
 * signal passes it to every worker (a second one too, when it comes REPEAT_SIGNAL_MS or more
 * after the first: src/server/stop-signals.ts), replaces none, and exits once all are gone.
 */
function runPrimary(count: number): void {
  let stopping = false;
  let listening = 0;
  const backoff = new RestartBackoff();
  const forkedAt = new Map<number, number>();
  const pending = new Set<NodeJS.Timeout>();
  const fork = () => {
    const worker = cluster.fork();
    forkedAt.set(worker.id, Date.now());
    worker.on('listening', () => {
      if (++listening === count && !quiet()) console.log(`Server listening on ${address()} (${count} workers)`);
    });
  };
  for (let i = 0; i < count; i++) fork();
  const metrics = startMetricsServer({ cluster: true });
  // One LISTEN connection for the whole server: each catalogue change notification goes to every worker.
  const directUrl = getConfig().DATABASE_DIRECT_URL;
  const listener = directUrl
    ? listenForCatalogChanges(directUrl, (payload) => relayToWorkers(Object.values(cluster.workers ?? {}), payload))
    : undefined;
  const alive = () => Object.values(cluster.workers ?? {}).filter((w) => w && !w.isDead());
  let exiting = false;
  const exitWhenAllGone = async () => {
    // Once: the last worker's exit and a stop with no worker left may both get here.
    if (exiting || alive().length > 0) return;
    exiting = true;
    await Promise.all([metrics?.close(), listener?.close()]);
    logger.info('stopped: every worker has exited');
    process.exit(0);
  };
  cluster.on('exit', (worker, code, signal) => {
    const uptimeMs = Date.now() - (forkedAt.get(worker.id) ?? 0);
    forkedAt.delete(worker.id);
    // workerPid: the worker's process id (the line's own pid is the primary's); exitCode because the logger redacts a `code` field (sign-in codes).
    const exited = { workerPid: worker.process.pid, exitCode: code, signal, uptimeMs };
    if (stopping) {
      if (code === 0) logger.info(exited, 'worker stopped');
      else logger.warn(exited, 'worker stopped with a failure');
      return void exitWhenAllGone();
    }
    const delayMs = backoff.delayFor(uptimeMs);
    // Replaced at once after a long run (warn); held back while workers keep dying soon after starting (error).
    if (delayMs)
      logger.error({ ...exited, delayMs }, 'worker exited unasked soon after starting: starting another after a wait');
    else logger.warn({ ...exited, delayMs }, 'worker exited unasked: starting another');
    const timer = setTimeout(() => {
      pending.delete(timer);
      if (!stopping) fork();
    }, delayMs);
    pending.add(timer);
  });
  const signals = new StopSignals();
  const stop = (signal: NodeJS.Signals) => {
    // A repeat within REPEAT_SIGNAL_MS is the same stop delivered twice (the workers got it too).
    const meaning = signals.receive();
    if (meaning === 'repeat') {
      logger.debug({ signal }, 'stop signal repeated: already stopping');
      return;
    }
    if (meaning === 'first') {
      armHardStop('the cluster');
      logger.info({ signal, workers: alive().length }, 'stopping: passing the signal to the workers, replacing none');
    } else logger.info({ signal }, 'second stop signal: passing it to the workers, which close without waiting');
    stopping = true;
    for (const timer of pending) clearTimeout(timer);
    pending.clear();
    for (const worker of alive()) worker!.process.kill('SIGTERM');
    void exitWhenAllGone();
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
  // The build this file is part of is in use until the server exits: `npm start` does not build
  // into it meanwhile (the primary marks it for the cluster).
  if (cluster.isPrimary) markBuildInUse(fileURLToPath(new URL('../', import.meta.url)));
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
