/**
 * The catalogue change feed (ADR 0146) on each kind of database:
 * - every write to a catalogue table is logged in its transaction, with the columns an update
 *   changed; a rolled-back write never shows;
 * - polling alone (no DATABASE_DIRECT_URL) brings a change into the snapshot at the next check;
 * - on PostgreSQL, the gap rule: an entry whose transaction commits after a later entry was read
 *   is still read, and the snapshot shows its change;
 * - a card is invalidated only by what it shows: a sale that leaves a product in stock reaches
 *   only the product's own page; going out of stock reaches the listings.
 */
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ChangeFeedCursor } from '#features/catalog/server/change-feed.ts';
import {
  ALL_PRODUCTS_TAG,
  cardChanged,
  categoryTag,
  changeTags,
  placementOf,
  productPageTag,
  productTag,
} from '#features/catalog/server/page-tags.ts';
import { catalogSnapshot, DELTA_INTERVAL_MS, refreshCatalogSnapshot } from '#features/catalog/server/snapshot.ts';
import { seedDemoShop } from '#features/demo-shop/seed.ts';
import type { DatabaseHandle } from '#lib/db/index.ts';
import { catalogChanges, products } from '#lib/db/schema.ts';
import { createTestDatabase, testDatabaseKinds } from '../helpers/database.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(testDatabaseKinds())('catalogue change feed on %s', (kind) => {
  let handle: DatabaseHandle;
  beforeAll(async () => {
    handle = await createTestDatabase(kind);
    await seedDemoShop(handle.db);
    await catalogSnapshot(handle.db);
  });
  afterAll(async () => {
    await handle?.close();
  });

  /** The feed's highest id so far. */
  async function lastId(): Promise<number> {
    const result = (await handle.db.execute(
      sql`SELECT coalesce(max(id), 0)::int AS id FROM catalog_changes`,
    )) as unknown as {
      rows: { id: number }[];
    };
    return Number(result.rows[0]!.id);
  }

  /**
   * A new cursor and the entries written after it: a cursor's first read may repeat entries that
   * committed before it started while an older transaction (of any session on the server) ran.
   */
  async function newCursor() {
    const cursor = new ChangeFeedCursor();
    await cursor.start(handle.db);
    const after = await lastId();
    return {
      read: async () => {
        const read = await cursor.read(handle.db);
        return { changes: read.changes.filter((c) => c.id > after), commit: read.commit };
      },
    };
  }

  it('logs a product update with the columns it changed, in the writing transaction', async () => {
    const cursor = await newCursor();
    await handle.db.update(products).set({ pricePaise: 12_345 }).where(eq(products.id, 1));
    const read = await cursor.read();
    expect(read.changes).toEqual([expect.objectContaining({ entity: 'products', entityId: 1 })]);
    read.commit();
    const [logged] = await handle.db
      .select({ columns: catalogChanges.columns, op: catalogChanges.op })
      .from(catalogChanges)
      .where(eq(catalogChanges.id, read.changes[0]!.id));
    expect(logged).toEqual({ op: 'update', columns: ['price_paise'] });
    // Read and applied: the next read has nothing new.
    expect((await cursor.read()).changes).toEqual([]);
  });

  it('never shows a rolled-back write', async () => {
    const cursor = await newCursor();
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.update(products).set({ pricePaise: 1 }).where(eq(products.id, 2));
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await cursor.read()).changes).toEqual([]);
    expect((await catalogSnapshot(handle.db)).product(2)?.pricePaise).not.toBe(1);
  });

  it('brings a change written with raw SQL into the snapshot at the next poll', async () => {
    await catalogSnapshot(handle.db);
    await handle.db.execute(sql`UPDATE products SET name = 'Feed Polled Tomato' WHERE id = 3`);
    await sleep(DELTA_INTERVAL_MS + 10);
    expect((await catalogSnapshot(handle.db)).product(3)?.name).toBe('Feed Polled Tomato');
  });

  it.runIf(kind === 'postgres')(
    'reads an entry whose transaction commits after a later entry was read (the gap rule)',
    async () => {
      const cursor = await newCursor();
      const late = new pg.Client({ connectionString: handle.migrationUrl! });
      await late.connect();
      try {
        // The first entry (lower id and xid) is written and held open...
        await late.query('BEGIN');
        await late.query('UPDATE products SET price_paise = 43210 WHERE id = 4');
        // ...while a later one commits and is read.
        await handle.db.execute(sql`UPDATE products SET price_paise = 43211 WHERE id = 5`);
        const first = await cursor.read();
        expect(first.changes.map((c) => c.entityId)).toEqual([5]);
        first.commit();
        const snapshot = await refreshCatalogSnapshot(handle.db);
        expect(snapshot.product(5)?.pricePaise).toBe(43_211);
        expect(snapshot.product(4)?.pricePaise).not.toBe(43_210);

        await late.query('COMMIT');
        const second = await cursor.read();
        expect(second.changes.map((c) => c.entityId)).toEqual([4]);
        second.commit();
        expect((await refreshCatalogSnapshot(handle.db)).product(4)?.pricePaise).toBe(43_210);
      } finally {
        await late.end();
      }
    },
  );
});

describe('invalidation by what a page shows', () => {
  const product = {
    name: 'Tomato',
    image: 'tomato.svg',
    pricePaise: 4_000,
    mrpPaise: 5_000,
    discountPercent: 20,
    weight: 500,
    weightUnit: 'g',
    stock: 10,
    categoryId: 1,
    subcategoryId: 2,
  };
  const change = (before: typeof product, after: typeof product) => ({
    id: 7,
    before: placementOf(before),
    after: placementOf(after),
    card: cardChanged(before, after),
  });

  it('keeps listings and other pages when a sale leaves the product in stock', () => {
    const tags = changeTags([change(product, { ...product, stock: 9 })]);
    expect([...tags]).toEqual([productPageTag(7)]);
  });

  it('invalidates the listings showing the card when the product goes out of stock or its price changes', () => {
    for (const after of [
      { ...product, stock: 0 },
      { ...product, pricePaise: 3_900 },
    ]) {
      const tags = changeTags([change(product, after)]);
      expect(tags).toContain(ALL_PRODUCTS_TAG);
      expect(tags).toContain(categoryTag(1));
      expect(tags).toContain(productTag(7));
    }
  });
});
