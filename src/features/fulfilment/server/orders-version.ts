/**
 * The version of a set of orders, for live updates (the board, a slot's picking list): a short
 * text that moves whenever one of them is placed, changes, leaves the set or is deleted.
 *
 * It is read from the database's own row versions, never from a clock: each order's id with the
 * transaction id that last wrote its row (PostgreSQL's `xmin`, which every UPDATE renews), summed
 * as 64-bit hashes, beside their count. So servers whose clocks disagree agree on it, an update
 * that stamps `updated_at` with a slow clock still moves it, and so does a transaction that began
 * before a poll and commits after it (an `updated_at` or a `max()` of anything could then stay
 * behind what was already seen).
 */
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';
import { orders } from '#lib/db/schema.ts';

/** The version of the orders `where` selects: `count.fingerprint` (see the module's comment). */
export async function ordersVersion(db: Database, where: SQL | undefined): Promise<string> {
  const [row] = await db
    .select({
      n: sql<number>`count(*)::int`,
      fingerprint: sql<
        string | null
      >`sum(hashtextextended(${orders.id}::text || ':' || ${orders}.xmin::text, 0))::text`,
    })
    .from(orders)
    .where(where);
  return `${row?.n ?? 0}.${row?.fingerprint ?? 0}`;
}
