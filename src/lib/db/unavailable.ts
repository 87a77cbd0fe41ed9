/**
 * Telling "the database cannot be reached right now" apart from a bug. Such errors
 * answer 503 with `Retry-After` (http.ts for the API, middleware.ts for pages), never 500.
 */
import { logger } from '../log.ts';

/** Seconds a client is told to wait (Retry-After) when the database is unavailable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** Customer-facing message of the 503. */
export const DATABASE_UNAVAILABLE_MESSAGE = 'The shop is temporarily unavailable. Please try again in a few seconds.';

/** Thrown when the database is not ready in time (down, unreachable, or still starting). */
export class DatabaseUnavailableError extends Error {
  constructor(message = 'database unavailable', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'DatabaseUnavailableError';
  }
}

/** Socket errors of a connection that cannot be made or was lost. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);
/**
 * PostgreSQL SQLSTATEs meaning "not now": 57P01 admin shutdown, 57P02 crash shutdown,
 * 57P03 cannot connect now (starting up), 53300 too many connections, 57014 statement timeout
 * (query cancelled), 55P03 lock not available (a wait past `lock_timeout`), 40P01 deadlock and
 * 40001 serialization failure (still there after transaction-retry.ts's tries), 08xxx connection
 * exceptions.
 */
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03', '40P01', '40001']);
/**
 * Messages node-postgres uses for timeouts and lost connections (they carry no code): a pool's
 * wait for a connection, a client's own connect timeout (`timeout expired`, the migrations'
 * connection), a query's read timeout, a closed connection.
 */
const MESSAGES =
  /timeout exceeded when trying to connect|timeout expired|Connection terminated|Query read timeout|connection timeout|not queryable|Connection closed/i;

/**
 * True when `err` (or anything in its `cause` chain or an AggregateError's `errors`) says the
 * database is unreachable, shutting down, overloaded or timed out.
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  if (err instanceof DatabaseUnavailableError) return true;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (
    typeof e.code === 'string' &&
    (NETWORK_CODES.has(e.code) || SQLSTATES.has(e.code) || /^08[0-9A-Z]{3}$/.test(e.code))
  )
    return true;
  if (typeof e.message === 'string' && MESSAGES.test(e.message)) return true;
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}

/**
 * What an operator acts on: the innermost cause's message with its SQLSTATE or socket code (e.g.
 * "42501 permission denied for database shop", "ECONNREFUSED connect ECONNREFUSED 127.0.0.1:5432"),
 * without the query text and parameters an ORM's wrapper adds to its own message.
 */
export function unavailableReason(err: unknown): string {
  let inner: unknown = err;
  for (let depth = 0; depth < 5; depth++) {
    const e = inner as { cause?: unknown; errors?: unknown };
    const next = e?.cause ?? (Array.isArray(e?.errors) ? e.errors[0] : undefined);
    if (!next || typeof next !== 'object') break;
    inner = next;
  }
  const e = inner as { code?: unknown; message?: unknown };
  const message = typeof e?.message === 'string' && e.message ? e.message : String(inner);
  return typeof e?.code === 'string' ? `${e.code} ${message}` : message;
}

/** Milliseconds between two warnings of the same unavailability (the ones between go to debug). */
export const UNAVAILABLE_LOG_INTERVAL_MS = 30_000;
const lastWarned = new Map<string, number>();

/**
 * Logs that the database is unavailable with its reason (unavailableReason), at `warn` once per
 * message and reason every UNAVAILABLE_LOG_INTERVAL_MS and at `debug` in between: a probe or a
 * start script asking every half second while the database is down, or the schema behind, writes
 * one line a reason, not two a second. No stack: the reason is the news.
 */
export function logUnavailable(message: string, err: unknown, context: Record<string, unknown> = {}): void {
  const reason = unavailableReason(err);
  const key = `${message}\n${reason}`;
  const now = Date.now();
  const last = lastWarned.get(key);
  if (last !== undefined && now - last < UNAVAILABLE_LOG_INTERVAL_MS) {
    logger.debug({ ...context, reason }, message);
    return;
  }
  if (lastWarned.size >= 100) lastWarned.clear();
  lastWarned.set(key, now);
  logger.warn({ ...context, reason }, message);
}

/** Milliseconds between two lines of a failure that goes on (the failures between are counted). */
export const REPEAT_LOG_INTERVAL_MS = 60_000;

/**
 * The database's address for a log line: `host:port` of a PostgreSQL URL, never its user or
 * password; undefined for PGlite (no URL) or a URL that does not parse.
 */
export function databaseAddress(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { hostname, port } = new URL(url);
    return hostname ? `${hostname}:${port || '5432'}` : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One line for a failure that repeats, not one a try: the first failure is logged (an unavailable
 * database at `warn` with its reason and no stack, anything else at `error` with the error), the
 * ones after it at most once every REPEAT_LOG_INTERVAL_MS with how many there were since the last
 * line, and the first success after them once, with the count of the whole run of failures.
 */
export class RepeatedFailureLog {
  /** Failures since the last success. */
  private failures = 0;
  /** Failures since the last line. */
  private unlogged = 0;
  private loggedAt = 0;

  private readonly what: string;

  /** `what` names the work: "database preparation" logs "database preparation failed…". */
  constructor(what: string) {
    this.what = what;
  }

  /** Logs (or counts) a failure of the work; `where` names the address it failed at, if any. */
  failed(err: unknown, where?: string): void {
    this.failures++;
    const now = Date.now();
    const at = where ? ` at ${where}` : '';
    const unavailable = isDatabaseUnavailable(err);
    if (this.failures === 1) {
      this.loggedAt = now;
      this.unlogged = 0;
      if (unavailable)
        logger.warn({ reason: unavailableReason(err) }, `${this.what} failed: database unavailable${at}`);
      else logger.error({ err }, `${this.what} failed${at}`);
      return;
    }
    this.unlogged++;
    if (now - this.loggedAt < REPEAT_LOG_INTERVAL_MS) return;
    const seconds = Math.round((now - this.loggedAt) / 1000);
    const line = { reason: unavailableReason(err), failures: this.unlogged, seconds };
    const message = `${this.what} still failing${unavailable ? ': database unavailable' : ''}${at} (${this.unlogged} failures in ${seconds} s)`;
    if (unavailable) logger.warn(line, message);
    else logger.error(line, message);
    this.loggedAt = now;
    this.unlogged = 0;
  }

  /** Logs the recovery once, when failures came before it. */
  succeeded(where?: string): void {
    if (this.failures === 0) return;
    logger.info(
      { failures: this.failures },
      `${this.what} succeeded${where ? ` at ${where}` : ''} after ${this.failures} failure${this.failures === 1 ? '' : 's'}`,
    );
    this.failures = 0;
    this.unlogged = 0;
  }
}

/**
 * Resolves like `promise`, or rejects with DatabaseUnavailableError after `ms` milliseconds
 * (the work goes on in the background; its late failure is ignored here).
 */
export function withDeadline<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseUnavailableError(`${what} took longer than ${ms} ms`)), ms);
    timer.unref?.();
  });
  promise.catch(() => undefined);
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}
