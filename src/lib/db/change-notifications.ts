/**
 * Wake-ups of the catalogue change feed (ADR 0146): PostgreSQL's NOTIFY on the `catalog_changes`
 * channel (sent at commit by the feed's triggers, migration 0025) reaches every process that
 * subscribed here, which then reads the feed at once instead of at its next poll.
 *
 * LISTEN needs a session of its own (it does not pass PgBouncer's transaction mode), so it runs
 * only with DATABASE_DIRECT_URL, on one connection per server: a cluster's primary listens and
 * relays each notification to its workers over IPC (`relayToWorkers`, `receiveRelayedNotifications`);
 * a single-process server listens itself. A dropped connection is reopened with backoff
 * (RECONNECT_MIN_MS doubling up to RECONNECT_MAX_MS); polling carries on meanwhile, so a wake-up
 * only ever makes a change show sooner.
 *
 * The server's entry and Astro's handler are two bundles with their own copies of this module:
 * the subscribers live on `globalThis` under a registered symbol, so both copies share them.
 */
import type { Worker } from 'node:cluster';
import os from 'node:os';
import pg from 'pg';
import { logger } from '../log.ts';

/**
 * The LISTEN connection's `application_name`, `farmfresh-listen:<host>:<pid>`: the pools' scheme
 * (`farmfresh:<host>:<pid>`, src/lib/db/index.ts) with the connection's role in front, so
 * `pg_stat_activity` names the server process that listens.
 */
function listenApplicationName(): string {
  return `farmfresh-listen:${os.hostname()}:${process.pid}`;
}

/** The channel the feed's triggers notify on. */
export const CATALOG_CHANNEL = 'catalog_changes';
/** First wait (ms) before reopening a dropped LISTEN connection. */
export const RECONNECT_MIN_MS = 500;
/** Longest wait (ms) between two attempts to reopen it. */
export const RECONNECT_MAX_MS = 30_000;

/** The IPC message a primary sends its workers for each notification. */
const RELAY_TYPE = 'farmfresh:catalog-change';

/** Called with the notification's payload (the changed table's name). */
type Subscriber = (payload: string) => void;

const KEY = Symbol.for('farmfresh.catalog-notifications');

function subscribers(): Set<Subscriber> {
  const scope = globalThis as { [KEY]?: Set<Subscriber> };
  scope[KEY] ??= new Set();
  return scope[KEY];
}

/** Calls `subscriber` on every catalogue change notification this process receives; returns the unsubscribe. */
export function onCatalogNotification(subscriber: Subscriber): () => void {
  subscribers().add(subscriber);
  return () => subscribers().delete(subscriber);
}

/** Hands `payload` to this process's subscribers (a failing one is logged, the others still run). */
export function emitCatalogNotification(payload: string): void {
  for (const subscriber of subscribers()) {
    try {
      subscriber(payload);
    } catch (err) {
      logger.warn({ err }, 'catalogue notification: a subscriber failed');
    }
  }
}

/** A running listener. */
export interface CatalogListener {
  /** Stops listening and closes the connection. */
  close(): Promise<void>;
}

/**
 * Holds one connection to `url` LISTENing on CATALOG_CHANNEL and calls `deliver` with each
 * notification's payload; reopens it with backoff when it drops or cannot open.
 */
export function listenForCatalogChanges(url: string, deliver: Subscriber): CatalogListener {
  let closed = false;
  let client: pg.Client | undefined;
  let delay = RECONNECT_MIN_MS;
  let timer: NodeJS.Timeout | undefined;

  const retry = () => {
    if (closed) return;
    timer = setTimeout(connect, delay);
    timer.unref();
    delay = Math.min(delay * 2, RECONNECT_MAX_MS);
  };

  const connect = async () => {
    if (closed) return;
    const c = new pg.Client({ connectionString: url, application_name: listenApplicationName() });
    client = c;
    let dropped = false;
    const drop = (err?: Error) => {
      if (dropped || closed) return;
      dropped = true;
      logger.warn({ err: err?.message }, 'catalogue LISTEN connection lost; polling carries on, reconnecting');
      void c.end().catch(() => undefined);
      retry();
    };
    c.on('error', drop);
    c.on('end', () => drop());
    c.on('notification', (message) => {
      if (message.channel === CATALOG_CHANNEL) deliver(message.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${CATALOG_CHANNEL}`);
      delay = RECONNECT_MIN_MS;
      // Changes committed while no connection listened are found by this read of the feed.
      deliver('');
    } catch (err) {
      drop(err as Error);
    }
  };

  void connect();
  return {
    async close() {
      closed = true;
      clearTimeout(timer);
      await client?.end().catch(() => undefined);
    },
  };
}

/** Sends `payload` to each live worker of the cluster (the primary's relay). */
export function relayToWorkers(workers: Iterable<Worker | undefined>, payload: string): void {
  for (const worker of workers) {
    if (worker?.isConnected()) worker.send({ type: RELAY_TYPE, payload });
  }
}

/** In a cluster worker: hands each notification its primary relays to this process's subscribers. */
export function receiveRelayedNotifications(): void {
  process.on('message', (message: unknown) => {
    const m = message as { type?: unknown; payload?: unknown } | null;
    if (m && m.type === RELAY_TYPE) emitCatalogNotification(typeof m.payload === 'string' ? m.payload : '');
  });
}
