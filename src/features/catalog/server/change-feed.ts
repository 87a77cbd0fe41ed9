/**
 * The reader of the catalogue change feed (`catalog_changes`, migration 0025; ADR 0146): which
 * catalogue rows were written since the last read, however late their transactions commit.
 *
 * An entry's id and its transaction's id (`xid`) are taken at insert, but the entry shows only
 * when that transaction commits, possibly after later entries were read: ids alone have gaps.
 * The gap rule: every read takes, in the same statement, the entries with `xid >= horizon` and
 * the statement snapshot's xmin (the oldest transaction still running). A transaction whose
 * entries this read cannot see yet is still running, so its xid is at or above that xmin, which
 * becomes the next read's horizon: the next read sees them once committed. Entries at or above
 * the horizon are read again until it passes them, so the reader remembers which it has applied
 * and forgets them once below the horizon. No time window: a commit however late is read by the
 * next read after it, and a rolled-back entry never shows.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '#lib/db/index.ts';

/** A row written to a catalogue table, as the feed logged it. */
export interface CatalogChange {
  id: number;
  /** The table: 'products', 'categories', 'subcategories', 'banners' or 'home_rails'. */
  entity: string;
  /** The written row's id. */
  entityId: number;
}

/** One read of the feed: the new entries, and `commit` to call once they are applied. */
export interface FeedRead {
  changes: CatalogChange[];
  /** Marks `changes` applied and moves the horizon (a read whose changes failed to apply is simply read again). */
  commit(): void;
}

/** The statement snapshot's xmin and the entries it sees at or above `horizon` ('xmin': that xmin). */
async function readFeed(db: Database, horizon: bigint | 'xmin') {
  const from = horizon === 'xmin' ? sql`pg_snapshot_xmin(pg_current_snapshot())` : sql`${horizon.toString()}::xid8`;
  const entries = sql`(SELECT json_agg(json_build_array(id, xid::text, entity, entity_id) ORDER BY id)
          FROM catalog_changes WHERE xid >= ${from})`;
  const result = (await db.execute(
    sql`SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS xmin, ${entries} AS entries`,
  )) as unknown as { rows: { xmin: string; entries: [number | string, string, string, number][] | string | null }[] };
  const row = result.rows[0]!;
  const raw = typeof row.entries === 'string' ? JSON.parse(row.entries) : row.entries;
  return {
    xmin: BigInt(row.xmin),
    entries: ((raw ?? []) as [number | string, string, string, number][]).map(([id, xid, entity, entityId]) => ({
      id: Number(id),
      xid: BigInt(xid),
      entity,
      entityId: Number(entityId),
    })),
  };
}

/** One process's position in the change feed (per database, kept by the catalogue snapshot). */
export class ChangeFeedCursor {
  /** Entries below it are all applied (or rolled back); null before `start`. */
  #horizon: bigint | null = null;
  /** Ids → xid of the entries at or above the horizon already applied. */
  readonly #applied = new Map<number, bigint>();

  /**
   * Takes the horizon before the catalogue is read whole, and counts the entries already
   * committed at or above it as applied (the load that follows sees their rows); what commits
   * after this is read by the first `read` (and skipped where the load already had it).
   */
  async start(db: Database): Promise<void> {
    const { xmin, entries } = await readFeed(db, 'xmin');
    this.#horizon = xmin;
    this.#applied.clear();
    for (const e of entries) this.#applied.set(e.id, e.xid);
  }

  /** The entries committed since the last applied read and not yet applied (the module comment's gap rule). */
  async read(db: Database): Promise<FeedRead> {
    const { xmin, entries } = await readFeed(db, this.#horizon ?? 'xmin');
    const fresh = entries.filter((e) => !this.#applied.has(e.id));
    return {
      changes: fresh.map(({ id, entity, entityId }) => ({ id, entity, entityId })),
      commit: () => {
        for (const e of fresh) this.#applied.set(e.id, e.xid);
        if (this.#horizon === null || xmin > this.#horizon) this.#horizon = xmin;
        const horizon = this.#horizon;
        for (const [id, xid] of this.#applied) if (xid < horizon) this.#applied.delete(id);
      },
    };
  }
}
