/**
 * Reads that may lag (the staff's product export) go to DATABASE_READ_URL when it is set:
 * - unset, or on PGlite, getReadDb() is the process's database;
 * - on PostgreSQL with DATABASE_READ_URL (here the same database, standing in for a replica) it is
 *   a pool of its own whose sessions refuse writes, and the export reads its rows there while its
 *   audit entry is written to the main database.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { exportProductsAsStaff } from '#features/catalog/server/product-export.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import { resetConfigForTests } from '#lib/config.ts';
import {
  closeReadDatabase,
  type DatabaseHandle,
  getReadDb,
  migrateDatabase,
  openDatabase,
  setDatabaseHandleForTests,
} from '#lib/db/index.ts';
import { categories } from '#lib/db/schema.ts';
import { auditReader, TEST_ACTOR } from '../helpers/audit.ts';
import { createPostgresDatabase, createTestDatabase, directUrl } from '../helpers/database.ts';

/** Sets (or with undefined, removes) an environment variable for the configuration. */
function setEnv(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
  resetConfigForTests();
}

afterEach(async () => {
  await closeReadDatabase();
  setEnv('DATABASE_READ_URL', undefined);
  setEnv('DATABASE_URL', undefined);
  setDatabaseHandleForTests(undefined);
});

describe('the read database on PGlite', () => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase('pglite');
  });
  afterAll(() => handle?.close());

  it('is the process database, with or without DATABASE_READ_URL', async () => {
    setDatabaseHandleForTests(handle);
    expect(await getReadDb()).toBe(handle.db);
    setEnv('DATABASE_READ_URL', 'postgres://replica.invalid:5432/farmfresh');
    expect(await getReadDb()).toBe(handle.db);
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('DATABASE_READ_URL on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    handle = await openDatabase({ databaseUrl: url, migrationUrl: directUrl(url), maxConnections: 2 });
    await migrateDatabase(handle);
    await seedDemoShop(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('reads the export from a read-only pool of its own and audits it on the main database', async () => {
    setDatabaseHandleForTests(handle);
    setEnv('DATABASE_URL', url);
    expect(await getReadDb()).toBe(handle.db); // no DATABASE_READ_URL yet
    setEnv('DATABASE_READ_URL', url);
    const readDb = await getReadDb();
    expect(readDb).not.toBe(handle.db);
    expect(await getReadDb()).toBe(readDb);

    const write = await readDb
      .insert(categories)
      .values({ name: 'Nope', slug: 'nope' })
      .then(() => null)
      .catch((err: unknown) => err as { cause?: { code?: string } });
    expect(write?.cause?.code).toBe('25006'); // read_only_sql_transaction

    const audit = auditReader(() => handle.db);
    await audit.mark();
    const csv = await exportProductsAsStaff(handle.db, TEST_ACTOR, readDb);
    const lines = csv.trim().split('\r\n').length - 1;
    expect(lines).toBeGreaterThan(10);
    expect(await audit.entries()).toEqual([
      { action: 'product.exported', entity: null, entityId: null, before: null, after: { products: lines } },
    ]);
  });
});
