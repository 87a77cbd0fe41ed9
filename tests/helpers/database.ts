/**
 * Fresh, migrated test databases, never a developer's data:
 * - `pglite`: an in-memory PGlite (always available);
 * - `postgres`: a uniquely named database created on the server of TEST_DATABASE_URL and
 *   dropped again by `close()`.
 * `testDatabaseKinds()` lists the kinds this run covers, so suites run on both where possible.
 */
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { createScratchDatabase } from '#lib/db/scratch.ts';

export type TestDatabaseKind = 'pglite' | 'postgres';

/** The database kinds this run tests on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function testDatabaseKinds(): TestDatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

/** Creates an empty PostgreSQL database on the TEST_DATABASE_URL server; returns its URL and a dropper. */
export async function createPostgresDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  return createScratchDatabase(adminUrl, 'farmfresh_test');
}

/** Opens a fresh migrated database of the given kind. `close()` also drops a PostgreSQL one. */
export async function createTestDatabase(kind: TestDatabaseKind = 'pglite'): Promise<DatabaseHandle> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ pgliteDataDir: 'memory://', databaseUrl: '' });
    await migrateDatabase(handle);
    return handle;
  }
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: url, maxConnections: 5 });
  await migrateDatabase(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}
