/**
 * Database clean-up: rows that only grow are deleted once they can no longer matter.
 * - `rate_limit_events` older than 48 hours (the longest throttle window is 24 hours);
 * - sessions expired or revoked more than 7 days ago;
 * - OTPs expired more than 1 day ago (a code lives 5 minutes; consumed ones expire too);
 * - catalogue change feed entries (`catalog_changes`) older than 1 day whose transaction is below
 *   every open snapshot's xmin (so no process's feed reader can still need them: it reads only
 *   entries at or above the xmin of its last read; ADR 0146).
 *
 * Runs as the `prune` job every DB_PRUNE_INTERVAL_MINUTES (default 10), once across all server
 * processes (the job runner, src/lib/jobs; ADR 0102), and on demand with `npm run db:prune`.
 * Deletes go in batches of 5,000 rows (each well inside the statement timeout) and are
 * idempotent, so a prune that overlaps `npm run db:prune` only repeats work.
 */
import { sql } from 'drizzle-orm';
import { getConfig } from '../config.ts';
import type { JobDefinition } from '../jobs/types.ts';
import type { Database } from './types.ts';

/** Throttle events are kept this long (ms); must exceed the longest ThrottleRule window. */
export const RATE_LIMIT_RETENTION_MS = 48 * 3_600_000;
/** Expired or revoked sessions are kept this long after they ended (ms). */
export const SESSION_RETENTION_MS = 7 * 86_400_000;
/** Expired OTPs are kept this long after they expired (ms). */
export const OTP_RETENTION_MS = 86_400_000;
/** Catalogue change feed entries are kept this long (ms). */
export const CATALOG_CHANGES_RETENTION_MS = 86_400_000;
/** Rows deleted per statement. */
export const PRUNE_BATCH_SIZE = 5000;

export interface PruneResult {
  rateLimitEvents: number;
  sessions: number;
  otps: number;
  catalogChanges: number;
}

/** Deletes `where` rows of `table` in batches; returns how many went. */
async function deleteInBatches(db: Database, table: string, where: ReturnType<typeof sql>): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await db.execute(
      sql`DELETE FROM ${sql.identifier(table)} WHERE id IN (SELECT id FROM ${sql.identifier(table)} WHERE ${where} LIMIT ${PRUNE_BATCH_SIZE})`,
    );
    const n =
      (result as unknown as { rowCount?: number | null; affectedRows?: number }).rowCount ??
      (result as { affectedRows?: number }).affectedRows ??
      0;
    total += n;
    if (n < PRUNE_BATCH_SIZE) return total;
  }
}

/** Deletes old throttle events, ended sessions, expired OTPs and old change feed entries (see the module doc); `now` for tests. */
export async function pruneDatabase(db: Database, now = new Date()): Promise<PruneResult> {
  const at = (ms: number) => new Date(now.getTime() - ms).toISOString();
  const rateLimitEvents = await deleteInBatches(
    db,
    'rate_limit_events',
    sql`created_at < ${at(RATE_LIMIT_RETENTION_MS)}`,
  );
  const sessionsCutoff = at(SESSION_RETENTION_MS);
  const sessions = await deleteInBatches(
    db,
    'sessions',
    sql`(expires_at < ${sessionsCutoff} OR revoked_at < ${sessionsCutoff})`,
  );
  const otps = await deleteInBatches(db, 'otps', sql`expires_at < ${at(OTP_RETENTION_MS)}`);
  const catalogChanges = await deleteInBatches(
    db,
    'catalog_changes',
    sql`changed_at < ${at(CATALOG_CHANGES_RETENTION_MS)} AND xid < pg_snapshot_xmin(pg_current_snapshot())`,
  );
  return { rateLimitEvents, sessions, otps, catalogChanges };
}

/**
 * The clean-up as a background job (src/lib/jobs): every DB_PRUNE_INTERVAL_MINUTES, once across
 * all server processes on PostgreSQL; 0 turns it off.
 */
export function pruneJob(): JobDefinition {
  return {
    name: 'prune',
    intervalMs: getConfig().DB_PRUNE_INTERVAL_MINUTES * 60_000,
    run: (db) => pruneDatabase(db),
  };
}
