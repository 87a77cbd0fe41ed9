/**
 * The database client, created once per process. This is the only module that chooses between
 * PGlite (embedded, default; data under PGLITE_DATA_DIR) and PostgreSQL (when DATABASE_URL is
 * set, through a `pg` pool). Both speak the same SQL dialect and share one schema and one set of
 * migrations, applied by `migrateDatabase()`.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getConfig } from '../config.ts';
import { logger } from '../log.ts';
import { lockDataDir, unlockDataDir } from './data-dir-lock.ts';
import * as schema from './schema.ts';
import type { Database } from './types.ts';
import { isDatabaseUnavailable } from './unavailable.ts';

export type { Database, Transaction } from './types.ts';

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Run raw SQL (several statements allowed on PGlite; one on PostgreSQL). */
  exec(text: string): Promise<void>;
  close(): Promise<void>;
}

/** Options for opening a database; by default they come from configuration. */
export interface OpenOptions {
  databaseUrl?: string;
  pgliteDataDir?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /**
   * PostgreSQL: longest statement in ms (server-side `statement_timeout`; the client gives up
   * 500 ms later for a peer that stopped answering). 0 = no limit, for long CLI jobs such as a
   * catalogue import. Default DB_STATEMENT_TIMEOUT_MS (4000).
   */
  statementTimeoutMs?: number;
}

/** Milliseconds an idle pooled PostgreSQL connection is kept before it is closed. */
export const POOL_IDLE_TIMEOUT_MS = 30_000;
/** Milliseconds a PostgreSQL session may sit idle inside a transaction before the server ends it (web requests). */
export const IDLE_IN_TRANSACTION_TIMEOUT_MS = 10_000;

/** Opens a new database handle (does not migrate). */
export async function openDatabase(options: OpenOptions = {}): Promise<DatabaseHandle> {
  const config = getConfig();
  const databaseUrl = options.databaseUrl ?? config.DATABASE_URL;
  if (databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    // NUMERIC arrives as text by default; our numeric columns use mode 'number' already.
    // Timeouts: a database that refuses or drops packets fails a request within
    // DB_CONNECT_TIMEOUT_MS (the pool's wait for a free connection too) instead of ~140 s of TCP
    // retries; a statement that runs or waits too long is cancelled; TCP keep-alive notices a
    // dead peer on idle connections.
    const statementTimeout = options.statementTimeoutMs ?? config.DB_STATEMENT_TIMEOUT_MS;
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: options.maxConnections ?? 10,
      connectionTimeoutMillis: config.DB_CONNECT_TIMEOUT_MS,
      idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      ...(statementTimeout > 0
        ? {
            statement_timeout: statementTimeout,
            query_timeout: statementTimeout + 500,
            idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_TIMEOUT_MS,
          }
        : {}),
    });
    pool.on('error', (err) => logger.error({ err }, 'postgres pool error'));
    const db = drizzle(pool, { schema });
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        await pool.query(text);
      },
      close: () => pool.end(),
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

/**
 * Folder of the committed drizzle-kit migrations (`./drizzle` under the project root, the working
 * directory of every command).
 */
export function migrationsFolder(): string {
  return path.resolve(process.cwd(), 'drizzle');
}

/** Milliseconds one migration statement may take on PostgreSQL (client side; no server-side limit). */
export const MIGRATION_QUERY_TIMEOUT_MS = 10 * 60_000;

/**
 * Applies pending migrations. On PostgreSQL an advisory lock makes concurrent starts of several
 * server processes safe: one migrates, the others wait and then find nothing to do.
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  const migrationsDir = migrationsFolder();
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: migrationsDir });
    return;
  }
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  // A transaction-level advisory lock would end before migrate() runs; use a session lock on
  // one dedicated connection instead.
  // Migrations run on that connection too, with the web requests' statement timeout lifted
  // (a migration may rebuild an index for longer than a request may take).
  const pool = (handle.db as unknown as { $client: import('pg').Pool }).$client;
  const lockClient = await pool.connect();
  const params = (lockClient as unknown as { connectionParameters: { query_timeout?: number } }).connectionParameters;
  const queryTimeout = params.query_timeout;
  let broken: Error | undefined;
  try {
    params.query_timeout = MIGRATION_QUERY_TIMEOUT_MS;
    await lockClient.query('SET statement_timeout = 0');
    await lockClient.query('SELECT pg_advisory_lock(727274)');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    await migrate(drizzle(lockClient, { schema }), { migrationsFolder: migrationsDir });
  } catch (err) {
    broken = err as Error;
    throw err;
  } finally {
    params.query_timeout = queryTimeout;
    await lockClient.query('SELECT pg_advisory_unlock(727274)').catch(() => undefined);
    await lockClient.query('RESET statement_timeout').catch(() => undefined);
    // A connection that failed is dropped from the pool rather than reused.
    lockClient.release(broken);
  }
}

/** True when the catalogue is empty (a new database). */
export async function isDatabaseEmpty(db: Database): Promise<boolean> {
  const rows = await db.execute<{ n: number }>(sql`SELECT count(*)::int AS n FROM categories`);
  const n = (rows as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
  return n === 0;
}

let current: Promise<DatabaseHandle> | undefined;
let preparing = false;

/** What fills a new, empty database before its first use. */
export type EmptyDatabaseFiller = (db: Database) => Promise<void>;
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

/**
 * The process's database, opened, migrated and (when empty and a filler is set, see whenDatabaseEmpty)
 * filled on first use. Every later call returns the same handle. `options` apply to the
 * first open only (tools pass `statementTimeoutMs: 0`).
 */
export function getDatabaseHandle(options: OpenOptions = {}): Promise<DatabaseHandle> {
  current ??= (async () => {
    preparing = !(options.databaseUrl ?? getConfig().DATABASE_URL);
    const handle = await openDatabase(options).finally(() => {
      preparing = false;
    });
    preparing = handle.kind === 'pglite';
    try {
      await migrateDatabase(handle);
      if (fillEmpty && (await isDatabaseEmpty(handle.db))) {
        preparing = true;
        await fillEmpty(handle.db);
      }
    } catch (err) {
      // The next call starts afresh (a database that was down may be back): free this one.
      await handle.close().catch(() => undefined);
      throw err;
    } finally {
      preparing = false;
    }
    return handle;
  })();
  current.catch((err) => {
    if (isDatabaseUnavailable(err)) logger.warn({ err }, 'database preparation failed: database unavailable');
    else logger.error({ err }, 'database preparation failed');
    current = undefined;
  });
  return current;
}

/** The process's Drizzle database (see getDatabaseHandle). */
export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/** Replace the process database (tests). */
export function setDatabaseHandleForTests(handle: DatabaseHandle | undefined): void {
  current = handle ? Promise.resolve(handle) : undefined;
}
