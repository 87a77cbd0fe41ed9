/**
 * Migration 0026 on a database of each kind holding SMS rows from before it: a row gets the number
 * it went to only where that is known — the customer's number has not changed since the SMS was
 * queued (verified before it) — and stays empty where the number changed later or the account is
 * deleted, never the customer's current number as a guess.
 */

import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateDatabase, migrationsFolder, openDatabase } from '#lib/db/index.ts';
import { createPostgresDatabase, directUrl, type TestDatabaseKind, testDatabaseKinds } from '../helpers/database.ts';

/** The last migration before the SMS row recorded its number. */
const BEFORE = '0025_catalog_changes';

/** A copy of the committed migrations up to and including `last` (journal and SQL files). */
function migrationsUpTo(last: string): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ff-migrations-'));
  const source = migrationsFolder();
  const journal = JSON.parse(readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const end = journal.entries.findIndex((e) => e.tag === last);
  expect(end).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, end + 1);
  cpSync(path.join(source, 'meta'), path.join(dir, 'meta'), { recursive: true });
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) cpSync(path.join(source, `${tag}.sql`), path.join(dir, `${tag}.sql`));
  return dir;
}

/** An empty database of `kind`, not migrated; `close()` also drops a PostgreSQL one. */
async function emptyDatabase(kind: TestDatabaseKind): Promise<DatabaseHandle> {
  if (kind === 'pglite') return openDatabase({ pgliteDataDir: 'memory://', databaseUrl: '' });
  const { url, drop } = await createPostgresDatabase();
  const handle = await openDatabase({ databaseUrl: url, migrationUrl: directUrl(url), maxConnections: 2 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
}

/** Applies the migrations in `folder` the way migrateDatabase does for the handle's kind. */
async function migrateWith(handle: DatabaseHandle, folder: string): Promise<void> {
  if (handle.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(handle.db as never, { migrationsFolder: folder });
    return;
  }
  const { default: pg } = await import('pg');
  const { migrate } = await import('drizzle-orm/node-postgres/migrator');
  const { drizzle } = await import('drizzle-orm/node-postgres');
  const client = new pg.Client({ connectionString: handle.migrationUrl });
  await client.connect();
  try {
    await migrate(drizzle(client), { migrationsFolder: folder });
  } finally {
    await client.end();
  }
}

const rowsOf = <T>(result: unknown): T[] =>
  'rows' in (result as object) ? (result as { rows: T[] }).rows : (result as T[]);

describe.each(testDatabaseKinds())('migration 0026 (the number an SMS went to) on %s', (kind) => {
  let handle: DatabaseHandle;
  let folder: string;

  beforeAll(async () => {
    folder = migrationsUpTo(BEFORE);
    handle = await emptyDatabase(kind);
    await migrateWith(handle, folder);
  });
  afterAll(async () => {
    await handle?.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  });

  /** A customer with `phone` verified at `verified`, and one order of theirs; the order's id. */
  async function orderOf(phone: string | null, verified: string | null): Promise<{ customer: number; order: number }> {
    const [c] = rowsOf<{ id: number }>(
      await handle.db.execute(
        sql`INSERT INTO customers (name, phone, phone_verified_at) VALUES ('Asha', ${phone}, ${verified}) RETURNING id`,
      ),
    );
    const [o] = rowsOf<{ id: number }>(
      await handle.db.execute(
        sql`INSERT INTO orders (customer_id, payment_mode, subtotal_paise, paid_amount_paise)
            VALUES (${c!.id}, 'Cash', 10000, 10000) RETURNING id`,
      ),
    );
    return { customer: c!.id, order: o!.id };
  }
  /** An SMS row of `order` queued at `at` and sent then. */
  async function smsOf(order: number, event: string, at: string): Promise<void> {
    await handle.db.execute(
      sql`INSERT INTO order_notifications (order_id, event, language, attempts, created_at, sent_at)
          VALUES (${order}, ${event}, 'en', 1, ${at}, ${at})`,
    );
  }

  it('records the number only where it cannot have changed since the SMS; leaves the rest empty', async () => {
    // Verified at sign-up, never changed since: its SMS went to this number.
    const kept = await orderOf('+919400000001', '2026-01-01T10:00:00Z');
    await smsOf(kept.order, 'confirmed', '2026-01-02T10:00:00Z');
    await smsOf(kept.order, 'delivered', '2026-01-03T10:00:00Z');
    // Changed (and verified) after the SMS: the SMS went to the number before, which is not known.
    const changed = await orderOf('+919400000002', '2026-02-01T10:00:00Z');
    await smsOf(changed.order, 'confirmed', '2026-01-02T10:00:00Z');
    // Changed before the second SMS only: that one went to the current number.
    const between = await orderOf('+919400000003', '2026-01-05T10:00:00Z');
    await smsOf(between.order, 'confirmed', '2026-01-02T10:00:00Z');
    await smsOf(between.order, 'delivered', '2026-01-06T10:00:00Z');
    // A deleted account keeps no number.
    const deleted = await orderOf(null, null);
    await smsOf(deleted.order, 'confirmed', '2026-01-02T10:00:00Z');
    // A complaint's SMS, of the unchanged customer.
    await handle.db.execute(
      sql`INSERT INTO complaints (ticket_number, customer_id, order_id, reason, acknowledge_by, resolve_by)
          VALUES ('C-1', ${kept.customer}, ${kept.order}, 'damaged', now(), now())`,
    );
    await handle.db.execute(
      sql`INSERT INTO order_notifications (complaint_id, event, language, attempts, created_at, sent_at)
          SELECT id, 'complaint_received', 'en', 1, '2026-01-04T10:00:00Z', '2026-01-04T10:00:00Z' FROM complaints`,
    );

    await migrateDatabase(handle);

    const rows = rowsOf<{ order_id: number | null; event: string; to_phone: string | null }>(
      await handle.db.execute(sql`SELECT n.order_id, n.event, n.to_phone FROM order_notifications AS n ORDER BY n.id`),
    );
    expect(rows.map((r) => [r.order_id, r.event, r.to_phone])).toEqual([
      [kept.order, 'confirmed', '+919400000001'],
      [kept.order, 'delivered', '+919400000001'],
      [changed.order, 'confirmed', null],
      [between.order, 'confirmed', null],
      [between.order, 'delivered', '+919400000003'],
      [deleted.order, 'confirmed', null],
      [null, 'complaint_received', '+919400000001'],
    ]);
  });
});
