/**
 * How a server process stops on SIGTERM or SIGINT (a cluster worker, or the only process):
 * 1. it says it is draining (src/lib/server-process.ts): /readyz answers 503 while it goes on
 *    serving for SHUTDOWN_DRAIN_SECONDS, so load balancers stop sending it visitors first;
 * 2. it closes its port (`server.close()`) and its idle keep-alive connections, again each
 *    second as in-flight requests end, so every request under way is answered;
 * 3. it stops the background jobs (runs under way get `jobStopMs` to end) and closes the
 *    database (`pool.end()`, or PGlite) and the metrics endpoint;
 * 4. it exits 0.
 * A second signal at least REPEAT_SIGNAL_MS after the first skips what is left of the drain; one
 * sooner is the same stop delivered twice (a signal to the process group, passed on again by
 * scripts/start.ts or the cluster primary: src/server/stop-signals.ts) and is ignored. HARD_STOP_MS after the first signal the process
 * exits 1 whatever is left, with a log line, so an orchestrator's grace period (35 s) is never
 * the one to kill it.
 */
import type http from 'node:http';
import type https from 'node:https';
import { logger } from '#lib/log.ts';
import { markDraining, stopServerProcess } from '#lib/server-process.ts';
import { StopSignals } from './stop-signals.ts';

/** How long (ms) after the first stop signal a stop that has not finished exits anyway (status 1). */
export const HARD_STOP_MS = 30_000;

/** How often (ms) a closing server closes the keep-alive connections its last requests left idle. */
const IDLE_SWEEP_MS = 1000;

export interface DrainOptions {
  /** Seconds of serving while /readyz says 503 (SHUTDOWN_DRAIN_SECONDS). */
  drainSeconds: number;
  /** What runs under way in the background jobs get to end (ms). */
  jobStopMs: number;
  /** Closed once the port is: e.g. the metrics endpoint. */
  alsoClose?: () => Promise<void>;
}

/** Exits with `code` after HARD_STOP_MS, saying so; the timer never keeps the process alive. */
export function armHardStop(what: string): void {
  setTimeout(() => {
    logger.error(`${what} still stopping ${HARD_STOP_MS / 1000} s after the signal: exiting now`);
    process.exit(1);
  }, HARD_STOP_MS).unref();
}

/** Closes `server` and waits until its last connection ended, closing idle keep-alive connections as they go idle. */
function closeServer(server: http.Server | https.Server): Promise<void> {
  return new Promise((resolve) => {
    const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}

/** Installs the stop on SIGTERM and SIGINT for `server` (see the module comment). */
export function drainOnSignals(server: http.Server | https.Server, options: DrainOptions): void {
  const signals = new StopSignals();
  let hasten: () => void = () => undefined;
  const stop = async (signal: NodeJS.Signals) => {
    const meaning = signals.receive();
    if (meaning === 'repeat') {
      logger.debug({ signal }, 'stop signal repeated: already draining');
      return;
    }
    if (meaning === 'hasten') {
      logger.info({ signal }, 'second stop signal: closing without waiting for the rest of the drain');
      hasten();
      return;
    }
    markDraining();
    armHardStop('the server');
    logger.info(
      { signal, drainSeconds: options.drainSeconds },
      'stopping: /readyz answers 503 while the server drains',
    );
    await new Promise<void>((resolve) => {
      hasten = resolve;
      setTimeout(resolve, options.drainSeconds * 1000).unref();
    });
    await closeServer(server);
    await stopServerProcess(options.jobStopMs);
    await options.alsoClose?.();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
