/**
 * The production HTTP server: the request listener of the built entry (dist/server/entry.mjs,
 * src/server/entry.ts — security headers, compression, the page micro-cache, then Astro with its
 * static files and server-rendered routes) on HOST:PORT (default localhost:4321), with
 * keep-alive tuned for a proxy in front and a clean stop on SIGTERM/SIGINT. `astro preview` and
 * `node dist/server/entry.mjs` run the same listener, so the headers are identical.
 *
 * On PostgreSQL it runs WEB_CONCURRENCY `node:cluster` workers (default: one per CPU) sharing
 * the port; the primary only forks, restarts a worker that dies, and passes signals on. Every
 * worker migrates and seeds under an advisory lock, keeps its own page cache and shares
 * nothing else. On PGlite one process owns the data folder: it takes the folder's lock before
 * listening, so a second server on it exits at once with a clear message. A delivery zones
 * file (DELIVERY_ZONES_FILE) that is not valid stops it before it listens, with every problem
 * listed.
 * Usage: `node scripts/server.ts` after `npm run build` (npm start does both).
 */
import cluster from 'node:cluster';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { logSmsStartupWarning } from '#features/auth/index.ts';
import { getConfig } from '#lib/config.ts';
import { lockDataDirOrExit } from './cli-database.ts';
import { DeliveryConfigError, deliveryConfig } from '#features/delivery/index.ts';

process.env.ASTRO_NODE_AUTOSTART = 'disabled';

const config = getConfig();
const { HOST: host, PORT: port, WEB_CONCURRENCY: workers } = config;
const quiet = process.env.ASTRO_NODE_LOGGING === 'disabled';
// A bad delivery zones file stops the server before it listens, with every problem listed.
try {
  deliveryConfig();
} catch (err) {
  if (!(err instanceof DeliveryConfigError)) throw err;
  console.error(err.message);
  process.exit(1);
}

if (cluster.isPrimary && workers > 1) {
  runPrimary(workers);
} else {
  await runServer();
}

/** Forks `count` workers, replaces any that dies unasked, and stops them all on a signal. */
function runPrimary(count: number): void {
  let stopping = false;
  let listening = 0;
  const fork = () =>
    cluster.fork().on('listening', () => {
      if (++listening === count && !quiet) console.log(`Server listening on http://${host}:${port} (${count} workers)`);
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

/** Loads the built entry and serves it in this process. */
async function runServer(): Promise<void> {
  lockDataDirOrExit();
  // DIST_DIR names another build folder (e.g. a per-engineer `.build/NAME`); default `dist`.
  const entry = pathToFileURL(path.resolve(config.DIST_DIR, 'server/entry.mjs')).href;
  const { handler, warmUp } = (await import(entry)) as {
    handler: (req: http.IncomingMessage, res: http.ServerResponse) => void;
    warmUp?: () => void;
  };
  const server = http.createServer(handler);
  server.keepAliveTimeout = 65_000;
  server.listen(port, host, () => {
    // The adapter's own switch (not shop configuration): tests silence the start-up line.
    if (!quiet && cluster.isPrimary) console.log(`Server listening on http://${host}:${port}`);
    // The database and the search catalogue, before the first shopper waits for them.
    warmUp?.();
    // Production without SMS_SENDER: browsing works, OTP sign-in answers 503; say so once.
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
