/**
 * The catalogue's LISTEN connection (src/lib/db/change-notifications.ts) on PostgreSQL: a
 * committed catalogue write reaches the listener; after its connection is killed it reconnects
 * by itself and hears the next one. Skipped without TEST_DATABASE_URL.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogListener, listenForCatalogChanges } from '#lib/db/change-notifications.ts';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { createPostgresDatabase, directUrl } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!process.env.TEST_DATABASE_URL)('catalogue change notifications on PostgreSQL', () => {
  let url: string;
  let drop: () => Promise<void>;
  let handle: DatabaseHandle;
  let client: pg.Client;
  let listener: CatalogListener | undefined;
  const heard: string[] = [];

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    url = directUrl(created.url);
    handle = await openDatabase({ databaseUrl: url, migrationUrl: url, maxConnections: 2 });
    await migrateDatabase(handle);
    client = new pg.Client({ connectionString: url });
    await client.connect();
  });
  afterAll(async () => {
    await listener?.close();
    await client?.end();
    await handle?.close();
    await drop?.();
  });

  /** Waits up to `ms` for a payload naming `table`. */
  async function hears(table: string, ms = 3_000): Promise<boolean> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (heard.includes(table)) return true;
      await sleep(50);
    }
    return false;
  }

  it('hears a committed write, and again after its connection is killed', async () => {
    listener = listenForCatalogChanges(url, (payload) => heard.push(payload));
    // Connected: it announces itself with an empty payload (a read of the feed on connect).
    expect(await hears('')).toBe(true);

    await client.query(`INSERT INTO categories (name, slug) VALUES ('Listened', 'listened')`);
    expect(await hears('categories')).toBe(true);

    heard.length = 0;
    await client.query(
      `SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name LIKE 'farmfresh-listen:%'`,
    );
    // Reconnected (backoff from half a second), then the next write is heard.
    expect(await hears('', 5_000)).toBe(true);
    await client.query(`UPDATE categories SET name = 'Listened again' WHERE slug = 'listened'`);
    expect(await hears('categories')).toBe(true);
  });
});
