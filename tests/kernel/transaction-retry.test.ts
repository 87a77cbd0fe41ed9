/**
 * withTransactionRetry on PostgreSQL: two transactions that lock the same two rows in opposite
 * order deadlock, PostgreSQL aborts one (40P01), and it is run again and commits, so both finish;
 * a lock held past the transaction's `lock_timeout` on every try fails with 55P03, which the API
 * answers 503 with Retry-After, never 500.
 */
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '#lib/db/index.ts';
import { sqlState, withTransactionRetry } from '#lib/db/transaction-retry.ts';
import { errorAnswer } from '#lib/http/envelope.ts';
import { createPostgresDatabase } from '../helpers/database.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('withTransactionRetry on PostgreSQL', () => {
  let handle: DatabaseHandle;
  let drop: () => Promise<void>;
  let url: string;
  beforeAll(async () => {
    ({ url, drop } = await createPostgresDatabase());
    handle = await openDatabase({ databaseUrl: url, maxConnections: 4 });
    await migrateDatabase(handle);
    await handle.exec('CREATE TABLE retry_rows (id int PRIMARY KEY, n int NOT NULL)');
    await handle.exec('INSERT INTO retry_rows VALUES (1, 0), (2, 0)');
  });
  afterAll(async () => {
    await handle?.close();
    await drop?.();
  });

  it('runs a transaction that lost a deadlock again, so both transactions commit', async () => {
    const tries: Record<string, number> = { ab: 0, ba: 0 };
    const retried: string[] = [];
    // Each first try waits until the other holds its first row, so the two meet in a circle.
    let arrived = 0;
    const bothHoldOne = () =>
      new Promise<void>((resolve) => {
        arrived++;
        const wait = () => (arrived >= 2 ? resolve() : setTimeout(wait, 5));
        wait();
      });
    const bump = (name: 'ab' | 'ba', first: number, second: number) =>
      withTransactionRetry(
        handle.db,
        async (tx) => {
          tries[name]!++;
          await tx.execute(sql`UPDATE retry_rows SET n = n + 1 WHERE id = ${first}`);
          if (tries[name] === 1) await bothHoldOne();
          await tx.execute(sql`UPDATE retry_rows SET n = n + 1 WHERE id = ${second}`);
        },
        { onRetry: (_, err) => retried.push(`${name}:${sqlState(err)}`) },
      );

    await Promise.all([bump('ab', 1, 2), bump('ba', 2, 1)]);

    expect(retried).toHaveLength(1);
    expect(retried[0]).toMatch(/^(ab|ba):40P01$/);
    // Both committed once each: the try that lost the deadlock left nothing behind.
    const { rows } = (await handle.db.execute(sql`SELECT n FROM retry_rows ORDER BY id`)) as unknown as {
      rows: { n: number }[];
    };
    expect(rows.map((r) => r.n)).toEqual([2, 2]);
  });

  it('gives up after its tries when a lock is held past lock_timeout, and the API answers 503', async () => {
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query('SELECT * FROM retry_rows WHERE id = 1 FOR UPDATE');
      let tries = 0;
      const started = Date.now();
      const failure = await withTransactionRetry(
        handle.db,
        async (tx) => {
          tries++;
          await tx.execute(sql`UPDATE retry_rows SET n = n + 1 WHERE id = 1`);
        },
        { attempts: 3, lockTimeoutMs: 100, backoffMs: 10 },
      ).catch((err: unknown) => err);

      expect(tries).toBe(3);
      expect(sqlState(failure)).toBe('55P03');
      // Three waits of 100 ms each, not the statement timeout's seconds.
      expect(Date.now() - started).toBeLessThan(2000);
      const answer = errorAnswer(failure);
      expect(answer.status).toBe(503);
      expect(answer.headers['retry-after']).toBeDefined();
      expect(JSON.parse(answer.body).message).toMatch(/temporarily unavailable/);
    } finally {
      await holder.query('ROLLBACK');
      await holder.end();
    }
  });
});
