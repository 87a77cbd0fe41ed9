/**
 * Readiness check: database reachable and migrations applied (the database's record of them
 * against the committed journal, src/lib/db/migrations.ts). Answers within READINESS_TIMEOUT_MS
 * whatever the database does.
 */
import { sql } from 'drizzle-orm';
import { logger } from '../log.ts';
import { isWarmedUp } from '../server-process.ts';
import { getDb, isPreparingDatabase } from './index.ts';
import { committedMigrations, SchemaBehindError, schemaState } from './migrations.ts';
import { DatabaseUnavailableError, isDatabaseUnavailable, logUnavailable, withDeadline } from './unavailable.ts';

/** Milliseconds the readiness check waits for the database before saying it is down. */
export const READINESS_TIMEOUT_MS = 2500;

export interface Readiness {
  status: 'ready' | 'not_ready';
  database: 'up' | 'down';
  migrations: { applied: number; expected: number };
}

/** Checks the database and migrations; never throws, answers within READINESS_TIMEOUT_MS. */
export async function readiness(): Promise<Readiness> {
  let expected = 0;
  try {
    expected = committedMigrations().length;
  } catch (err) {
    logger.warn({ err }, 'readiness: migration journal unreadable');
  }
  try {
    const state = await withDeadline(
      (async () => schemaState(await getDb()))(),
      READINESS_TIMEOUT_MS,
      'readiness check',
    );
    return {
      status: state.behind ? 'not_ready' : 'ready',
      database: 'up',
      migrations: { applied: state.applied, expected: state.expected },
    };
  } catch (err) {
    // A server that checks rather than migrates (MIGRATE_ON_START=false) and found the schema
    // behind: the database is up, the release step has not run (logged once when found).
    if (err instanceof SchemaBehindError) {
      const { applied, expected: committed } = err.state;
      return { status: 'not_ready', database: 'up', migrations: { applied, expected: committed } };
    }
    // A first boot (the embedded database opening and migrating, the demo shop being seeded) is
    // not an outage: say so plainly, without a stack.
    if (isPreparingDatabase()) {
      logger.info('readiness: not ready yet, the database is being prepared (migrations, demo shop)');
      return { status: 'not_ready', database: 'up', migrations: { applied: expected, expected } };
    }
    // During this process's own warm-up a slow first check (the pool opening, another server
    // holding the migration lock) is expected: said at info; once warm, a failure is an outage.
    if (!isWarmedUp()) logger.info({ reason: (err as Error).message }, 'readiness: not ready yet, still warming up');
    else logUnavailable('readiness: database check failed', err);
    return { status: 'not_ready', database: 'down', migrations: { applied: 0, expected } };
  }
}

/** Milliseconds a page request waits for the database check before answering 503. */
export const PAGE_DATABASE_CHECK_TIMEOUT_MS = 4000;
/** A successful check is trusted this long (ms): at most one `SELECT 1` per second per process. */
const CHECK_TRUST_MS = 1000;
let lastOk = 0;

/**
 * Throws DatabaseUnavailableError unless the database answered within the last second or
 * answers `SELECT 1` within PAGE_DATABASE_CHECK_TIMEOUT_MS. Pages call it before rendering
 * (a streamed page cannot turn into a 503 once it has started) and after a 500 (`fresh`), so
 * an outage shows the 503 page rather than a broken one. Any failure of the check counts as
 * the database being unavailable.
 */
export async function assertDatabaseAvailable(options: { fresh?: boolean } = {}): Promise<void> {
  if (!options.fresh && Date.now() - lastOk < CHECK_TRUST_MS) return;
  try {
    await withDeadline(
      (async () => {
        const db = await getDb();
        await db.execute(sql`SELECT 1`);
      })(),
      PAGE_DATABASE_CHECK_TIMEOUT_MS,
      'database check',
    );
  } catch (err) {
    lastOk = 0;
    throw isDatabaseUnavailable(err) ? err : new DatabaseUnavailableError('database check failed', { cause: err });
  }
  lastOk = Date.now();
}
