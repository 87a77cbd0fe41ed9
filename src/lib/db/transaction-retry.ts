/**
 * A transaction that is run again when PostgreSQL gives it up for a reason that a second try
 * usually clears: a deadlock (40P01), a serialization failure (40001) or a lock wait longer than
 * the transaction's `lock_timeout` (55P03). Each failed try has rolled back completely before the
 * next one starts, so the work runs whole or not at all; between tries the connection goes back
 * to the pool and the caller waits a short random time, so transactions that collided do not
 * collide again in step. An error that persists after the last try is thrown as it is: the
 * HTTP layer answers it 503 with Retry-After (unavailable.ts), never 500.
 */
import { sql } from 'drizzle-orm';
import type { Database, Transaction } from './types.ts';

/** SQLSTATEs after which the whole transaction is run again. */
const RETRYABLE = new Set(['40P01', '40001', '55P03']);

/** The SQLSTATE of `err` or of an error in its `cause` chain (Drizzle wraps the driver's error). */
export function sqlState(err: unknown, depth = 0): string | undefined {
  if (!err || typeof err !== 'object' || depth > 5) return undefined;
  const e = err as { code?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  return sqlState(e.cause, depth + 1);
}

/** True when `err` is a deadlock, a serialization failure or a lock timeout. */
export function isRetryableTransactionError(err: unknown): boolean {
  const code = sqlState(err);
  return code !== undefined && RETRYABLE.has(code);
}

export interface TransactionRetryOptions {
  /** Tries in all, the first included (default 4). */
  attempts?: number;
  /**
   * `SET LOCAL lock_timeout` for each try, in ms, as the transaction's first statement (it ends
   * with the transaction, so it holds through PgBouncer's transaction mode too). Unset: the
   * session's own setting.
   */
  lockTimeoutMs?: number;
  /** Longest wait before the second try, in ms; it doubles for each later try (default 50). */
  backoffMs?: number;
  /** Called before each wait, with the failed try's number (from 1) and its error (logging). */
  onRetry?: (attempt: number, err: unknown) => void;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `work` in a transaction of `db`, trying again (up to `attempts` tries) after a deadlock,
 * a serialization failure or a lock timeout. `work` must do nothing outside the database that a
 * second run would repeat: everything it does is undone with its transaction.
 */
export async function withTransactionRetry<T>(
  db: Database,
  work: (tx: Transaction) => Promise<T>,
  options: TransactionRetryOptions = {},
): Promise<T> {
  const attempts = Math.max(1, options.attempts ?? 4);
  const backoffMs = options.backoffMs ?? 50;
  const lockTimeout = options.lockTimeoutMs;
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        if (lockTimeout !== undefined)
          await tx.execute(sql.raw(`SET LOCAL lock_timeout = ${Math.max(0, Math.round(lockTimeout))}`));
        return work(tx);
      });
    } catch (err) {
      if (attempt >= attempts || !isRetryableTransactionError(err)) throw err;
      options.onRetry?.(attempt, err);
      // Full jitter: anywhere from 0 to the doubled ceiling.
      await sleep(Math.random() * backoffMs * 2 ** (attempt - 1));
    }
  }
}
