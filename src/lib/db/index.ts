/**
 * The database client, created once per process. This is the only module that chooses between
 * PGlite (embedded, default; data under PGLITE_DATA_DIR) and PostgreSQL (when DATABASE_URL is
 * set, through a `pg` pool of DB_POOL_MAX connections named `farmfresh:<host>:<pid>`). Both speak
 * the same SQL dialect and share one schema and one set of migrations, applied by
 * `migrateDatabase()` on start, or by `npm run db:migrate` as a release step while the servers
 * only check the schema (MIGRATE_ON_START=false). docs/operations.md: many servers, PgBouncer.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { getConfig } from '../config.ts';
import { logger } from '../log.ts';
import { type PoolStats, watchDatabasePool } from '../metrics.ts';
import { isServerProcess, onServerClose } from '../server-process.ts';
import { lockDataDir, unlockDataDir } from './data-dir-lock.ts';
import { migrationsFolder, SCHEMA_BEHIND_MESSAGE, SchemaBehindError, schemaState } from './migrations.ts';
import * as schema from './schema.ts';
import { DatabaseRoleError, roleSettingsProblem } from './session-settings.ts';
import type { Database } from './types.ts';
import { databaseAddress, isDatabaseUnavailable, RepeatedFailureLog } from './unavailable.ts';

export { migrationsFolder } from './migrations.ts';
export type { Database, Transaction } from './types.ts';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL: the connection string migrations use (see OpenOptions.purpose); unset on PGlite. */
  migrationUrl?: string;
  /** Run raw SQL (several statements allowed on PGlite; one on PostgreSQL). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
  /** PostgreSQL: the pool's connections and waiting requests now; unset on PGlite. */
  poolStats?(): PoolStats;
}

/** Options for opening a database; by default they come from configuration. */
export interface OpenOptions {
  /**
   * `web` (default): the server's connection, DATABASE_URL with the web timeouts. `tool`: a
   * command-line tool's, DATABASE_MIGRATION_URL (default DATABASE_URL) without a statement timeout.
   */
  purpose?: 'web' | 'tool';
  databaseUrl?: string;
  /** PostgreSQL: where migrations connect (default: DATABASE_MIGRATION_URL for the configured database, else databaseUrl). */
  migrationUrl?: string;
  pgliteDataDir?: string;
  /** Pool size for PostgreSQL. Default DB_POOL_MAX. */
  maxConnections?: number;
  /**
   * PostgreSQL: longest statement in ms (server-side `statement_timeout`; the client gives up
   * 500 ms later for a peer that stopped answering). 0 = no limit, for long CLI jobs such as a
   * catalogue import. Default DB_STATEMENT_TIMEOUT_MS (4000); 0 for `purpose: 'tool'`.
   */
  statementTimeoutMs?: number;
  /**
   * PostgreSQL: how the server-side timeouts reach a session (DB_SESSION_SETTINGS): `startup`
   * sends statement, lock and idle-in-transaction timeouts as start-up parameters; `role` sends
   * none and relies on the role's own settings (a pooler in transaction mode refuses them).
   */
  sessionSettings?: 'startup' | 'role';
  /**
   * PostgreSQL: every transaction of the pool's sessions is read-only (`default_transaction_read_only`,
   * a start-up parameter: only with `sessionSettings: 'startup'`; behind a pooler the replica's own
   * refusal of writes stands for it).
   */
  readOnly?: boolean;
}

/** Milliseconds an idle pooled PostgreSQL connection is kept before it is closed. */
export const POOL_IDLE_TIMEOUT_MS = 30_000;
/** Milliseconds a PostgreSQL session may sit idle inside a transaction before the server ends it (web requests). */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/**
 * The `application_name` of every connection this process opens, `farmfresh:<host>:<pid>`, so
 * `pg_stat_activity` (and PgBouncer's SHOW CLIENTS) names the server process behind a session.
 * PostgreSQL keeps its first 63 characters.
 * @example applicationName() // 'farmfresh:web-3:41872'
 */
export function applicationName(): string {
  return `farmfresh:${os.hostname()}:${process.pid}`;
}

/** The URL `options` open by default: a tool's DATABASE_MIGRATION_URL, else DATABASE_URL (PGlite without). */
function configuredDatabaseUrl(options: OpenOptions): string | undefined {
  const config = getConfig();
  return options.purpose === 'tool' ? (config.DATABASE_MIGRATION_URL ?? config.DATABASE_URL) : config.DATABASE_URL;
}

/** Opens a new database handle (does not migrate). */
export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const config = getConfig();
  const tool = options.purpose === 'tool';
  const databaseUrl = options.databaseUrl ?? configuredDatabaseUrl(options);
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // NUMERIC arrives as text by default; our numeric columns use mode 'number' already.
    // Timeouts: a database that refuses or drops packets fails a request within
    // DB_CONNECT_TIMEOUT_MS (the pool's wait for a free connection too) instead of ~140 s of TCP
    // retries; a statement that runs or waits too long is cancelled (by the start-up parameters
    // below, or by the role's settings behind a pooler); TCP keep-alive notices a dead peer on
    // idle connections.
    const statementTimeout = options.statementTimeoutMs ?? (tool ? 0 : config.DB_STATEMENT_TIMEOUT_MS);
    const sessionSettings = options.sessionSettings ?? config.DB_SESSION_SETTINGS;
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      application_name: applicationName(),
      max: options.maxConnections ?? config.DB_POOL_MAX,
      connectionTimeoutMillis: config.DB_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(statementTimeout > 0 ? { query_timeout: statementTimeout + 500 } : {}),
      ...(statementTimeout > 0 && sessionSettings === 'startup'
        ? {
            statement_timeout: statementTimeout,
            lock_timeout: config.DB_LOCK_TIMEOUT_MS,
            idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
          }
        : {}),
      ...(options.readOnly && sessionSettings === 'startup' ? { options: '-c default_transaction_read_only=on' } : {}),
    });
    pool.on('error', (err) => logger.error({ err }, 'postgres pool error'));
    const db = drizzle(pool, { schema });
    const migrationUrl =
      options.migrationUrl ??
      (databaseUrl === config.DATABASE_URL ? (config.DATABASE_MIGRATION_URL ?? databaseUrl) : databaseUrl);
    return {
      db,
      kind: 'postgres',
      migrationUrl,
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    };
  }
  const dataDir = options.pgliteDataDir ?? config.PGLITE_DATA_DIR;
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  // One process per data folder: refuse before PGlite touches it (see data-dir-lock.ts).
  lockDataDir(dataDir);
  // PGlite's default starting heap is several hundred MiB; 128 MiB (its floor) is plenty for the
  // shop and halves the server's memory. The heap grows on demand.
  // Postgres's buffers live inside that heap, and a heap never shrinks: small buffers keep the
  // server's memory flat. 8 MB holds the hot pages of the shop's day (carts, orders, sessions);
  // catalogue pages read the in-memory snapshot, and the OS page cache still holds the data files.
  let client: InstanceType<typeof PGlite>;
  try {
    client = await PGlite.create(dataDir, {
      extensions: { pg_trgm },
      initialMemory: config.PGLITE_INITIAL_MEMORY_MB * 1024 * 1024,
      postgresqlconf: [
        'shared_buffers=8MB',
        'work_mem=2MB',
        'temp_buffers=2MB',
        'wal_buffers=1MB',
        'maintenance_work_mem=16MB',
      ],
    });
  } catch (err) {
    unlockDataDir(dataDir);
    throw err;
  }
  const db = drizzle(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    exec: async (text) => {
      await client.exec(text);
    },
    close: async () => {
      await client.close();
      unlockDataDir(dataDir);
    },
  };
}

/** Milliseconds one migration statement may take on PostgreSQL (client side; no server-side limit). */
export const MIGRATION_QUERY_TIMEOUT_MS = 10 * 60_000;

/** Key of the session-level advisory lock that serialises migrations across processes. */
const MIGRATION_LOCK_KEY = 727274;

/**
 * Applies pending migrations. On PostgreSQL they run on a connection of their own to
 * `handle.migrationUrl` (DATABASE_MIGRATION_URL: direct to PostgreSQL, never through a pooler in
 * transaction mode), under a session-level advisory lock, so concurrent starts of several
 * server processes are safe: one migrates, the others wait and then find nothing to do.
 * drizzle's migrator reads the last applied migration before its one transaction, so a
 * transaction-level lock taken inside that transaction would come too late; the session lock
 * covers both. The connection has no statement timeout (a migration may rebuild an index for
 * longer than a request may take); the client gives up after MIGRATION_QUERY_TIMEOUT_MS.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrationsDir = migrationsFolder();
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: migrationsDir });
    return;
  }
  if (!handle.migrationUrl) throw new Error('a PostgreSQL handle without a migration URL');
  const { default: pg } = await import('pg');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const client = new pg.Client({
    connectionString: handle.migrationUrl,
    application_name: applicationName(),
    connectionTimeoutMillis: getConfig().DB_CONNECT_TIMEOUT_MS,
    query_timeout: MIGRATION_QUERY_TIMEOUT_MS,
    keepAlive: true,
  });
  client.on('error', (err) => logger.error({ err }, 'postgres migration connection error'));
  await client.connect();
  try {
    await client.query('SET statement_timeout = 0');
    await client.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client, { schema }), { migrationsFolder: migrationsDir });
    await client.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
  } finally {
    // Ending the session also releases the lock when a migration failed.
    await client.end().catch(() => undefined);
  }
}

/** True when the catalogue is empty (a new database). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories`);
  const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  return n === 0;
}

let current: Promise<DatabaseHandle> | undefined;
/** Whether closing the database is registered with the server's stop (once per process copy). */
let closesOnStop = false;
/** Whether the open handle's schema is checked rather than migrated (MIGRATE_ON_START=false). */
let checksSchema = false;
let preparing = false;

/** Milliseconds a server that found the schema behind waits before it looks again. */
export const SCHEMA_RECHECK_MS = 5000;
/** Set once this process has found the schema current; it stays so (a newer schema is still compatible). */
let schemaCurrent = false;
let schemaBehind: { error: SchemaBehindError; at: number } | undefined;
let schemaCheck: Promise<void> | undefined;

/**
 * What fills a new, empty database before its first use. Several processes may find one database
 * empty at once, so a filler checks again under a lock of its own before it writes (the demo
 * shop's: seedEmptyDatabase).
 */
export type EmptyDatabaseFiller = (db: Database) => Promise<unknown>;
let fillEmpty: EmptyDatabaseFiller | undefined;

/**
 * Sets what fills a new, empty database when the process first opens it (undefined: nothing). The kernel
 * leaves the choice to the server's start-up, which fills it with the demo shop when SEED_DEMO=auto
 * (src/server/wiring.ts); tools and tests that open a database leave it empty.
 */
export function whenDatabaseEmpty(filler: EmptyDatabaseFiller | undefined): void {
  fillEmpty = filler;
}

/**
 * True while the process prepares a database that cannot be "down": the embedded PGlite opening
 * and migrating, or the demo shop being seeded into a new database (a first boot: seconds).
 */
export function isPreparingDatabase(): boolean {
  return preparing;
}

/** Fills a new, empty database when a filler is set (see whenDatabaseEmpty); the filler checks again under its lock. */
async function fillIfEmpty(db: Database): Promise<void> {
  if (!fillEmpty || !(await isDatabaseEmpty(db))) return;
  preparing = true;
  try {
    await fillEmpty(db);
  } finally {
    preparing = false;
  }
}

/**
 * Opens the process's database: checks the web role's timeouts (DB_SESSION_SETTINGS=role), then
 * migrates unless the schema is to be checked instead.
 */
async function prepareDatabase(options: OpenOptions, migrate: boolean): Promise<DatabaseHandle> {
  const config = getConfig();
  preparing = !(options.databaseUrl ?? config.DATABASE_URL);
  const handle = await openDatabase(options).finally(() => {
    preparing = false;
  });
  preparing = handle.kind === 'pglite';
  try {
    if (
      handle.kind === 'postgres' &&
      options.purpose !== 'tool' &&
      (options.sessionSettings ?? config.DB_SESSION_SETTINGS) === 'role'
    ) {
      const problem = await roleSettingsProblem(handle.db);
      if (problem) {
        logger.error(problem);
        throw new DatabaseRoleError(problem);
      }
    }
    if (migrate) {
      await migrateDatabase(handle);
      await fillIfEmpty(handle.db);
    }
  } catch (err) {
    // The next call starts afresh (a database that was down may be back): free this one.
    await handle.close().catch(() => undefined);
    throw err;
  } finally {
    preparing = false;
  }
  return handle;
}

/**
 * Throws SchemaBehindError unless the database has every migration of this build. Once current,
 * the answer is kept; while behind, the database is asked again at most every SCHEMA_RECHECK_MS,
 * so a server serves by itself once `npm run db:migrate` has run. The first refusal is logged in
 * one line (SCHEMA_BEHIND_MESSAGE).
 */
async function ensureSchemaCurrent(handle: DatabaseHandle): Promise<void> {
  if (schemaCurrent) return;
  if (schemaBehind && Date.now() - schemaBehind.at < SCHEMA_RECHECK_MS) throw schemaBehind.error;
  schemaCheck ??= (async () => {
    const state = await schemaState(handle.db);
    if (state.behind) {
      if (!schemaBehind) logger.error({ applied: state.applied, expected: state.expected }, SCHEMA_BEHIND_MESSAGE);
      schemaBehind = { error: new SchemaBehindError(state), at: Date.now() };
      throw schemaBehind.error;
    }
    if (schemaBehind) logger.info('database schema is current: serving');
    schemaBehind = undefined;
    await fillIfEmpty(handle.db);
    schemaCurrent = true;
  })().finally(() => {
    schemaCheck = undefined;
  });
  await schemaCheck;
}

/**
 * Failures to open the process's database, logged once and then once a minute while they go on:
 * each request or probe tries again while the database is down.
 */
const preparationLog = new RepeatedFailureLog('database preparation');

/**
 * The process's database, opened on first use and every later call's too. With
 * MIGRATE_ON_START=true (and always for `purpose: 'tool'`) it is migrated and, when empty and a
 * filler is set (see whenDatabaseEmpty), filled once opened; with MIGRATE_ON_START=false each
 * call checks that the schema is current (see ensureSchemaCurrent) and throws SchemaBehindError
 * (answered 503) until it is. `options` apply to the first open only (tools pass `purpose: 'tool'`).
 */
export async function getDatabaseHandle(options: OpenOptions = {}): Promise<DatabaseHandle> {
  if (!current) {
    const migrate = options.purpose === 'tool' || getConfig().MIGRATE_ON_START;
    checksSchema = !migrate;
    const opening = prepareDatabase(options, migrate);
    current = opening;
    const where = databaseAddress(options.databaseUrl ?? configuredDatabaseUrl(options));
    opening.then(
      (handle) => {
        preparationLog.succeeded(where);
        if (current === opening) watchDatabasePool(handle.poolStats);
      },
      () => undefined,
    );
    if (!closesOnStop && isServerProcess()) {
      closesOnStop = true;
      onServerClose(closeDatabase);
    }
    opening.catch((err) => {
      preparationLog.failed(err, where);
      if (current === opening) current = undefined;
    });
  }
  const handle = await current;
  if (checksSchema) await ensureSchemaCurrent(handle);
  return handle;
}

/**
 * Whether the configured web role lacks its timeouts (DB_SESSION_SETTINGS=role): the one-line
 * problem, or undefined when it has them, when the setting is `startup`, or when the database
 * cannot be asked now (the first open asks again). The server entry asks before it serves.
 */
export async function databaseRoleProblem(): Promise<string | undefined> {
  const config = getConfig();
  if (!config.DATABASE_URL || config.DB_SESSION_SETTINGS !== 'role') return undefined;
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ maxConnections: 1 });
    return await roleSettingsProblem(handle.db);
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    logger.warn({ reason: (err as Error).message }, 'database role not checked at start: database unavailable');
    return undefined;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

/**
 * Closes the process's database, if open: the PostgreSQL pool ends once its clients are back
 * (`pool.end()`), the read pool too (DATABASE_READ_URL), PGlite closes and its data folder is unlocked. The next getDatabaseHandle opens
 * it again. A server closes it as the last step of its stop (src/server/drain.ts).
 */
export async function closeDatabase(): Promise<void> {
  const opening = current;
  current = undefined;
  watchDatabasePool(undefined);
  const handle = await opening?.catch(() => undefined);
  await Promise.all([handle?.close(), closeReadDatabase()]);
}

/** The process's Drizzle database (see getDatabaseHandle). */
export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

let currentRead: Promise<DatabaseHandle> | undefined;

/**
 * The database for reads that may lag (DATABASE_READ_URL, a replica): a read-only pool of its
 * own, opened on first use with the web pool's size and timeouts, and never migrated (the replica
 * follows the primary). Without DATABASE_READ_URL, or on PGlite, it is getDb()'s database.
 */
export async function getReadDb(): Promise<Database> {
  const config = getConfig();
  if (!config.DATABASE_READ_URL || !config.DATABASE_URL) return getDb();
  if (!currentRead) {
    const opening = openDatabase({ databaseUrl: config.DATABASE_READ_URL, readOnly: true });
    currentRead = opening;
    opening.catch(() => {
      if (currentRead === opening) currentRead = undefined;
    });
  }
  return (await currentRead).db;
}

/** Closes the read pool of getReadDb, if one is open (shutdown, tests). */
export async function closeReadDatabase(): Promise<void> {
  const opening = currentRead;
  currentRead = undefined;
  await (await opening?.catch(() => undefined))?.close();
}

/** Replace the process database (tests). */
export function setDatabaseHandleForTests(handle: DatabaseHandle | undefined): void {
  current = handle ? Promise.resolve(handle) : undefined;
  checksSchema = false;
}
