/**
 * The PostgreSQL connection variables of the shop's configuration (src/lib/config.ts spreads them
 * into its schema and runs their cross-checks): the pool, the timeouts, how the timeouts reach a
 * session, and whether a server migrates on start. docs/operations.md explains how they fit
 * several servers behind PgBouncer.
 */
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const databaseSettings = {
  /** PostgreSQL connection string; when unset the embedded PGlite database is used. */
  DATABASE_URL: z.string().url().optional(),
  /**
   * Connection string of the tools (db:migrate, the migration on start, db:seed, db:prune,
   * catalog:import, db:roles): direct to PostgreSQL, never through a pooler in transaction mode
   * (the migration lock is a session lock), as a role without the web timeouts. Unset: DATABASE_URL.
   */
  DATABASE_MIGRATION_URL: z.string().url().optional(),
  /**
   * Connection string of a read replica (a hot standby of DATABASE_URL's database) for reads that
   * may lag behind the primary: the staff's CSV exports. A second pool of the same size and
   * timeouts opens on first use; its sessions are read-only. Unset, or without DATABASE_URL:
   * those reads use the main database.
   */
  DATABASE_READ_URL: z.string().url().optional(),
  /**
   * Connection string direct to PostgreSQL (never through a pooler in transaction mode: LISTEN
   * needs a session) for the catalogue's change notifications: one connection per server (the
   * cluster's primary, or the only process) LISTENs and wakes the catalogue snapshot of every
   * process at once. Unset: each process polls the change feed (catalog snapshot, ADR 0146).
   */
  DATABASE_DIRECT_URL: z.string().url().optional(),
  /**
   * Most PostgreSQL connections one server process keeps. Servers × processes × this must stay
   * within PostgreSQL's max_connections (direct) or PgBouncer's max_client_conn (pooled).
   */
  DB_POOL_MAX: z.coerce.number().int().min(1).max(100).default(5),
  /** PostgreSQL: milliseconds to open a connection (or wait for a free one) before answering 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(2000),
  /** PostgreSQL: longest statement (ms) of a web request; the server cancels it, the client gives up 500 ms later. */
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(4000),
  /** PostgreSQL: longest wait (ms) of a web request's statement for a row or table lock before it fails. */
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(2000),
  /**
   * How the web path's server-side timeouts reach a session: `startup` sends them as start-up
   * parameters of each connection (direct to PostgreSQL); `role` leaves them to the database
   * role's own settings (`ALTER ROLE … SET`, written by `npm run db:roles`), which PgBouncer in
   * transaction mode needs: it refuses those start-up parameters. With `role` the server checks
   * the role's settings when it opens the database and refuses to serve without them. PGlite
   * (no DATABASE_URL) ignores it.
   */
  DB_SESSION_SETTINGS: z.enum(['startup', 'role']).default('startup'),
  /**
   * Whether a server applies pending migrations when it opens the database (`true`, one machine)
   * or only checks that they are applied and answers 503 until `npm run db:migrate` has run
   * (`false`: migrations as a release step).
   */
  MIGRATE_ON_START: bool.default(true),
};

/** The fields checkDatabaseSettings reads. */
interface DatabaseSettings {
  DATABASE_URL?: string;
  DATABASE_MIGRATION_URL?: string;
  DB_SESSION_SETTINGS: 'startup' | 'role';
  MIGRATE_ON_START: boolean;
}

/** Cross-checks of the database settings: the migration's session lock never goes through a pooler unasked. */
export function checkDatabaseSettings(c: DatabaseSettings, ctx: z.RefinementCtx): void {
  if (c.DB_SESSION_SETTINGS === 'role' && c.DATABASE_URL && c.MIGRATE_ON_START && !c.DATABASE_MIGRATION_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['MIGRATE_ON_START'],
      message:
        'with DB_SESSION_SETTINGS=role (a pooler) the migration lock needs a direct connection: set MIGRATE_ON_START=false and run `npm run db:migrate` as a release step, or set DATABASE_MIGRATION_URL to PostgreSQL itself',
    });
}
