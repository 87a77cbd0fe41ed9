/**
 * Fresh, migrated test databases, never a developer's data:
 * - `pglite`: an in-memory PGlite (always available);
 * - `postgres`: a uniquely named database created on the server of TEST_DATABASE_URL and
 *   dropped again by `close()`.
 * `testDatabaseKinds()` lists the kinds this run covers, so suites run on both where possible.
 *
 * The pooled run (TEST_POOLED_RUN, vitest.pooled.config.ts) is PostgreSQL only, through PgBouncer
 * in transaction mode at TEST_POOLER_URL: a new database's URL then goes through the pooler, the
 * database's role carries the web timeouts (`ALTER ROLE … IN DATABASE`, as DB_SESSION_SETTINGS=role
 * needs), and creating, dropping and migrating go direct to TEST_DATABASE_URL's server.
 */
import pg from 'pg';
import { type DatabaseHandle, IDLE_IN_TRANSACTION_TIMEOUT_MS, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { createScratchDatabase } from '#lib/db/scratch.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** Whether this is the pooled run: PostgreSQL through PgBouncer only. */
export function pooledRun(): boolean {
  return Boolean(process.env.TEST_POOLED_RUN && process.env.TEST_POOLER_URL);
}

/** The database kinds this run tests on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set; the pooled run PostgreSQL only. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  if (pooledRun()) return ['postgres'];
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** `url` with the host and port of `server` (same user and database). */
function onServer(url: string, server: string): string {
  const moved = new URL(url);
  const target = new URL(server);
  moved.host = target.host;
  return moved.toString();
}

/** The URL that reaches a database of the pooled run through PgBouncer. */
export function pooledUrl(directUrl: string): string {
  return onServer(directUrl, process.env.TEST_POOLER_URL ?? directUrl);
}

/** The URL that reaches a test database directly on PostgreSQL (for a pooled URL: past PgBouncer). */
export function directUrl(url: string): string {
  return onServer(url, process.env.TEST_DATABASE_URL ?? url);
}

/**
 * Gives the connecting role, in database `url` only, the web timeouts a server with
 * DB_SESSION_SETTINGS=role needs (the defaults of DB_STATEMENT_TIMEOUT_MS and DB_LOCK_TIMEOUT_MS),
 * or `timeouts`. Runs direct; a role setting applies to sessions opened afterwards.
 */
export async function setRoleTimeouts(
  url: string,
  timeouts: { statementMs: number; lockMs: number; idleInTransactionMs: number } = {
    statementMs: 4000,
    lockMs: 2000,
    idleInTransactionMs: IDLE_IN_TRANSACTION_TIMEOUT_MS,
  },
): Promise<void> {
  const client = new pg.Client({ connectionString: directUrl(url) });
  await client.connect();
  try {
    const database = client.escapeIdentifier(new URL(url).pathname.slice(1));
    for (const [name, ms] of [
      ['statement_timeout', timeouts.statementMs],
      ['lock_timeout', timeouts.lockMs],
      ['idle_in_transaction_session_timeout', timeouts.idleInTransactionMs],
    ] as const)
      await client.query(`ALTER ROLE CURRENT_USER IN DATABASE ${database} SET ${name} = '${ms}ms'`);
  } finally {
    await client.end();
  }
}

/**
 * Creates an empty PostgreSQL database on the TEST_DATABASE_URL server; returns its URL and a
 * dropper. In the pooled run the URL goes through PgBouncer and the role has the web timeouts there.
 */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const created = await createScratchDatabase(adminUrl, 'farmfresh_test');
  if (!pooledRun()) return created;
  await setRoleTimeouts(created.url);
  return { url: pooledUrl(created.url), drop: created.drop };
}

/** Opens a fresh migrated database of the given kind. `close()` also drops a PostgreSQL one. */
export async function createTestDatabase(kind: TestDatabaseKind = 'pglite'): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ pgliteDataDir: 'memory://', databaseUrl: '' });
    await migrateDatabase(handle);
    return handle;
  }
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: url, migrationUrl: directUrl(url), maxConnections: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}
